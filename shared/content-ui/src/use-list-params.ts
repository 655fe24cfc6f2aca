import { LIST_FILTERS, type ListFilter } from '@shop/contracts';
import { useSearchParams } from '@shop/router';

/**
 * Page and filter of a list, kept in the URL (`?page=2&filter=most-liked`) so a list can be
 * shared, reloaded and navigated back to. Unknown values fall back to page 1 and `all`.
 */
export function useListParams(): { page: number; filter: ListFilter; setPage: (page: number) => void; setFilter: (filter: ListFilter) => void } {
  const [params, setParams] = useSearchParams();
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage > 0 ? rawPage : 1;
  const rawFilter = params.get('filter') as ListFilter | null;
  const filter = rawFilter && LIST_FILTERS.includes(rawFilter) ? rawFilter : 'all';
  return {
    page,
    filter,
    setPage(next) {
      setParams((current) => {
        const copy = new URLSearchParams(current);
        if (next <= 1) copy.delete('page');
        else copy.set('page', String(next));
        return copy;
      });
    },
    setFilter(next) {
      setParams((current) => {
        const copy = new URLSearchParams(current);
        copy.delete('page');
        if (next === 'all') copy.delete('filter');
        else copy.set('filter', next);
        return copy;
      });
    },
  };
}
