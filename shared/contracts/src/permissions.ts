/**
 * The permission catalogue of DESIGN.md "Permissions". `super` users pass every check;
 * staff pass only the names they hold; ordinary users never enter the dashboard.
 */
export const PERMISSIONS = [
  'show-users',
  'show-comments',
  'manage-posts',
  'manage-podcasts',
  'manage-products',
  'manage-product-sessions',
  'show-financial-info',
  'manage-refunds',
  'manage-discounts',
  'manage-permissions',
  'show-tickets',
  'manage-announcements',
  'manage-links',
  'manage-terms',
  'manage-site-information',
] as const;

/** One name of {@link PERMISSIONS}. */
export type PermissionName = (typeof PERMISSIONS)[number];

/**
 * What only super users pass (issue 26: the audit log). Not a permission anyone can hold: the
 * check reads the user type, so a permission row of that name gives staff nothing.
 */
export const SUPER_ONLY = 'super-only';

/** What a dashboard page, navigation entry or endpoint needs: a permission, or {@link SUPER_ONLY}. */
export type AccessRequirement = PermissionName | typeof SUPER_ONLY;

/** User type of SPEC §3/§4: `ordinary`, `staff` or `super` (manager). */
export type UserStatus = 'ordinary' | 'staff' | 'super';

/** The parts of a user that a permission check reads. */
export interface PermissionSubject {
  status: UserStatus;
  permissions: ReadonlyArray<{ name: string }>;
}

/**
 * The permission check of SPEC §6: true for super users; for others only when the named
 * permission is in their list. Ordinary users hold no permissions, so they fail too.
 * {@link SUPER_ONLY} passes super users alone.
 * @param user the signed-in user, or null for a visitor (always false)
 * @param permission the permission the action needs; undefined means "any dashboard user"
 */
export function hasPermission(
  user: PermissionSubject | null | undefined,
  permission?: AccessRequirement,
): boolean {
  if (!user || user.status === 'ordinary') return false;
  if (user.status === 'super') return true;
  if (permission === SUPER_ONLY) return false;
  if (permission === undefined) return true;
  return user.permissions.some((p) => p.name === permission);
}

/** True when the user may open the dashboard at all (SPEC §6: not ordinary). */
export function isDashboardUser(user: PermissionSubject | null | undefined): boolean {
  return !!user && user.status !== 'ordinary';
}
