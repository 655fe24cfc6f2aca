import { useState } from 'react';
import { Form, Formik } from 'formik';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import type { User } from '@shop/contracts';
import { FormMobileField, FormStatusAlert, FormTextField, mobileForApi, showSaveFailure } from '@shop/forms';
import { profileSchema } from '@shop/validation';
import { Alert, Button, Stack, enqueueSnackbar } from '@shop/ui-kit';
import { useUpdateProfileMutation } from './profile-api';
import { t } from '../strings';

/** What the profile form holds: the fields as typed. */
interface ProfileValues {
  full_name: string;
  email: string;
  mobile: string;
}

const valuesOf = (user: User): ProfileValues => ({ full_name: user.full_name, email: user.email, mobile: user.mobile ?? '' });

/**
 * The profile's edit form (#home; `PUT /api/profile`, `profileSchema`): full name, email and mobile
 * (Iran by default, any digits; empty removes it). On success the store's user is the answered one
 * (see `profile-api.ts`), a toast says so, and a changed email adds a note that a new link was sent:
 * the email is unverified until it is opened. The server's 422 shows under the fields.
 */
export function ProfileForm({ user }: { user: User }) {
  const [updateProfile] = useUpdateProfileMutation();
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  return (
    <Formik<ProfileValues>
      initialValues={valuesOf(user)}
      initialStatus={{}}
      validationSchema={profileSchema}
      validateOnBlur
      validateOnChange
      onSubmit={async (values, helpers) => {
        helpers.setStatus({});
        try {
          const { data } = await updateProfile({ full_name: values.full_name.trim(), email: values.email.trim(), mobile: mobileForApi(values.mobile) }).unwrap();
          helpers.resetForm({ values: valuesOf(data), status: {} });
          setLinkSentTo(data.email !== user.email ? data.email : null);
          enqueueSnackbar(t.profileForm.saved, { variant: 'success' });
        } catch (error) {
          const { status, message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
          await showSaveFailure({ status, message, errors: fieldErrors }, helpers);
        }
      }}
    >
      {({ isSubmitting, dirty }) => (
        <Form noValidate aria-label={t.profileForm.title}>
          <Stack spacing={1} useFlexGap>
            <FormTextField name="full_name" label={t.fullName} autoComplete="name" />
            <FormTextField name="email" label={t.email} type="email" ltr inputMode="email" autoComplete="email" help={t.profileForm.emailHelp} />
            <FormMobileField name="mobile" label={t.mobile} help={t.profileForm.mobileHelp} />
          </Stack>
          {linkSentTo && (
            <Alert severity="info" role="status" onClose={() => setLinkSentTo(null)} sx={{ mt: 1 }}>
              {t.profileForm.emailChanged(linkSentTo)}
            </Alert>
          )}
          <FormStatusAlert />
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
            <Button type="submit" variant="contained" disabled={isSubmitting || !dirty}>
              {isSubmitting ? t.profileForm.saving : t.profileForm.save}
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
