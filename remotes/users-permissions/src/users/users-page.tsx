import { lazy, Suspense, useState, type ReactNode } from 'react';
import { selectCurrentUser, useAppSelector } from '@shop/api-client';
import type { User, UserStatus, WriteCommentStatus } from '@shop/contracts';
import { DebouncedSearchBox, ListPagination, useTableParams, useUrlParams } from '@shop/content-ui';
import { formatJalaliDate, formatMobile } from '@shop/format';
import { Link } from '@shop/router';
import { Box, Button, CircularProgress, Icon, IconButton, Stack, Typography } from '@shop/ui-kit';
import { Chip, Dialog, DialogContent, Tooltip } from '@shop/ui-kit/lazy';
import { DataTable, ExportCsvButton, FilterSelect, ListToolbar, PageHeader, filterOf, useUndoableDelete, EmailAddress } from '@shop/dashboard-ui';
import { PATHS } from '../paths';
import { CommentStatusChip } from './comment-status-chip';
import { USERS_EXPORT, useDeleteDashboardUserMutation, useGetDashboardUsersQuery } from './users-api';
import { t } from '../strings';

// Only this page opens the dialog, and only on demand: the Jalali date-time picker it holds
// (`@shop/ui-kit/date-pickers`) loads with it, so no other page pays for it.
const CommentRestrictionDialog = lazy(() => import('./comment-restriction-dialog'));

const PER_PAGE = 15;
const COLUMNS = [
  'full_name',
  'email',
  'mobile',
  'status',
  'email_verified',
  'write_comment_status',
  'way_of_knowing_our_website',
  'created_at',
  'actions',
] as const;
type Column = (typeof COLUMNS)[number];

/** Columns the API sorts by; newest members first by default. */
const SORTABLE_COLUMNS = ['full_name', 'email', 'created_at'] as const;
const DEFAULT_SORT = '-created_at';

/** What shows while the restriction dialog and its date picker load. */
function RestrictionDialogFallback() {
  return (
    <Dialog open aria-label={t.restriction.loading}>
      <DialogContent>
        <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>{t.restriction.loading}</Typography>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}

/** True when `caller` may edit, restrict or delete `user`: only a super user touches a super account. */
const canManage = (caller: User | null, user: User) => caller?.status === 'super' || user.status !== 'super';

/** The edit link and the restriction and delete buttons of a user's row, named after the user. */
function UserActions({ user, self, onRestrict, onDelete }: { user: User; self: boolean; onRestrict: () => void; onDelete: () => void }) {
  return (
    <Stack direction="row" spacing={0.5}>
      <Tooltip title={t.edit(user.full_name)}>
        <IconButton component={Link} to={PATHS.editUser(user.id)} aria-label={t.edit(user.full_name)} size="small">
          <Icon name="Edit" fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={t.restrict(user.full_name)}>
        <IconButton onClick={onRestrict} aria-label={t.restrict(user.full_name)} size="small" color="warning">
          <Icon name="CommentsDisabled" fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={self ? t.cannotDeleteSelf : t.remove(user.full_name)}>
        {/* A span keeps the tooltip on a disabled button. */}
        <span>
          <IconButton onClick={onDelete} disabled={self} aria-label={t.remove(user.full_name)} size="small" color="error">
            <Icon name="Delete" fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
    </Stack>
  );
}

/**
 * `/dashboard/users` (SPEC §2, permission `show-users`): the users table with a debounced search,
 * filters by type, email verification and comment status, sortable columns and pages, all kept in
 * the URL (`q`, `status`, `verified`, `write_comment_status`, `sort`, `page`). Each row shows the
 * how-found answer and the comment status (with the end of a temporary bar), and offers edit, the
 * comment restriction dialog and delete, which waits 10 seconds for «بازگردانی» before it is sent
 * (issue 32 item 5; a buyer's 405 brings the row back and says why).
 * «خروجی CSV» downloads every user of the filters and sort (issue 26).
 */
export default function UsersPage() {
  const caller = useAppSelector(selectCurrentUser);
  const { page, q, sort, sortParam, setPage, setQuery, toggleSort } = useTableParams(SORTABLE_COLUMNS, DEFAULT_SORT);
  const [params, update] = useUrlParams();
  const status = filterOf<UserStatus>(params.get('status'), t.userStatus);
  const verified = filterOf<'yes' | 'no'>(params.get('verified'), t.filters.verifiedOptions);
  const commentStatus = filterOf<WriteCommentStatus>(params.get('write_comment_status'), t.commentStatus);
  const query = useGetDashboardUsersQuery({
    page,
    per_page: PER_PAGE,
    q,
    sort: sortParam,
    status: status || undefined,
    verified: verified || undefined,
    write_comment_status: commentStatus || undefined,
  });
  const { data, isLoading, isFetching } = query;
  const [deleteUser] = useDeleteDashboardUserMutation();
  const deletion = useUndoableDelete({
    query,
    send: (user) => deleteUser(user.id).unwrap(),
    message: (user) => t.userDeleted(user.full_name),
    refusals: { 405: t.deleteRefusedBuyer },
  });
  const [restricting, setRestricting] = useState<User | null>(null);

  const cell = (user: User, column: Column): ReactNode => {
    switch (column) {
      case 'full_name':
        // Broken between words only (the table's cells may break anywhere: issue 32 item 8).
        return <Typography sx={{ fontWeight: 500, fontSize: 'inherit', overflowWrap: 'break-word' }}>{user.full_name}</Typography>;
      case 'email':
        return <EmailAddress email={user.email} />;
      case 'mobile':
        return user.mobile ? <bdi dir="ltr">{formatMobile(user.mobile)}</bdi> : '—';
      case 'status':
        return <Chip size="small" variant="outlined" color={user.status === 'ordinary' ? 'default' : 'primary'} label={t.userStatus[user.status]} />;
      case 'email_verified':
        return <Chip size="small" color={user.is_email_verified ? 'success' : 'default'} label={user.is_email_verified ? t.yes : t.no} />;
      case 'write_comment_status':
        return <CommentStatusChip user={user} />;
      case 'way_of_knowing_our_website':
        return user.way_of_knowing_our_website ? (
          <Tooltip title={user.way_of_knowing_our_website}>
            <Typography noWrap sx={{ maxWidth: 96, fontSize: 'inherit' }}>
              {user.way_of_knowing_our_website}
            </Typography>
          </Tooltip>
        ) : (
          '—'
        );
      case 'created_at':
        return <time dateTime={user.created_at}>{formatJalaliDate(user.created_at)}</time>;
      case 'actions':
        return canManage(caller, user) ? (
          <UserActions user={user} self={user.id === caller?.id} onRestrict={() => setRestricting(user)} onDelete={() => deletion.remove(user)} />
        ) : (
          '—'
        );
    }
  };

  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader
        title={t.users}
        intro={t.usersIntro}
        actions={
          <>
            <Button component={Link} to={PATHS.restrictedTemporarily} variant="outlined" startIcon={<Icon name="Schedule" />}>
              {t.restrictedTemporarily}
            </Button>
            <Button component={Link} to={PATHS.restrictedPermanently} variant="outlined" startIcon={<Icon name="Block" />}>
              {t.restrictedPermanently}
            </Button>
            <Button component={Link} to={PATHS.addUser} variant="contained" startIcon={<Icon name="Add" />}>
              {t.addUser}
            </Button>
          </>
        }
      />
      <ListToolbar total={deletion.list?.meta.total} totalLabel={t.usersTotal}>
        <DebouncedSearchBox value={q} onSearch={setQuery} label={t.searchUsers} placeholder={t.searchPlaceholder} />
        <FilterSelect label={t.filters.status} value={status} options={t.userStatus} onChange={(next) => update({ status: next, page: null })} />
        <FilterSelect label={t.filters.verified} value={verified} options={t.filters.verifiedOptions} onChange={(next) => update({ verified: next, page: null })} />
        <FilterSelect
          label={t.filters.commentStatus}
          value={commentStatus}
          options={t.commentStatus}
          onChange={(next) => update({ write_comment_status: next, page: null })}
        />
        <ExportCsvButton
          path={USERS_EXPORT}
          params={{ q, sort: sortParam, status, verified, write_comment_status: commentStatus }}
          of={t.users}
        />
      </ListToolbar>
      {deletion.refusal}
      <DataTable
        label={t.users}
        columns={COLUMNS}
        labels={t.columns}
        rows={deletion.list?.data}
        rowKey={(user) => user.id}
        cell={cell}
        isLoading={isLoading}
        isFetching={isFetching}
        empty={t.noUsers}
        sorting={{ sortable: SORTABLE_COLUMNS, sort, onSort: toggleSort }}
        minWidth={900}
      />
      <ListPagination meta={data?.meta} onChange={setPage} />
      {restricting && (
        <Suspense fallback={<RestrictionDialogFallback />}>
          <CommentRestrictionDialog user={restricting} onClose={() => setRestricting(null)} />
        </Suspense>
      )}
    </Box>
  );
}
