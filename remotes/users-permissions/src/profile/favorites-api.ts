import { api } from '@shop/api-client';
import type { Paginated, Podcast, Post } from '@shop/contracts';

/** Which liked items to list. */
export type FavoriteType = 'post' | 'podcast';

/** Query of one page of favourites. */
export interface FavoritesQuery {
  type: FavoriteType;
  page: number;
}

/**
 * The signed-in user's liked posts or podcasts (issue 3 API): `GET /api/profile/favorites?type=&page=`,
 * newest like first. Tagged `Like` so a like anywhere refreshes it, and with each item's tag.
 */
export const favoritesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getFavorites: build.query<Paginated<Post | Podcast>, FavoritesQuery>({
      query: (params) => ({ url: '/profile/favorites', params }),
      providesTags: (result, _error, { type }) => [
        'Like' as const,
        ...(result?.data.map(({ id }) => ({ type: type === 'post' ? ('Post' as const) : ('Podcast' as const), id })) ?? []),
      ],
    }),
  }),
});

export const { useGetFavoritesQuery } = favoritesApi;
