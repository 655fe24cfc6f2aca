import { useEffect } from 'react';
import { toPersianDigits } from '@shop/format';
import { Alert, AlertTitle, Box, Button, CircularProgress, Paper, Stack, Typography } from '@shop/ui-kit';
import { Link } from '@shop/router';
import { cartApi, useGetOrderQuery, usePayOrderMutation, useRefreshSignedInUserMutation } from './cart-api';
import { useOpenGateway } from './use-open-gateway';
import { t } from '../strings';

/** How often an unpaid order is asked for while its gateway tab is open, in ms. */
export const ORDER_POLL_MS = 3000;

/**
 * An order after checkout (issue 6): «در انتظار پرداخت…» while it is unpaid, asked again every
 * {@link ORDER_POLL_MS} and when the window gets the focus back (the user returns from the
 * gateway tab); once paid, the success message, a refresh of the user's bought products and a
 * link to them. `failed` (the gateway sent the user back with `payment=failed`) shows why and
 * «تلاش دوباره», a new attempt that opens the gateway again.
 */
export function OrderStatus({ orderId, failed }: { orderId: number; failed: boolean }) {
  // Read first, so that polling stops once the order is paid.
  const order = cartApi.endpoints.getOrder.useQueryState(orderId).data?.data;
  const paid = order?.payment_status === 'paid';
  const { refetch } = useGetOrderQuery(orderId, { pollingInterval: failed || paid ? 0 : ORDER_POLL_MS });
  const [payOrder, { isLoading: starting }] = usePayOrderMutation();
  const [refreshSignedInUser] = useRefreshSignedInUserMutation();
  const openGateway = useOpenGateway();

  useEffect(() => {
    if (failed || paid) return undefined;
    const onFocus = () => void refetch();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [failed, paid, refetch]);

  // The courses are the user's now: the store's bought products and every view of them follow.
  useEffect(() => {
    if (paid) void refreshSignedInUser();
  }, [paid, refreshSignedInUser]);

  const payAgain = async () => {
    const result = await payOrder(orderId);
    if (result.data) openGateway(result.data.data);
  };

  const title = <AlertTitle>{t.orderNumber(toPersianDigits(orderId))}</AlertTitle>;
  if (paid) {
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
  if (failed) {
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
        {t.paymentFailed}
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
