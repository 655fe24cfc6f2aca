import { useState } from 'react';
import { claimApiError, readApiError, startPayment, useSiteInformation, type FetchBaseQueryError } from '@shop/api-client';
import type { Order } from '@shop/contracts';
import { useNavigate } from '@shop/router';
import { ConfirmDialog } from '@shop/content-ui';
import { toPersianDigits } from '@shop/format';
import { Alert, Box, Button, Icon, enqueueSnackbar } from '@shop/ui-kit';
import { useCancelMyOrderMutation, usePayMyOrderMutation } from './profile-api';
import { t } from '../strings';

/**
 * «پرداخت» and «لغو سفارش» under an unpaid checkout order of `/profile#buyed-products` (issue 32
 * item 2). «پرداخت» (not while the site's selling switch is off) asks for a new attempt
 * (`POST /api/orders/:id/pay`), opens the gateway in a new tab through the hidden form of SPEC §7,
 * and goes to `/shopping-cart?order_id=<id>`, the cart's page that follows an order until it is
 * paid (`startPayment`); when the server refuses (422: its
 * discount code lapsed, a course of it bought meanwhile…) its Persian reason shows under the order
 * instead. «لغو سفارش» asks first, then cancels (`POST /api/orders/:id/cancel`), toasts the
 * server's message, and the list, asked again, shows the order «لغوشده».
 * @param order an unpaid order of the signed-in user, from `checkout`
 */
export function UnpaidOrderActions({ order }: { order: Order }) {
  const sellingEnabled = useSiteInformation()?.selling_enabled ?? true;
  const [payMyOrder, { isLoading: paying }] = usePayMyOrderMutation();
  const [cancelMyOrder, { isLoading: cancelling }] = useCancelMyOrderMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const navigate = useNavigate();
  const id = toPersianDigits(order.id);

  const pay = async () => {
    setRefusal(null);
    try {
      void navigate(startPayment((await payMyOrder(order.id).unwrap()).data));
    } catch (error) {
      // A refusal of this order is shown beside it; any other error keeps the app's own message.
      const { status, message, fieldErrors } = readApiError(error as FetchBaseQueryError);
      const reason = status === 422 ? (fieldErrors.code?.[0] ?? message) : undefined;
      if (reason) {
        claimApiError(error as FetchBaseQueryError);
        setRefusal(reason);
      }
    }
  };
  const cancel = async () => {
    const result = await cancelMyOrder(order.id);
    setAsking(false);
    if (result.data) enqueueSnackbar(result.data.message, { variant: 'success' });
  };

  return (
    <Box sx={{ mt: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {sellingEnabled && (
          <Button
            variant="contained"
            size="small"
            startIcon={<Icon name="Payments" />}
            disabled={paying || cancelling}
            onClick={() => void pay()}
            aria-label={t.orderPayOf(id)}
          >
            {t.orderPay}
          </Button>
        )}
        <Button variant="outlined" color="error" size="small" disabled={paying || cancelling} onClick={() => setAsking(true)} aria-label={t.orderCancelOf(id)}>
          {t.orderCancel}
        </Button>
      </Box>
      {refusal && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {refusal}
        </Alert>
      )}
      <ConfirmDialog
        open={asking}
        title={t.orderCancelTitle(id)}
        text={t.orderCancelText}
        confirmLabel={t.orderCancel}
        pending={cancelling}
        onCancel={() => setAsking(false)}
        onConfirm={() => void cancel()}
      />
    </Box>
  );
}
