/**
 * The dashboard home's figures (SPEC §2 /dashboard; issue 8 "Dashboard home", "Dashboard header
 * dropdown"): one endpoint any staff or super user may call; what it holds depends on their
 * permissions; each section's count comes from the module that owns it.
 */
import type { FastifyPluginAsync } from 'fastify';
import { hasPermission, type DashboardOverview, type PermissionName, type User } from '@shop/contracts';
import type { Db } from '../../db/client';
import { dashboardOverviewSchema } from './schemas';
import { itemSchema, signedInErrorResponses } from '../../lib/schemas';
import { requireAuth, requireDashboardUser } from '../../plugins/app/auth';
import { getSalesOverview } from '../../modules/commerce';
import { countPendingComments } from '../../modules/engagement';
import { countUnreadTickets } from '../../modules/support';
import { countUsersCreatedSince } from '../../modules/users';

/** "New users this week": registered in the last 7 days (rolling, not a calendar week). */
const NEW_USERS_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The figures `user` (staff or super) may see at `now`: `unread_tickets` (show-tickets),
 * `pending_comments` (show-comments), `sales` in tomans (show-financial-info), `new_users_this_week`
 * (show-users). A staff user without any of these gets `{}`.
 */
async function getDashboardOverview(db: Db, user: User, now: Date = new Date()): Promise<DashboardOverview> {
  const may = (permission: PermissionName) => hasPermission(user, permission);
  const [unreadTickets, pendingComments, sales, newUsers] = await Promise.all([
    may('show-tickets') ? countUnreadTickets(db) : undefined,
    may('show-comments') ? countPendingComments(db) : undefined,
    may('show-financial-info') ? getSalesOverview(db, now) : undefined,
    may('show-users') ? countUsersCreatedSince(db, new Date(now.getTime() - NEW_USERS_WINDOW_MS)) : undefined,
  ]);
  return {
    ...(unreadTickets !== undefined && { unread_tickets: unreadTickets }),
    ...(pendingComments !== undefined && { pending_comments: pendingComments }),
    ...(sales !== undefined && { sales }),
    ...(newUsers !== undefined && { new_users_this_week: newUsers }),
  };
}

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
