/**
 * The site module's one door (issue 34 item 1): what spans the content types: liking, commenting and
 * moderating any item, comment mail, search and sitemaps (SPEC §6, §8;
 * issues 3, 9 and 26). Another module, a route, a plugin or the seed imports only this file of the
 * module; lint refuses the others (eslint.config.mjs).
 */
export { notifyCommentPosted, notifyCommentsPublished, startCommentNotices } from './comment-notifications';
export {
  contentTitles,
  engagementOf,
  findContentRef,
  type InCommentTransaction,
  likeItem,
  moderateComment,
  moderateComments,
  postComment,
  replyAsStaff,
  viewerState,
} from './engagement-service';
export { search } from './search-service';
export { SITEMAP_SECTIONS, sitemapBlockItems, sitemapBlocks, type SitemapSection } from './sitemap-service';
export { SITE_MESSAGES } from './messages';
