import type { ReactNode } from 'react';
import type { User } from '@shop/contracts';
import { DebouncedSearchBox, ListPagination, useTableParams } from '@shop/content-ui';
import { formatJalaliDate, formatMobile } from '@shop/format';
import { useLocation } from '@shop/router';
import { Box, Button, Icon, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { DataTable, ExportCsvButton, ListToolbar, PageHeader, EmailAddress } from '@shop/dashboard-ui';
import { PATHS } from '../paths';
import { USERS_EXPORT, useGetDashboardUsersQuery, useSetCommentStatusMutation } from './users-api';
import { t } from '../strings';

const PER_PAGE = 15;
const SORTABLE_COLUMNS = ['full_name', 'email', 'created_at'] as const;
const DEFAULT_SORT = '-created_at';
const LABELS = { ...t.columns, barred_until: t.barredUntilColumn };

/** The two lists: which comment status each shows, its texts and columns (the temporary one shows the end). */
const LISTS = {
  barred: {
    title: t.restrictedPermanently,
    intro: t.restrictedPermanentlyIntro,
    columns: ['full_name', 'email', 'mobile', 'created_at', 'actions'],
  },
  'temporarily-barred': {
    title: t.restrictedTemporarily,
    intro: t.restrictedTemporarilyIntro,
    columns: ['full_name', 'email', 'mobile', 'barred_until', 'actions'],
  },
} as const;
type Column = (typeof LISTS)[keyof typeof LISTS]['columns'][number];

/**
 * `/dashboard/users/list-users-restricted-from-posting-comments-permanently` and
 * `…-temporarily` (SPEC §2, §4; permission `show-users`): the users whose effective comment status
 * is `barred` or `temporarily-barred` (the path says which), with search, sort and pages in the URL.
 * The temporary list shows when each bar ends, in Jalali date and time. «آزاد کردن» sets the user
 * to `allowed`: a toast, and the row leaves the list. «خروجی CSV» downloads the list's users, with
 * its search and sort (the users export, issue 26).
 */
export default function RestrictedUsersPage() {
  const { pathname } = useLocation();
  const status = pathname.startsWith(PATHS.restrictedTemporarily) ? 'temporarily-barred' : 'barred';
  const list = LISTS[status];
  const { page, q, sort, sortParam, setPage, setQuery, toggleSort } = useTableParams(SORTABLE_COLUMNS, DEFAULT_SORT);
  const { data, isLoading, isFetching } = useGetDashboardUsersQuery({ page, per_page: PER_PAGE, q, sort: sortParam, write_comment_status: status });
  const [setCommentStatus, { isLoading: freeing, originalArgs }] = useSetCommentStatusMutation();

  const free = async (user: User) => {
    try {
      await setCommentStatus({ id: user.id, body: { write_comment_status: 'allowed' } }).unwrap();
      enqueueSnackbar(t.freed(user.full_name), { variant: 'success' });
    } catch {
      // The shell's error catalogue tells why (SPEC §8); the row stays.
    }
  };

  const cell = (user: User, column: Column): ReactNode => {
    switch (column) {
      case 'full_name':
        return <Typography sx={{ fontWeight: 500, fontSize: 'inherit' }}>{user.full_name}</Typography>;
      case 'email':
        return <EmailAddress email={user.email} />;
      case 'mobile':
        return user.mobile ? <bdi dir="ltr">{formatMobile(user.mobile)}</bdi> : '—';
      case 'created_at':
        return <time dateTime={user.created_at}>{formatJalaliDate(user.created_at)}</time>;
      case 'barred_until':
        return <time dateTime={user.comment_barred_until ?? undefined}>{formatJalaliDate(user.comment_barred_until, { withTime: true })}</time>;
      case 'actions':
        return (
          <Button
            size="small"
            variant="outlined"
            color="success"
            startIcon={<Icon name="LockOpen" />}
            onClick={() => void free(user)}
            disabled={freeing && originalArgs?.id === user.id}
            aria-label={t.freeUser(user.full_name)}
          >
            {t.free}
          </Button>
        );
    }
  };

  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title={list.title} intro={list.intro} parents={[{ label: t.users, to: PATHS.users }]} />
      <ListToolbar total={data?.meta.total} totalLabel={t.usersTotal}>
        <DebouncedSearchBox value={q} onSearch={setQuery} label={t.searchUsers} placeholder={t.searchPlaceholder} />
        <ExportCsvButton path={USERS_EXPORT} params={{ q, sort: sortParam, write_comment_status: status }} of={list.title} />
      </ListToolbar>
      <DataTable
        label={list.title}
        columns={list.columns}
        labels={LABELS}
        rows={data?.data}
        rowKey={(user) => user.id}
        cell={cell}
        isLoading={isLoading}
        isFetching={isFetching}
        empty={t.noRestrictedUsers}
        sorting={{ sortable: SORTABLE_COLUMNS.filter((column) => (list.columns as readonly string[]).includes(column)), sort, onSort: toggleSort }}
      />
      <ListPagination meta={data?.meta} onChange={setPage} />
    </Box>
  );
}
