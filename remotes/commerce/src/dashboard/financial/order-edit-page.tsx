import { Formik, Form } from 'formik';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import type { DashboardOrder, PaymentStatus } from '@shop/contracts';
import { formatNumber } from '@shop/format';
import { FormSelectField, FormStatusAlert, showSaveFailure, FormButtons } from '@shop/forms';
import { useIdParam } from '@shop/content-ui';
import { Box, Paper, enqueueSnackbar } from '@shop/ui-kit';
import { FormSkeleton, PageHeader } from '@shop/dashboard-ui';
import { useGetDashboardOrderQuery, useUpdateOrderMutation } from './financial-api';
import { FINANCIAL_PATHS } from './financial-paths';
import { OrderSummary } from './order-summary';
import { t } from '../../strings';

const STATUS_OPTIONS = (Object.entries(t.financial.paymentStatuses) as Array<[PaymentStatus, string]>).map(([value, label]) => ({ value, label }));

/**
 * The payment-status form of an order: paid grants the courses, unpaid takes them back, cancelled
 * (issue 32 item 2) closes an order that will not be paid: it frees its discount code and gets no
 * reminder (the server decides).
 */
function PaymentStatusForm({ order }: { order: DashboardOrder }) {
  const [update] = useUpdateOrderMutation();
  return (
    <Formik<{ payment_status: PaymentStatus }>
      initialValues={{ payment_status: order.payment_status }}
      initialStatus={{}}
      enableReinitialize
      onSubmit={async (values, helpers) => {
        helpers.setStatus({});
        try {
          await update({ id: order.id, body: values }).unwrap();
          enqueueSnackbar(t.financial.statusSaved, { variant: 'success' });
        } catch (error) {
          const { status, message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
          await showSaveFailure({ status, message, errors: fieldErrors }, helpers);
        }
      }}
    >
      {({ isSubmitting, dirty }) => (
        <Form noValidate aria-label={t.financial.paymentStatus}>
          <FormSelectField name="payment_status" label={t.financial.paymentStatus} options={STATUS_OPTIONS} />
          <FormStatusAlert />
          <FormButtons cancelTo={FINANCIAL_PATHS.orders} submitting={isSubmitting} submitLabel={t.financial.saveStatus} disabled={!dirty} />
        </Form>
      )}
    </Formik>
  );
}

/**
 * `/dashboard/financial-info/orders/:editOrderId` (show-financial-info): the order with its buyer
 * and items (purchase price, quantity, current price, course page) and a payment-status select.
 */
export default function OrderEditPage() {
  const id = useIdParam('editOrderId');
  const { data } = useGetDashboardOrderQuery(id, { refetchOnMountOrArgChange: true });
  const order = data?.data;
  const title = t.financial.order(formatNumber(id));
  return (
    <Box sx={{ py: { xs: 2, md: 3 }, maxWidth: 1080 }}>
      <PageHeader title={title} parents={[{ label: t.financial.title, to: FINANCIAL_PATHS.root }, { label: t.financial.orders, to: FINANCIAL_PATHS.orders }]} />
      {order ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
          <OrderSummary order={order} />
          <Box sx={{ mt: 3, maxWidth: 360 }}>
            <PaymentStatusForm order={order} />
          </Box>
        </Paper>
      ) : (
        <FormSkeleton />
      )}
    </Box>
  );
}
