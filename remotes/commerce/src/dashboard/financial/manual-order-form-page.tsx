import { Formik, Form, type FormikErrors } from 'formik';
import { claimApiError, skipToken, type FetchBaseQueryError } from '@shop/api-client';
import type { DashboardOrder } from '@shop/contracts';
import { FormSelectField, FormStatusAlert, FormTextField, showSaveFailure, FormButtons } from '@shop/forms';
import { useNavigate } from '@shop/router';
import { messages, normalizeDigits } from '@shop/validation';
import { Box, Paper, Stack, enqueueSnackbar } from '@shop/ui-kit';
import { FormSkeleton, PageHeader, useEditId } from '@shop/dashboard-ui';
import { useGetAdminProductsQuery } from '../catalog/catalog-admin-api';
import { useAddManualOrderMutation, useChangeManualOrderMutation, useGetManualOrderQuery } from './financial-api';
import { UserPicker } from './user-picker';
import { FINANCIAL_PATHS } from './financial-paths';
import { t } from '../../strings';

/** Most courses the picker lists. */
const PICKER_SIZE = 100;

/** What the form holds: the ids as chosen or typed. */
interface ManualOrderValues {
  user_id: string;
  product_id: string;
}

/** Both fields are required; the server checks that the user and course exist and the user does not own it yet. */
function validateValues(values: ManualOrderValues): FormikErrors<ManualOrderValues> {
  const errors: FormikErrors<ManualOrderValues> = {};
  if (!values.user_id.trim()) errors.user_id = messages.required({ label: t.financial.user });
  if (!values.product_id) errors.product_id = messages.required({ label: t.financial.product });
  return errors;
}

/** Add (user and course) or change (course only) a course given by hand. */
function ManualOrderForm({ order }: { order: DashboardOrder | null }) {
  const navigate = useNavigate();
  const products = useGetAdminProductsQuery({ page: 1, per_page: PICKER_SIZE, sort: 'title' });
  const [add] = useAddManualOrderMutation();
  const [change] = useChangeManualOrderMutation();
  if (!products.data) return <FormSkeleton />;
  const options = products.data.data.map(({ id, title }) => ({ value: String(id), label: title }));
  return (
    <Formik<ManualOrderValues>
      initialValues={{ user_id: order ? String(order.user.id) : '', product_id: order?.items[0] ? String(order.items[0].product_id) : '' }}
      initialStatus={{}}
      validate={validateValues}
      validateOnBlur
      validateOnChange
      onSubmit={async (values, helpers) => {
        helpers.setStatus({});
        try {
          const body = { product_id: Number(values.product_id) };
          if (order) await change({ id: order.id, ...body }).unwrap();
          else await add({ user_id: Number(normalizeDigits(values.user_id).trim()), ...body }).unwrap();
          enqueueSnackbar(order ? t.financial.manualChanged : t.financial.manualSaved, { variant: 'success' });
          navigate(FINANCIAL_PATHS.manual);
        } catch (error) {
          const { status, message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
          await showSaveFailure({ status, message, errors: fieldErrors }, helpers);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
          <Form noValidate aria-label={order ? t.financial.editManual : t.financial.addManual}>
            <Stack spacing={2} useFlexGap>
              {order ? (
                <FormTextField name="user_id" label={t.financial.user} help={`${order.user.full_name} — ${order.user.email}`} ltr disabled />
              ) : (
                <UserPicker />
              )}
              <FormSelectField name="product_id" label={t.financial.product} options={options} />
            </Stack>
            <FormStatusAlert />
            <FormButtons cancelTo={FINANCIAL_PATHS.manual} submitting={isSubmitting} />
          </Form>
        </Paper>
      )}
    </Formik>
  );
}

/**
 * `/dashboard/financial-info/list-of-products-added-to-users/add-product` and `/:editProductId`
 * (show-financial-info, SPEC §2): give a user a course by hand (an order at price 0), or change
 * the course of such an order.
 */
export default function ManualOrderFormPage() {
  const id = useEditId('editProductId');
  const { data } = useGetManualOrderQuery(id ?? skipToken, { refetchOnMountOrArgChange: true });
  const title = id === null ? t.financial.addManual : t.financial.editManual;
  return (
    <Box sx={{ py: { xs: 2, md: 3 }, maxWidth: 720 }}>
      <PageHeader title={title} parents={[{ label: t.financial.title, to: FINANCIAL_PATHS.root }, { label: t.financial.manual, to: FINANCIAL_PATHS.manual }]} />
      {id !== null && !data ? <FormSkeleton /> : <ManualOrderForm key={id ?? 'new'} order={data?.data ?? null} />}
    </Box>
  );
}
