/**
 * Comments on any content type (SPEC §3 "Comment payload", §4 and issue 3: threaded, shown only
 * once approved; moderation status pending | approved | rejected). Owns the `comments` table and
 * the reply notices (`comment_reply_notices`, issue 26) that site's comment-notifications.ts mails;
 * user names come from the users module, item titles from the caller.
 */
import { and, asc, count, desc, eq, getTableColumns, ilike, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { CommentModerationStatus, CommentNode, ContentType, DashboardComment, Paginated } from '@shop/contracts';
import type { Db } from '../../db/client';
import { commentReplyNotices, comments } from './tables';
import { toIso } from '../../lib/dates';
import { keysetRows, newestFirstAfter, newestFirstCursor, type NewestFirstCursor } from '../../lib/keyset-rows';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import { escapeLike } from '../../lib/text';
import { getUserSummaries } from '../users';

type CommentRow = typeof comments.$inferSelect;

async function toNodes(db: Db, rows: CommentRow[]): Promise<CommentNode[]> {
  const users = await getUserSummaries(db, [...new Set(rows.map((r) => r.user_id))]);
  return rows.map((row) => {
    const user = users.get(row.user_id);
    return {
      id: row.id,
      parent_id: row.parent_id,
      text: row.text,
      user: { id: row.user_id, full_name: user?.full_name ?? '', is_staff: user?.is_staff ?? false },
      created_at: toIso(row.created_at),
      replies: [],
    };
  });
}

/**
 * The approved comments of one item as a tree (DESIGN.md): top-level comments and each
 * reply under its parent, oldest first. A reply whose parent is not shown is not shown either.
 */
export async function getCommentTree(db: Db, type: ContentType, itemId: number): Promise<CommentNode[]> {
  const rows = await db
    .select()
    .from(comments)
    .where(
      and(eq(comments.commentable_type, type), eq(comments.commentable_id, itemId), eq(comments.status, 'approved')),
    )
    .orderBy(asc(comments.created_at), asc(comments.id));
  const nodes = new Map((await toNodes(db, rows)).map((node) => [node.id, node]));
  const roots: CommentNode[] = [];
  for (const node of nodes.values()) {
    if (node.parent_id === 0) roots.push(node);
    else nodes.get(node.parent_id)?.replies.push(node);
  }
  return roots;
}

/** Input of {@link addComment}. */
export interface NewComment {
  userId: number;
  type: ContentType;
  itemId: number;
  text: string;
  parentId?: number;
  status?: CommentModerationStatus;
  createdAt?: Date;
}

/** Adds a comment (pending unless `status` says otherwise) and answers it as a CommentNode. */
export async function addComment(db: Db, input: NewComment): Promise<CommentNode> {
  const [row] = await db
    .insert(comments)
    .values({
      user_id: input.userId,
      commentable_type: input.type,
      commentable_id: input.itemId,
      text: input.text,
      parent_id: input.parentId ?? 0,
      status: input.status ?? 'pending',
      ...(input.createdAt ? { created_at: input.createdAt, updated_at: input.createdAt } : {}),
    })
    .returning();
  const [node] = await toNodes(db, [row!]);
  return node!;
}

/** One comment's place: its item and status, or null when it does not exist. */
export async function getCommentRef(
  db: Db,
  id: number,
): Promise<{ id: number; type: ContentType; itemId: number; status: CommentModerationStatus } | null> {
  const [row] = await db
    .select({
      id: comments.id,
      type: comments.commentable_type,
      itemId: comments.commentable_id,
      status: comments.status,
    })
    .from(comments)
    .where(eq(comments.id, id));
  return row ?? null;
}

/** Author and status of each of the comments `ids` that exists, locked for update until the transaction ends (issue 26). */
export async function lockComments(
  db: Db,
  ids: number[],
): Promise<Array<{ id: number; userId: number; status: CommentModerationStatus }>> {
  return db
    .select({ id: comments.id, userId: comments.user_id, status: comments.status })
    .from(comments)
    .where(sql`${comments.id} = any(${sql.param(ids)}::int[])`)
    .for('update');
}

/** Sets the moderation status of the comments `ids`; answers the ids whose status changed. */
export async function setCommentsStatus(db: Db, ids: number[], status: CommentModerationStatus): Promise<number[]> {
  const rows = await db
    .update(comments)
    .set({ status, updated_at: new Date() })
    .where(and(sql`${comments.id} = any(${sql.param(ids)}::int[])`, ne(comments.status, status)))
    .returning({ id: comments.id });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/**
 * Records, in the caller's transaction `tx`, a reply notice (issue 26) for each reply among or
 * directly under the comments `ids` that is public now, under a public parent by someone else:
 * the parent's author is to be told. A reply noticed before keeps its notice (approved again
 * after a reject: no second mail).
 */
export async function recordReplyNotices(tx: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const list = sql.param(ids);
  await tx.execute(sql`
    insert into ${commentReplyNotices} (reply_id, recipient_id)
    select r.id, p.user_id from ${comments} as r join ${comments} as p on p.id = r.parent_id
    where (r.id = any(${list}::int[]) or r.parent_id = any(${list}::int[]))
      and r.status = 'approved' and p.status = 'approved' and r.user_id <> p.user_id
    on conflict do nothing`);
}

/** A comment as its mails tell of it (issue 26): author, text and the item it is on. */
export interface CommentForMail {
  id: number;
  userId: number;
  text: string;
  type: ContentType;
  itemId: number;
}

/** The comments `ids` that exist, oldest first, as {@link CommentForMail}. */
export async function commentsForMail(db: Db, ids: number[]): Promise<CommentForMail[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: comments.id, userId: comments.user_id, text: comments.text, type: comments.commentable_type, itemId: comments.commentable_id })
    .from(comments)
    .where(inArray(comments.id, ids))
    .orderBy(comments.created_at, comments.id);
}

/** The moderation status of comment `id`, or null when it does not exist. */
export async function commentStatusOf(db: Db, id: number): Promise<CommentModerationStatus | null> {
  const [row] = await db.select({ status: comments.status }).from(comments).where(eq(comments.id, id));
  return row?.status ?? null;
}

/**
 * Marks, in the caller's transaction `tx` (which holds the rows' locks), the approval of each of
 * the comments `ids` not told of yet as told (`approval_noticed_at`, issue 26: once in a comment's
 * life); answers the ids so marked, whose authors are to be told now.
 */
export async function markFirstApprovals(tx: Db, ids: number[]): Promise<number[]> {
  const rows = await tx
    .update(comments)
    .set({ approval_noticed_at: sql`now()` })
    .where(and(inArray(comments.id, ids), isNull(comments.approval_noticed_at)))
    .returning({ id: comments.id });
  return rows.map((row) => row.id);
}

/**
 * The authors, in ascending id order, with a reply notice not mailed yet for a reply among or
 * directly under the comments `ids` (the order keeps two transactions that queue an author's
 * waiting job from deadlocking).
 */
export async function replyNoticeRecipients(tx: Db, ids: number[]): Promise<number[]> {
  const list = sql.param(ids);
  const rows = await tx
    .selectDistinct({ id: commentReplyNotices.recipient_id })
    .from(commentReplyNotices)
    .innerJoin(comments, eq(comments.id, commentReplyNotices.reply_id))
    .where(
      and(
        isNull(commentReplyNotices.mailed_at),
        sql`(${comments.id} = any(${list}::int[]) or ${comments.parent_id} = any(${list}::int[]))`,
      ),
    )
    .orderBy(commentReplyNotices.recipient_id);
  return rows.map((row) => row.id);
}

/**
 * The reply notices of `recipientId` not mailed yet, with each reply's status, locked for update
 * until the caller's transaction `tx` ends.
 */
export async function lockUnmailedReplyNotices(tx: Db, recipientId: number): Promise<Array<{ replyId: number; status: CommentModerationStatus }>> {
  return tx
    .select({ replyId: commentReplyNotices.reply_id, status: comments.status })
    .from(commentReplyNotices)
    .innerJoin(comments, eq(comments.id, commentReplyNotices.reply_id))
    .where(and(eq(commentReplyNotices.recipient_id, recipientId), isNull(commentReplyNotices.mailed_at)))
    .for('update', { of: commentReplyNotices });
}

/** Marks the reply notices of the replies `replyIds` mailed at `at`. */
export async function markReplyNoticesMailed(tx: Db, replyIds: number[], at: Date): Promise<void> {
  await tx.update(commentReplyNotices).set({ mailed_at: at }).where(inArray(commentReplyNotices.reply_id, replyIds));
}

/** Deletes the comments `ids` and every reply below them, at any depth; answers the ids removed ([] for unknown ids). */
export async function deleteCommentThreads(db: Db, ids: number[]): Promise<number[]> {
  const result = await db.execute(sql`
    with recursive thread(id) as (
      select id from ${comments} where id = any(${sql.param(ids)}::int[])
      union
      select c.id from ${comments} as c join thread on c.parent_id = thread.id
    )
    delete from ${comments} where id in (select id from thread) returning id`);
  const rows = (result as unknown as { rows?: Array<{ id: number }> }).rows ?? (result as unknown as Array<{ id: number }>);
  return (Array.isArray(rows) ? rows.map((row) => Number(row.id)) : []).sort((a, b) => a - b);
}

/** Query of the dashboard comments list (issue 3). */
export interface CommentListQuery {
  type?: ContentType;
  status?: CommentModerationStatus;
  page?: number;
  per_page?: number;
  /** Searched in the comment text. */
  q?: string;
}

/** Titles of items by type and id, given by the caller (the content and commerce modules own them). */
export type TitleLookup = (type: ContentType, ids: number[]) => Promise<Map<number, string>>;

/** The moderation list's filters (see {@link listCommentsForModeration}), shared by its export. */
function commentListWhere(query: Omit<CommentListQuery, 'page' | 'per_page'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.type) conditions.push(eq(comments.commentable_type, query.type));
  if (query.status) conditions.push(eq(comments.status, query.status));
  const q = query.q?.trim();
  if (q) conditions.push(ilike(comments.text, `%${escapeLike(q)}%`));
  return conditions.length ? and(...conditions) : undefined;
}

/** A page of comments for moderation, newest first, with author and item (issue 3 DashboardComment). */
export async function listCommentsForModeration(
  db: Db,
  query: CommentListQuery,
  titlesOf: TitleLookup,
): Promise<Paginated<DashboardComment>> {
  const request = toPageRequest(query.page, query.per_page);
  const where = commentListWhere(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(comments)
      .where(where)
      .orderBy(desc(comments.created_at), desc(comments.id))
      .limit(request.perPage)
      .offset(request.offset),
    db.select({ n: count() }).from(comments).where(where),
  ]);
  return { data: await toDashboardComments(db, rows, titlesOf), meta: pageMeta(request, total?.n ?? 0) };
}

/**
 * Every comment of the moderation list's filters, newest first as the list, read in keyset pages
 * as the consumer asks (the comments CSV export, issue 26).
 */
export function exportCommentsForModeration(
  db: Db,
  query: Omit<CommentListQuery, 'page' | 'per_page'>,
  titlesOf: TitleLookup,
): AsyncIterable<DashboardComment> {
  const where = commentListWhere(query);
  return keysetRows<CommentRow & NewestFirstCursor, DashboardComment>(
    (after, size) =>
      db
        .select({ ...getTableColumns(comments), ...newestFirstCursor(comments.created_at, comments.id) })
        .from(comments)
        .where(and(where, newestFirstAfter(comments.created_at, comments.id, after)))
        .orderBy(desc(comments.created_at), desc(comments.id))
        .limit(size),
    (page) => toDashboardComments(db, page, titlesOf),
  );
}

/** One comment in the dashboard shape, or null. */
export async function getDashboardComment(db: Db, id: number, titlesOf: TitleLookup): Promise<DashboardComment | null> {
  const rows = await db.select().from(comments).where(eq(comments.id, id));
  const [comment] = await toDashboardComments(db, rows, titlesOf);
  return comment ?? null;
}

async function toDashboardComments(db: Db, rows: CommentRow[], titlesOf: TitleLookup): Promise<DashboardComment[]> {
  const users = await getUserSummaries(db, [...new Set(rows.map((r) => r.user_id))]);
  const titles = new Map<ContentType, Map<number, string>>();
  for (const type of new Set(rows.map((r) => r.commentable_type))) {
    const ids = [...new Set(rows.filter((r) => r.commentable_type === type).map((r) => r.commentable_id))];
    titles.set(type, await titlesOf(type, ids));
  }
  return rows.map((row) => {
    const user = users.get(row.user_id);
    return {
      id: row.id,
      parent_id: row.parent_id,
      text: row.text,
      status: row.status,
      user: {
        id: row.user_id,
        full_name: user?.full_name ?? '',
        email: user?.email ?? '',
        is_staff: user?.is_staff ?? false,
      },
      commentable: {
        type: row.commentable_type,
        id: row.commentable_id,
        title: titles.get(row.commentable_type)?.get(row.commentable_id) ?? '',
      },
      created_at: toIso(row.created_at),
    };
  });
}

/** How many comments wait for moderation (`pending`; the dashboard home and header, issue 8). */
export async function countPendingComments(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(comments).where(eq(comments.status, 'pending'));
  return row?.n ?? 0;
}

/** Removes every comment of an item (when the item is deleted). */
export async function deleteCommentsOf(db: Db, type: ContentType, itemId: number): Promise<void> {
  await db.delete(comments).where(and(eq(comments.commentable_type, type), eq(comments.commentable_id, itemId)));
}
