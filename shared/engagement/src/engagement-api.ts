import { api, type FetchBaseQueryError } from '@shop/api-client';
import type { CommentBody, CommentNode, ContentType, LikeAnswer, LikeBody } from '@shop/contracts';

/** The cache tag of each likeable/commentable type (declared once in `@shop/api-client`). */
export const ITEM_TAGS = { post: 'Post', podcast: 'Podcast', product: 'Product', product_session: 'ProductSession' } as const;

/** Path segment of each type's public comments endpoint (issue 3 API contract). */
const COMMENT_PATHS: Record<ContentType, string> = {
  post: 'posts',
  podcast: 'podcasts',
  product: 'products',
  product_session: 'product-sessions',
};

/** The item a like or a comment belongs to. */
export interface EngagementTarget {
  type: ContentType;
  id: number;
}

/** Answer of `POST /api/comments`: 201 with the pending comment. */
export interface CommentCreatedAnswer {
  message: string;
  data: CommentNode;
}

/**
 * What sending a comment gives: the server's answer, or a refusal it gave with 403 and the
 * word "forbidden" (barred user, comments closed), kept apart so the form can show it.
 */
export type CreateCommentResult = ({ refused: false } & CommentCreatedAnswer) | { refused: true; message: string };

const commentsTag = ({ type, id }: EngagementTarget) => ({ type: 'Comment' as const, id: `${type}-${id}` });

/** Reads a 403 the server gave as a refusal to comment ("forbidden: …Persian…"), without the English prefix. */
function readRefusal(error: FetchBaseQueryError): string | null {
  if (error.status !== 403) return null;
  const message = (error.data as { message?: unknown } | undefined)?.message;
  if (typeof message !== 'string' || !/forbidden/i.test(message)) return null;
  return message.replace(/^\s*(forbidden|unauthorized)\s*[:：-]?\s*/i, '').trim() || message;
}

/**
 * Likes and comments (SPEC §3, §7; issue 3 API): `POST /api/like`, the comment tree of an
 * item and `POST /api/comments`. Both the content and the commerce remotes bundle this
 * package, so it is injected with `overrideExisting`: the second copy replaces the first with
 * identical definitions instead of logging an error.
 */
export const engagementApi = api.injectEndpoints({
  overrideExisting: true,
  endpoints: (build) => ({
    engagementLike: build.mutation<LikeAnswer, LikeBody>({
      query: (body) => ({ url: '/like', method: 'POST', body }),
      // Also after a 422 ("already liked"): the refreshed item then says liked_by_me.
      invalidatesTags: (_result, _error, body) => ['Like', { type: ITEM_TAGS[body.likeable_type], id: body.likeable_id }],
    }),
    engagementComments: build.query<CommentNode[], EngagementTarget>({
      query: ({ type, id }) => `/${COMMENT_PATHS[type]}/${id}/comments`,
      transformResponse: (answer: { data: CommentNode[] }) => answer.data,
      providesTags: (_result, _error, target) => [commentsTag(target)],
    }),
    engagementCreateComment: build.mutation<CreateCommentResult, CommentBody>({
      // A refusal is an answer the form shows, not an error: the shell's error catalogue would
      // send the reader away from the page on a "forbidden" 403 (SPEC §8), losing the context.
      // 401 and the unverified-email 403 still reach the catalogue (login, resend page).
      async queryFn(body, _api, _extra, baseQuery) {
        const result = await baseQuery({ url: '/comments', method: 'POST', body });
        if (result.error) {
          const refusal = readRefusal(result.error);
          return refusal ? { data: { refused: true, message: refusal } } : { error: result.error };
        }
        return { data: { refused: false, ...(result.data as CommentCreatedAnswer) } };
      },
      // Sent: the thread and the item's count. Refused: the item and the site information, since
      // the rules the page showed (the item's comment status, the site-wide switch) were stale.
      invalidatesTags: (result, _error, body) => {
        const item = { type: ITEM_TAGS[body.commentable_type], id: body.commentable_id };
        if (!result) return [];
        return result.refused
          ? [item, { type: 'SiteInformation' as const, id: 'ONE' }]
          : [commentsTag({ type: body.commentable_type, id: body.commentable_id }), item];
      },
    }),
  }),
});

export const { useEngagementLikeMutation, useEngagementCommentsQuery, useEngagementCreateCommentMutation } = engagementApi;
