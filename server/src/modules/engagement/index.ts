/**
 * The engagement module's one door (issue 34 item 1): the comments, likes and counters of every
 * content type and the content table the content and commerce modules build their lists on (SPEC §6,
 * §8; issues 3 and 26). Another module, a route, a plugin or the seed imports only this file of the
 * module; lint refuses the others (eslint.config.mjs).
 */
export { commentsCsv } from './comment-exports';
export {
  addComment,
  type CommentListQuery,
  commentsForMail,
  commentStatusOf,
  countPendingComments,
  deleteCommentThreads,
  getCommentRef,
  getCommentTree,
  getDashboardComment,
  listCommentsForModeration,
  lockComments,
  lockUnmailedReplyNotices,
  markFirstApprovals,
  markReplyNoticesMailed,
  recordReplyNotices,
  replyNoticeRecipients,
  setCommentsStatus,
  type TitleLookup,
} from './comments-service';
export { type ContentRef, contentTable, publicColumns, type SitemapBlock } from './content-table';
export { addLike, countLikes, hasLiked } from './likes-service';
export { ENGAGEMENT_MESSAGES, ENGAGEMENT_CSV_TEXT } from './messages';
