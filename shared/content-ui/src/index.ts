export { ContentCard, CardGrid, CardCell, EmptyState, type ContentCardProps } from './content-card';
export { ListFilterBar, ListPagination } from './list-controls';
export { useListParams } from './use-list-params';
export { SectionHeader } from './section-header';
export { RichText } from './rich-text';
export { DebouncedSearchBox, SEARCH_DEBOUNCE_MS } from './debounced-search-box';
export { parseSort, useTableParams, type TableSort } from './use-table-params';
export { pageOf, useFilteredListParams, useUrlParams, type UrlParamChanges } from './use-url-params';
export { DetailFrame, useIdParam } from './detail-frame';
