import { LIST_FILTERS, type ListFilter, type PageMeta } from '@shop/contracts';
import { Stack, ToggleButton, ToggleButtonGroup } from '@shop/ui-kit';
import { Pagination, PaginationItem } from '@shop/ui-kit/lazy';
import { toPersianDigits } from '@shop/format';
import { t } from './strings';

/** The list filters of SPEC §2: all, most-liked, newest, oldest. */
export function ListFilterBar({ value, onChange }: { value: ListFilter; onChange: (filter: ListFilter) => void }) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      aria-label={t.filterLabel}
      onChange={(_, next: ListFilter | null) => next && onChange(next)}
      sx={{ flexWrap: 'wrap' }}
    >
      {LIST_FILTERS.map((filter) => (
        <ToggleButton key={filter} value={filter} sx={{ px: 2 }}>
          {t.filters[filter]}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** Pagination under a list; hidden when everything fits on one page. Page numbers in Persian digits. */
export function ListPagination({ meta, onChange }: { meta: PageMeta | undefined; onChange: (page: number) => void }) {
  if (!meta || meta.last_page <= 1) return null;
  return (
    <Stack sx={{ alignItems: 'center', mt: 4 }}>
      <Pagination
        count={meta.last_page}
        page={meta.current_page}
        onChange={(_, page) => {
          onChange(page);
          window.scrollTo({ top: 0, behavior: 'smooth' });
        }}
        color="primary"
        aria-label={t.pagination}
        renderItem={(item) => <PaginationItem {...item} page={item.page === null ? null : toPersianDigits(item.page)} />}
        getItemAriaLabel={(type, page) =>
          type === 'page' ? t.page(toPersianDigits(page ?? 0)) : type === 'next' ? t.nextPage : type === 'previous' ? t.previousPage : type
        }
      />
    </Stack>
  );
}
