/**
 * Users and their permissions (SPEC §3 "User", §4, §6). Owns `users`, `permissions` and
 * `permission_user`; other modules call these functions instead of reading the tables.
 * The dashboard's people rules (issue 7 "Dashboard users") live here: who may change a user's
 * type and permissions, the last super user, deleting, and comment restrictions.
 */
import { and, asc, count, desc, eq, getTableColumns, gte, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DashboardUserListQuery, Paginated, PermissionName, User, UserStatus, WriteCommentStatus } from '@shop/contracts';
import type { CommentRestrictionInput, DashboardUserCreateInput, DashboardUserUpdateInput } from '@shop/validation';
import type { Db } from '../../db/client';
import { permissions, permissionUser, users } from '../../db/schema';
import { ApiError, notFound, validationFailed } from '../../lib/api-error';
import { toIso } from '../../lib/dates';
import { foreignKeyViolation, uniqueViolation } from '../../lib/db-errors';
import { keysetRows, sortedAfter, sortedCursor, type SortedCursor } from '../../lib/keyset-rows';
import { MESSAGES } from '../../lib/messages';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import { normalizePersianText } from '../../lib/text';
import { hashPassword } from '../../lib/passwords';
import { revokeAllTokens } from './access-tokens';
import { type AuditContext, recordAudit } from '../audit';
import { userMatches } from './user-search';

/** Public name and role of a user, as comments show it. */
export interface UserSummary {
  id: number;
  full_name: string;
  /** For staff views only (dashboard comments); public answers leave it out. */
  email: string;
  is_staff: boolean;
}

/** Sort keys of the dashboard users list; a leading `-` means descending. */
export const USER_SORT_FIELDS = ['id', 'created_at', 'full_name', 'email'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/** The allowed values of the `sort` query, for schemas and validation. */
export const USER_SORT_VALUES: string[] = USER_SORT_FIELDS.flatMap((f) => [f, `-${f}`]);

/**
 * The comment permission in force (SPEC §4), the one definition for answers and filters: a
 * temporary bar whose end has passed reads `allowed`, so a bar ends by itself at its time
 * without a job to lift it.
 */
const commentStatusInForce = sql<WriteCommentStatus>`(case
  when ${users.write_comment_status} = 'temporarily-barred'
    and not coalesce(${users.comment_barred_until} > now(), false) then 'allowed'
  else ${users.write_comment_status}::text end)`;

/** What every read of a user selects: the row plus {@link commentStatusInForce}. */
const userColumns = { ...getTableColumns(users), comment_status_in_force: commentStatusInForce };

type UserRecord = typeof users.$inferSelect & { comment_status_in_force: WriteCommentStatus };

async function permissionsOf(db: Db, userIds: number[]) {
  const byUser = new Map<number, Array<{ id: number; name: PermissionName }>>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select({ user_id: permissionUser.user_id, id: permissions.id, name: permissions.name })
    .from(permissionUser)
    .innerJoin(permissions, eq(permissions.id, permissionUser.permission_id))
    .where(inArray(permissionUser.user_id, userIds))
    .orderBy(asc(permissions.id));
  for (const row of rows) {
    const list = byUser.get(row.user_id) ?? [];
    list.push({ id: row.id, name: row.name as PermissionName });
    byUser.set(row.user_id, list);
  }
  return byUser;
}

function toUser(row: UserRecord, perms: Array<{ id: number; name: PermissionName }>): User {
  const writeCommentStatus = row.comment_status_in_force;
  return {
    id: row.id,
    full_name: row.full_name,
    email: row.email,
    mobile: row.mobile,
    way_of_knowing_our_website: row.way_of_knowing_our_website,
    write_comment_status: writeCommentStatus,
    comment_barred_until: writeCommentStatus === 'temporarily-barred' ? toIso(row.comment_barred_until) : null,
    status: row.status,
    is_email_verified: row.email_verified_at !== null,
    email_verified_at: toIso(row.email_verified_at),
    is_mobile_verified: row.mobile_verified_at !== null,
    permissions: perms,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

/** The user with its permissions in the wire shape of contracts' `User`, or null. */
export async function getUserById(db: Db, id: number): Promise<User | null> {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  if (!row) return null;
  return toUser(row, (await permissionsOf(db, [id])).get(id) ?? []);
}

/** {@link getUserById} for the dashboard: the user, or a 404 ApiError. */
export async function getDashboardUser(db: Db, id: number): Promise<User> {
  const user = await getUserById(db, id);
  if (!user) throw notFound(MESSAGES.userUnknown);
  return user;
}

/** Names and staff flags of the given users (for comment authors). */
export async function getUserSummaries(db: Db, ids: number[]): Promise<Map<number, UserSummary>> {
  const result = new Map<number, UserSummary>();
  if (ids.length === 0) return result;
  const rows = await db
    .select({ id: users.id, full_name: users.full_name, email: users.email, status: users.status })
    .from(users)
    // One array parameter, not one per id: a comment tree names a hundred authors, and drizzle
    // builds each parameter of an IN list on its own (issue 9: a fifth of an uncached tree's CPU).
    .where(sql`${users.id} = any(${sql.param(ids)}::int[])`);
  for (const row of rows) {
    result.set(row.id, {
      id: row.id,
      full_name: row.full_name,
      email: row.email,
      is_staff: row.status !== 'ordinary',
    });
  }
  return result;
}

/** Which of the users `ids` are super (issue 26: only super moderates a super's comments). */
export async function superUserIdsAmong(db: Db, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`${users.id} = any(${sql.param(ids)}::int[])`, eq(users.status, 'super')));
  return new Set(rows.map((row) => row.id));
}

/**
 * Id and password hash for a login identifier (email lowercased, mobile in E.164), or null.
 * Exactly one of `email` / `mobile` is read.
 */
export async function findCredentials(
  db: Db,
  by: { email?: string; mobile?: string },
): Promise<{ id: number; password_hash: string } | null> {
  const where = by.email !== undefined ? eq(users.email, by.email.toLowerCase()) : eq(users.mobile, by.mobile ?? '');
  const [row] = await db
    .select({ id: users.id, password_hash: users.password_hash })
    .from(users)
    .where(where);
  return row ?? null;
}

/**
 * Refuses an email or mobile that another account has (SPEC §8 field errors). `email` is
 * lowercased and `mobile` in E.164 (null = none); `exceptUserId` is the account being edited.
 * @throws ApiError 422 with a Persian `email` and/or `mobile` error.
 */
export async function assertContactsFree(
  db: Db,
  contacts: { email: string; mobile: string | null },
  exceptUserId?: number,
): Promise<void> {
  const { email, mobile } = contacts;
  const taken = await db
    .select({ email: users.email, mobile: users.mobile })
    .from(users)
    .where(
      and(
        mobile ? or(eq(users.email, email), eq(users.mobile, mobile)) : eq(users.email, email),
        exceptUserId === undefined ? undefined : ne(users.id, exceptUserId),
      ),
    );
  const errors: Record<string, string[]> = {};
  if (taken.some((t) => t.email === email)) errors.email = [MESSAGES.emailTaken];
  if (mobile && taken.some((t) => t.mobile === mobile)) errors.mobile = [MESSAGES.mobileTaken];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
}

/**
 * The error to throw for a failed write of an email or mobile: a unique violation (a concurrent
 * write won the race) becomes the same 422 field error as {@link assertContactsFree}; any other
 * error is answered as it is.
 */
export function takenErrorOf(error: unknown): unknown {
  const constraint = uniqueViolation(error);
  if (constraint === null) return error;
  return validationFailed(constraint.includes('mobile') ? { mobile: [MESSAGES.mobileTaken] } : { email: [MESSAGES.emailTaken] });
}

/** Input of {@link createUser}; the password is already hashed by the auth module. */
export interface NewUser {
  full_name: string;
  email: string;
  mobile?: string | null;
  password_hash: string;
  way_of_knowing_our_website?: string | null;
  status?: UserStatus;
  email_verified_at?: Date | null;
  created_at?: Date;
}

/**
 * Creates a user (SPEC §4: new accounts start unverified and ordinary unless told otherwise).
 * @throws ApiError 422 with a Persian `email` / `mobile` error when either is taken.
 */
export async function createUser(db: Db, input: NewUser): Promise<User> {
  const email = input.email.trim().toLowerCase();
  const mobile = input.mobile || null;
  await assertContactsFree(db, { email, mobile });
  try {
    const [row] = await db
      .insert(users)
      .values({
        full_name: normalizePersianText(input.full_name),
        email,
        mobile,
        password_hash: input.password_hash,
        way_of_knowing_our_website: input.way_of_knowing_our_website?.trim() || null,
        status: input.status ?? 'ordinary',
        email_verified_at: input.email_verified_at ?? null,
        ...(input.created_at ? { created_at: input.created_at, updated_at: input.created_at } : {}),
      })
      .returning(userColumns);
    return toUser(row!, []);
  } catch (error) {
    throw takenErrorOf(error);
  }
}

/** Creates the named permissions that do not exist yet (idempotent). */
export async function ensurePermissions(db: Db, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await db
    .insert(permissions)
    .values(names.map((name) => ({ name })))
    .onConflictDoNothing();
}

/** Grants named permissions to a user (they must exist; see {@link ensurePermissions}). */
export async function grantPermissions(db: Db, userId: number, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  const rows = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.name, [...names]));
  await db
    .insert(permissionUser)
    .values(rows.map((r) => ({ permission_id: r.id, user_id: userId })))
    .onConflictDoNothing();
}

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
    if (target?.status === 'super') throw new ApiError(403, MESSAGES.onlySuperEditsSuper);
    const current = (target?.permissions ?? []).map((p) => p.id).sort((a, b) => a - b);
    const sameType = input.status === (target?.status ?? 'ordinary');
    if (!sameType || ids.join(',') !== current.join(',')) throw new ApiError(403, MESSAGES.onlySuperChangesType);
  }
  if (ids.length === 0) return ids;
  if (input.status !== 'staff') throw refusal('permission_ids', MESSAGES.permissionsOnlyForStaff);
  const known = await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.id, ids));
  if (known.length !== ids.length) throw refusal('permission_ids', MESSAGES.permissionUnknown);
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
  throw field ? refusal(field, MESSAGES.lastSuperUser) : new ApiError(422, MESSAGES.lastSuperUser);
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
    throw refusal('permission_ids', MESSAGES.permissionUnknown);
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
    await recordAudit(tx, audit, { entity: 'user', id: user.id, action: 'create', after: auditedUser(await getDashboardUser(tx, user.id)) });
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
    await recordAudit(tx, audit, { entity: 'user', id, action: 'update', before: auditedUser(target), after: auditedUser(await getDashboardUser(tx, id)) });
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
  if (target.id === actor.id) throw new ApiError(422, MESSAGES.cannotDeleteSelf);
  if (target.status === 'super' && actor.status !== 'super') throw new ApiError(403, MESSAGES.onlySuperEditsSuper);
  if (await hasPaidOrders(db, id)) throw new ApiError(405, MESSAGES.operationNotValid);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    if (target.status === 'super') await assertAnotherSuper(tx, id);
    try {
      await tx.delete(users).where(eq(users.id, id));
    } catch (error) {
      if (foreignKeyViolation(error) === null && !isRestrictViolation(error)) throw error;
      throw new ApiError(405, MESSAGES.operationNotValid);
    }
    await recordAudit(tx, audit, { entity: 'user', id, action: 'delete', before: auditedUser(target) });
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
  if (target.status === 'super' && actor.status !== 'super') throw new ApiError(403, MESSAGES.onlySuperEditsSuper);
  const status = input.write_comment_status as WriteCommentStatus;
  const until = status === 'temporarily-barred' && input.barred_until ? new Date(input.barred_until) : null;
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx
      .update(users)
      .set({ write_comment_status: status, comment_barred_until: until, updated_at: new Date() })
      .where(eq(users.id, id));
    const after = await getDashboardUser(tx, id);
    await recordAudit(tx, audit, { entity: 'user', id, action: 'update', before: auditedUser(target), after: auditedUser(after) });
    return after;
  });
}

// ── accounts (H1) ──

/**
 * Marks a user's email verified if `email` is still the account's (issue 7 "Email verification").
 * @returns `verified`, `already-verified`, or null when the account is gone or its email changed.
 */
export async function markEmailVerified(
  db: Db,
  userId: number,
  email: string,
): Promise<'verified' | 'already-verified' | null> {
  const [row] = await db
    .select({ email: users.email, email_verified_at: users.email_verified_at })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || row.email !== email) return null;
  if (row.email_verified_at !== null) return 'already-verified';
  // The email condition again: a profile change between the read and this write voids the link.
  const updated = await db
    .update(users)
    .set({ email_verified_at: new Date(), updated_at: new Date() })
    .where(and(eq(users.id, userId), eq(users.email, email)))
    .returning({ id: users.id });
  return updated.length > 0 ? 'verified' : null;
}

/** Stores a new password hash (argon2, made by the auth module) for a user. */
export async function setUserPassword(db: Db, userId: number, passwordHash: string): Promise<void> {
  await db.update(users).set({ password_hash: passwordHash, updated_at: new Date() }).where(eq(users.id, userId));
}

/** Input of {@link updateOwnProfile}: the profile form after `profileSchema` (no mobile = remove it). */
export interface OwnProfileInput {
  full_name: string;
  email: string;
  mobile?: string | null;
}

/**
 * Saves the signed-in user's full name, email and mobile (profile #home). A changed email is
 * unverified again (the caller mails a new link); so is a changed mobile (issue 26: an SMS code verifies it).
 * @returns the saved user and whether the email changed; null when the account is gone.
 * @throws ApiError 422 with a Persian `email` / `mobile` error when another account has either.
 */
export async function updateOwnProfile(
  db: Db,
  userId: number,
  input: OwnProfileInput,
): Promise<{ user: User; emailChanged: boolean } | null> {
  const email = input.email.trim().toLowerCase();
  const mobile = input.mobile || null;
  const [current] = await db.select({ email: users.email, mobile: users.mobile }).from(users).where(eq(users.id, userId));
  if (!current) return null;
  await assertContactsFree(db, { email, mobile }, userId);
  const emailChanged = current.email !== email;
  try {
    await db
      .update(users)
      .set({
        full_name: normalizePersianText(input.full_name),
        email,
        mobile,
        updated_at: new Date(),
        ...(emailChanged ? { email_verified_at: null } : {}),
        ...(mobile !== current.mobile ? { mobile_verified_at: null } : {}),
      })
      .where(eq(users.id, userId));
  } catch (error) {
    throw takenErrorOf(error);
  }
  const user = await getUserById(db, userId);
  return user && { user, emailChanged };
}

/** The account of an E.164 mobile and whether the mobile is verified (issue 26), or null. */
export async function findMobileAccount(db: Db, mobile: string): Promise<{ id: number; verified: boolean } | null> {
  const [row] = await db.select({ id: users.id, verified_at: users.mobile_verified_at }).from(users).where(eq(users.mobile, mobile));
  return row ? { id: row.id, verified: row.verified_at !== null } : null;
}

/**
 * Marks a user's mobile verified (issue 26: an SMS code to it was used), if it is still `mobile`
 * (a profile change since the code was sent voids it); an earlier verification time is kept.
 * @returns whether the user has that mobile.
 */
export async function markMobileVerified(db: Db, userId: number, mobile: string): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ mobile_verified_at: sql`coalesce(${users.mobile_verified_at}, now())` })
    .where(and(eq(users.id, userId), eq(users.mobile, mobile)))
    .returning({ id: users.id });
  return updated.length > 0;
}
