/**
 * What a signed-in person may do with a course and its sessions (issue 6; SPEC §2 session page,
 * §3 buyedProducts): the session page, its lesson file, progress «۳ از ۸ جلسه», the bought-products
 * list and the per-viewer fields of the course page. Owns `session_progress`. Who owns a course
 * is asked of ownership.ts only.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type {
  BoughtProduct,
  CourseProgress,
  ProductSessionDetail,
  ProductSessionSummary,
  SessionProgressAnswer,
  User,
} from '@shop/contracts';
import type { Db } from '../../db/client';
import { orderItems, orders, products, productSessions, sessionProgress } from '../../db/schema';
import { ApiError, notFound } from '../../lib/api-error';
import { toIso } from '../../lib/dates';
import { MESSAGES } from '../../lib/messages';
import { qualified } from '../../lib/qualified';
import { commentRefusal, viewerState } from '../site/engagement-service';
import { isInCart } from './cart-service';
import { boughtProductIds, hasBoughtProduct } from './ownership';
import { signSessionFileUrl } from './signed-urls';

/**
 * Progress of `userId` in each course: sessions marked done among its active sessions, the number
 * of active sessions, and the session to resume («ادامه یادگیری», issue 24): the first active one
 * by position (then id) not done. Courses without active sessions answer
 * `{done: 0, total: 0, resume_session_id: null}`. Two queries whatever the number of courses.
 */
export async function courseProgress(db: Db, userId: number, productIds: number[]): Promise<Map<number, CourseProgress>> {
  const progress = new Map<number, CourseProgress>(productIds.map((id) => [id, { done: 0, total: 0, resume_session_id: null }]));
  if (productIds.length === 0) return progress;
  const completed = and(
    eq(sessionProgress.product_session_id, productSessions.id),
    eq(sessionProgress.user_id, userId),
    isNotNull(sessionProgress.completed_at),
  );
  const active = and(inArray(productSessions.product_id, productIds), eq(productSessions.is_active, true));
  const [rows, next] = await Promise.all([
    db
      .select({ product_id: productSessions.product_id, total: count(), done: count(sessionProgress.user_id) })
      .from(productSessions)
      .leftJoin(sessionProgress, completed)
      .where(active)
      .groupBy(productSessions.product_id),
    db
      .selectDistinctOn([productSessions.product_id], { product_id: productSessions.product_id, id: productSessions.id })
      .from(productSessions)
      .leftJoin(sessionProgress, completed)
      .where(and(active, isNull(sessionProgress.user_id)))
      .orderBy(productSessions.product_id, asc(productSessions.position), asc(productSessions.id)),
  ]);
  const resume = new Map(next.map((row) => [row.product_id, row.id]));
  for (const row of rows) progress.set(row.product_id, { done: row.done, total: row.total, resume_session_id: resume.get(row.product_id) ?? null });
  return progress;
}

/**
 * The active courses `userId` owns (refunded ones leave), newest purchase first, with progress:
 * `buyedProducts` of `POST /api/auth/logged-in-user-info` and `GET /api/bought-products`.
 */
export async function listBoughtProducts(db: Db, userId: number): Promise<BoughtProduct[]> {
  const owned = [...(await boughtProductIds(db, userId))];
  if (owned.length === 0) return [];
  const boughtAt = sql<Date | string>`(
    select max(coalesce(o.paid_at, o.created_at)) from ${orderItems} as oi join ${orders} as o on o.id = oi.order_id
    where o.user_id = ${userId} and o.payment_status = 'paid' and oi.product_id = ${qualified(products.id)}
  )`;
  const rows = await db
    .select({ id: products.id, title: products.title, slug: products.slug, image: products.image, bought_at: boughtAt })
    .from(products)
    .where(and(eq(products.is_active, true), inArray(products.id, owned)))
    .orderBy(desc(boughtAt), desc(products.id));
  const progress = await courseProgress(
    db,
    userId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, bought_at: toIso(row.bought_at), progress: progress.get(row.id)! }));
}

/** The per-viewer fields of a course page (`ProductDetail` minus the product itself). */
export interface ProductViewerFields<S> {
  in_cart: boolean;
  is_bought: boolean;
  progress: CourseProgress | null;
  sessions: Array<S & Pick<ProductSessionSummary, 'can_view' | 'is_done'>>;
}

/**
 * `in_cart`, `is_bought`, `progress` and each session's `can_view` (bought, or a free preview for
 * a signed-in user; false for visitors) and `is_done`, for `user` (null = visitor).
 * @param sessions the course's active sessions (as `getProductDetail` answers them)
 */
export async function productViewerFields<S extends { id: number; position: number; is_free_preview: boolean }>(
  db: Db,
  user: User | null,
  productId: number,
  sessions: S[],
): Promise<ProductViewerFields<S>> {
  if (!user) {
    return { in_cart: false, is_bought: false, progress: null, sessions: sessions.map((s) => ({ ...s, can_view: false, is_done: false })) };
  }
  const [inCart, bought, done] = await Promise.all([
    isInCart(db, user.id, productId),
    hasBoughtProduct(db, user.id, productId),
    doneSessionIds(
      db,
      user.id,
      sessions.map((s) => s.id),
    ),
  ]);
  return {
    in_cart: inCart,
    is_bought: bought,
    // `sessions` are the course's active sessions, so progress follows from them without a query.
    progress: bought ? { done: done.size, total: sessions.length, resume_session_id: firstNotDone(sessions, done) } : null,
    sessions: sessions.map((s) => ({ ...s, can_view: bought || s.is_free_preview, is_done: done.has(s.id) })),
  };
}

/** The id of the first of `sessions` by position (then id) not in `done`, as `courseProgress` picks it; null when all are. */
function firstNotDone(sessions: Array<{ id: number; position: number }>, done: Set<number>): number | null {
  const left = sessions.filter((s) => !done.has(s.id)).sort((a, b) => a.position - b.position || a.id - b.id);
  return left[0]?.id ?? null;
}

/** Ids among `sessionIds` that the user has done. */
async function doneSessionIds(db: Db, userId: number, sessionIds: number[]): Promise<Set<number>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: sessionProgress.product_session_id })
    .from(sessionProgress)
    .where(
      and(
        eq(sessionProgress.user_id, userId),
        inArray(sessionProgress.product_session_id, sessionIds),
        isNotNull(sessionProgress.completed_at),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** Where `userId` stopped in session `sessionId` (seconds) and whether it is done; zero and false when never opened. */
async function placeIn(db: Db, userId: number, sessionId: number): Promise<{ position_seconds: number; is_done: boolean }> {
  const [row] = await db
    .select({ position_seconds: sessionProgress.position_seconds, completed_at: sessionProgress.completed_at })
    .from(sessionProgress)
    .where(and(eq(sessionProgress.user_id, userId), eq(sessionProgress.product_session_id, sessionId)));
  return { position_seconds: row?.position_seconds ?? 0, is_done: row?.completed_at != null };
}

/** The session `sessionId`, active, of an active course (select joined with `products`). */
const activeSessionWhere = (sessionId: number) =>
  and(eq(productSessions.id, sessionId), eq(productSessions.is_active, true), eq(products.is_active, true));

/** The course of an active session of an active course, or null. */
async function activeSession(db: Db, sessionId: number) {
  const [row] = await db
    .select({ product_id: productSessions.product_id })
    .from(productSessions)
    .innerJoin(products, eq(products.id, productSessions.product_id))
    .where(activeSessionWhere(sessionId));
  return row ?? null;
}

/** How lesson-file URLs are signed: the app key and their lifetime, seconds. */
export interface SigningSettings {
  appKey: string;
  ttlSeconds: number;
}

/**
 * `GET /api/product-sessions/:sessionId` for the signed-in `user` (SPEC §2: specific-pages and
 * email-verified checks): 403 with the unverified-email message (no "forbidden"); 404 for an
 * unknown or inactive session or course. `file_url` is a signed, expiring URL only when the
 * caller may view it (bought the course, or a free preview); `can_comment` follows the comment
 * rules (`commentRefusal`) and the user's comment permission.
 */
export async function getSessionDetail(
  db: Db,
  user: User,
  sessionId: number,
  signing: SigningSettings,
): Promise<ProductSessionDetail> {
  if (!user.is_email_verified) throw new ApiError(403, MESSAGES.emailNotVerified);
  const [row] = await db
    .select({
      id: productSessions.id,
      product_id: productSessions.product_id,
      product_title: products.title,
      product_price: products.price,
      title: productSessions.title,
      slug: productSessions.slug,
      description: productSessions.description,
      image: productSessions.image,
      position: productSessions.position,
      is_free_preview: productSessions.is_free_preview,
      comment_status: productSessions.comment_status,
      file: productSessions.file,
      file_type: productSessions.file_type,
      file_size: productSessions.file_size,
      likes_count: productSessions.likes_count,
      comments_count: productSessions.comments_count,
      created_at: productSessions.created_at,
      updated_at: productSessions.updated_at,
    })
    .from(productSessions)
    .innerJoin(products, eq(products.id, productSessions.product_id))
    .where(activeSessionWhere(sessionId));
  if (!row) throw notFound();
  const { file, ...session } = row;
  const [siblings, bought, done, viewer, refusal] = await Promise.all([
    db
      .select({ id: productSessions.id })
      .from(productSessions)
      .where(and(eq(productSessions.product_id, row.product_id), eq(productSessions.is_active, true)))
      .orderBy(asc(productSessions.position), asc(productSessions.id)),
    hasBoughtProduct(db, user.id, row.product_id),
    placeIn(db, user.id, row.id),
    viewerState(db, user, 'product_session', row.id),
    commentRefusal(db, user, 'product_session', row.id, row),
  ]);
  const canView = bought || row.is_free_preview;
  const signed = canView && file ? signSessionFileUrl(signing.appKey, row.id, signing.ttlSeconds) : null;
  const index = siblings.findIndex((s) => s.id === row.id);
  return {
    ...session,
    ...viewer,
    can_view: canView,
    is_bought: bought,
    is_done: done.is_done,
    position_seconds: done.position_seconds,
    media: null,
    can_comment: refusal === null && user.write_comment_status === 'allowed',
    file_url: signed?.url ?? null,
    file_url_expires_at: signed?.expiresAt ?? null,
    file_type: file ? row.file_type : null,
    file_size: file ? row.file_size : null,
    previous_session_id: siblings[index - 1]?.id ?? null,
    next_session_id: siblings[index + 1]?.id ?? null,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

/**
 * `PUT /api/product-sessions/:sessionId/progress` (issue 6): marks a session done or not done,
 * idempotently. 404 for an unknown or inactive session; 403 `sessionLocked` unless the user owns
 * the course. @returns the session's state and the course's progress
 */
export async function setSessionProgress(db: Db, user: User, sessionId: number, done: boolean): Promise<SessionProgressAnswer> {
  const session = await activeSession(db, sessionId);
  if (!session) throw notFound();
  if (!(await hasBoughtProduct(db, user.id, session.product_id))) throw new ApiError(403, MESSAGES.sessionLocked);
  // Marked by hand, done or not; the place in the lesson stays (issue 24).
  const completedAt = done ? sql`coalesce(${sessionProgress.completed_at}, now())` : null;
  await db
    .insert(sessionProgress)
    .values({ user_id: user.id, product_session_id: sessionId, completed_at: done ? new Date() : null })
    .onConflictDoUpdate({
      target: [sessionProgress.user_id, sessionProgress.product_session_id],
      set: { completed_at: completedAt, updated_at: new Date() },
    });
  const progress = (await courseProgress(db, user.id, [session.product_id])).get(session.product_id)!;
  return { session_id: sessionId, is_done: done, progress };
}

/** The stored lesson file of an active session (key and MIME type), or null. */
export async function getSessionFile(db: Db, sessionId: number): Promise<{ file: string; file_type: string | null } | null> {
  const [row] = await db
    .select({ file: productSessions.file, file_type: productSessions.file_type })
    .from(productSessions)
    .innerJoin(products, eq(products.id, productSessions.product_id))
    .where(activeSessionWhere(sessionId));
  return row?.file ? { file: row.file, file_type: row.file_type } : null;
}
