import { api } from '@shop/api-client';
import type { Item, Paginated, Podcast, Post } from '@shop/contracts';
import { CONTENT_KINDS, type ContentKind } from './content-kinds';

/** A post or a podcast as the dashboard reads it (a post has no audio fields). */
export type AdminContent = Post & Partial<Pick<Podcast, 'file' | 'duration_seconds'>>;

/** Query of a dashboard list (issue 3 API): `page`, `per_page`, `q`, `sort`. */
export interface AdminListQuery {
  kind: ContentKind;
  page: number;
  per_page: number;
  q: string;
  sort: string;
}

/**
 * Dashboard endpoints of posts and podcasts (issue 3 API): list with search and order,
 * one item for the edit form, delete. Create and update send files, so they go through
 * `uploadWithProgress` (see `save-content.ts`) and then invalidate the same tags.
 */
export const contentAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminContentList: build.query<Paginated<AdminContent>, AdminListQuery>({
      query: ({ kind, q, ...params }) => ({ url: `/dashboard/${CONTENT_KINDS[kind].section}`, params: { ...params, q: q || undefined } }),
      providesTags: (result, _error, { kind }) => [
        { type: CONTENT_KINDS[kind].tag, id: 'LIST' },
        ...(result?.data.map(({ id }) => ({ type: CONTENT_KINDS[kind].tag, id })) ?? []),
      ],
    }),
    getAdminContent: build.query<Item<AdminContent>, { kind: ContentKind; id: number }>({
      query: ({ kind, id }) => `/dashboard/${CONTENT_KINDS[kind].section}/${id}`,
      providesTags: (_result, _error, { kind, id }) => [{ type: CONTENT_KINDS[kind].tag, id }],
    }),
    /** `keepalive`: the list sends it when its undo window ends, or as the tab closes (issue 32 item 5). */
    deleteAdminContent: build.mutation<{ message?: string }, { kind: ContentKind; id: number }>({
      query: ({ kind, id }) => ({ url: `/dashboard/${CONTENT_KINDS[kind].section}/${id}`, method: 'DELETE', keepalive: true }),
      invalidatesTags: (_result, _error, { kind, id }) => [
        { type: CONTENT_KINDS[kind].tag, id: 'LIST' },
        { type: CONTENT_KINDS[kind].tag, id },
      ],
    }),
  }),
});

export const { useGetAdminContentListQuery, useGetAdminContentQuery, useDeleteAdminContentMutation } = contentAdminApi;
