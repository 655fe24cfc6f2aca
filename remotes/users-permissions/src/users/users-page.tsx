import type { ReactNode } from 'react';
import type { User } from '@shop/contracts';
import { DebouncedSearchBox, ListPagination, SortableTableHead, TableSkeletonRows, useTableParams } from '@shop/content-ui';
import { formatJalaliDate, formatNumber, toPersianDigits } from '@shop/format';
import { Box, Paper, Stack, Typography } from '@shop/ui-kit';
import {
  Chip,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableRow,
  } from '@shop/ui-kit/lazy';
import { useGetDashboardUsersQuery } from './users-api';
import { t } from '../strings';

const PER_PAGE = 15;

const COLUMNS: Array<{ key: keyof typeof t.columns; render: (user: User) => ReactNode }> = [
  { key: 'full_name', render: (user) => <Typography sx={{ fontWeight: 500, fontSize: 'inherit' }}>{user.full_name}</Typography> },
  { key: 'email', render: (user) => <bdi dir="ltr">{user.email}</bdi> },
  { key: 'mobile', render: (user) => (user.mobile ? <bdi dir="ltr">{toPersianDigits(user.mobile)}</bdi> : '—') },
  { key: 'status', render: (user) => <Chip size="small" variant="outlined" color={user.status === 'ordinary' ? 'default' : 'primary'} label={t.userStatus[user.status]} /> },
  {
    key: 'email_verified',
    render: (user) => <Chip size="small" color={user.is_email_verified ? 'success' : 'default'} label={user.is_email_verified ? t.yes : t.no} />,
  },
  { key: 'created_at', render: (user) => <time dateTime={user.created_at}>{formatJalaliDate(user.created_at)}</time> },
];

/** Columns the users list sorts by (the API's `sort` names); newest members first by default. */
const COLUMN_KEYS = COLUMNS.map(({ key }) => key);
const SORTABLE_COLUMNS = ['full_name', 'email', 'created_at'] as const;
const DEFAULT_SORT = '-created_at';


/**
 * `/dashboard/users` (SPEC §2, permission `show-users`): the read-only users table with a
 * debounced search, sortable columns and pagination, all kept in the URL (`q`, `sort`, `page`).
 */
export default function UsersPage() {
  const { page, q, sort, sortParam, setPage, setQuery, toggleSort } = useTableParams(SORTABLE_COLUMNS, DEFAULT_SORT);
  const { data, isLoading, isFetching } = useGetDashboardUsersQuery({
    page,
    per_page: PER_PAGE,
    q,
    sort: sortParam,
  });
  const users = data?.data ?? [];
  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t.users}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t.usersIntro}
      </Typography>
      <Stack spacing={2} useFlexGap direction={{ xs: 'column', sm: 'row' }} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}>
        <DebouncedSearchBox value={q} onSearch={setQuery} label={t.searchUsers} placeholder={t.searchPlaceholder} />
        {data && (
          <Typography color="text.secondary" role="status">
            {t.usersTotal(formatNumber(data.meta.total))}
          </Typography>
        )}
      </Stack>
      <TableContainer component={Paper} variant="outlined" sx={{ position: 'relative' }}>
        {isFetching && <LinearProgress sx={{ position: 'absolute', top: 0, insetInline: 0 }} />}
        <Table size="small" aria-label={t.users} sx={{ minWidth: 760, '& td, & th': { whiteSpace: 'nowrap' } }}>
          <SortableTableHead columns={COLUMN_KEYS} labels={t.columns} sortable={SORTABLE_COLUMNS} sort={sort} onSort={toggleSort} />
          <TableBody>
            {isLoading
              ? <TableSkeletonRows columns={COLUMNS.length} />
              : users.map((user) => (
                  <TableRow key={user.id} hover>
                    {COLUMNS.map(({ key, render }) => (
                      <TableCell key={key}>{render(user)}</TableCell>
                    ))}
                  </TableRow>
                ))}
            {data && users.length === 0 && (
              <TableRow>
                <TableCell colSpan={COLUMNS.length} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
                  {t.noUsers}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination meta={data?.meta} onChange={setPage} />
    </Box>
  );
}
