import { api } from '@shop/api-client';
import type { Announcement, AnnouncementInput, Item, Paginated, PublicAnnouncement } from '@shop/contracts';

/** Query of the dashboard announcements list. */
export interface DashboardAnnouncementsQuery {
  page: number;
  per_page: number;
}

/** What a write answers: the server's Persian message and the announcement as stored. */
type WriteAnswer = Item<Announcement> & { message: string };

/**
 * Announcements (SPEC §3 "Announcement", §4; issue 8): the public banner's `GET /api/announcements`
 * and, for `manage-announcements`, `GET|POST /api/dashboard/announcements` and
 * `GET|PUT|DELETE /api/dashboard/announcements/:id`. A write refreshes every announcement view
 * (the banner too); a refused edit (422: it expired meanwhile) reloads that announcement, so its
 * form turns read only.
 */
export const announcementsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPublicAnnouncements: build.query<{ data: PublicAnnouncement[] }, void>({
      query: () => '/announcements',
      providesTags: [{ type: 'Announcement', id: 'PUBLIC' }],
    }),
    getDashboardAnnouncements: build.query<Paginated<Announcement>, DashboardAnnouncementsQuery>({
      query: (params) => ({ url: '/dashboard/announcements', params }),
      providesTags: (result) => [
        { type: 'Announcement' as const, id: 'LIST' },
        ...(result?.data.map(({ id }) => ({ type: 'Announcement' as const, id })) ?? []),
      ],
    }),
    getDashboardAnnouncement: build.query<Item<Announcement>, number>({
      query: (id) => `/dashboard/announcements/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Announcement', id }],
    }),
    createAnnouncement: build.mutation<WriteAnswer, AnnouncementInput>({
      query: (body) => ({ url: '/dashboard/announcements', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['Announcement'] : []),
    }),
    updateAnnouncement: build.mutation<WriteAnswer, { id: number; body: AnnouncementInput }>({
      query: ({ id, body }) => ({ url: `/dashboard/announcements/${id}`, method: 'PUT', body }),
      invalidatesTags: (result, error, { id }) =>
        result ? ['Announcement'] : error && 'status' in error && error.status === 422 ? [{ type: 'Announcement', id }] : [],
    }),
    /** `keepalive`: the list sends it when its undo window ends, or as the tab closes (issue 32 item 5). */
    deleteAnnouncement: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/dashboard/announcements/${id}`, method: 'DELETE', keepalive: true }),
      invalidatesTags: (result) => (result ? ['Announcement'] : []),
    }),
  }),
});

export const {
  useGetPublicAnnouncementsQuery,
  useGetDashboardAnnouncementsQuery,
  useGetDashboardAnnouncementQuery,
  useCreateAnnouncementMutation,
  useUpdateAnnouncementMutation,
  useDeleteAnnouncementMutation,
} = announcementsApi;
