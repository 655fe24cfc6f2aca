import type { DashboardProductSession } from '@shop/contracts';
import { DebouncedSearchBox, ListPagination, useTableParams } from '@shop/content-ui';
import { formatJalaliDate, formatNumber } from '@shop/format';
import { Link } from '@shop/router';
import { Box, Link as MuiLink } from '@shop/ui-kit';
import { Chip } from '@shop/ui-kit/lazy';
import { AdminTable } from '../admin-table';
import { ListToolbar } from '../list-toolbar';
import { RowActions } from '../row-actions';
import { SectionHeader } from '../section-header';
import { useConfirmedDelete } from '../use-confirmed-delete';
import { useDeleteAdminSessionMutation, useGetAdminSessionsQuery } from './catalog-admin-api';
import { CATALOG_PATHS } from './catalog-paths';
import { t } from '../../strings';

const PER_PAGE = 15;
const COLUMNS = ['title', 'product_title', 'position', 'is_free_preview', 'is_active', 'likes_count', 'created_at', 'actions'] as const;
/** Columns the API sorts by; newest first by default. */
const SORTABLE = ['title', 'position', 'likes_count', 'created_at'] as const;
const DEFAULT_SORT = '-created_at';

/**
 * `/dashboard/product-sessions` (manage-product-sessions, SPEC §2): every course's sessions with
 * search, sortable columns and pages in the URL; course, position, free-preview and active flags,
 * likes, Jalali date; edit link and delete after confirmation.
 */
export default function DashboardSessionsPage() {
  const { page, q, sort, sortParam, setPage, setQuery, toggleSort } = useTableParams(SORTABLE, DEFAULT_SORT);
  const { data, isLoading, isFetching } = useGetAdminSessionsQuery({ page, per_page: PER_PAGE, q, sort: sortParam });
  const [remove, { isLoading: removing }] = useDeleteAdminSessionMutation();
  const deletion = useConfirmedDelete<DashboardProductSession>({
    remove: (session) => remove(session.id).unwrap(),
    textOf: (session) => t.dashboard.deleteSessionText(session.title),
    pending: removing,
  });

  const cell = (session: DashboardProductSession, column: (typeof COLUMNS)[number]) => {
    const editTo = `${CATALOG_PATHS.sessions}/${session.id}`;
    switch (column) {
      case 'title':
        return (
          <MuiLink component={Link} to={editTo} underline="hover" sx={{ fontWeight: 500 }}>
            {session.title}
          </MuiLink>
        );
      case 'product_title':
        return session.product_title;
      case 'position':
        return formatNumber(session.position);
      case 'is_free_preview':
        return (
          <Chip
            size="small"
            variant="outlined"
            color={session.is_free_preview ? 'primary' : 'default'}
            label={session.is_free_preview ? t.dashboard.freePreview : t.dashboard.locked}
          />
        );
      case 'is_active':
        return <Chip size="small" color={session.is_active ? 'success' : 'default'} label={session.is_active ? t.dashboard.active : t.dashboard.inactive} />;
      case 'likes_count':
        return formatNumber(session.likes_count);
      case 'created_at':
        return <time dateTime={session.created_at}>{formatJalaliDate(session.created_at)}</time>;
      case 'actions':
        return <RowActions title={session.title} editTo={editTo} onDelete={() => deletion.ask(session)} />;
    }
  };

  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <SectionHeader title={t.dashboard.sessions} intro={t.dashboard.sessionsIntro} add={{ label: t.dashboard.addSession, to: CATALOG_PATHS.addSession }} />
      <ListToolbar total={data?.meta.total}>
        <DebouncedSearchBox value={q} onSearch={setQuery} label={t.dashboard.search} placeholder={t.dashboard.searchPlaceholder} />
      </ListToolbar>
      {deletion.refusal}
      <AdminTable
        label={t.dashboard.sessions}
        columns={COLUMNS}
        labels={t.dashboard.sessionColumns}
        rows={data?.data}
        rowKey={(session) => session.id}
        cell={cell}
        isLoading={isLoading}
        isFetching={isFetching}
        sorting={{ sortable: SORTABLE, sort, onSort: toggleSort }}
      />
      <ListPagination meta={data?.meta} onChange={setPage} />
      {deletion.dialog}
    </Box>
  );
}
