import { api } from '@shop/api-client';
import type { CommentModerationStatus, ContentType, DashboardComment, Item, Paginated } from '@shop/contracts';

/** Query of the moderation list; `type` absent lists every content type. */
export interface DashboardCommentsQuery {
  type?: ContentType;
  status: CommentModerationStatus;
  page: number;
  per_page: number;
  q?: string;
}

/** The cache tag of the item a comment belongs to, whose `comments_count` a moderation action changes. */
const ITEM_TAG = { post: 'Post', podcast: 'Podcast', product: 'Product', product_session: 'ProductSession' } as const;

/**
 * Tags a moderation action invalidates: every `Comment` tag (the dashboard list and the public
 * threads of the content and commerce remotes) and the item the comment belongs to.
 */
const afterAction = (comment: DashboardComment | undefined) => [
  'Comment' as const,
  ...(comment ? [{ type: ITEM_TAG[comment.commentable.type], id: comment.commentable.id }] : []),
];

/**
 * Comment moderation endpoints (issue 3 API, permission `show-comments`):
 * `GET /api/dashboard/comments` and the approve, reject, reply and delete actions.
 */
export const commentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboardComments: build.query<Paginated<DashboardComment>, DashboardCommentsQuery>({
      query: ({ q, type, ...params }) => ({
        url: '/dashboard/comments',
        params: { ...params, ...(type ? { type } : {}), ...(q ? { q } : {}) },
      }),
      providesTags: (result) => [
        { type: 'Comment' as const, id: 'DASHBOARD' },
        ...(result?.data.map(({ id }) => ({ type: 'Comment' as const, id })) ?? []),
      ],
    }),
    approveComment: build.mutation<Item<DashboardComment>, DashboardComment>({
      query: (comment) => ({ url: `/dashboard/comments/${comment.id}/approve`, method: 'POST' }),
      invalidatesTags: (_result, error, comment) => (error ? [] : afterAction(comment)),
    }),
    rejectComment: build.mutation<Item<DashboardComment>, DashboardComment>({
      query: (comment) => ({ url: `/dashboard/comments/${comment.id}/reject`, method: 'POST' }),
      invalidatesTags: (_result, error, comment) => (error ? [] : afterAction(comment)),
    }),
    deleteComment: build.mutation<{ message: string }, DashboardComment>({
      query: (comment) => ({ url: `/dashboard/comments/${comment.id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, comment) => (error ? [] : afterAction(comment)),
    }),
    replyToComment: build.mutation<Item<DashboardComment>, { comment: DashboardComment; text: string }>({
      query: ({ comment, text }) => ({ url: `/dashboard/comments/${comment.id}/reply`, method: 'POST', body: { text } }),
      invalidatesTags: (_result, error, { comment }) => (error ? [] : afterAction(comment)),
    }),
  }),
});

export const {
  useGetDashboardCommentsQuery,
  useApproveCommentMutation,
  useRejectCommentMutation,
  useDeleteCommentMutation,
  useReplyToCommentMutation,
} = commentsApi;
