import { api } from '@shop/api-client';
import type { Link, LinkType } from '@shop/contracts';

/** Links endpoint (DESIGN.md API): `GET /api/links?type=question|product-related-question|link`, answered as `{ data }`. */
export const faqApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLinks: build.query<{ data: Link[] }, LinkType>({
      query: (type) => ({ url: '/links', params: { type } }),
      providesTags: (result) => [
        { type: 'Link' as const, id: 'LIST' },
        ...(result?.data.map(({ id }) => ({ type: 'Link' as const, id })) ?? []),
      ],
    }),
  }),
});

export const { useGetLinksQuery } = faqApi;
