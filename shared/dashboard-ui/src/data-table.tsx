import { Fragment, type ReactNode } from 'react';
import { SortableTableHead, TableSkeletonRows, type TableSort } from '@shop/content-ui';
import { Paper } from '@shop/ui-kit';
import { LinearProgress, Table, TableBody, TableCell, TableContainer, TableRow } from '@shop/ui-kit/lazy';
import { t } from './strings';

/**
 * A dashboard table (SPEC §2 dashboard lists): Persian column labels (sortable ones when `sorting`
 * is given, see `useTableParams` of `@shop/content-ui`), skeleton rows on the first load, a thin
 * bar while refetching, one row per item drawn by `cell` (and an optional full-width row under
 * it, `detail`), and `empty` (by default «موردی با این مشخصات پیدا نشد.») when there is nothing.
 *
 * @example
 * <DataTable label="اطلاعیه‌ها" columns={['title', 'actions']} labels={{ title: 'عنوان', actions: 'عملیات' }}
 *   rows={data?.data} rowKey={(row) => row.id} cell={(row, column) => …} isLoading={isLoading} isFetching={isFetching} />
 */
export function DataTable<R, C extends string, S extends C = never>({
  label,
  columns,
  labels,
  rows,
  rowKey,
  cell,
  detail,
  isLoading,
  isFetching,
  empty = t.empty,
  sorting,
  minWidth = 720,
}: {
  /** The table's accessible name. */
  label: string;
  columns: readonly C[];
  labels: Record<C, string>;
  /** The items, or undefined until the first answer. */
  rows: R[] | undefined;
  rowKey: (row: R) => string | number;
  cell: (row: R, column: C) => ReactNode;
  /** Content of a full-width row under an item (an expanded list), or null for none. */
  detail?: (row: R) => ReactNode;
  isLoading: boolean;
  isFetching: boolean;
  empty?: string;
  sorting?: { sortable: readonly S[]; sort: TableSort<S>; onSort: (column: S) => void };
  /** Narrower screens scroll the table sideways below this width (px). */
  minWidth?: number;
}) {
  const head = sorting ?? { sortable: [] as readonly S[], sort: { column: columns[0] as S, direction: 'asc' as const }, onSort: () => undefined };
  return (
    <TableContainer component={Paper} variant="outlined" sx={{ position: 'relative' }}>
      {isFetching && <LinearProgress sx={{ position: 'absolute', top: 0, insetInline: 0 }} />}
      <Table size="small" aria-label={label} sx={{ minWidth, '& td, & th': { whiteSpace: 'nowrap' } }}>
        <SortableTableHead columns={columns} labels={labels} sortable={head.sortable} sort={head.sort} onSort={head.onSort} />
        <TableBody>
          {isLoading
            ? <TableSkeletonRows columns={columns.length} />
            : rows?.map((row) => {
                const more = detail?.(row);
                return (
                  <Fragment key={rowKey(row)}>
                    <TableRow hover>
                      {columns.map((column) => (
                        <TableCell key={column}>{cell(row, column)}</TableCell>
                      ))}
                    </TableRow>
                    {more && (
                      <TableRow>
                        <TableCell colSpan={columns.length} sx={{ bgcolor: 'action.hover', whiteSpace: 'normal' }}>
                          {more}
                        </TableCell>
                      </TableRow>
                    )}
                  </Fragment>
                );
              })}
          {rows && rows.length === 0 && (
            <TableRow>
              <TableCell colSpan={columns.length} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
                {empty}
              </TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
