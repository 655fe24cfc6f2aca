import { useEffect, useState, type ReactNode } from 'react';
import { Form, Formik } from 'formik';
import { claimApiError, readApiError, selectCurrentUser, skipToken, useAppSelector, type FetchBaseQueryError } from '@shop/api-client';
import { hasPermission, type PermissionDetail, type PermissionHolder, type User } from '@shop/contracts';
import { SEARCH_DEBOUNCE_MS } from '@shop/content-ui';
import { formatNumber } from '@shop/format';
import { FormButtons, FormStatusAlert, FormTextField, showSaveFailure } from '@shop/forms';
import { useNavigate } from '@shop/router';
import { permissionSchema, type PermissionInput } from '@shop/validation';
import { Alert, Box, Button, Icon, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { Autocomplete, Chip, TextField } from '@shop/ui-kit/lazy';
import { DashboardSection, DataTable, FormSkeleton, PageHeader, deleteOnList, useEditId, EmailAddress } from '@shop/dashboard-ui';
import { PATHS } from '../paths';
import { useGetDashboardUsersQuery } from '../users/users-api';
import { permissionLabel } from './permission-label';
import {
  useAssignPermissionMutation,
  useCreatePermissionMutation,
  useGetPermissionQuery,
  useRenamePermissionMutation,
  useUnassignPermissionMutation,
} from './permissions-api';
import { t } from '../strings';

/** How many staff users the picker offers for one search. */
const STAFF_SHOWN = 10;
const HOLDER_COLUMNS = ['id', 'full_name', 'email', 'actions'] as const;

/**
 * The name form (`permissionSchema`): creates the permission (`POST`, then its page opens) or renames
 * it (`PUT`). A builtin permission's name is fixed: the field is disabled and the reason shown.
 */
function NameForm({ permission }: { permission: PermissionDetail | null }) {
  const navigate = useNavigate();
  const [create] = useCreatePermissionMutation();
  const [rename] = useRenamePermissionMutation();
  const builtin = permission?.is_builtin ?? false;
  return (
    <Formik<PermissionInput>
      initialValues={{ name: permission?.name ?? '' }}
      initialStatus={{}}
      validationSchema={permissionSchema}
      validateOnBlur
      validateOnChange
      onSubmit={async (values, helpers) => {
        helpers.setStatus({});
        const body = { name: values.name.trim() };
        try {
          if (permission === null) {
            const { data } = await create(body).unwrap();
            enqueueSnackbar(t.permissions.created, { variant: 'success' });
            navigate(PATHS.editPermission(data.id));
          } else {
            const { data } = await rename({ id: permission.id, body }).unwrap();
            enqueueSnackbar(t.permissions.renamed, { variant: 'success' });
            helpers.resetForm({ values: { name: data.name }, status: {} });
          }
        } catch (error) {
          const { status, message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
          await showSaveFailure({ status, message, errors: fieldErrors }, helpers);
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label={t.permissions.name}>
          {builtin && (
            <Alert severity="info" role="status" sx={{ mb: 2 }}>
              {t.permissions.builtinRename}
            </Alert>
          )}
          <FormTextField name="name" label={t.permissions.name} help={t.permissions.nameHelp} ltr disabled={builtin} autoComplete="off" />
          <FormStatusAlert />
          <FormButtons cancelTo={PATHS.permissions} submitting={isSubmitting} disabled={builtin} />
        </Form>
      )}
    </Formik>
  );
}

/**
 * «افزودن کاربر کارمند»: an Autocomplete over the staff users (`GET /api/dashboard/users?status=staff&q=`,
 * searched once typing pauses) that assigns the chosen one; those who hold it already are not offered.
 */
function StaffPicker({ permission, onAssign, assigning }: { permission: PermissionDetail; onAssign: (user: User) => void; assigning: boolean }) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const { data, isFetching } = useGetDashboardUsersQuery({ page: 1, per_page: STAFF_SHOWN, q, status: 'staff' });
  const holders = new Set(permission.users.map(({ id }) => id));
  const options = (data?.data ?? []).filter((user) => !holders.has(user.id));
  return (
    <Autocomplete<User>
      options={options}
      value={null}
      inputValue={typed}
      onInputChange={(_, next, reason) => setTyped(reason === 'reset' ? '' : next)}
      onChange={(_, user) => user && onAssign(user)}
      // The API searched already: show what it answered.
      filterOptions={(found) => found}
      getOptionLabel={(user) => `${user.full_name} (${user.email})`}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      loading={isFetching}
      loadingText={t.permissions.searching}
      noOptionsText={t.permissions.noStaff}
      disabled={assigning}
      renderInput={(params) => <TextField {...params} label={t.permissions.addStaff} helperText={t.permissions.addStaffHelp} />}
    />
  );
}

/**
 * The users who hold the permission, each with «برداشتن», and the staff picker that adds one
 * (`POST|DELETE /api/dashboard/permissions/:id/users`). A refusal (not a staff user) stays on the page.
 */
function Holders({ permission }: { permission: PermissionDetail }) {
  const caller = useAppSelector(selectCurrentUser);
  const [assign, { isLoading: assigning }] = useAssignPermissionMutation();
  const [unassign, { isLoading: unassigning, originalArgs }] = useUnassignPermissionMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const run = async (write: () => Promise<unknown>, done: string) => {
    setRefusal(null);
    try {
      await write();
      enqueueSnackbar(done, { variant: 'success' });
    } catch (error) {
      const { message } = readApiError(error as FetchBaseQueryError);
      // The page shows the server's reason, so the shell adds no toast of its own (issue 22 item 11).
      if (message) claimApiError(error as FetchBaseQueryError);
      setRefusal(message ?? null);
    }
  };
  const cell = (holder: PermissionHolder, column: (typeof HOLDER_COLUMNS)[number]): ReactNode => {
    switch (column) {
      case 'id':
        return formatNumber(holder.id);
      case 'full_name':
        return holder.full_name;
      case 'email':
        return <EmailAddress email={holder.email} />;
      case 'actions':
        return (
          <Button
            size="small"
            color="error"
            startIcon={<Icon name="Delete" />}
            aria-label={t.permissions.unassignUser(holder.full_name)}
            disabled={unassigning && originalArgs?.userId === holder.id}
            onClick={() => void run(() => unassign({ id: permission.id, userId: holder.id }).unwrap(), t.permissions.unassigned)}
          >
            {t.permissions.unassign}
          </Button>
        );
    }
  };
  return (
    <Stack spacing={2} useFlexGap>
      {refusal && (
        <Alert severity="warning" role="alert" onClose={() => setRefusal(null)}>
          {refusal}
        </Alert>
      )}
      <DataTable
        label={t.permissions.holders}
        columns={HOLDER_COLUMNS}
        labels={t.permissions.holderColumns}
        rows={permission.users}
        rowKey={(holder) => holder.id}
        cell={cell}
        isLoading={false}
        isFetching={false}
        empty={t.permissions.noHolders}
        minWidth={560}
      />
      {hasPermission(caller, 'show-users') ? (
        <StaffPicker
          permission={permission}
          assigning={assigning}
          onAssign={(user) => void run(() => assign({ id: permission.id, userId: user.id }).unwrap(), t.permissions.assigned)}
        />
      ) : (
        <Typography color="text.secondary">{t.permissions.staffPickerNeedsShowUsers}</Typography>
      )}
    </Stack>
  );
}

/**
 * The page of one permission: its name (renamed here unless builtin), its holders, and «حذف دسترسی»,
 * which deletes it on the list with the list's undo window (issue 32 item 5).
 */
function PermissionEditor({ permission }: { permission: PermissionDetail }) {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={t.permissions.editTitle}
        intro={
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center' }}>
            <bdi>{permissionLabel(permission.name)}</bdi>
            {permission.is_builtin && <Chip size="small" variant="outlined" color="info" label={t.permissions.builtin} />}
          </Stack>
        }
        parents={[{ label: t.permissions.title, to: PATHS.permissions }]}
        actions={
          <Button color="error" variant="outlined" startIcon={<Icon name="Delete" />} onClick={() => void navigate(PATHS.permissions, { state: deleteOnList(permission) })}>
            {t.permissions.deletePermission}
          </Button>
        }
      />
      <Stack spacing={3} useFlexGap>
        <DashboardSection title={t.permissions.name}>
          <NameForm permission={permission} />
        </DashboardSection>
        <DashboardSection title={t.permissions.holders}>
          <Holders permission={permission} />
        </DashboardSection>
      </Stack>
    </>
  );
}

/**
 * `/dashboard/permissions/add-permission` and `/dashboard/permissions/:editPermissionId`
 * (permission `manage-permissions`; SPEC §2, §3): a new permission's name, or an existing one's
 * page (a missing one answers 404 and the shell shows its page).
 */
export default function PermissionFormPage() {
  const id = useEditId('editPermissionId');
  const { data } = useGetPermissionQuery(id ?? skipToken, { refetchOnMountOrArgChange: true });
  if (id !== null && !data) return <FormSkeleton />;
  return (
    <Box sx={{ py: { xs: 2, md: 3 }, maxWidth: 880 }}>
      {data ? (
        <PermissionEditor key={data.data.id} permission={data.data} />
      ) : (
        <>
          <PageHeader title={t.permissions.add} parents={[{ label: t.permissions.title, to: PATHS.permissions }]} />
          <DashboardSection title={t.permissions.name}>
            <NameForm permission={null} />
          </DashboardSection>
        </>
      )}
    </Box>
  );
}
