import { useState, type ReactNode } from 'react';
import type { PermissionDetail } from '@shop/contracts';
import { DebouncedSearchBox, ListPagination, pageOf, useUrlParams } from '@shop/content-ui';
import { formatNumber, toPersianDigits } from '@shop/format';
import { Link } from '@shop/router';
import { Box, Button, Icon, IconButton, Link as MuiLink, Stack, Typography } from '@shop/ui-kit';
import { Chip, List, ListItem, ListItemText, Tooltip } from '@shop/ui-kit/lazy';
import { DataTable, PageHeader, useUndoableDelete } from '@shop/dashboard-ui';
import { PATHS } from '../paths';
import { permissionLabel } from './permission-label';
import { useDeletePermissionMutation, useGetPermissionsQuery } from './permissions-api';
import { t } from '../strings';

const PER_PAGE = 20;
const COLUMNS = ['name', 'users', 'actions'] as const;

/** A permission's name linking to its page, with the «سیستمی» chip when the code checks it. */
function PermissionNameCell({ permission }: { permission: PermissionDetail }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center' }}>
      <MuiLink component={Link} to={PATHS.editPermission(permission.id)} underline="hover" sx={{ fontWeight: 500 }}>
        <bdi>{permissionLabel(permission.name)}</bdi>
      </MuiLink>
      {permission.is_builtin && <Chip size="small" variant="outlined" color="info" label={t.permissions.builtin} />}
    </Stack>
  );
}

/** The users who hold a permission: id, full name and email (SPEC §3 "Permission"). */
function HoldersList({ permission }: { permission: PermissionDetail }) {
  return (
    <List dense disablePadding aria-label={t.permissions.holdersOf(permission.name)}>
      {permission.users.map((holder) => (
        <ListItem key={holder.id} disableGutters>
          <ListItemText
            primary={`${toPersianDigits(holder.id)} — ${holder.full_name}`}
            secondary={<bdi dir="ltr">{holder.email}</bdi>}
          />
        </ListItem>
      ))}
    </List>
  );
}

/**
 * `/dashboard/permissions` (SPEC §2, permission `manage-permissions`): every permission with the
 * «سیستمی» chip for the names the code checks, how many users hold it (opening the list of their
 * id, full name and email), search and pages in the URL, and edit and delete, which waits 10
 * seconds for «بازگردانی» before it is sent (issue 32 item 5; the server refuses a builtin one: the
 * row comes back and the message stays on the page).
 */
export default function PermissionsPage() {
  const [params, update] = useUrlParams();
  const q = params.get('q') ?? '';
  const page = pageOf(params);
  const query = useGetPermissionsQuery({ page, per_page: PER_PAGE, q });
  const { data, isLoading, isFetching } = query;
  const [deletePermission] = useDeletePermissionMutation();
  const deletion = useUndoableDelete({
    query,
    send: (permission) => deletePermission(permission.id).unwrap(),
    message: (permission) => t.permissions.deletedOf(permission.name),
  });
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const cell = (permission: PermissionDetail, column: (typeof COLUMNS)[number]): ReactNode => {
    switch (column) {
      case 'name':
        return <PermissionNameCell permission={permission} />;
      case 'users':
        return permission.users.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t.permissions.noHolders}
          </Typography>
        ) : (
          <Button
            size="small"
            onClick={() => toggle(permission.id)}
            aria-expanded={open.has(permission.id)}
            endIcon={<Icon name="ExpandMore" sx={{ transform: open.has(permission.id) ? 'rotate(180deg)' : undefined }} />}
          >
            {t.permissions.usersCount(formatNumber(permission.users.length))}
          </Button>
        );
      case 'actions':
        return (
          <Stack direction="row" spacing={0.5}>
            <Tooltip title={t.permissions.edit(permission.name)}>
              <IconButton component={Link} to={PATHS.editPermission(permission.id)} aria-label={t.permissions.edit(permission.name)} size="small">
                <Icon name="Edit" fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t.permissions.remove(permission.name)}>
              <IconButton onClick={() => deletion.remove(permission)} aria-label={t.permissions.remove(permission.name)} size="small" color="error">
                <Icon name="Delete" fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        );
    }
  };

  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader
        title={t.permissions.title}
        intro={t.permissions.intro}
        actions={
          <Button component={Link} to={PATHS.addPermission} variant="contained" startIcon={<Icon name="Add" />}>
            {t.permissions.add}
          </Button>
        }
      />
      <Stack spacing={2} useFlexGap direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
        <DebouncedSearchBox
          value={q}
          onSearch={(next) => update({ q: next.trim(), page: null }, true)}
          label={t.permissions.search}
          placeholder={t.permissions.searchPlaceholder}
        />
        {deletion.list && (
          <Typography color="text.secondary" role="status">
            {t.permissions.total(formatNumber(deletion.list.meta.total))}
          </Typography>
        )}
      </Stack>
      {deletion.refusal}
      <DataTable
        label={t.permissions.title}
        columns={COLUMNS}
        labels={t.permissions.columns}
        rows={deletion.list?.data}
        rowKey={(permission) => permission.id}
        cell={cell}
        detail={(permission) => (open.has(permission.id) && permission.users.length > 0 ? <HoldersList permission={permission} /> : null)}
        isLoading={isLoading}
        isFetching={isFetching}
        empty={t.permissions.empty}
        minWidth={640}
      />
      <ListPagination meta={data?.meta} onChange={(next) => update({ page: next <= 1 ? null : String(next) })} />
    </Box>
  );
}
