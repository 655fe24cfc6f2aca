/**
 * The users module's one door (issue 34 item 1): accounts, permissions, access tokens, contacts,
 * search and exports (SPEC §2, §3, §5). Another module, a route, a plugin or the seed imports only
 * this file of the module; lint refuses the others (eslint.config.mjs).
 */
export {
  countUsersCreatedSince,
  createDashboardUser,
  deleteDashboardUser,
  listUsers,
  setCommentRestriction,
  updateDashboardUser,
  type UserListQuery,
} from './dashboard-users';
export { hashToken, issueToken, resolveToken, revokeAllTokens, revokeToken, TOKEN_LIFETIME_DAYS } from './access-tokens';
export {
  assignPermission,
  createPermission,
  deletePermission,
  getPermission,
  listPermissions,
  type PermissionListQuery,
  renamePermission,
  unassignPermission,
} from './permissions-service';
export { getUserContacts, matchingUserIds, staffHolding, superUsers, type UserContact, userContactSql, userIdIn, verifiedMobiles, verifiedUserIds } from './user-contacts';
export { usersCsv } from './user-exports';
export {
  createUser,
  ensurePermissions,
  findCredentials,
  findMobileAccount,
  getDashboardUser,
  getUserById,
  getUserSummaries,
  grantPermissions,
  markEmailVerified,
  markMobileVerified,
  type OwnProfileInput,
  setUserPassword,
  superUserIdsAmong,
  updateOwnProfile,
  USER_SORT_VALUES,
} from './users-service';
export { USERS_MESSAGES, USERS_CSV_TEXT } from './messages';
