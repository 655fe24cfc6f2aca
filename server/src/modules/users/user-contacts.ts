/**
 * Contact details of users for other modules (support tickets, financial lists): name, email and
 * mobile by id, and the ids whose name, email or mobile contains a search text (the one matcher of
 * user-search.ts). Part of the users module, which owns the `users` table.
 */
import { inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
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
