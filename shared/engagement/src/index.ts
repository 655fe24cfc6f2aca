/**
 * Likes and comments shared by the content and commerce pages (DESIGN.md: "comment threads
 * and like buttons … live in a shared package"). Bundled into each remote that uses it; its
 * endpoints go into the one RTK Query `api`, so tags and cache are shared.
 */
export { LikeButton, type LikeButtonProps } from './like-button';
export { CommentThread, type CommentThreadProps } from './comment-thread';
export { engagementIslands, type EngagedItem, type EngagementIslandProps } from './engagement-islands';
export { useCommentAnchor, commentIdOfHash, COMMENT_ANCHOR_WAIT_MS } from './use-comment-anchor';
export { useCommentHighlight, COMMENT_HIGHLIGHT_MS } from './use-comment-highlight';
export {
  engagementApi,
  ITEM_TAGS,
  useEngagementCommentsQuery,
  useEngagementCreateCommentMutation,
  useEngagementLikeMutation,
  type CommentCreatedAnswer,
  type CreateCommentResult,
  type EngagementTarget,
} from './engagement-api';
