/**
 * Running the site: its pages, links, announcements, tickets and comment moderation (SPEC §1, §4):
 * the routes of this folder, registered in this order (issue 34 item 5: one registry per folder;
 * src/routes/index.ts registers the folders).
 */
import { registryOf } from '../../lib/plugin-registry';
import publicPagesRoutes from './public-pages';
import dashboardCommentsRoutes from './dashboard-comments';
import ticketsRoutes from './tickets';
import dashboardTicketsRoutes from './dashboard-tickets';
import dashboardAnnouncementsRoutes from './dashboard-announcements';
import dashboardLinksRoutes from './dashboard-links';
import dashboardSiteInformationRoutes from './dashboard-site-information';

export default registryOf('support-routes', [
  publicPagesRoutes,
  dashboardCommentsRoutes,
  ticketsRoutes,
  dashboardTicketsRoutes,
  dashboardAnnouncementsRoutes,
  dashboardLinksRoutes,
  dashboardSiteInformationRoutes,
]);
