/**
 * Users and their permissions (SPEC §3 "User", §6). Owns `users`, `permissions` and
 * `permission_user`; other modules call these functions instead of reading the tables.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Paginated, PermissionName, User, UserStatus } from '@shop/contracts';
import { normalizeMobile } from '@shop/validation';
import type { Db } from '../../db/client';
import { permissions, permissionUser, users } from '../../db/schema';
import { validationFailed } from '../../lib/api-error';
import { toIso } from '../../lib/dates';
import { uniqueViolation } from '../../lib/db-errors';
import { MESSAGES } from '../../lib/messages';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import { escapeLike, normalizePersianText } from '../../lib/text';

type UserRow = typeof users.$inferSelect;

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

/**
 * The comment permission in force (SPEC §4): a temporary bar whose end has passed reads
 * `allowed`, so a bar ends by itself at its time without a job to lift it.
 */
function effectiveCommentStatus(row: Pick<UserRow, 'write_comment_status' | 'comment_barred_until'>, now = new Date()) {
  if (row.write_comment_status !== 'temporarily-barred') return row.write_comment_status;
  return row.comment_barred_until !== null && row.comment_barred_until > now ? 'temporarily-barred' : 'allowed';
}

function toUser(row: UserRow, perms: Array<{ id: number; name: PermissionName }>): User {
  const writeCommentStatus = effectiveCommentStatus(row);
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
    permissions: perms,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

/** The user with its permissions in the wire shape of contracts' `User`, or null. */
export async function getUserById(db: Db, id: number): Promise<User | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) return null;
  return toUser(row, (await permissionsOf(db, [id])).get(id) ?? []);
}

/** Names and staff flags of the given users (for comment authors). */
export async function getUserSummaries(db: Db, ids: number[]): Promise<Map<number, UserSummary>> {
  const result = new Map<number, UserSummary>();
  if (ids.length === 0) return result;
  const rows = await db
    .select({ id: users.id, full_name: users.full_name, email: users.email, status: users.status })
    .from(users)
    .where(inArray(users.id, ids));
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
  const taken = await db
    .select({ email: users.email, mobile: users.mobile })
    .from(users)
    .where(mobile ? or(eq(users.email, email), eq(users.mobile, mobile)) : eq(users.email, email));
  const errors: Record<string, string[]> = {};
  if (taken.some((t) => t.email === email)) errors.email = [MESSAGES.emailTaken];
  if (mobile && taken.some((t) => t.mobile === mobile)) errors.mobile = [MESSAGES.mobileTaken];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
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
      .returning();
    return toUser(row!, []);
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === null) throw error;
    // A concurrent registration won the race for the same email or mobile.
    throw validationFailed(
      constraint.includes('mobile') ? { mobile: [MESSAGES.mobileTaken] } : { email: [MESSAGES.emailTaken] },
    );
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

/** Query of the dashboard users list. */
export interface UserListQuery {
  page?: number;
  per_page?: number;
  /** Searched in full name, email and mobile (Persian/Arabic digits and letters normalized). */
  q?: string;
  /** One of {@link USER_SORT_VALUES}; default `-created_at`. */
  sort?: string;
}

/** A page of users for `GET /api/dashboard/users` (DESIGN.md dashboard list conventions). */
export async function listUsers(db: Db, query: UserListQuery): Promise<Paginated<User>> {
  const request = toPageRequest(query.page, query.per_page);
  const conditions: SQL[] = [];
  const q = query.q ? normalizePersianText(query.q) : '';
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    const alternatives: SQL[] = [
      ilike(users.full_name, pattern),
      ilike(users.email, pattern),
      ilike(users.mobile, pattern),
    ];
    const mobile = /[0-9]{4,}/.test(q) ? normalizeMobile(q) : null;
    if (mobile) alternatives.push(eq(users.mobile, mobile));
    conditions.push(or(...alternatives)!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const sort = query.sort ?? '-created_at';
  const field = sort.replace(/^-/, '') as UserSortField;
  const column = {
    id: users.id,
    created_at: users.created_at,
    full_name: users.full_name,
    email: users.email,
  }[field];
  const direction = sort.startsWith('-') ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(direction(column), direction(users.id))
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
