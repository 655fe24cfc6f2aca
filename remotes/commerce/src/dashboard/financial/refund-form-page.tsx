import { useState } from 'react';
import { Formik, Form, type FormikErrors } from 'formik';
import { claimApiError, skipToken, type FetchBaseQueryError } from '@shop/api-client';
import { DebouncedSearchBox } from '@shop/content-ui';
import type { RefundDestination } from '@shop/contracts';
import { formatNumber, formatToman } from '@shop/format';
import { FormRadioField, FormSelectField, FormStatusAlert, FormTextField, showSaveFailure, FormButtons } from '@shop/forms';
import { useNavigate } from '@shop/router';
import { messages } from '@shop/validation';
import { Box, Paper, Stack, enqueueSnackbar } from '@shop/ui-kit';
import { PageHeader } from '@shop/dashboard-ui';
import { useGetOrdersQuery, useRefundItemMutation } from './financial-api';
import { FINANCIAL_PATHS } from './financial-paths';
import { t } from '../../strings';

/** Paid orders the item picker lists for one search. */
const ORDERS_SHOWN = 20;
/** Shortest order search the API is asked for. */
const MIN_SEARCH = 2;

/** The confirmation words the server accepts (SPEC §4: the admin types «yes»; issue 6: «بله» too), any case, trimmed. */
const CONFIRMATION_WORDS = ['yes', 'بله'];

/** True when `typed` is one of the confirmation words. */
function isRefundConfirmed(typed: string): boolean {
  return CONFIRMATION_WORDS.includes(typed.trim().toLowerCase());
}

interface RefundValues {
  order_item_id: string;
  confirmation: string;
  /** Where the money goes (issue 36 item 3): the gateway that took it (the default) or the buyer's wallet. */
  to: RefundDestination;
}

function validateValues(values: RefundValues): FormikErrors<RefundValues> {
  return values.order_item_id ? {} : { order_item_id: messages.required({ label: t.financial.pickItem }) };
}

/** Search paid orders, then pick one of their items that was not refunded yet. */
function ItemPicker() {
  const [q, setQ] = useState('');
  const { data } = useGetOrdersQuery(q.length >= MIN_SEARCH ? { page: 1, per_page: ORDERS_SHOWN, q, payment_status: 'paid' } : skipToken);
  const options = (data?.data ?? []).flatMap((order) =>
    order.items
      .filter((item) => item.refunded_at === null)
      .map((item) => ({
        value: String(item.id),
        label: t.financial.itemLabel(item.title, formatToman(item.purchase_price), formatNumber(order.id), order.user.email),
      })),
  );
  return (
    <Stack spacing={2} useFlexGap>
      <DebouncedSearchBox value={q} onSearch={(next) => setQ(next.trim())} label={t.financial.orderSearch} />
      <FormSelectField name="order_item_id" label={t.financial.pickItem} options={options} help={data && options.length === 0 ? t.financial.noPaidOrders : undefined} />
    </Stack>
  );
}

/**
 * `/dashboard/financial-info/money-refund-status/add` (manage-refunds, SPEC §4): pick a paid
 * order item, where the money goes (issue 36 item 3: back through the gateway, the default, or into
 * the buyer's wallet; sent as `to`) and type «yes» (or «بله») to enable the refund button. A refund takes the course
 * from the user and cannot be undone; the server's 422 messages show under the fields.
 */
export default function RefundFormPage() {
  const navigate = useNavigate();
  const [refund] = useRefundItemMutation();
  return (
    <Box sx={{ py: { xs: 2, md: 3 }, maxWidth: 720 }}>
      <PageHeader title={t.financial.addRefund} parents={[{ label: t.financial.title, to: FINANCIAL_PATHS.root }, { label: t.financial.refunds, to: FINANCIAL_PATHS.refunds }]} />
      <Formik<RefundValues>
        initialValues={{ order_item_id: '', confirmation: '', to: 'gateway' }}
        initialStatus={{}}
        validate={validateValues}
        onSubmit={async (values, helpers) => {
          helpers.setStatus({});
          try {
            await refund({ order_item_id: Number(values.order_item_id), confirmation: values.confirmation.trim(), to: values.to }).unwrap();
            enqueueSnackbar(values.to === 'wallet' ? t.financial.refundDoneToWallet : t.financial.refundDone, { variant: 'success' });
            navigate(FINANCIAL_PATHS.refunds);
          } catch (error) {
            const { status, message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
            await showSaveFailure({ status, message, errors: fieldErrors }, helpers);
          }
        }}
      >
        {({ isSubmitting, values }) => (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
            <Form noValidate aria-label={t.financial.addRefund}>
              <Stack spacing={2} useFlexGap>
                <ItemPicker />
                <FormRadioField name="to" label={t.financial.refundTo} options={t.financial.refundDestinations} />
                <FormTextField name="confirmation" label={t.financial.confirmation} help={t.financial.confirmationHelp} />
              </Stack>
              <FormStatusAlert />
              <FormButtons
                cancelTo={FINANCIAL_PATHS.refunds}
                submitting={isSubmitting}
                submitLabel={t.financial.refund}
                disabled={!values.order_item_id || !isRefundConfirmed(values.confirmation)}
              />
            </Form>
          </Paper>
        )}
      </Formik>
    </Box>
  );
}
