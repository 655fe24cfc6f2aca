import { api } from '@shop/api-client';
import type { ForensicIdentification, ForensicIdentificationRequest, ForensicRevocationRequest, Item, Paginated } from '@shop/contracts';

/** The list's query: a page, and optionally one session. */
export interface ForensicListQuery {
  page: number;
  per_page: number;
  session_id?: number | null;
}

/** `Forensic` cache tags (issue 38 items 3 and 4): the list (`list`) and one identification (its id). */
const LIST = { type: 'Forensic' as const, id: 'list' };
const itemTag = (id: number) => ({ type: 'Forensic' as const, id });

/** Whether the worker has yet to finish an identification (the pages read it again meanwhile). */
export const isPending = (identification: Pick<ForensicIdentification, 'status'> | undefined) =>
  identification?.status === 'queued' || identification?.status === 'processing';

/**
 * The staff side of leaked-copy identification (issue 38 items 3 and 4; shapes in `@shop/contracts`
 * forensics.ts): the list (newest first), one identification, starting one from a tus upload
 * (manage-product-sessions) and revoking the named account (manage-refunds), which ends the buyer's
 * grants of the course and so refreshes the user's and the orders' views.
 */
export const forensicsAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getForensicIdentifications: build.query<Paginated<ForensicIdentification>, ForensicListQuery>({
      query: ({ page, per_page, session_id }) => ({ url: '/dashboard/forensic-identifications', params: { page, per_page, session_id: session_id || undefined } }),
      providesTags: (result) => [LIST, ...(result?.data.map(({ id }) => itemTag(id)) ?? [])],
    }),
    getForensicIdentification: build.query<Item<ForensicIdentification>, number>({
      query: (id) => `/dashboard/forensic-identifications/${id}`,
      providesTags: (_result, _error, id) => [itemTag(id)],
    }),
    startForensicIdentification: build.mutation<Item<ForensicIdentification>, ForensicIdentificationRequest>({
      query: (body) => ({ url: '/dashboard/forensic-identifications', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [LIST]),
    }),
    revokeForensicAccount: build.mutation<Item<ForensicIdentification>, { id: number; body: ForensicRevocationRequest }>({
      query: ({ id, body }) => ({ url: `/dashboard/forensic-identifications/${id}/revocation`, method: 'POST', body }),
      invalidatesTags: (result, error, { id }) =>
        error ? [] : [itemTag(id), LIST, { type: 'Order', id: 'LIST' }, ...(result?.data.user ? [{ type: 'User' as const, id: result.data.user.id }] : [])],
    }),
  }),
});

export const {
  useGetForensicIdentificationsQuery,
  useGetForensicIdentificationQuery,
  useStartForensicIdentificationMutation,
  useRevokeForensicAccountMutation,
} = forensicsAdminApi;
