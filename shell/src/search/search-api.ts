import { api } from '@shop/api-client';
import type { Paginated, SearchResult } from '@shop/contracts';

/** Fewest characters a search needs (issue 3 API: shorter queries answer 422, so the page does not send them). */
export const MIN_QUERY_LENGTH = 2;

/**
 * Whether a query is long enough to send. Counts what the server's Persian normalization keeps
 * (ZWNJ, Arabic diacritics and tatweel removed), so a query the server would refuse with 422 is never sent.
 */
export function isSearchable(q: string): boolean {
  return [...q.replace(/[\u200c\u0640\u064b-\u065f\u0670]/g, '').trim()].length >= MIN_QUERY_LENGTH;
}

/** Query of the site search. */
export interface SearchQuery {
  q: string;
  page: number;
}

/**
 * The site search (issue 3 API): `GET /api/search?q=&page=` over active posts, podcasts and
 * products, best match first. Tagged with the three item types so an edit refreshes it.
 */
export const searchApi = api.injectEndpoints({
  endpoints: (build) => ({
    search: build.query<Paginated<SearchResult>, SearchQuery>({
      query: (params) => ({ url: '/search', params }),
      providesTags: ['Post', 'Podcast', 'Product'],
    }),
  }),
});

export const { useSearchQuery } = searchApi;

/** Where a search hit lives on the site. */
export function searchResultPath(result: Pick<SearchResult, 'type' | 'id'>): string {
  return `/${result.type === 'post' ? 'posts' : result.type === 'podcast' ? 'podcasts' : 'products'}/${result.id}`;
}
