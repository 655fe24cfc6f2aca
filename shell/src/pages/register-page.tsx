import { useState } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import { LOGIN_RETURN_PARAM, loginPathReturningTo, safeReturnPath, type User } from '@shop/contracts';
import { registerSchema } from '@shop/validation';
import { readApiError, useAppDispatch, userReceived } from '@shop/api-client';
import { Box, Button, Container, Link as MuiLink, Paper, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { Link, useNavigate, useSearchParams } from '@shop/router';
import { useRegisterMutation } from '../auth/auth-api';
import { AUTH_REDIRECT_DELAY_MS } from '../auth/redirect-delay';
import { FormMobileField, FormTextField, mobileForApi, toFormikErrors } from '@shop/forms';
import { t } from '../strings';

interface Values {
  full_name: string;
  email: string;
  mobile: string;
  password: string;
  password_confirmation: string;
  way_of_knowing_our_website: string;
}

/**
 * `/register` (SPEC §2) with the optional how-you-found-us field. On success a toast, then
 * after 3 seconds the user is stored and sent to the verification page (SPEC §4), or back to
 * `?redirect=` when that is a path of this site, as the login page does (issue 25: a visitor who
 * paid for their cart registers and comes back to it, merged); the link to /login keeps it.
 * With a mobile, the verification page then offers to verify it by an SMS code (issue 26; issue 32
 * item 7: the user leaves /register for /verification as SPEC §4 says, whatever they gave).
 */
export default function RegisterPage() {
  const [register] = useRegisterMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  const [params] = useSearchParams();
  const returnTo = safeReturnPath(params.get(LOGIN_RETURN_PARAM));

  async function submit(values: Values, helpers: FormikHelpers<Values>) {
    const body = {
      full_name: values.full_name,
      email: values.email,
      password: values.password,
      password_confirmation: values.password_confirmation,
      ...(values.mobile.trim() ? { mobile: mobileForApi(values.mobile) } : {}),
      ...(values.way_of_knowing_our_website.trim() ? { way_of_knowing_our_website: values.way_of_knowing_our_website } : {}),
    };
    const result = await register(body);
    if ('error' in result) {
      helpers.setErrors(toFormikErrors(readApiError(result.error).fieldErrors));
      return;
    }
    setDone(true);
    const { user } = result.data.data;
    enqueueSnackbar(returnTo ? t.auth.registerSuccessReturning : t.auth.registerSuccess, { variant: 'success' });
    setTimeout(() => goOn(user), AUTH_REDIRECT_DELAY_MS);
  }

  /** Stores the new user and sends them to the verification page, or back to `?redirect=`. */
  function goOn(user: User) {
    dispatch(userReceived({ user, buyedProducts: [] }));
    navigate(returnTo ?? '/verification?msg=email-verification-has-been-sent');
  }

  return (
    <Container maxWidth="sm" sx={{ py: 6 }}>
      <Paper sx={{ p: { xs: 3, md: 4 } }}>
        <Typography variant="h5" component="h1" sx={{ mb: 3 }}>
          {t.auth.registerTitle}
        </Typography>
        <Formik<Values>
          initialValues={{ full_name: '', email: '', mobile: '', password: '', password_confirmation: '', way_of_knowing_our_website: '' }}
          validationSchema={registerSchema}
          onSubmit={submit}
        >
          {({ isSubmitting }) => (
            <Stack component={Form} noValidate spacing={2} useFlexGap>
              <FormTextField name="full_name" label={t.auth.fullName} autoComplete="name" />
              <FormTextField name="email" label={t.auth.email} type="email" ltr autoComplete="email" inputMode="email" />
              <FormMobileField name="mobile" label={`${t.auth.mobile} (اختیاری)`} />
              <FormTextField name="password" label={t.auth.password} type="password" ltr autoComplete="new-password" />
              <FormTextField name="password_confirmation" label={t.auth.passwordConfirmation} type="password" ltr autoComplete="new-password" />
              <FormTextField name="way_of_knowing_our_website" label={t.auth.wayOfKnowing} multiline />
              <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting || done}>
                {t.auth.submitRegister}
              </Button>
            </Stack>
          )}
        </Formik>
        <Box sx={{ mt: 3, textAlign: 'center' }}>
          {t.auth.haveAccount}{' '}
          <MuiLink component={Link} to={returnTo ? loginPathReturningTo(returnTo) : '/login'}>
            {t.nav.login}
          </MuiLink>
        </Box>
      </Paper>
    </Container>
  );
}
