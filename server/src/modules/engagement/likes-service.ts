/** Likes on posts, podcasts, products and sessions (SPEC §3 "Like payload"). Owns the `likes` table. */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ContentType } from '@shop/contracts';
import type { Db } from '../../db/client';
import { likes } from './tables';
import { qualified } from '../../lib/qualified';

/** Records a like; returns false when the user already liked the item (unique constraint). */
export async function addLike(
  db: Db,
  input: { userId: number; type: ContentType; itemId: number },
): Promise<boolean> {
  const rows = await db
    .insert(likes)
    .values({ user_id: input.userId, likeable_type: input.type, likeable_id: input.itemId })
    .onConflictDoNothing()
    .returning({ id: likes.id });
  return rows.length > 0;
}

/** Number of likes of one item. */
export async function countLikes(db: Db, type: ContentType, itemId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(likes)
    .where(and(eq(likes.likeable_type, type), eq(likes.likeable_id, itemId)));
  return row?.n ?? 0;
}

/** True when the user liked the item (detail answers' `liked_by_me`). */
export async function hasLiked(db: Db, userId: number, type: ContentType, itemId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: likes.id })
    .from(likes)
    .where(and(eq(likes.user_id, userId), eq(likes.likeable_type, type), eq(likes.likeable_id, itemId)));
  return row !== undefined;
}

/**
 * Correlated subquery: when `userId` liked the row whose id is `idColumn` (null if not); other
 * modules filter favorites on it and order them newest like first.
 */
export function likedAtSql(type: ContentType, userId: number, idColumn: AnyPgColumn): SQL<Date | null> {
  return sql<Date | null>`(select l.created_at from ${likes} as l where l.likeable_type = ${type} and l.likeable_id = ${qualified(idColumn)} and l.user_id = ${userId})`;
}

/** Removes every like of an item (when the item is deleted). */
export async function deleteLikesOf(db: Db, type: ContentType, itemId: number): Promise<void> {
  await db.delete(likes).where(and(eq(likes.likeable_type, type), eq(likes.likeable_id, itemId)));
}
