import { lazy } from 'react';
import { SUPER_ONLY, type RemoteModule } from '@shop/contracts';
import { PATHS } from './paths';
import { t } from './strings';

const UserFormPage = lazy(() => import('./users/user-form-page'));
const RestrictedUsersPage = lazy(() => import('./users/restricted-users-page'));
const PermissionFormPage = lazy(() => import('./permissions/permission-form-page'));

/**
 * The users-permissions remote's contract (DESIGN.md "The remote contract"): the profile page;
 * in the dashboard, the users (with the add and edit forms, the comment restriction and the two
 * restricted lists; permission `show-users`), the permissions (`manage-permissions`) and the audit
 * log (super users only, issue 26).
 */
const usersPermissionsModule: RemoteModule = {
  name: 'users-permissions',
  requires: { '@shop/ui-kit': '^2.7.0', '@shop/router': '^1.0.0', '@shop/api-client': '^1.11.0' },
  publicRoutes: [{ path: '/profile', Component: lazy(() => import('./profile/profile-page')), guard: 'signed-in' }],
  dashboardRoutes: [
    { path: PATHS.users, Component: lazy(() => import('./users/users-page')), permission: 'show-users' },
    { path: PATHS.addUser, Component: UserFormPage, permission: 'show-users' },
    { path: PATHS.restrictedPermanently, Component: RestrictedUsersPage, permission: 'show-users' },
    { path: PATHS.restrictedTemporarily, Component: RestrictedUsersPage, permission: 'show-users' },
    { path: '/dashboard/users/:editUserId', Component: UserFormPage, permission: 'show-users' },
    { path: PATHS.permissions, Component: lazy(() => import('./permissions/permissions-page')), permission: 'manage-permissions' },
    { path: PATHS.addPermission, Component: PermissionFormPage, permission: 'manage-permissions' },
    { path: '/dashboard/permissions/:editPermissionId', Component: PermissionFormPage, permission: 'manage-permissions' },
    { path: PATHS.auditLog, Component: lazy(() => import('./audit/audit-log-page')), permission: SUPER_ONLY },
  ],
  dashboardNav: [
    { label: t.users, path: PATHS.users, permission: 'show-users', icon: 'People' },
    { label: t.permissions.title, path: PATHS.permissions, permission: 'manage-permissions', icon: 'AdminPanelSettings' },
    { label: t.audit.title, path: PATHS.auditLog, permission: SUPER_ONLY, icon: 'History' },
  ],
  slots: {},
  islands: {},
};

export default usersPermissionsModule;
