import { useState } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import { LOGIN_RETURN_PARAM, registerPathReturningTo, safeReturnPath } from '@shop/contracts';
import { loginSchema } from '@shop/validation';
import { readApiError, useAppDispatch, userReceived } from '@shop/api-client';
import { Alert, Box, Button, Container, Link as MuiLink, Paper, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { Tab, Tabs } from '@shop/ui-kit/lazy';
import { Link, useNavigate, useSearchParams } from '@shop/router';
import type { AuthTokenAnswer } from '@shop/contracts';
import { useLoginMutation } from '../auth/auth-api';
import { SmsLoginForm } from '../auth/sms-login-form';
import { AUTH_REDIRECT_DELAY_MS } from '../auth/redirect-delay';
import { FormMobileField, FormTextField, mobileForApi, toFormikErrors } from '@shop/forms';
import { t } from '../strings';

type Method = 'email' | 'mobile' | 'sms';
interface Values {
  email: string;
  mobile: string;
  password: string;
}

/**
 * `/login` (SPEC §2): switchable between email, mobile number and «ورود با کد پیامکی» (issue 26:
 * {@link SmsLoginForm}), with the «فراموشی رمز عبور»
 * link to /reset-password. On success a toast, then after 3 seconds the user is stored and sent
 * to / (SPEC §4), or back to `?redirect=` when that is a path of this site; a page that sent the
 * visitor here so is named by a note saying why (issue 22 item 12).
 */
export default function LoginPage() {
  const [method, setMethod] = useState<Method>('email');
  const [login] = useLoginMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get(LOGIN_RETURN_PARAM));

  async function submit(values: Values, helpers: FormikHelpers<Values>) {
    const body = method === 'email' ? { email: values.email, password: values.password } : { mobile: mobileForApi(values.mobile), password: values.password };
    const result = await login(body);
    if ('error' in result) {
      helpers.setErrors(toFormikErrors(readApiError(result.error).fieldErrors));
      return;
    }
    signedIn(result.data);
  }

  /** Either way of signing in ends here: a toast, then after 3 seconds the user is stored and sent on. */
  function signedIn({ data: { user } }: AuthTokenAnswer) {
    setDone(true);
    enqueueSnackbar(returnTo ? t.auth.loginSuccessReturning : t.auth.loginSuccess, { variant: 'success' });
    setTimeout(() => {
      dispatch(userReceived({ user }));
      navigate(returnTo ?? '/');
    }, AUTH_REDIRECT_DELAY_MS);
  }

  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Paper sx={{ p: { xs: 3, md: 4 } }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {t.auth.loginTitle}
        </Typography>
        {returnTo && (
          <Alert severity="info" role="status" sx={{ mb: 2 }}>
            {t.auth.loginToContinue}
          </Alert>
        )}
        <Tabs value={method} onChange={(_, value: Method) => setMethod(value)} variant="fullWidth" sx={{ mb: 3 }}>
          <Tab value="email" label={t.auth.byEmail} />
          <Tab value="mobile" label={t.auth.byMobile} />
          <Tab value="sms" label={t.auth.bySmsCode} />
        </Tabs>
        {method === 'sms' ? (
          <SmsLoginForm onSignedIn={signedIn} disabled={done} />
        ) : (
        <Formik<Values>
          key={method}
          initialValues={{ email: '', mobile: '', password: '' }}
          validationSchema={loginSchema}
          onSubmit={submit}
        >
          {({ isSubmitting }) => (
            <Stack component={Form} noValidate spacing={2} useFlexGap>
              {method === 'email' ? (
                <FormTextField name="email" label={t.auth.email} type="email" ltr autoComplete="email" inputMode="email" />
              ) : (
                <FormMobileField name="mobile" label={t.auth.mobile} />
              )}
              <FormTextField name="password" label={t.auth.password} type="password" ltr autoComplete="current-password" />
              <Box>
                <MuiLink component={Link} to="/reset-password" variant="body2">
                  {t.auth.forgotPassword}
                </MuiLink>
              </Box>
              <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting || done}>
                {t.auth.submitLogin}
              </Button>
            </Stack>
          )}
        </Formik>
        )}
        <Box sx={{ mt: 3, textAlign: 'center' }}>
          {t.auth.noAccount}{' '}
          <MuiLink component={Link} to={returnTo ? registerPathReturningTo(returnTo) : '/register'}>
            {t.nav.register}
          </MuiLink>
        </Box>
      </Paper>
    </Container>
  );
}

