/**
 * Users, permissions, the profile and mail preferences (SPEC §4, §5): the routes of this folder,
 * registered in this order (issue 34 item 5: one registry per folder; src/routes/index.ts
 * registers the folders).
 */
import { registryOf } from '../../lib/plugin-registry';
import dashboardUsersRoutes from './dashboard-users';
import dashboardPermissionsRoutes from './dashboard-permissions';
import profileRoutes from './profile';
import mailPreferencesRoutes from './mail-preferences';

export default registryOf('users-routes', [
  dashboardUsersRoutes,
  dashboardPermissionsRoutes,
  profileRoutes,
  mailPreferencesRoutes,
]);
