import { Fragment, type ReactNode } from 'react';
import { RefetchBar, SortableTableHead, TableSkeletonRows, type TableSort } from '@shop/content-ui';
import { Box, Paper } from '@shop/ui-kit';
import { Table, TableBody, TableCell, TableContainer, TableRow } from '@shop/ui-kit/lazy';
import { SelectAllCheckbox, SelectRowCheckbox } from './selection-controls';
import { t } from './strings';
import type { RowSelection } from './use-row-selection';

/**
 * The styles of a table that is a table while its box is at least `minWidth` px wide and, in a
 * narrower box, shows each row as a card of «column: value» lines (issue 22 item 13): a container
 * query on the table's own box, so a table fits a phone, a half-wide panel and a desktop beside
 * the navigation alike, and nothing scrolls sideways. Each cell names its column in `data-label`,
 * drawn before its value in a card (and so also read out there). Cells wrap their text.
 */
function responsiveTable(minWidth: number) {
  return {
    // A column's name wraps between its words; a value anywhere (a long address), so the columns
    // share the width instead of pushing the last ones out of sight…
    '& th': { whiteSpace: 'normal', overflowWrap: 'break-word' },
    '& td': { whiteSpace: 'normal', overflowWrap: 'anywhere' },
    // 12 px either side of a value rather than MUI's 16: a nine-column list (the users') keeps 70 px
    // more for its values at 1280 px beside the navigation (ci of stop 52: a long address pushed it out).
    '& :is(th, td):not(.MuiTableCell-paddingCheckbox)': { px: 1.5 },
    [`@container (max-width: ${minWidth - 0.05}px)`]: {
      '&, & tbody, & tr, & td': { display: 'block' },
      // The sort controls stay, as one wrapping line above the cards; the other names are in each card.
      '& thead tr': { display: 'flex', flexWrap: 'wrap', columnGap: 1 },
      '& thead th': { border: 0 },
      '& thead th:not(:has(.MuiTableSortLabel-root)):not(.row-select)': { display: 'none' },
      '& tbody tr': { py: 1, borderTop: 1, borderColor: 'divider' },
      // …and in a card, a value takes the room its name leaves.
      '& tbody td': { border: 0, py: 0.5, display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'center', minHeight: 36 },
      '& tbody td[colspan]': { display: 'block' },
      '& tbody td[data-label]::before': { content: 'attr(data-label)', flex: '0 0 8rem', color: 'text.secondary', fontWeight: 500 },
      // A card has the room to show a value whole that a table row cuts short.
      '& tbody td .MuiTypography-noWrap': { whiteSpace: 'normal', maxWidth: 'none' },
    },
  } as const;
}

/**
 * A dashboard table (SPEC §2 dashboard lists): Persian column labels (sortable ones when `sorting`
 * is given, see `useTableParams` of `@shop/content-ui`), skeleton rows on the first load, a thin
 * bar while refetching, one row per item drawn by `cell` (and an optional full-width row under
 * it, `detail`), and `empty` (by default «موردی با این مشخصات پیدا نشد.») when there is nothing.
 * In a box narrower than `minWidth` each row is a card of labelled values (issue 22 item 13), so
 * no dashboard list scrolls sideways at any width. With `selection`, each row has a checkbox and
 * the header «همه در این صفحه» (issue 26); `BulkActionsBar` above the table acts on them.
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
  selection,
  minWidth = 600,
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
  /**
   * Row selection for bulk actions (issue 26): a checkbox before each row, named by `titleOf`, and
   * «همه در این صفحه» in the header, over the `rows` of {@link useRowSelection} keyed by `rowKey`.
   */
  selection?: { rows: RowSelection; titleOf: (row: R) => string };
  /** The least width (px) the columns need side by side; in a narrower box the rows stack as cards. */
  minWidth?: number;
}) {
  const head = sorting ?? { sortable: [] as readonly S[], sort: { column: columns[0] as S, direction: 'asc' as const }, onSort: () => undefined };
  const span = columns.length + (selection ? 1 : 0);
  return (
    <Box sx={{ containerType: 'inline-size' }}>
      <TableContainer component={Paper} variant="outlined" sx={{ position: 'relative' }}>
        <RefetchBar shown={isFetching} />
        <Table size="small" aria-label={label} sx={responsiveTable(minWidth)}>
          <SortableTableHead
            columns={columns}
            labels={labels}
            sortable={head.sortable}
            sort={head.sort}
            onSort={head.onSort}
            leading={
              selection && (
                <TableCell padding="checkbox" className="row-select">
                  <SelectAllCheckbox selection={selection.rows} disabled={!rows?.length} />
                </TableCell>
              )
            }
          />
          <TableBody>
            {isLoading
              ? <TableSkeletonRows columns={span} />
              : rows?.map((row) => {
                  const more = detail?.(row);
                  return (
                    <Fragment key={rowKey(row)}>
                      <TableRow hover selected={selection?.rows.isSelected(rowKey(row))}>
                        {selection && (
                          <TableCell padding="checkbox" className="row-select">
                            <SelectRowCheckbox selection={selection.rows} rowKey={rowKey(row)} title={selection.titleOf(row)} />
                          </TableCell>
                        )}
                        {columns.map((column) => (
                          <TableCell key={column} data-label={labels[column]}>
                            {cell(row, column)}
                          </TableCell>
                        ))}
                      </TableRow>
                      {more && (
                        <TableRow>
                          <TableCell colSpan={span} sx={{ bgcolor: 'action.hover' }}>
                            {more}
                          </TableCell>
                        </TableRow>
                      )}
                    </Fragment>
                  );
                })}
            {rows && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={span} sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
                  {empty}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
