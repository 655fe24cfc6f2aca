import { Form, Formik, type FormikErrors } from 'formik';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import type { WalletAdjustmentBody } from '@shop/contracts';
import { FormNumberField, FormRadioField, FormStatusAlert, FormTextField, showSaveFailure, toFormikErrors } from '@shop/forms';
import { WALLET_REASON_MAX, validate, walletAdjustmentSchema } from '@shop/validation';
import { Button, Paper, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { useAdjustWalletMutation } from './wallet-admin-api';
import { t } from '../../strings';

/** What the form holds: the direction, the amount as typed (any digits, «٬» allowed) and the reason. */
export interface WalletAdjustmentValues {
  direction: WalletAdjustmentBody['direction'];
  amount: string;
  reason: string;
}

const BLANK: WalletAdjustmentValues = { direction: 'credit', amount: '', reason: '' };

/** Checks the values with the shared `walletAdjustmentSchema` (the server runs the same); Persian messages under the fields. */
async function validateValues(values: WalletAdjustmentValues): Promise<FormikErrors<WalletAdjustmentValues>> {
  const result = await validate(walletAdjustmentSchema, values);
  return result.ok ? {} : (toFormikErrors(result.errors) as FormikErrors<WalletAdjustmentValues>);
}

/**
 * Staff's credit or debit of a user's wallet with a reason (issue 36 item 3; `POST
 * /api/dashboard/financial-info/wallets/:userId/entries`): the direction, an amount in tomans (any
 * digits) and a reason, checked with the shared schema. The server's 422 (a debit above the balance)
 * shows under the amount and keeps what was typed; a success empties the form, and the wallet above
 * it is asked again.
 * @param userId whose wallet
 */
export function WalletAdjustmentForm({ userId }: { userId: number }) {
  const [adjust] = useAdjustWalletMutation();
  return (
    <Paper component="section" variant="outlined" aria-labelledby="wallet-adjustment-title" sx={{ p: { xs: 2, sm: 3 }, mb: 3, borderRadius: 3 }}>
      <Typography id="wallet-adjustment-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {t.wallets.adjust}
      </Typography>
      <Formik<WalletAdjustmentValues>
        initialValues={BLANK}
        initialStatus={{}}
        validate={validateValues}
        validateOnBlur
        validateOnChange
        onSubmit={async (values, helpers) => {
          helpers.setStatus({});
          const checked = await validate(walletAdjustmentSchema, values);
          if (!checked.ok) return;
          try {
            const answer = await adjust({ userId, body: checked.value as WalletAdjustmentBody }).unwrap();
            helpers.resetForm({ values: BLANK, status: {} });
            enqueueSnackbar(answer.message, { variant: 'success' });
          } catch (error) {
            const { status, message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
            await showSaveFailure({ status, message, errors: fieldErrors }, helpers);
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate aria-label={t.wallets.adjust}>
            <Stack spacing={2} useFlexGap>
              <FormRadioField name="direction" label={t.wallets.fields.direction} options={t.wallets.fields.directions} />
              <FormNumberField name="amount" label={t.wallets.fields.amount} help={t.wallets.fields.amountHelp} grouped />
              <FormTextField name="reason" label={t.wallets.fields.reason} help={t.wallets.fields.reasonHelp} multiline maxLength={WALLET_REASON_MAX} />
            </Stack>
            <FormStatusAlert />
            <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
              <Button type="submit" variant="contained" disabled={isSubmitting}>
                {isSubmitting ? t.wallets.submitting : t.wallets.submit}
              </Button>
            </Stack>
          </Form>
        )}
      </Formik>
    </Paper>
  );
}
