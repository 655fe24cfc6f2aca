import { api } from '@shop/api-client';
import type { Item, ListQuery, Paginated, Podcast, ViewerState } from '@shop/contracts';

/** A podcast as its detail answer sends it: with `liked_by_me` for the caller (issue 3). */
export type PodcastDetail = Podcast & Partial<ViewerState>;

/** Podcasts endpoints (DESIGN.md API): `GET /api/podcasts` (page, per_page, filter) and `GET /api/podcasts/:podcastId`. */
export const podcastsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPodcasts: build.query<Paginated<Podcast>, ListQuery>({
      query: (params) => ({ url: '/podcasts', params }),
      providesTags: (result) => [
        { type: 'Podcast' as const, id: 'LIST' },
        ...(result?.data.map(({ id }) => ({ type: 'Podcast' as const, id })) ?? []),
      ],
    }),
    getPodcast: build.query<Item<PodcastDetail>, number>({
      query: (podcastId) => `/podcasts/${podcastId}`,
      providesTags: (_result, _error, podcastId) => [{ type: 'Podcast', id: podcastId }],
    }),
  }),
});

export const { useGetPodcastsQuery, useGetPodcastQuery } = podcastsApi;
