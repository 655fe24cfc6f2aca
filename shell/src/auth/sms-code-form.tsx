import { useEffect, useState, type ReactNode } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import type { SmsCodePurpose } from '@shop/contracts';
import { smsCodeRequestSchema } from '@shop/validation';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import { formatMobile, toPersianDigits } from '@shop/format';
import { Alert, Box, Button, Stack } from '@shop/ui-kit';
import { FormMobileField, FormNumberField, FormStatusAlert, mobileForApi, toFormikErrors } from '@shop/forms';
import { useSmsCodeMutation } from './auth-api';
import { retryAfterSeconds, waitMessage } from './retry-after';
import { t } from '../strings';

/** Seconds before «ارسال دوباره» may ask for another code (the server sends one a minute per number). */
export const SMS_RESEND_SECONDS = 60;

/** What the form holds: the mobile as typed, the code, and the fields a purpose adds (the new password). */
export type SmsCodeValues = { mobile: string; code: string } & Record<string, string>;

/** A mutation's answer as RTK Query gives it: `error` when the request failed. */
type Outcome = { error?: FetchBaseQueryError | { message?: string } };

/** Props of {@link SmsCodeForm}. */
export interface SmsCodeFormProps {
  purpose: SmsCodePurpose;
  /** The signed-in user's mobile (E.164) for `verify-mobile`: shown, not asked for, and not changeable here. */
  fixedMobile?: string;
  /** Step 1's note. */
  intro: string;
  /** Step 2's note, naming the mobile as typed (or the fixed one, formatted). */
  sentNote: (mobile: string) => string;
  /** Step 2's yup schema: the code and whatever `extraFields` hold (the mobile may be in it too). */
  codeSchema: object;
  /** Fields shown under the code (reset: the new password and its confirmation)... */
  extraFields?: ReactNode;
  /** ...and their empty values. */
  extraValues?: Record<string, string>;
  /** Step 2's button. */
  submitLabel: string;
  /** Uses the code for the E.164 mobile: the mutation's answer (a 422 shows under the fields, a 429 says how long to wait). */
  onCode: (mobile: string, values: SmsCodeValues) => Promise<Outcome>;
  /** True once done (the page is about to leave). */
  disabled?: boolean;
}

/** Shows a failed request in the form (claimed, so the error catalogue adds no toast): field errors under the fields, a 429 or a message-only answer in its alert. */
function showFailure(error: Outcome['error'], helpers: Pick<FormikHelpers<SmsCodeValues>, 'setErrors' | 'setStatus'>, fields: string[]) {
  const { status, message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
  const shown = Object.fromEntries(Object.entries(fieldErrors ?? {}).filter(([field]) => fields.includes(field)));
  if (Object.keys(shown).length > 0) helpers.setErrors(toFormikErrors(shown));
  else if (status === 429 && !message) helpers.setStatus({ error: waitMessage(retryAfterSeconds(error)) });
  else if (message) helpers.setStatus({ error: message });
}

/**
 * The one way to prove a mobile by an SMS code (issue 26), for signing in, verifying the mobile and
 * resetting the password: step 1 the mobile (any Iranian form; Persian, Arabic-Indic or Latin
 * digits) or the signed-in user's own, and «ارسال کد» (`POST /api/auth/sms-code` with `purpose`);
 * step 2 the 6-digit code from the SMS (any digits), the purpose's own fields, and `submitLabel`.
 * «ارسال دوباره» waits {@link SMS_RESEND_SECONDS} seconds, counted down on screen; «تغییر شماره»
 * goes back to step 1. A 429 shows the server's Persian message saying when to try again; a
 * wrong, expired or used code its message under the code field.
 *
 * @example
 * <SmsCodeForm purpose="login" intro={t.auth.smsStep1} sentNote={t.auth.smsCodeSent} codeSchema={smsLoginSchema}
 *   submitLabel={t.auth.submitLogin} onCode={(mobile, { code }) => smsLogin({ mobile, code })} />
 */
export function SmsCodeForm(props: SmsCodeFormProps) {
  const { purpose, fixedMobile, intro, sentNote, codeSchema, extraFields, extraValues = {}, submitLabel, onCode, disabled = false } = props;
  const [sendCode] = useSmsCodeMutation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const codeFields = ['code', ...Object.keys(extraValues)];

  useEffect(() => {
    if (secondsLeft <= 0) return undefined;
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  async function requestCode(mobile: string, helpers: Pick<FormikHelpers<SmsCodeValues>, 'setErrors' | 'setStatus'>) {
    helpers.setStatus(undefined);
    const result = await sendCode({ mobile: mobileForApi(mobile), purpose });
    if ('error' in result) {
      showFailure(result.error, helpers, fixedMobile ? [] : ['mobile']);
      return;
    }
    setSentTo(mobile);
    setSecondsLeft(SMS_RESEND_SECONDS);
  }

  async function submit(values: SmsCodeValues, helpers: FormikHelpers<SmsCodeValues>) {
    if (sentTo === null) {
      await requestCode(fixedMobile ?? values.mobile, helpers);
      return;
    }
    helpers.setStatus(undefined);
    const result = await onCode(mobileForApi(sentTo), values);
    if (result.error) showFailure(result.error, helpers, codeFields);
  }

  return (
    <Formik<SmsCodeValues>
      initialValues={{ mobile: fixedMobile ?? '', code: '', ...extraValues }}
      validationSchema={sentTo === null ? (fixedMobile ? undefined : smsCodeRequestSchema.pick(['mobile'])) : codeSchema}
      onSubmit={submit}
    >
      {({ isSubmitting, setFieldValue, setErrors, setStatus }) => (
        <Stack component={Form} noValidate spacing={2} useFlexGap>
          {sentTo === null ? (
            <>
              <Alert severity="info">
                {intro}
              </Alert>
              {!fixedMobile && <FormMobileField name="mobile" label={t.auth.mobile} />}
            </>
          ) : (
            <>
              <Alert severity="info" role="status">
                {sentNote(fixedMobile ? formatMobile(fixedMobile) : sentTo)}
              </Alert>
              <FormNumberField name="code" label={t.auth.smsCode} autoComplete="one-time-code" />
              {extraFields}
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button variant="text" disabled={secondsLeft > 0 || isSubmitting} onClick={() => void requestCode(sentTo, { setErrors, setStatus })}>
                  {secondsLeft > 0 ? t.auth.smsResendIn(toPersianDigits(secondsLeft)) : t.auth.smsResend}
                </Button>
                {!fixedMobile && (
                  <Button
                    variant="text"
                    onClick={() => {
                      setSentTo(null);
                      setSecondsLeft(0);
                      void setFieldValue('code', '');
                      setStatus(undefined);
                    }}
                  >
                    {t.auth.smsChangeMobile}
                  </Button>
                )}
              </Box>
            </>
          )}
          <FormStatusAlert />
          <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting || disabled}>
            {sentTo === null ? t.auth.smsSendCode : submitLabel}
          </Button>
        </Stack>
      )}
    </Formik>
  );
}
