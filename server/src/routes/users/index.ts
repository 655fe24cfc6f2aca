/**
 * Users, permissions, the profile and mail preferences (SPEC §4, §5): the routes of this folder,
 * registered in this order (issue 34 item 5: one registry per folder; src/routes/index.ts
 * registers the folders).
 */
import type { FastifyPluginAsync } from 'fastify';
import dashboardUsersRoutes from './dashboard-users';
import dashboardPermissionsRoutes from './dashboard-permissions';
import profileRoutes from './profile';
import mailPreferencesRoutes from './mail-preferences';

const usersRoutes: FastifyPluginAsync = async (app) => {
  for (const routes of [
    dashboardUsersRoutes,
    dashboardPermissionsRoutes,
    profileRoutes,
    mailPreferencesRoutes,
  ])
    await app.register(routes);
};

export default usersRoutes;
