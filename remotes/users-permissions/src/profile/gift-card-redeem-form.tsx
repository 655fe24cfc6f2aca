import { Form, Formik } from 'formik';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import { FormStatusAlert, FormTextField, showSaveFailure } from '@shop/forms';
import { giftCardRedeemSchema, type GiftCardRedeemInput } from '@shop/validation';
import { Button, Stack, enqueueSnackbar } from '@shop/ui-kit';
import { useRedeemGiftCardMutation } from './wallet-api';
import { t } from '../strings';

const EMPTY: GiftCardRedeemInput = { code: '' };

/**
 * «افزودن کارت هدیه» of the profile's `#wallet` tab (issue 36 item 3; `POST /api/wallet/gift-cards/redeem`,
 * `giftCardRedeemSchema`): one field «کد کارت هدیه», sent as the schema reads it (any digits, no spaces
 * or dashes, upper case). On success the server's Persian message as a toast and an empty field (the
 * wallet is asked again, see `wallet-api.ts`); an unknown, used or expired card (422) shows under the
 * field, too many tries (429) or no connection above the button, and what was typed stays.
 */
export function GiftCardRedeemForm() {
  const [redeemGiftCard] = useRedeemGiftCardMutation();
  return (
    <Formik<GiftCardRedeemInput>
      initialValues={EMPTY}
      initialStatus={{}}
      validationSchema={giftCardRedeemSchema}
      validateOnBlur
      validateOnChange
      onSubmit={async (values, helpers) => {
        helpers.setStatus({});
        try {
          const answer = await redeemGiftCard(giftCardRedeemSchema.cast(values)).unwrap();
          helpers.resetForm({ values: EMPTY, status: {} });
          enqueueSnackbar(answer.message || t.wallet.redeemed, { variant: 'success' });
        } catch (error) {
          const { status, message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
          await showSaveFailure({ status, message, errors: fieldErrors }, helpers);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label={t.wallet.giftCard}>
          <FormTextField name="code" label={t.wallet.giftCardCode} help={t.wallet.giftCardHelp} ltr autoComplete="off" />
          <FormStatusAlert />
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              {isSubmitting ? t.wallet.redeeming : t.wallet.redeem}
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
