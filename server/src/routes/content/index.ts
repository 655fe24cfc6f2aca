/**
 * Posts, podcasts and their feeds, public and in the dashboard (SPEC §2, §4): the routes of this
 * folder, registered in this order (issue 34 item 5: one registry per folder; src/routes/index.ts
 * registers the folders).
 */
import { registryOf } from '../../lib/plugin-registry';
import postsRoutes from './posts';
import podcastsRoutes from './podcasts';
import feedsRoutes from './feeds';
import dashboardPostsRoutes from './dashboard-posts';
import dashboardPodcastsRoutes from './dashboard-podcasts';

export default registryOf('content-routes', [
  postsRoutes,
  podcastsRoutes,
  feedsRoutes,
  dashboardPostsRoutes,
  dashboardPodcastsRoutes,
]);
