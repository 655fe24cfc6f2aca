/**
 * The dashboard home's figures (issue 8 "Dashboard home", "Dashboard header dropdown"): each
 * section's count comes from the module that owns it, and a figure is included only when the
 * user's permissions allow its section.
 */
import { hasPermission, type DashboardOverview, type PermissionName, type User } from '@shop/contracts';
import type { Db } from '../../db/client';
import { getSalesOverview } from '../commerce';
import { countUnreadTickets } from '../support';
import { countUsersCreatedSince } from '../users';
import { countPendingComments } from '../engagement';

/** "New users this week": registered in the last 7 days (rolling, not a calendar week). */
const NEW_USERS_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * The figures `user` (staff or super) may see at `now`: `unread_tickets` (show-tickets),
 * `pending_comments` (show-comments), `sales` in tomans (show-financial-info), `new_users_this_week`
 * (show-users). A staff user without any of these gets `{}`.
 */
export async function getDashboardOverview(db: Db, user: User, now: Date = new Date()): Promise<DashboardOverview> {
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
