/**
 * Users and their permissions (SPEC §3 "User", §4, §6). Owns `users`, `permissions` and
 * `permission_user`; other modules call these functions instead of reading the tables. The
 * dashboard's people rules (issue 7 "Dashboard users") are dashboard-users.ts's.
 */
import { and, asc, eq, getTableColumns, inArray, ne, or, sql } from 'drizzle-orm';
import type { PermissionName, User, UserStatus, WriteCommentStatus } from '@shop/contracts';
import type { Db } from '../../db/client';
import { permissions, permissionUser, users } from './tables';
import { notFound, validationFailed } from '../../lib/api-error';
import { toIso } from '../../lib/dates';
import { uniqueViolation } from '../../lib/db-errors';
import { USERS_MESSAGES } from './messages';
import { MESSAGES } from '../../lib/messages';
import { normalizePersianText } from '../../lib/text';

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
export const commentStatusInForce = sql<WriteCommentStatus>`(case
  when ${users.write_comment_status} = 'temporarily-barred'
    and not coalesce(${users.comment_barred_until} > now(), false) then 'allowed'
  else ${users.write_comment_status}::text end)`;

/** What every read of a user selects: the row plus {@link commentStatusInForce}. */
export const userColumns = { ...getTableColumns(users), comment_status_in_force: commentStatusInForce };

export type UserRecord = typeof users.$inferSelect & { comment_status_in_force: WriteCommentStatus };

export async function permissionsOf(db: Db, userIds: number[]) {
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

export function toUser(row: UserRecord, perms: Array<{ id: number; name: PermissionName }>): User {
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
  if (taken.some((t) => t.email === email)) errors.email = [USERS_MESSAGES.emailTaken];
  if (mobile && taken.some((t) => t.mobile === mobile)) errors.mobile = [USERS_MESSAGES.mobileTaken];
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
  return validationFailed(constraint.includes('mobile') ? { mobile: [USERS_MESSAGES.mobileTaken] } : { email: [USERS_MESSAGES.emailTaken] });
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
