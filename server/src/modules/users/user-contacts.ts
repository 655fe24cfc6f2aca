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

/** `column IN (ids of users whose name, email or mobile contains q)`; q is already normalized. */
export function userIdIn(db: Db, column: Parameters<typeof inArray>[0], q: string): SQL {
  const pattern = `%${escapeLike(q)}%`;
  return inArray(
    column,
    db
      .select({ id: users.id })
      .from(users)
      .where(or(ilike(users.full_name, pattern), ilike(users.email, pattern), ilike(users.mobile, pattern))),
  );
}
