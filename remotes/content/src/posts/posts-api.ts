import { api } from '@shop/api-client';
import type { Item, ListQuery, Paginated, Post, ViewerState } from '@shop/contracts';

/** A post as its detail answer sends it: with `liked_by_me` for the caller (issue 3). */
export type PostDetail = Post & Partial<ViewerState>;

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
    getPost: build.query<Item<PostDetail>, number>({
      query: (postId) => `/posts/${postId}`,
      providesTags: (_result, _error, postId) => [{ type: 'Post', id: postId }],
    }),
  }),
});

export const { useGetPostsQuery, useGetPostQuery } = postsApi;
