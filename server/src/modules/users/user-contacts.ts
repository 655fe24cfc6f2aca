/**
 * Contact details of users for other modules (support tickets): name, email and mobile by id,
 * and a sub-query of the ids whose name, email or mobile contains a search text. Part of the users
 * module, which owns the `users` table.
 */
import { ilike, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { escapeLike } from '../../lib/text';

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

/**
 * Users whose name, email or mobile contains q; q is already normalized (Latin digits). Mobiles
 * are stored in E.164, so a local number (`0912…`) is also looked up as `+98912…`.
 */
function userMatches(q: string): SQL | undefined {
  const pattern = `%${escapeLike(q)}%`;
  const localMobile = /^0[0-9]+$/.test(q) ? ilike(users.mobile, `%+98${q.slice(1)}%`) : undefined;
  return or(ilike(users.full_name, pattern), ilike(users.email, pattern), ilike(users.mobile, pattern), localMobile);
}

/** `column IN (ids of users whose name, email or mobile contains q)` (see {@link userMatches}). */
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
