/**
 * The dashboard home's figures (SPEC §2 /dashboard; issue 8 "Dashboard home", "Dashboard header
 * dropdown"): one endpoint any staff or super user may call; what it holds depends on their
 * permissions. Delegates to modules/site/overview-service.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { dashboardOverviewSchema } from './schemas';
import { itemSchema, signedInErrorResponses } from '../../lib/schemas';
import { requireAuth, requireDashboardUser } from '../../plugins/app/auth';
import { getDashboardOverview } from '../../modules/site';

const dashboardOverviewRoutes: FastifyPluginAsync = async (app) => {
  /**
   * GET /api/dashboard/overview: {data: DashboardOverview} — unread tickets (show-tickets),
   * pending comments (show-comments), sales in tomans with the last 30 Tehran days
   * (show-financial-info), users registered in the last 7 days (show-users); 401 visitor, 403
   * ordinary user or unverified email.
   */
  app.get(
    '/api/dashboard/overview',
    {
      schema: {
        tags: ['site'],
        summary: 'Dashboard home figures the caller may see',
        response: { 200: itemSchema(dashboardOverviewSchema), ...signedInErrorResponses },
      },
      onRequest: requireDashboardUser,
    },
    async (request) => {
      const { user } = await requireAuth(request);
      return { data: await getDashboardOverview(app.db, user) };
    },
  );
};

export default dashboardOverviewRoutes;
