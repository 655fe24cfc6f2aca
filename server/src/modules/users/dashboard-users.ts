/**
 * The dashboard's people rules (issue 7 "Dashboard users"): the users list, its export and filters,
 * and who may create, change or delete a user: a user's type and permissions, the last super user,
 * a user with paid orders, and comment restrictions. Every change is recorded in the audit log in
 * its transaction (issue 26). The accounts themselves are users-service.ts's.
 */
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { DashboardUserListQuery, Paginated, User, UserStatus, WriteCommentStatus } from '@shop/contracts';
import type { CommentRestrictionInput, DashboardUserCreateInput, DashboardUserUpdateInput } from '@shop/validation';
import type { Db } from '../../db/client';
import { permissions, permissionUser, users } from './tables';
import { ApiError } from '../../lib/api-error';
import { foreignKeyViolation } from '../../lib/db-errors';
import { keysetRows, sortedAfter, sortedCursor, type SortedCursor } from '../../lib/keyset-rows';
import { USERS_MESSAGES } from './messages';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import { normalizePersianText } from '../../lib/text';
import { hashPassword } from '../../lib/passwords';
import { revokeAllTokens } from './access-tokens';
import type { AuditContext } from '../../lib/audit-trail';
import { userMatches } from './user-search';
import {
  assertContactsFree,
  commentStatusInForce,
  createUser,
  getDashboardUser,
  permissionsOf,
  takenErrorOf,
  toUser,
  userColumns,
  type UserRecord,
  type UserSortField,
} from './users-service';

/** Query of the dashboard users list (contracts' `DashboardUserListQuery`). */
export type UserListQuery = DashboardUserListQuery;

/** The list's filters (see {@link listUsers}), shared by its export. */
function userListWhere(query: Omit<UserListQuery, 'page' | 'per_page'>): SQL | undefined {
  const conditions: Array<SQL | undefined> = [query.q ? userMatches(query.q) : undefined];
  if (query.status) conditions.push(eq(users.status, query.status));
  if (query.verified === 'yes') conditions.push(isNotNull(users.email_verified_at));
  if (query.verified === 'no') conditions.push(isNull(users.email_verified_at));
  if (query.write_comment_status) conditions.push(sql`${commentStatusInForce} = ${query.write_comment_status}`);
  return and(...conditions);
}

/** The column, its type and the direction of a `sort` value (default `-created_at`). */
function userListOrder(sort = '-created_at') {
  const field = sort.replace(/^-/, '') as UserSortField;
  const { column, type } = ({
    id: { column: users.id, type: 'integer' },
    created_at: { column: users.created_at, type: 'timestamptz' },
    full_name: { column: users.full_name, type: 'text' },
    email: { column: users.email, type: 'text' },
  } as const)[field];
  return { column, type, direction: sort.startsWith('-') ? ('desc' as const) : ('asc' as const) };
}

/**
 * A page of users for `GET /api/dashboard/users` (DESIGN.md dashboard list conventions): `q` in
 * the full name, email or any part of the mobile (see {@link userMatches}); filters by type
 * (`status`), `verified` (yes|no) and the comment status in force (`write_comment_status`: a
 * temporary bar that has ended counts as `allowed`); `sort` one of {@link USER_SORT_VALUES}
 * (default `-created_at`).
 */
export async function listUsers(db: Db, query: UserListQuery): Promise<Paginated<User>> {
  const request = toPageRequest(query.page, query.per_page);
  const where = userListWhere(query);
  const { column, direction } = userListOrder(query.sort);
  const order = direction === 'desc' ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db
      .select(userColumns)
      .from(users)
      .where(where)
      .orderBy(order(column), order(users.id))
      .limit(request.perPage)
      .offset(request.offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  const perms = await permissionsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    data: rows.map((row) => toUser(row, perms.get(row.id) ?? [])),
    meta: pageMeta(request, total?.n ?? 0),
  };
}

/**
 * Every user of the list's filters and sort (as {@link listUsers}), read in keyset pages as the
 * consumer asks (the users CSV export, issue 26): the wire shape, which holds no password or token.
 */
export function exportUsers(db: Db, query: Omit<UserListQuery, 'page' | 'per_page'>): AsyncIterable<User> {
  const where = userListWhere(query);
  const { column, type, direction } = userListOrder(query.sort);
  const order = direction === 'desc' ? desc : asc;
  return keysetRows<UserRecord & SortedCursor, User>(
    (after, size) =>
      db
        .select({ ...userColumns, ...sortedCursor(column, users.id) })
        .from(users)
        .where(and(where, sortedAfter(column, users.id, direction, type, after)))
        .orderBy(order(column), order(users.id))
        .limit(size),
    async (page) => {
      const perms = await permissionsOf(
        db,
        page.map((r) => r.id),
      );
      return page.map((row) => toUser(row, perms.get(row.id) ?? []));
    },
  );
}

/** How many users registered at or after `since` (the dashboard home's new users, issue 8). */
export async function countUsersCreatedSince(db: Db, since: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(gte(users.created_at, since));
  return row?.n ?? 0;
}

/** A 422 whose message and field error both say why (the client toasts one, the form shows the other). */
export function refusal(field: string, message: string): ApiError {
  return new ApiError(422, message, { [field]: [message] });
}

/**
 * The type and permission rules of the dashboard's user form (SPEC §4, §6; issue 7), checked
 * before anything is written. `target` is null on create (a new account is ordinary without
 * permissions, so a staff caller may only create such accounts).
 * @throws ApiError 403 `onlySuperEditsSuper` / `onlySuperChangesType` (messages start with
 *   `forbidden:`); 422 on `permission_ids`: `permissionsOnlyForStaff`, `permissionUnknown`.
 */
async function checkUserForm(
  db: Db,
  actor: User,
  target: User | null,
  input: { status: UserStatus; permission_ids: number[] },
): Promise<number[]> {
  const ids = [...new Set(input.permission_ids)].sort((a, b) => a - b);
  if (actor.status !== 'super') {
    if (target?.status === 'super') throw new ApiError(403, USERS_MESSAGES.onlySuperEditsSuper);
    const current = (target?.permissions ?? []).map((p) => p.id).sort((a, b) => a - b);
    const sameType = input.status === (target?.status ?? 'ordinary');
    if (!sameType || ids.join(',') !== current.join(',')) throw new ApiError(403, USERS_MESSAGES.onlySuperChangesType);
  }
  if (ids.length === 0) return ids;
  if (input.status !== 'staff') throw refusal('permission_ids', USERS_MESSAGES.permissionsOnlyForStaff);
  const known = await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.id, ids));
  if (known.length !== ids.length) throw refusal('permission_ids', USERS_MESSAGES.permissionUnknown);
  return ids;
}

/**
 * Refuses to leave the site without a super user when `userId` (a super) is demoted or deleted
 * (issue 7). Locks the super rows, so two supers demoting each other at once cannot both pass.
 * @throws ApiError 422 `lastSuperUser` (under `field` when given).
 */
async function assertAnotherSuper(tx: Db, userId: number, field?: string): Promise<void> {
  const supers = await tx.select({ id: users.id }).from(users).where(eq(users.status, 'super')).for('update');
  if (supers.some((s) => s.id !== userId)) return;
  throw field ? refusal(field, USERS_MESSAGES.lastSuperUser) : new ApiError(422, USERS_MESSAGES.lastSuperUser);
}

/**
 * Replaces the permissions a user holds.
 * @throws ApiError 422 `permissionUnknown` when a permission was deleted since it was checked.
 */
async function setPermissionsOf(tx: Db, userId: number, permissionIds: number[]): Promise<void> {
  await tx.delete(permissionUser).where(eq(permissionUser.user_id, userId));
  if (permissionIds.length === 0) return;
  try {
    await tx.insert(permissionUser).values(permissionIds.map((id) => ({ permission_id: id, user_id: userId })));
  } catch (error) {
    if (foreignKeyViolation(error) === null) throw error;
    throw refusal('permission_ids', USERS_MESSAGES.permissionUnknown);
  }
}

/** What the audit log keeps of an account before and after a dashboard change (issue 26; never its password). */
function auditedUser(user: User) {
  return {
    full_name: user.full_name,
    email: user.email,
    mobile: user.mobile,
    status: user.status,
    permissions: user.permissions.map((p) => p.name),
    write_comment_status: user.write_comment_status,
    comment_barred_until: user.comment_barred_until,
  };
}

/**
 * Adds an account from the dashboard (POST /api/dashboard/users; SPEC §2 /add-user). The email
 * counts as verified: staff typed the address for the person, who has no link to open. Only
 * super may create staff or super accounts or give permissions (see {@link checkUserForm}).
 * User and permissions are written in one transaction, audited (the password left out).
 * @throws ApiError 403 / 422 of {@link checkUserForm}; 422 on `email` / `mobile` when taken.
 */
export async function createDashboardUser(db: Db, actor: User, input: DashboardUserCreateInput, audit: AuditContext): Promise<User> {
  const permissionIds = await checkUserForm(db, actor, null, input);
  const passwordHash = await hashPassword(input.password);
  const id = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const user = await createUser(tx, {
      full_name: input.full_name,
      email: input.email,
      mobile: input.mobile ?? null,
      password_hash: passwordHash,
      status: input.status,
      email_verified_at: new Date(),
    });
    await setPermissionsOf(tx, user.id, permissionIds);
    await audit.record(tx, { entity: 'user', id: user.id, action: 'create', after: auditedUser(await getDashboardUser(tx, user.id)) });
    return user.id;
  });
  return getDashboardUser(db, id);
}

/**
 * Edits an account from the dashboard (PUT /api/dashboard/users/:id; SPEC §2 /{editUserId}).
 * An empty password keeps the old one; a new one revokes the user's tokens (but the caller's
 * own, when editing oneself: `keepToken`). A changed email counts as verified, as on create.
 * A type other than staff holds no permissions, so making a user ordinary drops them. Only super
 * edits a super account or changes a type or a permission set; the last super stays super. One
 * transaction, audited (a new password is not: only the fields above).
 * @throws ApiError 404 unknown user; 403 / 422 of {@link checkUserForm}; 422 `status`
 *   `lastSuperUser`; 422 on `email` / `mobile` when another account has it.
 */
export async function updateDashboardUser(
  db: Db,
  actor: User,
  id: number,
  input: DashboardUserUpdateInput,
  audit: AuditContext,
  keepToken?: string,
): Promise<User> {
  const target = await getDashboardUser(db, id);
  const permissionIds = await checkUserForm(db, actor, target, input);
  const email = input.email.toLowerCase();
  const mobile = input.mobile ?? null;
  await assertContactsFree(db, { email, mobile }, id);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    if (target.status === 'super' && input.status !== 'super') await assertAnotherSuper(tx, id, 'status');
    try {
      await tx
        .update(users)
        .set({
          full_name: normalizePersianText(input.full_name),
          email,
          mobile,
          status: input.status,
          ...(email !== target.email ? { email_verified_at: new Date() } : {}),
          ...(mobile !== target.mobile ? { mobile_verified_at: null } : {}),
          ...(passwordHash ? { password_hash: passwordHash } : {}),
          updated_at: new Date(),
        })
        .where(eq(users.id, id));
    } catch (error) {
      throw takenErrorOf(error);
    }
    const current = target.permissions.map((p) => p.id).sort((a, b) => a - b);
    if (permissionIds.join(',') !== current.join(',')) await setPermissionsOf(tx, id, permissionIds);
    if (passwordHash) await revokeAllTokens(tx, id, actor.id === id ? keepToken : undefined);
    await audit.record(tx, { entity: 'user', id, action: 'update', before: auditedUser(target), after: auditedUser(await getDashboardUser(tx, id)) });
  });
  return getDashboardUser(db, id);
}

/**
 * True when `error` (or a cause of it) is PostgreSQL's restrict_violation (SQLSTATE 23001): the
 * row is still referenced through an ON DELETE RESTRICT key (`orders.user_id`). lib/db-errors.ts
 * reads 23503 (foreign_key_violation) only, which RESTRICT keys do not raise.
 */
function isRestrictViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    if ((current as { code?: unknown }).code === '23001') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Whether user `userId` has a paid order (commerce's `hasPaidOrders`, handed in by the route: the
 * users module sits below commerce and imports none of it).
 */
export type PaidOrdersCheck = (db: Db, userId: number) => Promise<boolean>;

/**
 * Deletes an account (DELETE /api/dashboard/users/:id; SPEC §6 "users who bought a product
 * cannot be deleted", asked of `hasPaidOrders`), audited. Its tokens, reset codes, permissions, cart, likes, comments, tickets and
 * course progress go with it (ON DELETE CASCADE); refunds it made keep a null `refunded_by`.
 * @throws ApiError 404 unknown; 422 `cannotDeleteSelf`; 403 `onlySuperEditsSuper` for a staff
 *   caller and a super account; 405 `operationNotValid` (SPEC §8) for a buyer, and for any account
 *   with orders (kept for the books: `orders.user_id` is ON DELETE RESTRICT); 422 `lastSuperUser`.
 */
export async function deleteDashboardUser(db: Db, actor: User, id: number, audit: AuditContext, hasPaidOrders: PaidOrdersCheck): Promise<void> {
  const target = await getDashboardUser(db, id);
  if (target.id === actor.id) throw new ApiError(422, USERS_MESSAGES.cannotDeleteSelf);
  if (target.status === 'super' && actor.status !== 'super') throw new ApiError(403, USERS_MESSAGES.onlySuperEditsSuper);
  if (await hasPaidOrders(db, id)) throw new ApiError(405, USERS_MESSAGES.operationNotValid);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    if (target.status === 'super') await assertAnotherSuper(tx, id);
    try {
      await tx.delete(users).where(eq(users.id, id));
    } catch (error) {
      if (foreignKeyViolation(error) === null && !isRestrictViolation(error)) throw error;
      throw new ApiError(405, USERS_MESSAGES.operationNotValid);
    }
    await audit.record(tx, { entity: 'user', id, action: 'delete', before: auditedUser(target) });
  });
}

/**
 * Sets who may comment (POST /api/dashboard/users/:id/comment-status; SPEC §4): `allowed` frees
 * the user, `barred` is permanent, `temporarily-barred` lasts until `barred_until` (already checked
 * to be in the future by `commentRestrictionSchema`) and then ends by itself. Audited.
 * @throws ApiError 404 unknown; 403 `onlySuperEditsSuper` for a staff caller and a super account.
 */
export async function setCommentRestriction(
  db: Db,
  actor: User,
  id: number,
  input: CommentRestrictionInput,
  audit: AuditContext,
): Promise<User> {
  const target = await getDashboardUser(db, id);
  if (target.status === 'super' && actor.status !== 'super') throw new ApiError(403, USERS_MESSAGES.onlySuperEditsSuper);
  const status = input.write_comment_status as WriteCommentStatus;
  const until = status === 'temporarily-barred' && input.barred_until ? new Date(input.barred_until) : null;
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx
      .update(users)
      .set({ write_comment_status: status, comment_barred_until: until, updated_at: new Date() })
      .where(eq(users.id, id));
    const after = await getDashboardUser(tx, id);
    await audit.record(tx, { entity: 'user', id, action: 'update', before: auditedUser(target), after: auditedUser(after) });
    return after;
  });
}
