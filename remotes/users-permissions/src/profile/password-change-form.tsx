import { Form, Formik } from 'formik';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import { FormStatusAlert, FormTextField, showSaveFailure } from '@shop/forms';
import { passwordChangeSchema, type PasswordChangeInput } from '@shop/validation';
import { Button, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { useChangePasswordMutation } from './profile-api';
import { t } from '../strings';

const EMPTY: PasswordChangeInput = { current_password: '', password: '', password_confirmation: '' };

/**
 * «تغییر رمز عبور» in the profile (#home; `PUT /api/profile/password`, `passwordChangeSchema`): the
 * current password, then the new one twice (SPEC §5). On success a Persian toast and an empty form;
 * a wrong current password (422) shows under its field.
 */
export function PasswordChangeForm() {
  const [changePassword] = useChangePasswordMutation();
  return (
    <Formik<PasswordChangeInput>
      initialValues={EMPTY}
      initialStatus={{}}
      validationSchema={passwordChangeSchema}
      validateOnBlur
      validateOnChange
      onSubmit={async (values, helpers) => {
        helpers.setStatus({});
        try {
          const answer = await changePassword(values).unwrap();
          helpers.resetForm({ values: EMPTY, status: {} });
          enqueueSnackbar(answer.message || t.profileForm.passwordChanged, { variant: 'success' });
        } catch (error) {
          const { status, message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
          await showSaveFailure({ status, message, errors: fieldErrors }, helpers);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label={t.profileForm.passwordTitle}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t.profileForm.passwordIntro}
          </Typography>
          <Stack spacing={1} useFlexGap>
            <FormTextField name="current_password" label={t.profileForm.currentPassword} type="password" ltr autoComplete="current-password" />
            <FormTextField
              name="password"
              label={t.profileForm.newPassword}
              type="password"
              ltr
              autoComplete="new-password"
              help={t.profileForm.newPasswordHelp}
            />
            <FormTextField name="password_confirmation" label={t.profileForm.passwordConfirmation} type="password" ltr autoComplete="new-password" />
          </Stack>
          <FormStatusAlert />
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              {isSubmitting ? t.profileForm.saving : t.profileForm.changePassword}
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
