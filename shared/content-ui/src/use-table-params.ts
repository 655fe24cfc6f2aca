import { pageOf, useUrlParams } from './use-url-params';

/** A `sort` value (`created_at`, `-created_at`) read as a column and a direction. */
export interface TableSort<C extends string> {
  column: C;
  direction: 'asc' | 'desc';
}

/** Reads `column` / `-column`; an unknown column gives `defaultSort`. */
export function parseSort<C extends string>(raw: string | null, columns: readonly C[], defaultSort: string): TableSort<C> {
  const value = raw ?? defaultSort;
  const column = value.replace(/^-/, '') as C;
  if (!columns.includes(column)) return parseSort(defaultSort, columns, defaultSort);
  return { column, direction: value.startsWith('-') ? 'desc' : 'asc' };
}

/**
 * Page, search text and order of a dashboard table, kept in the URL
 * (`?q=sara&sort=-created_at&page=2`) so it survives a reload, the back button and sharing.
 * A new search or order goes back to page 1; typing replaces the history entry.
 * @param columns the API's sortable column names
 * @param defaultSort the order the API uses without `sort` (left out of the URL)
 */
export function useTableParams<C extends string>(columns: readonly C[], defaultSort: string) {
  const [params, update] = useUrlParams();
  const page = pageOf(params);
  const q = params.get('q') ?? '';
  const sort = parseSort(params.get('sort'), columns, defaultSort);

  return {
    page,
    q,
    sort,
    /** The order as the API's `sort` parameter. */
    sortParam: `${sort.direction === 'desc' ? '-' : ''}${sort.column}`,
    setPage: (next: number) => update({ page: next <= 1 ? null : String(next) }),
    setQuery: (next: string) => update({ q: next.trim(), page: null }, true),
    /** Sorts by a column: ascending first, then flips the direction of the active column. */
    toggleSort: (column: C) => {
      const direction = sort.column === column && sort.direction === 'asc' ? 'desc' : 'asc';
      const value = `${direction === 'desc' ? '-' : ''}${column}`;
      update({ sort: value === defaultSort ? null : value, page: null });
    },
  };
}
