import { LIST_FILTERS, type ListFilter } from '@shop/contracts';
import { pageOf, useUrlParams } from './use-url-params';

/**
 * Page and filter of a public list, kept in the URL (`?page=2&filter=most-liked`) so a list
 * can be shared, reloaded and navigated back to. Unknown values fall back to page 1 and `all`.
 */
export function useListParams(): { page: number; filter: ListFilter; setPage: (page: number) => void; setFilter: (filter: ListFilter) => void } {
  const [params, update] = useUrlParams();
  const rawFilter = params.get('filter') as ListFilter | null;
  return {
    page: pageOf(params),
    filter: rawFilter && LIST_FILTERS.includes(rawFilter) ? rawFilter : 'all',
    setPage: (next) => update({ page: next <= 1 ? null : String(next) }),
    setFilter: (next) => update({ filter: next === 'all' ? null : next, page: null }),
  };
}
