/**
 * Site-wide endpoints: SEO files, health, likes, comments and search, media, unsubscribing, the
 * dashboard overview (SPEC §3, §7, §8): the routes of this folder, registered in this order (issue
 * 34 item 5: one registry per folder; src/routes/index.ts registers the folders).
 */
import { registryOf } from '../../lib/plugin-registry';
import seoRoutes from './seo';
import healthRoutes from './health';
import engagementRoutes from './engagement';
import mediaRoutes from './media';
import mailUnsubscribeRoutes from './mail-unsubscribe';
import dashboardOverviewRoutes from './dashboard-overview';

export default registryOf('site-routes', [
  seoRoutes,
  healthRoutes,
  engagementRoutes,
  mediaRoutes,
  mailUnsubscribeRoutes,
  dashboardOverviewRoutes,
]);
