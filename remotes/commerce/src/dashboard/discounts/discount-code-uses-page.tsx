import type { ReactNode } from 'react';
import { skipToken } from '@shop/api-client';
import type { DiscountCodeUse } from '@shop/contracts';
import { ListPagination, pageOf, useUrlParams } from '@shop/content-ui';
import { DataTable, ExportCsvButton, ListToolbar, PageHeader, useEditId } from '@shop/dashboard-ui';
import { formatJalaliDate, formatNumber, formatToman } from '@shop/format';
import { Link } from '@shop/router';
import { Box, Link as MuiLink } from '@shop/ui-kit';
import { useGetDiscountCodeQuery, useGetDiscountCodeUsesQuery } from './discount-codes-api';
import { DISCOUNT_PATHS } from './discount-paths';
import { FINANCIAL_PATHS } from '../financial/financial-paths';
import { PaymentStatusChip } from '../financial/payment-status-chip';
import { t } from '../../strings';

const PER_PAGE = 20;
const COLUMNS = ['order_id', 'user', 'created_at', 'paid_at', 'payment_status', 'discount_amount', 'total_price'] as const;

/**
 * `/dashboard/discount-codes/:discountCodeId/uses` (manage-discounts, issue 25): the orders that
 * used a code, newest first: the order (linked to its page), the buyer, Jalali created and paid
 * dates, payment status, the discount and the amount paid, in tomans; the page in the URL; and
 * «خروجی CSV» of them all.
 */
export default function DiscountCodeUsesPage() {
  const id = useEditId('discountCodeId');
  const [params, update] = useUrlParams();
  const page = pageOf(params);
  const code = useGetDiscountCodeQuery(id ?? skipToken);
  const { data, isLoading, isFetching } = useGetDiscountCodeUsesQuery(id === null ? skipToken : { id, page, per_page: PER_PAGE });
  const title = code.data ? t.discounts.usesOf(code.data.data.code) : t.discounts.uses;

  const cell = (use: DiscountCodeUse, column: (typeof COLUMNS)[number]): ReactNode => {
    switch (column) {
      case 'order_id':
        return (
          <MuiLink component={Link} to={`${FINANCIAL_PATHS.orders}/${use.order_id}`} underline="hover">
            {formatNumber(use.order_id)}
          </MuiLink>
        );
      case 'user':
        return (
          <>
            {use.user.full_name} — <bdi dir="ltr">{use.user.email}</bdi>
          </>
        );
      case 'created_at':
        return <time dateTime={use.created_at}>{formatJalaliDate(use.created_at, { withTime: true })}</time>;
      case 'paid_at':
        return use.paid_at ? <time dateTime={use.paid_at}>{formatJalaliDate(use.paid_at, { withTime: true })}</time> : '—';
      case 'payment_status':
        return <PaymentStatusChip status={use.payment_status} />;
      case 'discount_amount':
        return formatToman(use.discount_amount);
      case 'total_price':
        return formatToman(use.total_price);
    }
  };

  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title={title} parents={[{ label: t.discounts.title, to: DISCOUNT_PATHS.list }]} />
      <ListToolbar total={data?.meta.total}>
        {id !== null && <ExportCsvButton path={`/dashboard/discount-codes/${id}/uses/export`} of={title} />}
      </ListToolbar>
      <DataTable
        label={title}
        columns={COLUMNS}
        labels={t.discounts.usesColumns}
        rows={data?.data}
        rowKey={(use) => use.order_id}
        cell={cell}
        isLoading={isLoading}
        isFetching={isFetching}
        empty={t.discounts.usesEmpty}
        minWidth={960}
      />
      <ListPagination meta={data?.meta} onChange={(next) => update({ page: next <= 1 ? null : String(next) })} />
    </Box>
  );
}
