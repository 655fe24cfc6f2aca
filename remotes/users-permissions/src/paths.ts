/** Paths of this remote's dashboard pages (SPEC §2 dashboard routes). */
export const PATHS = {
  users: '/dashboard/users',
  addUser: '/dashboard/users/add-user',
  editUser: (id: number) => `/dashboard/users/${id}`,
  restrictedPermanently: '/dashboard/users/list-users-restricted-from-posting-comments-permanently',
  restrictedTemporarily: '/dashboard/users/list-users-restricted-from-posting-comments-temporarily',
  permissions: '/dashboard/permissions',
  addPermission: '/dashboard/permissions/add-permission',
  editPermission: (id: number) => `/dashboard/permissions/${id}`,
  auditLog: '/dashboard/audit-log',
} as const;
