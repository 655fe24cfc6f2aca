import { api } from '@shop/api-client';
import type { Item, Link, LinkInput, LinkType, Paginated } from '@shop/contracts';

/** Query of the dashboard links list; no `type` lists every type. */
export interface DashboardLinksQuery {
  page: number;
  per_page: number;
  type?: LinkType;
}

/** What a write answers: the server's Persian message and the link as stored. */
type WriteAnswer = Item<Link> & { message: string };

/**
 * Links and FAQ entries (SPEC §3 "Link"; issue 8): the public `GET /api/links?type=` (the FAQ's two
 * tabs, the footer's links) and, for `manage-links`, `GET|POST /api/dashboard/links` and
 * `GET|PUT|DELETE /api/dashboard/links/:id`. A write refreshes the FAQ and the footer too.
 */
export const linksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLinks: build.query<{ data: Link[] }, LinkType>({
      query: (type) => ({ url: '/links', params: { type } }),
      providesTags: (result) => [
        { type: 'Link' as const, id: 'LIST' },
        ...(result?.data.map(({ id }) => ({ type: 'Link' as const, id })) ?? []),
      ],
    }),
    getDashboardLinks: build.query<Paginated<Link>, DashboardLinksQuery>({
      query: ({ type, ...params }) => ({ url: '/dashboard/links', params: { ...params, ...(type ? { type } : {}) } }),
      providesTags: (result) => [
        { type: 'Link' as const, id: 'LIST' },
        ...(result?.data.map(({ id }) => ({ type: 'Link' as const, id })) ?? []),
      ],
    }),
    getDashboardLink: build.query<Item<Link>, number>({
      query: (id) => `/dashboard/links/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Link', id }],
    }),
    createLink: build.mutation<WriteAnswer, LinkInput>({
      query: (body) => ({ url: '/dashboard/links', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['Link'] : []),
    }),
    updateLink: build.mutation<WriteAnswer, { id: number; body: LinkInput }>({
      query: ({ id, body }) => ({ url: `/dashboard/links/${id}`, method: 'PUT', body }),
      invalidatesTags: (result) => (result ? ['Link'] : []),
    }),
    /** `keepalive`: the list sends it when its undo window ends, or as the tab closes (issue 32 item 5). */
    deleteLink: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/dashboard/links/${id}`, method: 'DELETE', keepalive: true }),
      invalidatesTags: (result) => (result ? ['Link'] : []),
    }),
  }),
});

export const {
  useGetLinksQuery,
  useGetDashboardLinksQuery,
  useGetDashboardLinkQuery,
  useCreateLinkMutation,
  useUpdateLinkMutation,
  useDeleteLinkMutation,
} = linksApi;
