import { useSearchParams } from '@shop/router';

/** A key of the query string set to a value, or removed with null or ''. */
export type UrlParamChanges = Record<string, string | null>;

/**
 * The page's query string and a function that changes some of its keys at once (null or ''
 * removes a key), optionally replacing the history entry (typing in a search box).
 */
export function useUrlParams(): [URLSearchParams, (changes: UrlParamChanges, replace?: boolean) => void] {
  const [params, setParams] = useSearchParams();
  const update = (changes: UrlParamChanges, replace = false) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') copy.delete(key);
          else copy.set(key, value);
        }
        return copy;
      },
      { replace },
    );
  return [params, update];
}

/** A positive page number from the query string; anything else is page 1. */
export function pageOf(params: URLSearchParams): number {
  const raw = Number(params.get('page'));
  return Number.isInteger(raw) && raw > 0 ? raw : 1;
}

/**
 * Status filter, search text and page of a filtered dashboard list (comments, tickets), kept
 * in the URL (`?status=unread&q=…&page=2`). The default status and page 1 are left out of the
 * URL; a new status or search goes back to page 1.
 * @param statuses the statuses the filter offers
 * @param defaultStatus the status without `status` in the URL
 */
export function useFilteredListParams<S extends string>(statuses: readonly S[], defaultStatus: S) {
  const [params, update] = useUrlParams();
  const raw = params.get('status') as S | null;
  return {
    status: raw && statuses.includes(raw) ? raw : defaultStatus,
    q: params.get('q') ?? '',
    page: pageOf(params),
    setStatus: (next: S) => update({ status: next === defaultStatus ? null : next, page: null }),
    setQuery: (next: string) => update({ q: next.trim(), page: null }, true),
    setPage: (next: number) => update({ page: next <= 1 ? null : String(next) }),
  };
}
