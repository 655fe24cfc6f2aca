import { api } from '@shop/api-client';
import type { BulkActionAnswer, CommentBulkAction, CommentModerationStatus, ContentType, DashboardComment, Item, Paginated } from '@shop/contracts';

/** Query of the moderation list; `type` absent lists every content type. */
export interface DashboardCommentsQuery {
  type?: ContentType;
  status: CommentModerationStatus;
  page: number;
  per_page: number;
  q?: string;
}

/** API path of the moderation list's CSV export (issue 26) for `ExportCsvButton`; it takes the list's filters. */
export const COMMENTS_EXPORT = '/dashboard/comments/export';

/** The cache tag of the item a comment belongs to, whose `comments_count` a moderation action changes. */
const ITEM_TAG = { post: 'Post', podcast: 'Podcast', product: 'Product', product_session: 'ProductSession' } as const;

/**
 * Tags a moderation action invalidates: every `Comment` tag (the dashboard list and the public
 * threads of the content and commerce remotes) and the item the comment belongs to.
 */
const afterAction = (...comments: DashboardComment[]) => [
  'Comment' as const,
  ...comments.map((comment) => ({ type: ITEM_TAG[comment.commentable.type], id: comment.commentable.id })),
];

/**
 * Comment moderation endpoints (issue 3 API, permission `show-comments`):
 * `GET /api/dashboard/comments`, the approve, reject and reply actions, and the bulk actions
 * (approve, reject, delete) of issue 26, which also delete a single comment (undoable).
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
    /**
     * `POST /api/dashboard/comments/bulk` (issue 26): approve, reject or delete `comments` at once,
     * all or nothing. `keepalive`, so a delete sent as the tab closes still arrives.
     */
    moderateComments: build.mutation<BulkActionAnswer<CommentBulkAction>, { action: CommentBulkAction; comments: DashboardComment[] }>({
      query: ({ action, comments }) => ({
        url: '/dashboard/comments/bulk',
        method: 'POST',
        body: { action, ids: comments.map((comment) => comment.id) },
        keepalive: true,
      }),
      invalidatesTags: (_result, error, { comments }) => (error ? [] : afterAction(...comments)),
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
  useModerateCommentsMutation,
  useReplyToCommentMutation,
} = commentsApi;
