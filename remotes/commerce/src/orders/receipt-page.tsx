import { selectCurrentUser, useAppSelector, useSiteInformation } from '@shop/api-client';
import type { Order } from '@shop/contracts';
import { formatJalaliDate, formatNumber, toPersianDigits } from '@shop/format';
import { Link, useParams } from '@shop/router';
import { Alert, Box, Button, Container, Paper, Skeleton, Stack, Typography } from '@shop/ui-kit';
import { Table, TableBody, TableCell, TableHead, TableRow } from '@shop/ui-kit/lazy';
import { useGetOrderQuery } from '../cart/cart-api';
import { t } from '../strings';

/**
 * Printing a receipt: one A4 portrait page with the receipt alone, dark on white: every element
 * that neither holds it nor is in it is left out (the site's header, footer, navigation,
 * announcements, the page's buttons).
 */
const PRINT_CSS = `@media print {
  @page { size: A4 portrait; margin: 14mm; }
  html, body { background: #fff !important; }
  body *:not(:has([data-print="receipt"])):not([data-print="receipt"]):not([data-print="receipt"] *) { display: none !important; }
  body *:has([data-print="receipt"]) { min-height: 0 !important; margin: 0 !important; padding: 0 !important; max-width: none !important; }
  [data-print="receipt"] { break-inside: avoid; box-shadow: none !important; border: 0 !important; }
  [data-print="receipt"], [data-print="receipt"] * { color: #111 !important; background: transparent !important; }
}`;

/** Tomans on a bill: Persian digits with separators, zero as «۰» (not «رایگان»). */
const tomans = (amount: number) => `${formatNumber(amount)} تومان`;

/**
 * The gateway's reference as the receipt shows it: Persian digits for a number (Zarinpal's), as
 * it is for a code with Latin letters (the sandbox's), which Persian digits would garble.
 */
const reference = (refId: string) => (/^\d+$/.test(refId) ? toPersianDigits(refId) : refId);

/** One label–value line of the receipt's summary; `ltr` isolates a value that reads left to right (a number with a hyphen, a code). */
function SummaryLine({ label, value, strong = false, ltr = false }: { label: string; value: string; strong?: boolean; ltr?: boolean }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2, py: 0.75, borderBottom: 1, borderColor: 'divider' }}>
      <Typography component="span" sx={{ fontWeight: strong ? 700 : 400 }}>
        {label}
      </Typography>
      <Typography component="span" sx={{ fontWeight: strong ? 700 : 400 }}>
        {ltr ? <bdi dir="ltr">{value}</bdi> : value}
      </Typography>
    </Stack>
  );
}

/** The receipt of a paid checkout order: what the receipt mail says (the VAT at the rate kept with the order too), plus the refunds of its items. */
function Receipt({ order }: { order: Order }) {
  const site = useSiteInformation();
  const user = useAppSelector(selectCurrentUser);
  const refId = order.payments.find((attempt) => attempt.status === 'paid')?.ref_id ?? null;
  const refunded = order.items.filter((item) => item.refunded_at !== null);
  const number = order.receipt_number ? toPersianDigits(order.receipt_number) : null;
  const vatPercent = order.vat_percent ?? 0;
  return (
    <Paper component="article" data-print="receipt" aria-label={t.receipt.title} variant="outlined" sx={{ p: { xs: 2, sm: 4 }, borderRadius: 3 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', gap: 1, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          {t.receipt.title}
        </Typography>
        {site && <Typography color="text.secondary">{site.site_name}</Typography>}
      </Stack>
      {number ? <SummaryLine label={t.receipt.number} value={number} strong ltr /> : <Alert severity="info" sx={{ mb: 1 }}>{t.receipt.noNumber}</Alert>}
      <SummaryLine label={t.receipt.paidAt} value={formatJalaliDate(order.paid_at, { withTime: true })} />
      {user && <SummaryLine label={t.receipt.buyer} value={user.full_name} />}
      <Table size="small" sx={{ my: 2 }} aria-label={t.receipt.bought}>
        <TableHead>
          <TableRow>
            <TableCell>{t.receipt.course}</TableCell>
            <TableCell sx={{ textAlign: 'end' }}>{t.receipt.price}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.items.map((item) => (
            <TableRow key={item.id}>
              <TableCell>{item.title}</TableCell>
              <TableCell sx={{ textAlign: 'end' }}>{tomans(item.purchase_price)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {order.discount_amount > 0 && <SummaryLine label={t.receipt.discount(order.discount_code ?? '')} value={`− ${tomans(order.discount_amount)}`} />}
      <SummaryLine label={t.receipt.total} value={tomans(order.total_price)} strong />
      {vatPercent > 0 && <SummaryLine label={t.receipt.vat(toPersianDigits(vatPercent))} value={tomans(order.vat_amount)} />}
      {order.wallet_amount > 0 && (
        <>
          <SummaryLine label={t.receipt.fromWallet} value={tomans(order.wallet_amount)} />
          <SummaryLine label={t.receipt.fromGateway} value={tomans(order.total_price - order.wallet_amount)} />
        </>
      )}
      <SummaryLine label={t.receipt.refId} value={refId ? reference(refId) : t.receipt.noGateway} ltr={refId !== null} />
      {refunded.length > 0 && (
        <Box component="section" aria-label={t.receipt.refunds} sx={{ mt: 3 }}>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t.receipt.refunds}
          </Typography>
          {refunded.map((item) => (
            <SummaryLine key={item.id} label={item.title} value={t.receipt.refunded(formatJalaliDate(item.refunded_at, { withTime: true }), tomans(item.refund_amount ?? 0))} />
          ))}
          <SummaryLine label={t.receipt.refundedTotal} value={tomans(refunded.reduce((sum, item) => sum + (item.refund_amount ?? 0), 0))} strong />
        </Box>
      )}
    </Paper>
  );
}

/**
 * `/orders/:orderId/receipt` (issue 25), for the order's owner (signed in; another user's or an
 * unknown order is the API's 404): the receipt number (or why an order paid before receipts has
 * none), the Jalali date and time, each course with its price, the discount, the total paid (with the
 * VAT it includes at the rate kept with the order, and the wallet's and the gateway's shares when the
 * wallet paid part: issue 36 item 5), the gateway's reference and the refunds of its items; «چاپ» prints it on one A4 page. An unpaid
 * order links to the cart; a cancelled one (issue 32 item 2) says it has no receipt and links to
 * the cart too; a course given by hand says it has no receipt.
 */
export default function ReceiptPage() {
  const orderId = Number(useParams().orderId);
  const order = useGetOrderQuery(orderId).data?.data;
  if (!order) {
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Skeleton variant="rounded" height={420} />
      </Container>
    );
  }
  if (order.source === 'manual' || order.payment_status !== 'paid') {
    const manual = order.source === 'manual';
    return (
      <Container maxWidth="md" sx={{ py: 4 }}>
        <Alert
          severity="info"
          action={manual ? undefined : (
            <Button component={Link} to="/shopping-cart" color="inherit" size="small">
              {t.receipt.toCart}
            </Button>
          )}
        >
          {manual ? t.receipt.manual : order.payment_status === 'cancelled' ? t.receipt.cancelled : t.receipt.unpaid}
        </Alert>
      </Container>
    );
  }
  return (
    <Container maxWidth="md" sx={{ py: 4 }}>
      <style>{PRINT_CSS}</style>
      <Receipt order={order} />
      <Stack direction="row" sx={{ mt: 2, justifyContent: 'center' }}>
        <Button variant="contained" onClick={() => window.print()}>
          {t.receipt.print}
        </Button>
      </Stack>
    </Container>
  );
}
