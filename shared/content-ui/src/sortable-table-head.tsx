import type { ReactNode } from 'react';
import { Skeleton } from '@shop/ui-kit';
import { TableCell, TableHead, TableRow, TableSortLabel } from '@shop/ui-kit/lazy';
import type { TableSort } from './use-table-params';

/**
 * The header row of a dashboard table: each column's Persian label; sortable columns get a
 * sort label that shows the current order and calls `onSort` (see `useTableParams`).
 */
export function SortableTableHead<K extends string, S extends K>({
  columns,
  labels,
  sortable,
  sort,
  onSort,
  leading,
}: {
  columns: readonly K[];
  labels: Record<K, string>;
  sortable: readonly S[];
  sort: TableSort<S>;
  onSort: (column: S) => void;
  /** A cell before the columns (a table's select-all checkbox, issue 26). */
  leading?: ReactNode;
}) {
  const isSortable = (key: K): key is S => (sortable as readonly K[]).includes(key);
  return (
    <TableHead>
      <TableRow>
        {leading}
        {columns.map((key) => {
          const active = isSortable(key) && sort.column === key;
          return (
            <TableCell key={key} sortDirection={active ? sort.direction : false} sx={{ fontWeight: 700 }}>
              {isSortable(key) ? (
                <TableSortLabel active={active} direction={active ? sort.direction : 'asc'} onClick={() => onSort(key)}>
                  {labels[key]}
                </TableSortLabel>
              ) : (
                labels[key]
              )}
            </TableCell>
          );
        })}
      </TableRow>
    </TableHead>
  );
}

/** Placeholder rows of a table whose first page is loading. */
export function TableSkeletonRows({ columns, rows = 5 }: { columns: number; rows?: number }) {
  return Array.from({ length: rows }, (_, row) => (
    <TableRow key={row}>
      {Array.from({ length: columns }, (_, cell) => (
        <TableCell key={cell}>
          <Skeleton variant="text" />
        </TableCell>
      ))}
    </TableRow>
  ));
}
