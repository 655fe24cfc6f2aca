import { api } from '@shop/api-client';
import type { Item, ListQuery, Paginated, Post } from '@shop/contracts';

/** Posts endpoints (DESIGN.md API): `GET /api/posts` (page, per_page, filter) and `GET /api/posts/:postId`. */
export const postsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPosts: build.query<Paginated<Post>, ListQuery>({
      query: (params) => ({ url: '/posts', params }),
      providesTags: (result) => [
        { type: 'Post' as const, id: 'LIST' },
        ...(result?.data.map(({ id }) => ({ type: 'Post' as const, id })) ?? []),
      ],
    }),
    getPost: build.query<Item<Post>, number>({
      query: (postId) => `/posts/${postId}`,
      providesTags: (_result, _error, postId) => [{ type: 'Post', id: postId }],
    }),
  }),
});

export const { useGetPostsQuery, useGetPostQuery } = postsApi;
