/**
 * Likes and comments as callers see them (SPEC §3, §6, §8; issue 3): the rules of who may like or
 * comment what, and comment moderation. Items are looked up through the modules that own them.
 */
import type {
  BulkActionAnswer,
  CommentBulkAction,
  CommentNode,
  CommentStatus,
  ContentType,
  DashboardComment,
  LikeAnswer,
  LikeBody,
  SiteInformation,
  User,
  ViewerState,
} from '@shop/contracts';
import type { CommentInput } from '@shop/validation';
import type { Db } from '../../db/client';
import { ApiError, forbidden, notFound, validationFailed } from '../../lib/api-error';
import { SITE_MESSAGES } from './messages';
import type { AuditContext } from '../../lib/audit-trail';
import { getProductRef, getProductSessionRef, hasBoughtProduct, productSessionTitles, productTitles } from '../commerce';
import { getPodcastRef, getPostRef, podcastTitles, postTitles } from '../content';
import { superUserIdsAmong } from '../users';
import {
  addComment,
  addLike,
  countLikes,
  deleteCommentThreads,
  getCommentRef,
  getDashboardComment,
  hasLiked,
  lockComments,
  recordReplyNotices,
  setCommentsStatus,
  type TitleLookup,
} from '../engagement';

/** Persian name of each content type, as the "already liked" message says it (SPEC §8). */
export const CONTENT_TYPE_LABELS: Record<ContentType, string> = {
  post: 'نوشته',
  podcast: 'پادکست',
  product: 'دوره',
  product_session: 'جلسه',
};

/** Title, active flag and comment status of any likeable/commentable item, or null when unknown. */
export function findContentRef(db: Db, type: ContentType, id: number) {
  switch (type) {
    case 'post':
      return getPostRef(db, id);
    case 'podcast':
      return getPodcastRef(db, id);
    case 'product':
      return getProductRef(db, id);
    case 'product_session':
      return getProductSessionRef(db, id);
  }
}

/** Titles of items of one type (dashboard comments). */
export const contentTitles: (db: Db) => TitleLookup = (db) => (type, ids) => {
  switch (type) {
    case 'post':
      return postTitles(db, ids);
    case 'podcast':
      return podcastTitles(db, ids);
    case 'product':
      return productTitles(db, ids);
    case 'product_session':
      return productSessionTitles(db, ids);
  }
};

/** `liked_by_me` of a detail answer: false for visitors. */
export async function viewerState(db: Db, user: User | null, type: ContentType, id: number): Promise<ViewerState> {
  return { liked_by_me: user ? await hasLiked(db, user.id, type, id) : false };
}

/**
 * `POST /api/like` for the signed-in `user`: 403 when `user_id` is someone else's, 404 for an
 * unknown or inactive item, 422 `شما قبلاً این {نوشته|پادکست|دوره|جلسه} را پسندیده‌اید.` on a second like.
 */
export async function likeItem(db: Db, user: User, body: LikeBody): Promise<LikeAnswer> {
  if (body.user_id !== user.id) throw forbidden();
  const ref = await findContentRef(db, body.likeable_type, body.likeable_id);
  if (!ref?.is_active) throw notFound();
  const added = await addLike(db, { userId: user.id, type: body.likeable_type, itemId: body.likeable_id });
  if (!added) throw new ApiError(422, SITE_MESSAGES.alreadyLiked(CONTENT_TYPE_LABELS[body.likeable_type]));
  return {
    message: SITE_MESSAGES.liked,
    data: {
      likeable_type: body.likeable_type,
      likeable_id: body.likeable_id,
      likes_count: await countLikes(db, body.likeable_type, body.likeable_id),
    },
  };
}

/** The site-wide comment switch (SPEC §1), as support's site information holds it. */
export type CommentsSwitch = Pick<SiteInformation, 'comments_enabled'>;

/**
 * The item a comment rule is asked about: its type and id, its own `comment_status`, and for a
 * session the course it belongs to (`product_id`).
 */
export interface CommentedItem {
  type: ContentType;
  id: number;
  comment_status: CommentStatus;
  product_id?: number;
}

/**
 * Why an item's rules refuse a comment by `user` (SPEC §6, §8; issue 6), or null when they allow
 * it: comments off site-wide (SPEC §1 switch) → `commentsSwitchedOff`; closed on the item →
 * `commentsClosed`; a `buyers-only` course, a `buyers-only` session or a session of a
 * `buyers-only` course, for an ordinary user who does not own the course → `commentsBuyersOnly`
 * (staff and super are exempt). `site` holds the site's switch (support's site information, read
 * by the route).
 */
export async function commentRefusal(db: Db, user: User, item: CommentedItem, site: CommentsSwitch): Promise<string | null> {
  if (!site.comments_enabled) return SITE_MESSAGES.commentsSwitchedOff;
  if (item.comment_status === 'closed') return SITE_MESSAGES.commentsClosed;
  const productId = item.type === 'product' ? item.id : item.type === 'product_session' ? item.product_id : undefined;
  if (productId === undefined || user.status !== 'ordinary') return null;
  const buyersOnly =
    item.comment_status === 'buyers-only' ||
    (item.type === 'product_session' && (await getProductRef(db, productId))?.comment_status === 'buyers-only');
  if (buyersOnly && !(await hasBoughtProduct(db, user.id, productId))) return SITE_MESSAGES.commentsBuyersOnly;
  return null;
}

/**
 * What the signed-in `user` may do with an item beside reading it (a session page's
 * `liked_by_me` and `can_comment`, SPEC §6): whether they liked it, and whether they may comment:
 * the item's rules allow it ({@link commentRefusal}, with `site`'s comment switch) and their
 * comment permission is `allowed`.
 */
export async function engagementOf(
  db: Db,
  user: User,
  item: CommentedItem,
  site: CommentsSwitch,
): Promise<{ liked_by_me: boolean; can_comment: boolean }> {
  const [viewer, refusal] = await Promise.all([viewerState(db, user, item.type, item.id), commentRefusal(db, user, item, site)]);
  return { ...viewer, can_comment: refusal === null && user.write_comment_status === 'allowed' };
}

/**
 * The caller's work inside the transaction of a comment change, given the comments it concerns
 * (the routes queue their mails: comment-notifications.ts, issue 26); its rejection rolls the
 * change back.
 */
export type InCommentTransaction = (tx: Db, ids: number[]) => Promise<void>;

/**
 * `POST /api/comments` for the signed-in `user` (SPEC §6, §8): 403 for another `user_id`, an
 * unverified email (message without "forbidden"), a barred user, or a {@link commentRefusal}
 * (site switch off, closed, buyers-only course not owned); 404 for an unknown item; 422 for a `parent_id` that is not a comment of the
 * same item. Staff and super comments are approved at once, others wait for moderation.
 * `site`: the site's comment switch (read by the route); `posted` runs in the transaction that adds
 * the comment, with its id.
 */
export async function postComment(
  db: Db,
  user: User,
  body: CommentInput,
  site: CommentsSwitch,
  posted: InCommentTransaction,
): Promise<{ message: string; data: CommentNode }> {
  if (body.user_id !== user.id) throw forbidden();
  if (!user.is_email_verified) throw new ApiError(403, SITE_MESSAGES.commentEmailNotVerified);
  if (user.write_comment_status === 'barred') throw new ApiError(403, SITE_MESSAGES.commentBarred);
  if (user.write_comment_status === 'temporarily-barred') throw new ApiError(403, SITE_MESSAGES.commentBarredTemporarily);
  const type = body.commentable_type as ContentType;
  const ref = await findContentRef(db, type, body.commentable_id);
  if (!ref?.is_active) throw notFound();
  const refusal = await commentRefusal(db, user, { ...ref, type, id: body.commentable_id }, site);
  if (refusal) throw new ApiError(403, refusal);
  if (body.parent_id) {
    const parent = await getCommentRef(db, body.parent_id);
    if (!parent || parent.type !== type || parent.itemId !== body.commentable_id || parent.status === 'rejected') {
      throw validationFailed({ parent_id: [SITE_MESSAGES.commentParentInvalid] });
    }
  }
  const staff = user.status !== 'ordinary';
  const data = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const node = await addComment(tx, {
      userId: user.id,
      type,
      itemId: body.commentable_id,
      parentId: body.parent_id,
      text: body.text,
      status: staff ? 'approved' : 'pending',
    });
    if (staff) await recordReplyNotices(tx, [node.id]);
    await posted(tx, [node.id]);
    return node;
  });
  return { message: staff ? SITE_MESSAGES.commentPublished : SITE_MESSAGES.commentPending, data };
}

async function dashboardComment(db: Db, id: number): Promise<DashboardComment> {
  const comment = await getDashboardComment(db, id, contentTitles(db));
  if (!comment) throw notFound();
  return comment;
}

/** The status each status-changing moderation action sets. */
const STATUS_OF_ACTION = { approve: 'approved', reject: 'rejected' } as const;

/** The success message of each moderation action, by how many comments were named. */
const DONE_MESSAGE: Record<CommentBulkAction, (n: number) => string> = {
  approve: SITE_MESSAGES.commentsApproved,
  reject: SITE_MESSAGES.commentsRejected,
  delete: SITE_MESSAGES.commentsDeleted,
};

/**
 * Approves, rejects or deletes (with all their replies) the comments `ids` for the staff member
 * `actor` (issue 26 "Bulk moderation"; the single actions of issue 3 are this with one id), all
 * or nothing in one transaction, the rows locked meanwhile. Duplicate ids count once. Each comment
 * changed (a delete: each removed, replies included) gets its audit entry in that transaction,
 * and `approved`, when given, runs in it with the ids an approval changed.
 * @returns the distinct ids and those whose state changed (a delete: every row removed)
 * @throws ApiError 404 naming the ids that do not exist; 403 naming the comments of a super
 *   when `actor` is not super (as only super edits a super's account); nothing changes then
 */
export async function moderateComments(
  db: Db,
  actor: User,
  action: CommentBulkAction,
  ids: number[],
  audit: AuditContext,
  approved?: InCommentTransaction,
): Promise<BulkActionAnswer<CommentBulkAction>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const changed = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const rows = await lockComments(tx, unique);
    const found = new Set(rows.map((row) => row.id));
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length > 0) throw notFound(SITE_MESSAGES.commentsMissing(missing));
    if (actor.status !== 'super') {
      const supers = await superUserIdsAmong(tx, [...new Set(rows.map((row) => row.userId))]);
      const theirs = rows.filter((row) => supers.has(row.userId)).map((row) => row.id);
      if (theirs.length > 0) throw new ApiError(403, SITE_MESSAGES.commentsOfSuper(theirs.sort((a, b) => a - b)));
    }
    const done = action === 'delete' ? await deleteCommentThreads(tx, unique) : await setCommentsStatus(tx, unique, STATUS_OF_ACTION[action]);
    if (action === 'approve') {
      await recordReplyNotices(tx, done);
      await approved?.(tx, done);
    }
    const named = new Map(rows.map((row) => [row.id, row]));
    await audit.record(
      tx,
      done.map((id) => {
        // A delete's replies were not named: they are known by their id only.
        const before = named.has(id) ? { status: named.get(id)!.status, user_id: named.get(id)!.userId } : null;
        return action === 'delete'
          ? { entity: 'comment' as const, id, action: 'delete' as const, before }
          : { entity: 'comment' as const, id, action, before, after: { status: STATUS_OF_ACTION[action], user_id: named.get(id)!.userId } };
      }),
    );
    return done;
  });
  return { message: DONE_MESSAGE[action](unique.length), data: { action, ids: unique, changed } };
}

/**
 * Approves (shows) or rejects (hides) one comment ({@link moderateComments}: 404, 403) and answers
 * it; `approved` runs as in {@link moderateComments}, with `[id]` when the approval changed it.
 */
export async function moderateComment(
  db: Db,
  actor: User,
  id: number,
  action: 'approve' | 'reject',
  audit: AuditContext,
  approved?: InCommentTransaction,
): Promise<DashboardComment> {
  await moderateComments(db, actor, action, [id], audit, approved);
  return dashboardComment(db, id);
}

/**
 * A staff reply from the dashboard: approved, under the comment `id`, which is approved too when
 * pending, in one transaction with the reply notice (issue 26) and the audit entries of both.
 * Answers the reply; `onPublished` runs in that transaction with the ids that became public (the
 * parent when it was pending, and the reply).
 */
export async function replyAsStaff(
  db: Db,
  staff: User,
  id: number,
  text: string,
  audit: AuditContext,
  onPublished: InCommentTransaction,
): Promise<DashboardComment> {
  const parent = await getCommentRef(db, id);
  if (!parent) throw notFound();
  const published = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const approved = parent.status === 'pending' ? await setCommentsStatus(tx, [id], 'approved') : [];
    const reply = await addComment(tx, {
      userId: staff.id,
      type: parent.type,
      itemId: parent.itemId,
      parentId: id,
      text,
      status: 'approved',
    });
    await recordReplyNotices(tx, [...approved, reply.id]);
    await audit.record(tx, [
      ...approved.map((approvedId) => ({
        entity: 'comment' as const,
        id: approvedId,
        action: 'approve' as const,
        before: { status: 'pending' },
        after: { status: 'approved' },
      })),
      { entity: 'comment', id: reply.id, action: 'create', after: { parent_id: id, text, status: 'approved' } },
    ]);
    const ids = [...approved, reply.id];
    await onPublished(tx, ids);
    return ids;
  });
  return dashboardComment(db, published[published.length - 1]!);
}
