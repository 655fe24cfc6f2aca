import { lazy } from 'react';
import type { RemoteModule } from '@shop/contracts';
import { t } from './strings';

/**
 * The users-permissions remote's contract (DESIGN.md "The remote contract"): the profile
 * page and the dashboard's users section (permissions arrive in a later issue).
 */
const usersPermissionsModule: RemoteModule = {
  name: 'users-permissions',
  requires: { '@shop/ui-kit': '^2.0.0', '@shop/router': '^1.0.0', '@shop/api-client': '^1.0.0' },
  publicRoutes: [{ path: '/profile', Component: lazy(() => import('./profile/profile-page')), guard: 'signed-in' }],
  dashboardRoutes: [{ path: '/dashboard/users', Component: lazy(() => import('./users/users-page')), permission: 'show-users' }],
  dashboardNav: [{ label: t.users, path: '/dashboard/users', permission: 'show-users', icon: 'People' }],
  slots: {},
};

export default usersPermissionsModule;
