import type { ReactNode } from 'react';
import type { DashboardOrder } from '@shop/contracts';
import { formatJalaliDate, formatMobile, formatNumber, formatToman } from '@shop/format';
import { Alert, Box, Stack, Typography } from '@shop/ui-kit';
import { PaymentStatusChip } from './payment-status-chip';
import { OrderItemsTable } from './order-items-table';
import { PaymentAttemptsTable } from './payment-attempts-table';
import { t } from '../../strings';

/** One labelled fact of an order. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="div">{children}</Typography>
    </Box>
  );
}

/**
 * An order as the dashboard shows it (SPEC §3 "Order"): buyer, status, total, its discount code
 * and the tomans it took off (issue 25), dates, the
 * zero-price note the server sends for manual orders (SPEC §8), the items and the payment attempts.
 */
export function OrderSummary({ order }: { order: DashboardOrder }) {
  return (
    <Stack spacing={2} useFlexGap>
      <Stack direction="row" spacing={4} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Fact label={t.financial.buyer}>
          {order.user.full_name} — <span dir="ltr">{order.user.email}</span>
          {order.user.mobile && (
            <>
              {' '}— <bdi dir="ltr">{formatMobile(order.user.mobile)}</bdi>
            </>
          )}
        </Fact>
        <Fact label={t.financial.paymentStatus}>
          <PaymentStatusChip status={order.payment_status} />
        </Fact>
        <Fact label={t.financial.orderColumns.total_price}>{formatToman(order.total_price)}</Fact>
        {order.discount_code && (
          <Fact label={t.discounts.orderDiscount}>
            <bdi dir="ltr">{order.discount_code}</bdi> — {formatToman(order.discount_amount)}
          </Fact>
        )}
        <Fact label={t.financial.source}>{t.financial.sources[order.source]}</Fact>
        <Fact label={t.financial.orderColumns.created_at}>{formatJalaliDate(order.created_at, { withTime: true })}</Fact>
        {order.paid_at && <Fact label={t.financial.paidAt}>{formatJalaliDate(order.paid_at, { withTime: true })}</Fact>}
      </Stack>
      {order.note && <Alert severity="info">{order.note}</Alert>}
      <Typography variant="h6" component="h2">
        {t.financial.itemsCount(formatNumber(order.items.length))}
      </Typography>
      <OrderItemsTable items={order.items} />
      <Typography variant="h6" component="h2">
        {t.financial.attempts}
      </Typography>
      <PaymentAttemptsTable attempts={order.payments} />
    </Stack>
  );
}
