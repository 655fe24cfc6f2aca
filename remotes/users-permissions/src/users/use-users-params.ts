import { useSearchParams } from '@shop/router';

/** Columns the users list can be sorted by (the API's `sort` names). */
export const SORTABLE_COLUMNS = ['full_name', 'email', 'created_at'] as const;
export type SortableColumn = (typeof SORTABLE_COLUMNS)[number];

/** The order the list starts in: newest members first. */
export const DEFAULT_SORT = '-created_at';

/** A `sort` value read as a column and a direction. */
export interface UsersSort {
  column: SortableColumn;
  direction: 'asc' | 'desc';
}

/** Reads `created_at` / `-created_at` as a column and a direction; unknown columns give the default order. */
export function parseSort(raw: string | null): UsersSort {
  const value = raw ?? DEFAULT_SORT;
  const column = value.replace(/^-/, '') as SortableColumn;
  if (!SORTABLE_COLUMNS.includes(column)) return parseSort(DEFAULT_SORT);
  return { column, direction: value.startsWith('-') ? 'desc' : 'asc' };
}

/**
 * Page, search text and order of the dashboard users list, kept in the URL
 * (`?q=sara&sort=-created_at&page=2`) so the list survives a reload and can be shared.
 * A new search or order goes back to page 1.
 */
export function useUsersParams() {
  const [params, setParams] = useSearchParams();
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage > 0 ? rawPage : 1;
  const q = params.get('q') ?? '';
  const sort = parseSort(params.get('sort'));

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') copy.delete(key);
          else copy.set(key, value);
        }
        return copy;
      },
      { replace: 'q' in changes },
    );

  return {
    page,
    q,
    sort,
    setPage: (next: number) => update({ page: next <= 1 ? null : String(next) }),
    setQuery: (next: string) => update({ q: next.trim(), page: null }),
    /** Sorts by a column: ascending first, then flips the direction of the active column. */
    toggleSort: (column: SortableColumn) => {
      const direction = sort.column === column && sort.direction === 'asc' ? 'desc' : 'asc';
      const value = `${direction === 'desc' ? '-' : ''}${column}`;
      update({ sort: value === DEFAULT_SORT ? null : value, page: null });
    },
  };
}
