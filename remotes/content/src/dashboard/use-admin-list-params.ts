import { useSearchParams } from '@shop/router';

/** Columns the dashboard lists sort by (the API's `sort` names). */
export const SORTABLE_COLUMNS = ['title', 'likes_count', 'created_at'] as const;
export type SortableColumn = (typeof SORTABLE_COLUMNS)[number];

/** The API's default order: newest first. */
export const DEFAULT_SORT = '-created_at';

/** A `sort` value read as a column and a direction; unknown values give the default. */
export function parseSort(raw: string | null): { column: SortableColumn; direction: 'asc' | 'desc' } {
  const value = raw ?? DEFAULT_SORT;
  const column = value.replace(/^-/, '') as SortableColumn;
  if (!SORTABLE_COLUMNS.includes(column)) return parseSort(DEFAULT_SORT);
  return { column, direction: value.startsWith('-') ? 'desc' : 'asc' };
}

/**
 * Page, search and order of a dashboard list in the URL (`?q=…&sort=title&page=2`), so it
 * survives a reload and the back button. A new search or order goes back to page 1.
 */
export function useAdminListParams() {
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
    sortParam: `${sort.direction === 'desc' ? '-' : ''}${sort.column}`,
    setPage: (next: number) => update({ page: next <= 1 ? null : String(next) }),
    setQuery: (next: string) => update({ q: next.trim(), page: null }),
    /** Ascending first, then flips the active column's direction. */
    toggleSort: (column: SortableColumn) => {
      const direction = sort.column === column && sort.direction === 'asc' ? 'desc' : 'asc';
      const value = `${direction === 'desc' ? '-' : ''}${column}`;
      update({ sort: value === DEFAULT_SORT ? null : value, page: null });
    },
  };
}
