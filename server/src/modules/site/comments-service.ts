/**
 * Comments on any content type (SPEC §3 "Comment payload", §4: shown only once approved).
 * Owns the `comments` table; user names come from the users module.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CommentNode, ContentType } from '@shop/contracts';
import type { Db } from '../../db/client';
import { comments } from '../../db/schema';
import { toIso } from '../../lib/dates';
import { qualified } from '../../lib/qualified';
import { getUserSummaries } from '../users/users-service';

/** Correlated subquery counting the approved comments of the row whose id is `idColumn`. */
export function approvedCommentsCountSql(type: ContentType, idColumn: AnyPgColumn): SQL<number> {
  return sql<number>`(select count(*)::int from ${comments} as c where c.commentable_type = ${type} and c.commentable_id = ${qualified(idColumn)} and c.is_approved)`.mapWith(
    Number,
  );
}

/**
 * The approved comments of one item as a tree (DESIGN.md): top-level comments and each
 * reply under its parent, oldest first. A reply whose parent is not shown is not shown either.
 */
export async function getCommentTree(
  db: Db,
  type: ContentType,
  itemId: number,
): Promise<CommentNode[]> {
  const rows = await db
    .select({
      id: comments.id,
      parent_id: comments.parent_id,
      text: comments.text,
      user_id: comments.user_id,
      created_at: comments.created_at,
    })
    .from(comments)
    .where(
      and(
        eq(comments.commentable_type, type),
        eq(comments.commentable_id, itemId),
        eq(comments.is_approved, true),
      ),
    )
    .orderBy(asc(comments.created_at), asc(comments.id));
  const users = await getUserSummaries(db, [...new Set(rows.map((r) => r.user_id))]);
  const nodes = new Map<number, CommentNode>();
  for (const row of rows) {
    const user = users.get(row.user_id) ?? { id: row.user_id, full_name: '', is_staff: false };
    nodes.set(row.id, {
      id: row.id,
      parent_id: row.parent_id,
      text: row.text,
      user,
      created_at: toIso(row.created_at),
      replies: [],
    });
  }
  const roots: CommentNode[] = [];
  for (const node of nodes.values()) {
    if (node.parent_id === 0) roots.push(node);
    else nodes.get(node.parent_id)?.replies.push(node);
  }
  return roots;
}

/** Adds a comment (unapproved until staff approve it); used by the seed and, later, POST /api/comments. */
export async function addComment(
  db: Db,
  input: {
    userId: number;
    type: ContentType;
    itemId: number;
    text: string;
    parentId?: number;
    approved?: boolean;
    createdAt?: Date;
  },
): Promise<number> {
  const [row] = await db
    .insert(comments)
    .values({
      user_id: input.userId,
      commentable_type: input.type,
      commentable_id: input.itemId,
      text: input.text,
      parent_id: input.parentId ?? 0,
      is_approved: input.approved ?? false,
      ...(input.createdAt ? { created_at: input.createdAt, updated_at: input.createdAt } : {}),
    })
    .returning({ id: comments.id });
  return row!.id;
}
