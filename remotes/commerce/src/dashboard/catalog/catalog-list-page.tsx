import type { ReactNode } from 'react';
import type { Paginated } from '@shop/contracts';
import { DebouncedSearchBox, ListPagination, useTableParams } from '@shop/content-ui';
import { formatJalaliDate, formatNumber } from '@shop/format';
import { Link } from '@shop/router';
import { Box, Link as MuiLink } from '@shop/ui-kit';
import { Chip } from '@shop/ui-kit/lazy';
import { DataTable, ListToolbar, PageHeader, RowActions, useUndoableDelete } from '@shop/dashboard-ui';
import { t } from '../../strings';

const PER_PAGE = 15;
const DEFAULT_SORT = '-created_at';

/** What every catalog row has: the columns this page draws itself. */
interface CatalogRow {
  id: number;
  title: string;
  is_active: boolean;
  likes_count: number;
  created_at: string;
}

/** Columns drawn here; a page adds its own between title and these. */
type CommonColumn = 'title' | 'is_active' | 'likes_count' | 'created_at' | 'actions';

/** Props of {@link CatalogListPage}. */
export interface CatalogListPageProps<Row extends CatalogRow, Column extends string, Sortable extends Column | CommonColumn> {
  title: string;
  intro: string;
  add: { label: string; to: string };
  /** Column keys in order, including the common ones. */
  columns: readonly (Column | CommonColumn)[];
  labels: Record<Column | CommonColumn, string>;
  /** Columns the API sorts by; newest first by default. */
  sortable: readonly Sortable[];
  /** The page's RTK Query list hook, called with `{page, per_page, q, sort}`. */
  useList: (query: { page: number; per_page: number; q: string; sort: string }) => {
    data?: Paginated<Row>;
    fulfilledTimeStamp?: number;
    isLoading: boolean;
    isFetching: boolean;
  };
  /** The delete mutation (rejects with the server's refusal), sent once the undo window ends. */
  remove: (row: Row) => Promise<{ message?: string } | null | undefined>;
  /** The undo toast: what was deleted («دوره «…» … حذف شد.»). */
  deletedText: (row: Row) => string;
  /** Path of a row's edit page. */
  editPath: (row: Row) => string;
  /** Cells of the page's own columns. */
  cell: (row: Row, column: Column) => ReactNode;
}

/**
 * A dashboard catalog list (courses, sessions; SPEC §2): search, sortable columns and pages in the
 * URL, the title linking to the edit page, active flag, likes, Jalali date, and delete, which waits
 * 10 seconds for «بازگردانی» before it is sent (issue 32 item 5; a refusal from the server brings the
 * row back and stays on the page).
 */
export function CatalogListPage<Row extends CatalogRow, Column extends string, Sortable extends Column | CommonColumn>(
  props: CatalogListPageProps<Row, Column, Sortable>,
) {
  const { page, q, sort, sortParam, setPage, setQuery, toggleSort } = useTableParams(props.sortable, DEFAULT_SORT);
  const query = props.useList({ page, per_page: PER_PAGE, q, sort: sortParam });
  const { data, isLoading, isFetching } = query;
  const deletion = useUndoableDelete({ query, send: props.remove, message: props.deletedText });

  const cell = (row: Row, column: Column | CommonColumn): ReactNode => {
    switch (column) {
      case 'title':
        return (
          <MuiLink component={Link} to={props.editPath(row)} underline="hover" sx={{ fontWeight: 500 }}>
            {row.title}
          </MuiLink>
        );
      case 'is_active':
        return <Chip size="small" color={row.is_active ? 'success' : 'default'} label={row.is_active ? t.dashboard.active : t.dashboard.inactive} />;
      case 'likes_count':
        return formatNumber(row.likes_count);
      case 'created_at':
        return <time dateTime={row.created_at}>{formatJalaliDate(row.created_at)}</time>;
      case 'actions':
        return <RowActions title={row.title} editTo={props.editPath(row)} onDelete={() => deletion.remove(row)} />;
      default:
        return props.cell(row, column);
    }
  };

  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader title={props.title} intro={props.intro} add={props.add} />
      <ListToolbar total={deletion.list?.meta.total}>
        <DebouncedSearchBox value={q} onSearch={setQuery} label={t.dashboard.search} placeholder={t.dashboard.searchPlaceholder} />
      </ListToolbar>
      {deletion.refusal}
      <DataTable
        label={props.title}
        columns={props.columns}
        labels={props.labels}
        rows={deletion.list?.data}
        rowKey={(row) => row.id}
        cell={cell}
        isLoading={isLoading}
        isFetching={isFetching}
        sorting={{ sortable: props.sortable, sort, onSort: toggleSort }}
      />
      <ListPagination meta={data?.meta} onChange={setPage} />
    </Box>
  );
}
