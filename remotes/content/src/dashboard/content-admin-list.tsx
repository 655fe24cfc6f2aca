import { DebouncedSearchBox, ListPagination, useTableParams } from '@shop/content-ui';
import { formatJalaliDate, formatNumber } from '@shop/format';
import { Link } from '@shop/router';
import { Box, Link as MuiLink } from '@shop/ui-kit';
import { Chip } from '@shop/ui-kit/lazy';
import { DataTable, ListToolbar, PageHeader, RowActions, useUndoableDelete } from '@shop/dashboard-ui';
import { useDeleteAdminContentMutation, useGetAdminContentListQuery, type AdminContent } from './content-admin-api';
import { CONTENT_KINDS, type ContentKind } from './content-kinds';
import { t } from '../strings';

const PER_PAGE = 15;
const COLUMNS = ['title', 'is_active', 'comment_status', 'likes_count', 'created_at', 'actions'] as const;
/** Columns the dashboard lists sort by (the API's `sort` names); newest first by default. */
const SORTABLE_COLUMNS = ['title', 'likes_count', 'created_at'] as const;
const DEFAULT_SORT = '-created_at';

/**
 * A dashboard list of posts or podcasts (SPEC §2): search (debounced, `q`), sortable columns
 * (`sort`) and pages (`page`) in the URL; active flag and comment status; edit link; delete,
 * which waits 10 seconds for «بازگردانی» before it is sent (issue 32 item 5). Built on
 * `@shop/dashboard-ui` like every dashboard list, so it fits any width (issue 22 item 13).
 */
export function ContentAdminList({ kind }: { kind: ContentKind }) {
  const config = CONTENT_KINDS[kind];
  const { page, q, sort, sortParam, setPage, setQuery, toggleSort } = useTableParams(SORTABLE_COLUMNS, DEFAULT_SORT);
  const query = useGetAdminContentListQuery({ kind, page, per_page: PER_PAGE, q, sort: sortParam });
  const { data, isLoading, isFetching } = query;
  const [remove] = useDeleteAdminContentMutation();
  const deletion = useUndoableDelete({ query, send: (item) => remove({ kind, id: item.id }).unwrap(), message: (item) => t.dashboard.deleted(item.title) });
  const editPath = (item: AdminContent) => `${config.listPath}/${item.id}`;

  const cell = (item: AdminContent, key: (typeof COLUMNS)[number]) => {
    switch (key) {
      case 'title':
        return (
          <MuiLink component={Link} to={editPath(item)} underline="hover" sx={{ fontWeight: 500 }}>
            {item.title}
          </MuiLink>
        );
      case 'is_active':
        return <Chip size="small" color={item.is_active ? 'success' : 'default'} label={item.is_active ? t.dashboard.active : t.dashboard.inactive} />;
      case 'comment_status':
        return (
          <Chip
            size="small"
            variant="outlined"
            color={item.comment_status === 'open' ? 'primary' : 'default'}
            label={item.comment_status === 'open' ? t.dashboard.commentsOpen : t.dashboard.commentsClosed}
          />
        );
      case 'likes_count':
        return formatNumber(item.likes_count);
      case 'created_at':
        return <time dateTime={item.created_at}>{formatJalaliDate(item.created_at)}</time>;
      case 'actions':
        return <RowActions title={item.title} editTo={editPath(item)} onDelete={() => deletion.remove(item)} />;
    }
  };

  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title={config.title} intro={config.intro} add={{ label: config.add, to: config.addPath }} />
      <ListToolbar total={deletion.list?.meta.total}>
        <DebouncedSearchBox value={q} onSearch={setQuery} label={t.dashboard.search} placeholder={t.dashboard.searchPlaceholder} />
      </ListToolbar>
      {deletion.refusal}
      <DataTable
        label={config.title}
        columns={COLUMNS}
        labels={t.dashboard.columns}
        rows={deletion.list?.data}
        rowKey={(item) => item.id}
        cell={cell}
        isLoading={isLoading}
        isFetching={isFetching}
        sorting={{ sortable: SORTABLE_COLUMNS, sort, onSort: toggleSort }}
      />
      <ListPagination meta={data?.meta} onChange={setPage} />
    </Box>
  );
}
