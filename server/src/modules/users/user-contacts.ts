/**
 * Contact details of users for other modules (support tickets, financial lists): name, email and
 * mobile by id or as a column beside rows that name users, and the ids whose name, email or mobile
 * contains a search text (the one matcher of user-search.ts). Part of the users module, which owns
 * the `users` table.
 */
import { and, asc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PermissionName } from '@shop/contracts';
import type { Db } from '../../db/client';
import { permissions, permissionUser, users } from './tables';
import { qualified } from '../../lib/qualified';
import { userMatches } from './user-search';

/** What a staff view shows of a sender. */
export interface UserContact {
  full_name: string;
  email: string;
  mobile: string | null;
}

/** Contacts of the given users, by id (unknown ids are missing). */
export async function getUserContacts(db: Db, ids: number[]): Promise<Map<number, UserContact>> {
  const result = new Map<number, UserContact>();
  if (ids.length === 0) return result;
  const rows = await db
    .select({ id: users.id, full_name: users.full_name, email: users.email, mobile: users.mobile })
    .from(users)
    .where(inArray(users.id, ids));
  for (const row of rows) result.set(row.id, { full_name: row.full_name, email: row.email, mobile: row.mobile });
  return result;
}

/** The mobiles of the given users that an SMS code proved (issue 26), by id; users without one are missing. */
export async function verifiedMobiles(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, mobile: users.mobile })
    .from(users)
    .where(and(inArray(users.id, ids), isNotNull(users.mobile), isNotNull(users.mobile_verified_at)));
  return new Map(rows.map((row) => [row.id, row.mobile!]));
}

/**
 * The contact of the user whose id is in `column`, as a column beside rows that name users (JSON
 * `{ full_name, email, mobile }`, null for no such user): the rows and their users in one query.
 */
export function userContactSql(column: AnyPgColumn): SQL<UserContact | null> {
  return sql<UserContact | null>`(
    select json_build_object('full_name', u.full_name, 'email', u.email, 'mobile', u.mobile)
    from ${users} as u where u.id = ${qualified(column)}
  )`;
}

/** `column IN (ids of users whose name, email or mobile contains q)`; q is raw or normalized (see {@link userMatches}). */
export function userIdIn(db: Db, column: Parameters<typeof inArray>[0], q: string): SQL {
  return inArray(column, db.select({ id: users.id }).from(users).where(userMatches(q)));
}

/**
 * Ids of at most `limit` users matching q (see {@link userMatches}), for callers that look up
 * their own rows by a short id list (an index lookup instead of a scan).
 */
export async function matchingUserIds(db: Db, q: string, limit: number): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(userMatches(q)).limit(limit);
  return rows.map((r) => r.id);
}

/**
 * The staff who hold `permission`, and every super (SPEC §6: a super passes every permission
 * check), with a verified email, by id: whom a staff notification goes to (issue 26).
 */
export async function staffHolding(db: Db, permission: PermissionName): Promise<Array<{ id: number } & UserContact>> {
  const holders = db
    .select({ id: permissionUser.user_id })
    .from(permissionUser)
    .innerJoin(permissions, eq(permissions.id, permissionUser.permission_id))
    .where(eq(permissions.name, permission));
  return db
    .select({ id: users.id, full_name: users.full_name, email: users.email, mobile: users.mobile })
    .from(users)
    .where(
      and(
        isNotNull(users.email_verified_at),
        or(eq(users.status, 'super'), and(eq(users.status, 'staff'), inArray(users.id, holders))),
      ),
    )
    .orderBy(asc(users.id));
}

/** Every super user with a verified email, by id: whom a super-only alert goes to (issue 36: the access reconciliation). */
export async function superUsers(db: Db): Promise<Array<{ id: number } & UserContact>> {
  return db
    .select({ id: users.id, full_name: users.full_name, email: users.email, mobile: users.mobile })
    .from(users)
    .where(and(isNotNull(users.email_verified_at), eq(users.status, 'super')))
    .orderBy(asc(users.id));
}

/**
 * Every user with a verified email, ascending ids: who could play a free-preview session (the
 * candidates of a forensic identification of one, issue 38 item 3).
 */
export async function verifiedUserIds(db: Db): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(isNotNull(users.email_verified_at)).orderBy(asc(users.id));
  return rows.map((row) => row.id);
}
