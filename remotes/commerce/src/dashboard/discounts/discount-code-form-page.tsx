import { Form, Formik, useField, useFormikContext, type FormikErrors } from 'formik';
import { claimApiError, skipToken, type FetchBaseQueryError } from '@shop/api-client';
import type { DiscountCode, DiscountCodeForm, DiscountKind } from '@shop/contracts';
import { FormSkeleton, PageHeader, useEditId } from '@shop/dashboard-ui';
import { formatJalaliDate } from '@shop/format';
import { FormButtons, FormNumberField, FormRadioField, FormStatusAlert, FormSwitchField, FormTextField, showSaveFailure, toFormikErrors } from '@shop/forms';
import { useNavigate } from '@shop/router';
import { DISCOUNT_CODE_MAX, discountCodeSchema, validate } from '@shop/validation';
import { Box, Paper, Stack, enqueueSnackbar } from '@shop/ui-kit';
import { Autocomplete, Chip, TextField } from '@shop/ui-kit/lazy';
import { DateTimeInput } from '@shop/ui-kit/date-pickers';
import { useGetAdminProductsQuery } from '../catalog/catalog-admin-api';
import { useCreateDiscountCodeMutation, useGetDiscountCodeQuery, useUpdateDiscountCodeMutation } from './discount-codes-api';
import { DISCOUNT_PATHS } from './discount-paths';
import { t } from '../../strings';

/** Most courses the picker lists (the API's largest page). */
const PICKER_SIZE = 50;

/** What the form holds: numbers as typed (Persian digits and separators allowed), the pickers' dates. */
export interface DiscountCodeValues {
  code: string;
  kind: DiscountKind;
  value: string;
  applies_to_all: boolean;
  product_ids: number[];
  starts_at: Date | null;
  ends_at: Date | null;
  total_cap: string;
  per_user_cap: string;
  min_cart_total: string;
  is_active: boolean;
}

/** A picker's date as the shared schema reads it: ISO 8601, text it refuses while half typed, null when empty. */
const instantOf = (date: Date | null) => (date === null ? null : Number.isNaN(date.getTime()) ? String(date) : date.toISOString());

/** The values as the shared `discountCodeSchema` reads them (the server runs the same schema). */
function toInput(values: DiscountCodeValues) {
  return {
    ...values,
    product_ids: values.applies_to_all ? [] : values.product_ids,
    starts_at: instantOf(values.starts_at),
    ends_at: instantOf(values.ends_at),
    total_cap: values.total_cap || null,
    per_user_cap: values.per_user_cap || null,
    min_cart_total: values.min_cart_total || null,
  };
}

/** Checks the values with the shared schema; Persian messages under the fields. */
async function validateValues(values: DiscountCodeValues): Promise<FormikErrors<DiscountCodeValues>> {
  const result = await validate(discountCodeSchema, toInput(values));
  return result.ok ? {} : (toFormikErrors(result.errors) as FormikErrors<DiscountCodeValues>);
}

/** The form's values for a stored code, or the blank form. */
function valuesOf(code: DiscountCode | null): DiscountCodeValues {
  const text = (n: number | null | undefined) => (n == null ? '' : String(n));
  return {
    code: code?.code ?? '',
    kind: code?.kind ?? 'percent',
    value: text(code?.value),
    applies_to_all: code?.applies_to_all ?? true,
    product_ids: code?.product_ids ?? [],
    starts_at: code?.starts_at ? new Date(code.starts_at) : null,
    ends_at: code?.ends_at ? new Date(code.ends_at) : null,
    total_cap: text(code?.total_cap),
    per_user_cap: text(code?.per_user_cap),
    min_cart_total: text(code?.min_cart_total),
    is_active: code?.is_active ?? true,
  };
}

/** A start or end: the Jalali date-time picker (Tehran time), its error once touched, else the chosen moment. */
function InstantField({ name, label }: { name: 'starts_at' | 'ends_at'; label: string }) {
  const [field, meta, helpers] = useField<Date | null>(name);
  const showError = meta.touched && !!meta.error;
  const valid = field.value !== null && !Number.isNaN(field.value.getTime());
  return (
    <DateTimeInput
      label={label}
      value={field.value}
      onChange={(value) => void helpers.setValue(value)}
      onClose={() => void helpers.setTouched(true)}
      slotProps={{
        field: { clearable: true },
        textField: {
          name,
          fullWidth: true,
          onBlur: () => void helpers.setTouched(true),
          error: showError,
          helperText: showError ? meta.error : valid ? formatJalaliDate(field.value!, { withTime: true }) : t.discounts.fields.dateHelp,
        },
      }}
    />
  );
}

/** The courses a code is limited to: a multi-select of the catalogue (active or not), shown while «for every course» is off. */
function ProductsField() {
  const { values } = useFormikContext<DiscountCodeValues>();
  const [field, meta, helpers] = useField<number[]>('product_ids');
  const { data } = useGetAdminProductsQuery({ page: 1, per_page: PICKER_SIZE, sort: 'title' });
  if (values.applies_to_all) return null;
  const products = data?.data ?? [];
  const chosen = products.filter((product) => field.value.includes(product.id));
  const showError = meta.touched && !!meta.error;
  return (
    <Autocomplete
      multiple
      options={products}
      value={chosen}
      onChange={(_, next) => void helpers.setValue(next.map((product) => product.id))}
      onBlur={() => void helpers.setTouched(true)}
      getOptionLabel={(product) => product.title}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      renderValue={(selected, getItemProps) =>
        selected.map((product, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} label={product.title} size="small" {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField {...params} name="product_ids" label={t.discounts.fields.products} error={showError} helperText={showError ? meta.error : ' '} />
      )}
    />
  );
}

/** The value's field, labelled by the kind: a percent, or tomans grouped with «٬». */
function ValueField() {
  const { values } = useFormikContext<DiscountCodeValues>();
  const percent = values.kind === 'percent';
  return (
    <FormNumberField
      name="value"
      label={percent ? t.discounts.fields.percent : t.discounts.fields.amount}
      help={percent ? t.discounts.fields.percentHelp : t.discounts.fields.amountHelp}
      grouped={!percent}
    />
  );
}

/**
 * The add and edit form of a discount code (issue 25; `POST`/`PUT /api/dashboard/discount-codes`):
 * code, kind and value, every course or chosen ones, start and end (Jalali, Tehran time), caps,
 * minimum cart total and the active switch, checked with the shared schema; the API's field
 * errors (a taken code, an unknown course) show on their fields.
 */
function DiscountCodeFormBody({ code }: { code: DiscountCode | null }) {
  const navigate = useNavigate();
  const [create] = useCreateDiscountCodeMutation();
  const [update] = useUpdateDiscountCodeMutation();
  const heading = code === null ? t.discounts.add : t.discounts.edit;
  return (
    <Formik<DiscountCodeValues>
      initialValues={valuesOf(code)}
      initialStatus={{}}
      validate={validateValues}
      validateOnBlur
      validateOnChange
      onSubmit={async (values, helpers) => {
        helpers.setStatus({});
        const checked = await validate(discountCodeSchema, toInput(values));
        if (!checked.ok) return;
        const body = checked.value as DiscountCodeForm;
        try {
          await (code === null ? create(body) : update({ id: code.id, body })).unwrap();
          enqueueSnackbar(t.discounts.saved, { variant: 'success' });
          navigate(DISCOUNT_PATHS.list);
        } catch (error) {
          const { status, message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
          await showSaveFailure({ status, message, errors: fieldErrors }, helpers);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 3 }}>
          <Form noValidate aria-label={heading}>
            <Stack spacing={2} useFlexGap>
              <FormTextField name="code" label={t.discounts.fields.code} help={t.discounts.fields.codeHelp} maxLength={DISCOUNT_CODE_MAX} ltr />
              <FormRadioField name="kind" label={t.discounts.fields.kind} options={t.discounts.fields.kinds} />
              <ValueField />
              <FormSwitchField name="applies_to_all" label={t.discounts.fields.appliesToAll} />
              <ProductsField />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
                <InstantField name="starts_at" label={t.discounts.fields.startsAt} />
                <InstantField name="ends_at" label={t.discounts.fields.endsAt} />
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
                <FormNumberField name="total_cap" label={t.discounts.fields.totalCap} help={t.discounts.fields.capHelp} />
                <FormNumberField name="per_user_cap" label={t.discounts.fields.perUserCap} help={t.discounts.fields.capHelp} />
              </Stack>
              <FormNumberField name="min_cart_total" label={t.discounts.fields.minCartTotal} help={t.discounts.fields.minCartTotalHelp} grouped />
              <FormSwitchField name="is_active" label={t.discounts.fields.isActive} />
            </Stack>
            <FormStatusAlert />
            <FormButtons cancelTo={DISCOUNT_PATHS.list} submitting={isSubmitting} />
          </Form>
        </Paper>
      )}
    </Formik>
  );
}

/**
 * `/dashboard/discount-codes/add-discount-code` and `/dashboard/discount-codes/:editDiscountCodeId`
 * (manage-discounts, issue 25): the discount code form, after loading the code when editing.
 */
export default function DiscountCodeFormPage() {
  const id = useEditId('editDiscountCodeId');
  const { data } = useGetDiscountCodeQuery(id ?? skipToken, { refetchOnMountOrArgChange: true });
  const heading = id === null ? t.discounts.add : t.discounts.edit;
  return (
    <Box sx={{ py: { xs: 2, md: 3 }, maxWidth: 880 }}>
      <PageHeader title={heading} parents={[{ label: t.discounts.title, to: DISCOUNT_PATHS.list }]} />
      {id !== null && !data ? <FormSkeleton /> : <DiscountCodeFormBody key={id ?? 'new'} code={data?.data ?? null} />}
    </Box>
  );
}
