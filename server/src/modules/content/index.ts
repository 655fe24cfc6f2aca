/**
 * The content module's one door (issue 34 item 1): posts and podcasts, their dashboard forms and the
 * feeds (SPEC §2, §3). Another module, a route, a plugin or the seed imports only this file of the
 * module; lint refuses the others (eslint.config.mjs).
 */
export { buildPodcastsFeed, buildPostsFeed } from './feeds-service';
export {
  createPodcast,
  deletePodcast,
  getPodcast,
  getPodcastForDashboard,
  getPodcastRef,
  listLikedPodcasts,
  listPodcasts,
  listPodcastsForDashboard,
  podcastSearchSql,
  podcastSitemap,
  podcastTitles,
  updatePodcast,
} from './podcasts-service';
export {
  createPost,
  deletePost,
  getPost,
  getPostForDashboard,
  getPostRef,
  listLikedPosts,
  listPosts,
  listPostsForDashboard,
  postSearchSql,
  postSitemap,
  postTitles,
  type PublicListQuery,
  updatePost,
} from './posts-service';
export { CONTENT_MESSAGES } from './messages';
