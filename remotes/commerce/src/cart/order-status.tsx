import { useEffect, useState, type ReactNode } from 'react';
import { claimApiError, readApiError, startPayment, type FetchBaseQueryError } from '@shop/api-client';
import type { Order } from '@shop/contracts';
import { formatToman, toPersianDigits } from '@shop/format';
import { Alert, AlertTitle, Box, Button, CircularProgress, Icon, Paper, Stack, Typography } from '@shop/ui-kit';
import { List, ListItem, ListItemText } from '@shop/ui-kit/lazy';
import { Link, useNavigate } from '@shop/router';
import { cartApi, useGetOrderQuery, usePayOrderMutation, useRefreshSignedInUserMutation } from './cart-api';
import { announceOrderChanged, useOrderChanged } from './order-channel';

/** The profile's tab of courses bought in parts (the users-permissions remote's, issue 36 item 2). */
const INSTALMENTS_PAGE = '/profile#instalments';
import { t } from '../strings';

/** How often an unpaid order is asked for while its gateway tab is open, in ms. */
export const ORDER_POLL_MS = 3000;

/**
 * Where an order stands for its buyer: paid, the order cancelled (issue 32 item 2), its last attempt
 * cancelled or refused, or still open.
 */
type Outcome = 'paid' | 'order-cancelled' | 'cancelled' | 'failed' | 'waiting';

/** The outcome of `order` (undefined while it loads): from the order itself and its newest payment attempt. */
function outcomeOf(order: Order | undefined): Outcome | undefined {
  if (!order) return undefined;
  if (order.payment_status === 'paid') return 'paid';
  if (order.payment_status === 'cancelled') return 'order-cancelled';
  const last = order.payments[0]?.status;
  return last === 'cancelled' || last === 'failed' ? last : 'waiting';
}

/** An order the buyer cannot pay from here: its number, why, what to do, and «بازگشت به سبد خرید». */
function BackToCartAlert({ severity, title, text, hint }: { severity: 'info' | 'warning'; title: ReactNode; text: string; hint: string }) {
  return (
    <Alert
      severity={severity}
      role="alert"
      action={
        <Button component={Link} to="/shopping-cart" color="inherit" variant="outlined" size="small" sx={{ whiteSpace: 'nowrap' }}>
          {t.backToCart}
        </Button>
      }
    >
      {title}
      <Typography>{text}</Typography>
      <Typography variant="body2">{hint}</Typography>
    </Alert>
  );
}

/**
 * What an unpaid order would be paid for (issue 32 item 7): each course with the tomans it costs in
 * this order (its price less its share of the discount), the discount code, the total, the wallet's
 * share taken at checkout and the gateway's rest (issue 36 item 3), and
 * «ویرایش سبد خرید», back to the cart, whose items the header counts.
 */
function OrderItems({ order }: { order: Order }) {
  return (
    <Paper variant="outlined">
      <List aria-label={t.orderItems} disablePadding>
        {order.items.map((item) => (
          <ListItem key={item.id} divider>
            <ListItemText
              primary={
                <Box component={Link} to={item.product_page} sx={{ color: 'inherit', fontWeight: 500 }}>
                  {item.title}
                </Box>
              }
              secondary={formatToman(item.purchase_price - item.discount)}
            />
          </ListItem>
        ))}
      </List>
      <Stack spacing={1} useFlexGap sx={{ p: 2 }}>
        {order.discount_code && (
          <Typography variant="body2" color="text.secondary">
            {t.orderDiscount(order.discount_code, formatToman(order.discount_amount))}
          </Typography>
        )}
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 700 }}>{t.total}</Typography>
          <Typography sx={{ fontWeight: 700 }}>{formatToman(order.total_price)}</Typography>
        </Stack>
        {order.wallet_amount > 0 && (
          <Typography variant="body2" color="text.secondary">
            {`${t.walletPay.fromWallet}: ${formatToman(order.wallet_amount)} — ${t.walletPay.fromGateway}: ${formatToman(order.total_price - order.wallet_amount, { zeroIsFree: false })}`}
          </Typography>
        )}
        <Box>
          {order.source === 'instalment' ? (
            <Button component={Link} to={INSTALMENTS_PAGE} size="small" startIcon={<Icon name="Payments" />}>
              {t.myInstalments}
            </Button>
          ) : (
            <Button component={Link} to="/shopping-cart" size="small" startIcon={<Icon name="ShoppingCart" />}>
              {t.editCart}
            </Button>
          )}
        </Box>
      </Stack>
    </Paper>
  );
}

/**
 * An order after checkout (issue 6; issue 22 item 9), as the server has it, so a later visit shows
 * the same: «در انتظار پرداخت…» while its newest attempt is open, asked again every
 * {@link ORDER_POLL_MS}, when the window gets the focus back, and at once when the gateway tab
 * comes back (`returned`: this page is the gateway's return, which tells the other tabs); once
 * paid, the success message, a refresh of the user's bought products and a link to them; once
 * the attempt was cancelled at the gateway or refused, why, «تلاش دوباره», a new attempt that
 * opens the gateway again, and the order's courses and total with a way back to the cart. Once the server refuses to open the gateway because the order's discount
 * code lapsed since checkout (issue 31 item 3: `discountLapsed`, the gateway form's return
 * `?payment=discount-lapsed`, or a new attempt answered 422 on `code`), why, with the total without
 * the code, and «بازگشت به سبد خرید», where the buyer takes the code off and checks out again.
 * An order its buyer cancelled (issue 32 item 2: from the profile, or replaced by a checkout of the
 * same courses; the gateway form's return `?payment=order-cancelled`) says so, is no longer asked
 * for, and leads back to the cart.
 */
export function OrderStatus({ orderId, returned, discountLapsed = false }: { orderId: number; returned: boolean; discountLapsed?: boolean }) {
  // The server's refusal of a new attempt for a lapsed discount code (its Persian message).
  const [lapsedRefusal, setLapsedRefusal] = useState<string | null>(null);
  // Read first, so that polling stops once the order has an outcome.
  const outcome = outcomeOf(cartApi.endpoints.getOrder.useQueryState(orderId).data?.data);
  const lapsed = outcome !== 'paid' && outcome !== 'order-cancelled' && (lapsedRefusal !== null || (discountLapsed && outcome !== undefined));
  const waiting = (outcome === undefined || outcome === 'waiting') && !lapsed;
  const { data, refetch } = useGetOrderQuery(orderId, { pollingInterval: waiting ? ORDER_POLL_MS : 0 });
  const order = data?.data;
  const [payOrder, { isLoading: starting }] = usePayOrderMutation();
  const [refreshSignedInUser] = useRefreshSignedInUserMutation();
  const navigate = useNavigate();
  useOrderChanged(orderId, waiting, refetch);

  useEffect(() => {
    if (returned) announceOrderChanged(orderId);
  }, [returned, orderId]);

  useEffect(() => {
    if (!waiting) return undefined;
    const onFocus = () => void refetch();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [waiting, refetch]);

  // The courses are the user's now: the store's bought products and every view of them follow.
  const paid = outcome === 'paid';
  useEffect(() => {
    if (paid) void refreshSignedInUser();
  }, [paid, refreshSignedInUser]);

  const payAgain = async () => {
    try {
      const answer = await payOrder(orderId).unwrap();
      setLapsedRefusal(null);
      void navigate(startPayment(answer.data));
    } catch (error) {
      // Only the discount refusal is this page's to show; any other error keeps the app's own message.
      const { status, fieldErrors } = readApiError(error as FetchBaseQueryError);
      const refusal = status === 422 ? fieldErrors.code?.[0] : undefined;
      if (refusal) {
        claimApiError(error as FetchBaseQueryError);
        setLapsedRefusal(refusal);
      }
    }
  };

  const title = <AlertTitle>{t.orderNumber(toPersianDigits(orderId))}</AlertTitle>;
  if (paid && order) {
    const part = order.source === 'instalment';
    return (
      <Alert
        severity="success"
        action={
          <Button component={Link} to={part ? INSTALMENTS_PAGE : '/profile#buyed-products'} color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }}>
            {part ? t.myInstalments : t.myCourses}
          </Button>
        }
      >
        {title}
        <Typography>{part ? t.instalmentPaid : order.total_price === 0 ? t.freeGranted : t.paid}</Typography>
        <Typography variant="body2">{part ? t.instalmentPaidHint : t.paidHint}</Typography>
      </Alert>
    );
  }
  if (outcome === 'order-cancelled') {
    return <BackToCartAlert severity="info" title={title} text={t.orderCancelled} hint={t.orderCancelledHint} />;
  }
  if (lapsed && order) {
    const text = lapsedRefusal ?? t.discountLapsed(formatToman(order.total_price + order.discount_amount));
    return <BackToCartAlert severity="warning" title={title} text={text} hint={t.discountLapsedHint} />;
  }
  if ((outcome === 'failed' || outcome === 'cancelled') && order) {
    return (
      <Stack spacing={2} useFlexGap>
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" variant="outlined" size="small" disabled={starting} onClick={() => void payAgain()} sx={{ whiteSpace: 'nowrap' }}>
              {t.retryPayment}
            </Button>
          }
        >
          {title}
          {outcome === 'cancelled' ? t.paymentCancelled : t.paymentFailed}
        </Alert>
        <OrderItems order={order} />
      </Stack>
    );
  }
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }} role="status">
      <Stack spacing={2} useFlexGap sx={{ alignItems: 'center', textAlign: 'center' }}>
        <CircularProgress aria-hidden />
        <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
          {t.awaitingPayment}
        </Typography>
        <Typography color="text.secondary">{t.awaitingPaymentHint}</Typography>
        <Box>
          <Button variant="outlined" disabled={starting} onClick={() => void payAgain()}>
            {t.reopenGateway}
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t.orderNumber(toPersianDigits(orderId))}
        </Typography>
      </Stack>
    </Paper>
  );
}
