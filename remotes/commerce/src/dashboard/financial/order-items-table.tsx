import type { OrderItem } from '@shop/contracts';
import { formatJalaliDate, formatNumber, formatToman } from '@shop/format';
import { Link } from '@shop/router';
import { Link as MuiLink, Stack } from '@shop/ui-kit';
import { Chip } from '@shop/ui-kit/lazy';
import { DataTable } from '@shop/dashboard-ui';
import { t } from '../../strings';

const COLUMNS = ['title', 'purchase_price', 'quantity', 'current_price', 'product_page'] as const;

/** The items of an order (SPEC §3): title (and a refund mark), purchase price, quantity, current price and a link to the course page. */
export function OrderItemsTable({ items }: { items: OrderItem[] }) {
  const cell = (item: OrderItem, column: (typeof COLUMNS)[number]) => {
    switch (column) {
      case 'title':
        return (
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center' }}>
            {item.title}
            {item.refunded_at && <Chip size="small" color="warning" variant="outlined" label={t.financial.refunded(formatJalaliDate(item.refunded_at))} />}
          </Stack>
        );
      case 'purchase_price':
        return formatToman(item.purchase_price);
      case 'quantity':
        return formatNumber(item.quantity);
      case 'current_price':
        return formatToman(item.current_price);
      case 'product_page':
        return (
          <MuiLink component={Link} to={item.product_page} underline="hover">
            {t.financial.openProduct}
          </MuiLink>
        );
    }
  };
  return (
    <DataTable
      label={t.financial.itemColumns.title}
      columns={COLUMNS}
      labels={t.financial.itemColumns}
      rows={items}
      rowKey={(item) => item.id}
      cell={cell}
      isLoading={false}
      isFetching={false}
      minWidth={560}
    />
  );
}
