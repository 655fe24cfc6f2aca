import { useEffect, useState } from 'react';
import { claimApiError, readApiError, type FetchBaseQueryError } from '@shop/api-client';
import type { Order } from '@shop/contracts';
import { formatToman, toPersianDigits } from '@shop/format';
import { Alert, AlertTitle, Box, Button, CircularProgress, Paper, Stack, Typography } from '@shop/ui-kit';
import { Link } from '@shop/router';
import { cartApi, useGetOrderQuery, usePayOrderMutation, useRefreshSignedInUserMutation } from './cart-api';
import { announceOrderChanged, useOrderChanged } from './order-channel';
import { useOpenGateway } from './use-open-gateway';
import { t } from '../strings';

/** How often an unpaid order is asked for while its gateway tab is open, in ms. */
export const ORDER_POLL_MS = 3000;

/** Where an order stands for its buyer: paid, its last attempt cancelled or refused, or still open. */
type Outcome = 'paid' | 'cancelled' | 'failed' | 'waiting';

/** The outcome of `order` (undefined while it loads): from the order itself and its newest payment attempt. */
function outcomeOf(order: Order | undefined): Outcome | undefined {
  if (!order) return undefined;
  if (order.payment_status === 'paid') return 'paid';
  const last = order.payments[0]?.status;
  return last === 'cancelled' || last === 'failed' ? last : 'waiting';
}

/**
 * An order after checkout (issue 6; issue 22 item 9), as the server has it, so a later visit shows
 * the same: «در انتظار پرداخت…» while its newest attempt is open, asked again every
 * {@link ORDER_POLL_MS}, when the window gets the focus back, and at once when the gateway tab
 * comes back (`returned`: this page is the gateway's return, which tells the other tabs); once
 * paid, the success message, a refresh of the user's bought products and a link to them; once
 * the attempt was cancelled at the gateway or refused, why, and «تلاش دوباره», a new attempt that
 * opens the gateway again. Once the server refuses to open the gateway because the order's discount
 * code lapsed since checkout (issue 31 item 3: `discountLapsed`, the gateway form's return
 * `?payment=discount-lapsed`, or a new attempt answered 422 on `code`), why, with the total without
 * the code, and «بازگشت به سبد خرید», where the buyer takes the code off and checks out again.
 */
export function OrderStatus({ orderId, returned, discountLapsed = false }: { orderId: number; returned: boolean; discountLapsed?: boolean }) {
  // The server's refusal of a new attempt for a lapsed discount code (its Persian message).
  const [lapsedRefusal, setLapsedRefusal] = useState<string | null>(null);
  // Read first, so that polling stops once the order has an outcome.
  const outcome = outcomeOf(cartApi.endpoints.getOrder.useQueryState(orderId).data?.data);
  const lapsed = outcome !== 'paid' && (lapsedRefusal !== null || (discountLapsed && outcome !== undefined));
  const waiting = (outcome === undefined || outcome === 'waiting') && !lapsed;
  const { data, refetch } = useGetOrderQuery(orderId, { pollingInterval: waiting ? ORDER_POLL_MS : 0 });
  const order = data?.data;
  const [payOrder, { isLoading: starting }] = usePayOrderMutation();
  const [refreshSignedInUser] = useRefreshSignedInUserMutation();
  const openGateway = useOpenGateway();
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
      openGateway(answer.data);
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
    return (
      <Alert
        severity="success"
        action={
          <Button component={Link} to="/profile#buyed-products" color="inherit" size="small" sx={{ whiteSpace: 'nowrap' }}>
            {t.myCourses}
          </Button>
        }
      >
        {title}
        <Typography>{order.total_price === 0 ? t.freeGranted : t.paid}</Typography>
        <Typography variant="body2">{t.paidHint}</Typography>
      </Alert>
    );
  }
  if (lapsed && order) {
    return (
      <Alert
        severity="warning"
        role="alert"
        action={
          <Button component={Link} to="/shopping-cart" color="inherit" variant="outlined" size="small" sx={{ whiteSpace: 'nowrap' }}>
            {t.backToCart}
          </Button>
        }
      >
        {title}
        <Typography>{lapsedRefusal ?? t.discountLapsed(formatToman(order.total_price + order.discount_amount))}</Typography>
        <Typography variant="body2">{t.discountLapsedHint}</Typography>
      </Alert>
    );
  }
  if (outcome === 'failed' || outcome === 'cancelled') {
    return (
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
