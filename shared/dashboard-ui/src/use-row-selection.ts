import { useCallback, useState } from 'react';

/** Row keys a list can select by. */
export type RowKey = string | number;

/** The selection state of one list page, from {@link useRowSelection}. */
export interface RowSelection<K extends RowKey = RowKey> {
  /** The selected keys that are on the page, in the page's order. */
  selected: K[];
  isSelected(key: K): boolean;
  /** Selects or unselects one row. */
  toggle(key: K): void;
  /** Selects every row of the page, or none when all are selected already («همه در این صفحه»). */
  toggleAll(): void;
  clear(): void;
  /** Every row of the page is selected (and there is at least one). */
  allSelected: boolean;
  /** Some rows of the page are selected, not all (the header checkbox's indeterminate state). */
  someSelected: boolean;
}

/**
 * Which rows of a dashboard list page are selected for a bulk action (issue 26 "Bulk
 * moderation", react-admin's bulk actions). `pageKeys` are the keys of the rows on screen; only
 * those count, so a row that leaves the page (another page or filter, a row being deleted) is
 * not selected and an action never reaches a row the user cannot see. `DataTable` takes the result as `selection`;
 * a card list renders `SelectAllCheckbox`, `SelectRowCheckbox` and `BulkActionsBar` with it.
 *
 * @example
 * const selection = useRowSelection(data?.data.map((row) => row.id) ?? []);
 * <BulkActionsBar selection={selection} actions={[{ label: 'تأیید', onClick: () => approve(selection.selected) }]} />
 */
export function useRowSelection<K extends RowKey>(pageKeys: readonly K[]): RowSelection<K> {
  const [chosen, setChosen] = useState<ReadonlySet<K>>(() => new Set());
  const selected = pageKeys.filter((key) => chosen.has(key));
  const allSelected = pageKeys.length > 0 && selected.length === pageKeys.length;

  const toggle = useCallback((key: K) => {
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  }, []);
  const toggleAll = () => setChosen(allSelected ? new Set() : new Set(pageKeys));
  const clear = useCallback(() => setChosen(new Set()), []);
  const isSelected = (key: K) => chosen.has(key) && pageKeys.includes(key);

  return { selected, isSelected, toggle, toggleAll, clear, allSelected, someSelected: selected.length > 0 && !allSelected };
}
