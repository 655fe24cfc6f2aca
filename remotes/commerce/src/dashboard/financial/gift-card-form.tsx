import { useState } from 'react';
import { Form, Formik, useField, type FormikErrors } from 'formik';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import type { GiftCardBody } from '@shop/contracts';
import { formatJalaliDate } from '@shop/format';
import { FormNumberField, FormStatusAlert, FormTextField, showSaveFailure, toFormikErrors } from '@shop/forms';
import { GIFT_CARD_CODE_MAX, giftCardSchema, validate } from '@shop/validation';
import { Alert, Box, Button, Paper, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { DateTimeInput } from '@shop/ui-kit/date-pickers';
import { useCreateGiftCardMutation } from './wallet-admin-api';
import { t } from '../../strings';

/** What the form holds: the code and amount as typed (any digits), the picker's expiry. */
export interface GiftCardValues {
  code: string;
  amount: string;
  expires_at: Date | null;
}

const BLANK: GiftCardValues = { code: '', amount: '', expires_at: null };

/** A picker's date as the shared schema reads it: ISO 8601, text it refuses while half typed, null when empty. */
const instantOf = (date: Date | null) => (date === null ? null : Number.isNaN(date.getTime()) ? String(date) : date.toISOString());

/** The values as the shared `giftCardSchema` reads them (the server runs the same schema). */
const toInput = (values: GiftCardValues) => ({ ...values, expires_at: instantOf(values.expires_at) });

/** Checks the values with the shared schema; Persian messages under the fields. */
async function validateValues(values: GiftCardValues): Promise<FormikErrors<GiftCardValues>> {
  const result = await validate(giftCardSchema, toInput(values));
  return result.ok ? {} : (toFormikErrors(result.errors) as FormikErrors<GiftCardValues>);
}

/** The expiry: the Jalali date-time picker (Tehran time) of the discount code form, its error once touched, else the chosen moment. */
function ExpiryField() {
  const [field, meta, helpers] = useField<Date | null>('expires_at');
  const showError = meta.touched && !!meta.error;
  const valid = field.value !== null && !Number.isNaN(field.value.getTime());
  return (
    <DateTimeInput
      label={t.giftCards.fields.expiresAt}
      value={field.value}
      onChange={(value) => void helpers.setValue(value)}
      onClose={() => void helpers.setTouched(true)}
      disablePast
      slotProps={{
        field: { clearable: true },
        textField: {
          name: 'expires_at',
          fullWidth: true,
          onBlur: () => void helpers.setTouched(true),
          error: showError,
          helperText: showError ? meta.error : valid ? formatJalaliDate(field.value!, { withTime: true }) : t.giftCards.fields.expiresAtHelp,
        },
      }}
    />
  );
}

/**
 * The form that makes a gift card (issue 36 item 3; `POST /api/dashboard/financial-info/gift-cards`):
 * an optional code (empty: the server makes one of 12 characters), an amount in tomans (any digits)
 * and an optional expiry, checked with the shared `giftCardSchema`. The API's field errors (a taken
 * code) show on their fields and keep what was typed; once made, the form empties and the new card's
 * code is shown, to be handed out.
 */
export function GiftCardForm() {
  const [create] = useCreateGiftCardMutation();
  const [madeCode, setMadeCode] = useState<string | null>(null);
  return (
    <Paper component="section" variant="outlined" aria-labelledby="gift-card-form-title" sx={{ p: { xs: 2, sm: 3 }, mb: 3, borderRadius: 3 }}>
      <Typography id="gift-card-form-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {t.giftCards.add}
      </Typography>
      <Formik<GiftCardValues>
        initialValues={BLANK}
        initialStatus={{}}
        validate={validateValues}
        validateOnBlur
        validateOnChange
        onSubmit={async (values, helpers) => {
          helpers.setStatus({});
          setMadeCode(null);
          const checked = await validate(giftCardSchema, toInput(values));
          if (!checked.ok) return;
          try {
            const answer = await create(checked.value as GiftCardBody).unwrap();
            helpers.resetForm({ values: BLANK, status: {} });
            setMadeCode(answer.data.code);
            enqueueSnackbar(answer.message, { variant: 'success' });
          } catch (error) {
            const { status, message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
            await showSaveFailure({ status, message, errors: fieldErrors }, helpers);
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate aria-label={t.giftCards.add}>
            <Stack spacing={2} useFlexGap>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap>
                <FormTextField name="code" label={t.giftCards.fields.code} help={t.giftCards.fields.codeHelp} maxLength={GIFT_CARD_CODE_MAX} ltr />
                <FormNumberField name="amount" label={t.giftCards.fields.amount} help={t.giftCards.fields.amountHelp} grouped />
              </Stack>
              <ExpiryField />
            </Stack>
            <FormStatusAlert />
            {madeCode && (
              <Alert severity="success" role="status" sx={{ my: 2 }}>
                {t.giftCards.created}{' '}
                <Box component="bdi" dir="ltr" sx={{ fontFamily: 'monospace', fontWeight: 700 }}>
                  {madeCode}
                </Box>
              </Alert>
            )}
            <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {isSubmitting ? t.giftCards.creating : t.giftCards.create}
              </Button>
            </Stack>
          </Form>
        )}
      </Formik>
    </Paper>
  );
}
