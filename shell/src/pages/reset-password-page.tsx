import { useState } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import { forgotPasswordSchema, resetPasswordSchema, smsResetPasswordSchema } from '@shop/validation';
import type { ForgotPasswordBody } from '@shop/contracts';
import { readApiError } from '@shop/api-client';
import { Alert, Box, Button, Container, Link as MuiLink, Paper, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { Tab, Tabs } from '@shop/ui-kit/lazy';
import { Link, useNavigate } from '@shop/router';
import { FormMobileField, FormNumberField, FormStatusAlert, FormTextField, showSaveFailure } from '@shop/forms';
import { useForgotPasswordMutation, useResetPasswordMutation, useSmsResetPasswordMutation } from '../auth/auth-api';
import { SmsCodeForm } from '../auth/sms-code-form';
import { AUTH_REDIRECT_DELAY_MS } from '../auth/redirect-delay';
import { retryAfterSeconds, waitMessage } from '../auth/retry-after';
import { t } from '../strings';

type Method = 'email' | 'mobile' | 'sms';

/** Step 1's fields, kept so «ارسال دوباره کد» comes back to what was typed. */
interface IdentifierValues {
  email: string;
  mobile: string;
}

interface CodeValues extends IdentifierValues {
  code: string;
  password: string;
  password_confirmation: string;
}

/** The fields step 2 shows: a server error on another field goes to the alert instead. */
const CODE_STEP_FIELDS = ['code', 'password', 'password_confirmation'];

/**
 * Shows a failed forgot/reset call in its form: a 429 says how long to wait, a 422 puts field
 * errors under the fields shown (others and message-only answers go to the form's alert).
 * Other failures were toasted by the error catalogue.
 */
async function showFailure<V>(error: Parameters<typeof readApiError>[0], shownFields: string[], helpers: FormikHelpers<V>) {
  const { status, message, fieldErrors } = readApiError(error);
  if (status === 429) {
    helpers.setStatus({ error: waitMessage(retryAfterSeconds(error)) });
  } else if (status === 422) {
    const errors = Object.fromEntries(Object.entries(fieldErrors).filter(([field]) => shownFields.includes(field)));
    await showSaveFailure({ status, message: message ?? t.errors.invalidData, errors }, helpers);
  }
}

/**
 * `/reset-password` (SPEC §2; issue 7), for visitors. Step 1: an email or a mobile (switchable as
 * on /login) → `POST /api/auth/forgot-password`, whose answer never says whether the account
 * exists. Step 2: the 6-digit code from the mail (Persian digits too), the new password and its
 * confirmation → `POST /api/auth/reset-password` with the same identifier; on success a toast,
 * then after 3 seconds /login (SPEC §4). A wrong, expired or used code shows the server's Persian
 * message; «ارسال دوباره کد» goes back to step 1. A third tab, «بازیابی با کد پیامکی» (issue 26),
 * resets by a 6-digit SMS code to a verified mobile instead ({@link SmsResetForm}).
 */
export default function ResetPasswordPage() {
  const [method, setMethod] = useState<Method>('email');
  const [typed, setTyped] = useState<IdentifierValues>({ email: '', mobile: '' });
  const [identifier, setIdentifier] = useState<ForgotPasswordBody | null>(null);
  const [forgotPassword] = useForgotPasswordMutation();

  async function sendCode(values: IdentifierValues, helpers: FormikHelpers<IdentifierValues>) {
    const cast = forgotPasswordSchema.cast(method === 'email' ? { email: values.email } : { mobile: values.mobile });
    const body: ForgotPasswordBody = cast.email !== undefined ? { email: cast.email } : { mobile: cast.mobile ?? '' };
    const result = await forgotPassword(body);
    if ('error' in result) {
      await showFailure(result.error, [method], helpers);
      return;
    }
    setTyped(values);
    setIdentifier(body);
  }

  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Paper sx={{ p: { xs: 3, md: 4 } }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {t.reset.title}
        </Typography>
        {identifier && method !== 'sms' ? (
          <CodeStep identifier={identifier} shownAs={method === 'email' ? typed.email : typed.mobile} onResend={() => setIdentifier(null)} />
        ) : (
          <>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {method === 'sms' ? t.reset.smsIntro : t.reset.step1Text}
            </Typography>
            <Tabs value={method} onChange={(_, value: Method) => setMethod(value)} variant="fullWidth" sx={{ mb: 3 }}>
              <Tab value="email" label={t.auth.byEmail} />
              <Tab value="mobile" label={t.auth.byMobile} />
              <Tab value="sms" label={t.reset.bySms} />
            </Tabs>
            {method === 'sms' ? (
              <SmsResetForm />
            ) : (
            <Formik<IdentifierValues>
              key={method}
              initialValues={method === 'email' ? { email: typed.email, mobile: '' } : { email: '', mobile: typed.mobile }}
              validationSchema={forgotPasswordSchema}
              onSubmit={sendCode}
            >
              {({ isSubmitting }) => (
                <Stack component={Form} noValidate spacing={2} useFlexGap>
                  {method === 'email' ? (
                    <FormTextField name="email" label={t.auth.email} type="email" ltr autoComplete="email" inputMode="email" />
                  ) : (
                    <FormMobileField name="mobile" label={t.auth.mobile} />
                  )}
                  <FormStatusAlert />
                  <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting}>
                    {t.reset.sendCode}
                  </Button>
                </Stack>
              )}
            </Formik>
            )}
          </>
        )}
        <Box sx={{ mt: 3, textAlign: 'center' }}>
          <MuiLink component={Link} to="/login">
            {t.reset.backToLogin}
          </MuiLink>
        </Box>
      </Paper>
    </Container>
  );
}

/** Step 2: the code, the new password and its confirmation, for the identifier of step 1. */
function CodeStep({ identifier, shownAs, onResend }: { identifier: ForgotPasswordBody; shownAs: string; onResend: () => void }) {
  const [resetPassword] = useResetPasswordMutation();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);

  async function submit(values: CodeValues, helpers: FormikHelpers<CodeValues>) {
    const { code } = resetPasswordSchema.cast(values);
    const result = await resetPassword({ ...identifier, code, password: values.password, password_confirmation: values.password_confirmation });
    if ('error' in result) {
      await showFailure(result.error, CODE_STEP_FIELDS, helpers);
      return;
    }
    setDone(true);
    enqueueSnackbar(t.reset.success, { variant: 'success' });
    setTimeout(() => navigate('/login'), AUTH_REDIRECT_DELAY_MS);
  }

  const initialValues: CodeValues = {
    email: 'email' in identifier ? identifier.email : '',
    mobile: 'mobile' in identifier ? identifier.mobile : '',
    code: '',
    password: '',
    password_confirmation: '',
  };
  return (
    <>
      <Alert severity="info" role="status" sx={{ mb: 3 }}>
        {t.reset.codeSent(shownAs)}
      </Alert>
      <Formik<CodeValues> initialValues={initialValues} validationSchema={resetPasswordSchema} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Stack component={Form} noValidate spacing={2} useFlexGap>
            <FormNumberField name="code" label={t.reset.code} autoComplete="one-time-code" />
            <FormTextField name="password" label={t.reset.newPassword} type="password" ltr autoComplete="new-password" />
            <FormTextField name="password_confirmation" label={t.reset.newPasswordConfirmation} type="password" ltr autoComplete="new-password" />
            <FormStatusAlert />
            <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting || done}>
              {t.reset.submit}
            </Button>
          </Stack>
        )}
      </Formik>
      <Button onClick={onResend} disabled={done} fullWidth sx={{ mt: 1 }}>
        {t.reset.resendCode}
      </Button>
    </>
  );
}

/**
 * «بازیابی با کد پیامکی» (issue 26): {@link SmsCodeForm} with the `reset-password` purpose for a
 * verified mobile, the new password and its confirmation beside the code
 * (`POST /api/auth/sms-reset-password`); on success a toast, then after 3 seconds /login.
 */
function SmsResetForm() {
  const [smsResetPassword] = useSmsResetPasswordMutation();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  return (
    <SmsCodeForm
      purpose="reset-password"
      intro={t.reset.smsStep1}
      sentNote={t.reset.smsSent}
      codeSchema={smsResetPasswordSchema}
      extraValues={{ password: '', password_confirmation: '' }}
      extraFields={
        <>
          <FormTextField name="password" label={t.reset.newPassword} type="password" ltr autoComplete="new-password" />
          <FormTextField name="password_confirmation" label={t.reset.newPasswordConfirmation} type="password" ltr autoComplete="new-password" />
        </>
      }
      submitLabel={t.reset.submit}
      disabled={done}
      onCode={async (mobile, { code, password, password_confirmation }) => {
        const result = await smsResetPassword({ mobile, code, password: password!, password_confirmation: password_confirmation! });
        if ('data' in result && result.data) {
          setDone(true);
          enqueueSnackbar(t.reset.success, { variant: 'success' });
          setTimeout(() => navigate('/login'), AUTH_REDIRECT_DELAY_MS);
        }
        return result;
      }}
    />
  );
}
