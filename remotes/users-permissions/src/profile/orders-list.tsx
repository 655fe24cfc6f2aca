import { useState } from 'react';
import { formatJalaliDate, formatToman, toPersianDigits } from '@shop/format';
import { Box, Link as MuiLink, Paper, Stack, Typography } from '@shop/ui-kit';
import { Chip, List, ListItem, Pagination } from '@shop/ui-kit/lazy';
import { Link } from '@shop/router';
import { useGetMyOrdersQuery } from './profile-api';
import { UnpaidOrderActions } from './unpaid-order-actions';
import { t } from '../strings';

/** The chip colour of an order's status: paid green, unpaid amber, cancelled grey (issue 32 item 2). */
const STATUS_COLORS = { paid: 'success', unpaid: 'warning', cancelled: 'default' } as const;

/**
 * «سفارش‌ها» of `/profile#buyed-products` (issue 25): the user's orders, newest first, ten a page,
 * each with its courses, date, total and status; a paid checkout order links its receipt page
 * (`/orders/:id/receipt`) and shows its receipt number; an unpaid one can be paid or cancelled
 * ({@link UnpaidOrderActions}, issue 32 item 2), a cancelled one reads «لغوشده». Nothing while there is none.
 */
export function OrdersList() {
  const [page, setPage] = useState(1);
  const answer = useGetMyOrdersQuery(page, { refetchOnMountOrArgChange: true }).data;
  if (!answer || answer.data.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-label={t.orders} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" sx={{ px: 2, pt: 2 }}>
        {t.orders}
      </Typography>
      <List aria-label={t.orders}>
        {answer.data.map((order, index) => {
          const id = toPersianDigits(order.id);
          const receipt = order.source === 'checkout' && order.payment_status === 'paid';
          return (
            <ListItem key={order.id} divider={index < answer.data.length - 1} sx={{ display: 'block', py: 1.5 }}>
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 700 }}>{t.orderOf(id)}</Typography>
                <Chip
                  size="small"
                  variant="outlined"
                  color={STATUS_COLORS[order.payment_status]}
                  label={order.source === 'manual' ? t.orderManual : t.orderStatus[order.payment_status]}
                />
                <Typography variant="body2" color="text.secondary">
                  <time dateTime={order.paid_at ?? order.created_at}>{formatJalaliDate(order.paid_at ?? order.created_at)}</time>
                </Typography>
                {order.source === 'checkout' && <Typography variant="body2">{formatToman(order.total_price)}</Typography>}
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {order.items.map((item) => item.title).join('، ')}
              </Typography>
              {receipt && (
                <Box sx={{ mt: 0.5, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
                  <MuiLink component={Link} to={`/orders/${order.id}/receipt`} underline="hover" aria-label={t.orderReceiptOf(id)}>
                    {t.orderReceipt}
                  </MuiLink>
                  {order.receipt_number && (
                    <Typography variant="body2" color="text.secondary">
                      {t.orderReceiptNumber}{' '}
                      {/* Isolated: after Persian letters the hyphen would split the number into two reversed runs. */}
                      <bdi dir="ltr">{toPersianDigits(order.receipt_number)}</bdi>
                    </Typography>
                  )}
                </Box>
              )}
              {order.source === 'checkout' && order.payment_status === 'unpaid' && <UnpaidOrderActions order={order} />}
            </ListItem>
          );
        })}
      </List>
      {answer.meta.last_page > 1 && (
        <Pagination
          count={answer.meta.last_page}
          page={page}
          onChange={(_event, next) => setPage(next)}
          aria-label={t.ordersPages}
          sx={{ display: 'flex', justifyContent: 'center', pb: 2 }}
        />
      )}
    </Paper>
  );
}
