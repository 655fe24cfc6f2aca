import { Form, Formik, useField, useFormikContext } from 'formik';
import { claimApiError, selectCurrentUser, skipToken, useAppSelector, type FetchBaseQueryError } from '@shop/api-client';
import type { DashboardUserBody, User, UserStatus } from '@shop/contracts';
import { FormButtons, FormMobileField, FormSelectField, FormStatusAlert, FormTextField, mobileForApi, showSaveFailure } from '@shop/forms';
import { useNavigate } from '@shop/router';
import { USER_STATUSES, dashboardUserCreateSchema, dashboardUserUpdateSchema } from '@shop/validation';
import { Box, Paper, Skeleton, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { Checkbox, FormControlLabel, FormHelperText, FormLabel } from '@shop/ui-kit/lazy';
import { FormSkeleton, PageHeader, useEditId } from '@shop/dashboard-ui';
import { permissionLabel } from '../permissions/permission-label';
import { useGetPermissionsQuery } from '../permissions/permissions-api';
import { PATHS } from '../paths';
import { useCreateDashboardUserMutation, useGetDashboardUserQuery, useUpdateDashboardUserMutation } from './users-api';
import { UserDevicesCard } from './user-devices-card';
import { t } from '../strings';

/** What the user form holds. */
interface UserFormValues {
  full_name: string;
  email: string;
  mobile: string;
  password: string;
  status: UserStatus;
  permission_ids: number[];
}

/** The permissions the form lists (the API's `per_page` maximum: the catalogue and a few more fit). */
const PERMISSIONS_SHOWN = 50;
const STATUS_OPTIONS = USER_STATUSES.map((status) => ({ value: status, label: t.userStatus[status] }));

/** The staff user's permissions as checkboxes (`GET /api/dashboard/permissions?per_page=50`), bound to `permission_ids`. */
function PermissionsField() {
  const { data } = useGetPermissionsQuery({ page: 1, per_page: PERMISSIONS_SHOWN });
  const [field, meta, helpers] = useField<number[]>('permission_ids');
  const chosen = new Set(field.value);
  const toggle = (id: number, on: boolean) => void helpers.setValue(on ? [...field.value, id] : field.value.filter((other) => other !== id));
  return (
    <Box role="group" aria-labelledby="permission-ids-label">
      <FormLabel id="permission-ids-label">{t.userForm.permissions}</FormLabel>
      <FormHelperText error={!!meta.error}>{meta.error ?? t.userForm.permissionsHelp}</FormHelperText>
      {!data ? (
        <Skeleton variant="rounded" height={120} sx={{ mt: 1 }} />
      ) : data.data.length === 0 ? (
        <Typography color="text.secondary">{t.userForm.noPermissions}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
          {data.data.map((permission) => (
            <FormControlLabel
              key={permission.id}
              control={<Checkbox checked={chosen.has(permission.id)} onChange={(event) => toggle(permission.id, event.target.checked)} />}
              label={permissionLabel(permission.name)}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}

/** The type select (only a super user may change it) and, for a staff user edited by a super user, the permissions. */
function TypeAndPermissions({ callerIsSuper }: { callerIsSuper: boolean }) {
  const { values } = useFormikContext<UserFormValues>();
  return (
    <>
      <FormSelectField
        name="status"
        label={t.userForm.status}
        options={STATUS_OPTIONS}
        disabled={!callerIsSuper}
        help={callerIsSuper ? undefined : t.userForm.statusLocked}
      />
      {callerIsSuper && values.status === 'staff' && <PermissionsField />}
    </>
  );
}

/**
 * The add-user and edit-user form (SPEC §2–§5; `POST /api/dashboard/users`, `PUT /api/dashboard/users/:id`):
 * full name, email, mobile, password (required on add, kept when left empty on edit), type and, for
 * staff, permissions. A staff caller cannot change the type or the permissions (the server would answer
 * 403): the select is disabled and the user's own are sent back. The server's 422 shows under the fields.
 */
function UserForm({ user, caller }: { user: User | null; caller: User | null }) {
  const navigate = useNavigate();
  const [create] = useCreateDashboardUserMutation();
  const [update] = useUpdateDashboardUserMutation();
  const creating = user === null;
  const callerIsSuper = caller?.status === 'super';
  const heading = creating ? t.addUser : t.editUser;
  const initialValues: UserFormValues = {
    full_name: user?.full_name ?? '',
    email: user?.email ?? '',
    mobile: user?.mobile ?? '',
    password: '',
    status: user?.status ?? 'ordinary',
    permission_ids: user?.permissions.map(({ id }) => id) ?? [],
  };
  const toBody = (values: UserFormValues): DashboardUserBody => {
    const status = callerIsSuper ? values.status : initialValues.status;
    return {
      full_name: values.full_name.trim(),
      email: values.email.trim(),
      // Empty removes the mobile (as in the profile).
      mobile: mobileForApi(values.mobile),
      ...(values.password ? { password: values.password } : {}),
      status,
      permission_ids: !callerIsSuper ? initialValues.permission_ids : status === 'staff' ? values.permission_ids : [],
    };
  };
  return (
    <Box sx={{ py: { xs: 2, md: 3 }, maxWidth: 880 }}>
      <PageHeader title={heading} parents={[{ label: t.users, to: PATHS.users }]} />
      <Formik<UserFormValues>
        initialValues={initialValues}
        initialStatus={{}}
        validationSchema={creating ? dashboardUserCreateSchema : dashboardUserUpdateSchema}
        validateOnBlur
        validateOnChange
        onSubmit={async (values, helpers) => {
          helpers.setStatus({});
          try {
            const body = toBody(values);
            await (user === null ? create(body) : update({ id: user.id, body })).unwrap();
            enqueueSnackbar(t.userForm.saved, { variant: 'success' });
            navigate(PATHS.users);
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
                <FormTextField name="full_name" label={t.userForm.fullName} autoComplete="off" />
                <FormTextField name="email" label={t.userForm.email} type="email" ltr inputMode="email" autoComplete="off" />
                <FormMobileField name="mobile" label={t.userForm.mobile} autoComplete="off" />
                <FormTextField
                  name="password"
                  label={t.userForm.password}
                  type="password"
                  ltr
                  autoComplete="new-password"
                  help={creating ? t.userForm.passwordHelp : t.userForm.passwordKeep}
                />
                <TypeAndPermissions callerIsSuper={callerIsSuper} />
              </Stack>
              <FormStatusAlert />
              <FormButtons cancelTo={PATHS.users} submitting={isSubmitting} />
            </Form>
          </Paper>
        )}
      </Formik>
    </Box>
  );
}

/**
 * `/dashboard/users/add-user` and `/dashboard/users/:editUserId` (permission `show-users`): the user
 * form, after loading the user when editing (a missing one answers 404 and the shell shows its page),
 * and under it the user's devices that play lessons (issue 38).
 */
export default function UserFormPage() {
  const id = useEditId('editUserId');
  const caller = useAppSelector(selectCurrentUser);
  const { data } = useGetDashboardUserQuery(id ?? skipToken, { refetchOnMountOrArgChange: true });
  if (id !== null && !data) return <FormSkeleton />;
  // A new key per user, so formik starts from that user's values.
  const form = <UserForm key={id ?? 'new'} user={data?.data ?? null} caller={caller} />;
  if (id === null) return form;
  return (
    <>
      {form}
      <Box sx={{ pb: { xs: 2, md: 3 }, maxWidth: 880 }}>
        <UserDevicesCard userId={id} />
      </Box>
    </>
  );
}
