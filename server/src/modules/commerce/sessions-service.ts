/**
 * What a signed-in person may do with a course and its sessions (issue 6; SPEC §2 session page,
 * §3 buyedProducts): the session page, its lesson file, progress «۳ از ۸ جلسه», the bought-products
 * list and the per-viewer fields of the course page. Owns `session_progress`. Who owns a course
 * is asked of ownership.ts only.
 */
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type {
  BoughtProduct,
  CourseProgress,
  LessonMedia,
  ProductSessionDetail,
  ProductSessionSummary,
  SessionKind,
  SessionLeft,
  SessionProgressAnswer,
  SessionProgressBody,
  User,
} from '@shop/contracts';
import { rowsOf, type Db } from '../../db/client';
import { orderItems, orders, products, productSessions, sessionProgress } from './tables';
import { ApiError, notFound, validationFailed } from '../../lib/api-error';
import { toIso } from '../../lib/dates';
import { COMMERCE_MESSAGES } from './messages';
import { MESSAGES } from '../../lib/messages';
import { qualified } from '../../lib/qualified';
import { isInCart } from './cart-service';
import { issueCertificate, validCertificateCode } from './certificates';
import { boughtProductIds, hasBoughtProduct, ownsProductSql } from './ownership';
import { signSessionFileUrl } from './signed-urls';
import { viewerWatermark } from './viewer-watermark';
import { lessonFileColumns } from './session-lessons';
import { courseSessionLocks, sessionLockedError, sessionLockOf, sessionOpenSql } from './session-schedule';

/** An active session as progress reads it: its place in the course, title, kind, whether the certificate waits for it, whether the buyer has done it and whether its schedule lets them in. */
interface SessionState {
  id: number;
  position: number;
  title: string;
  kind: SessionKind;
  required_for_certificate: boolean;
  done: boolean;
  open: boolean;
}

/** A session left before the certificate, with whether the buyer may open it now (issue 37 item 5). */
type LeftState = SessionLeft & { open: boolean };

/**
 * {@link CourseProgress} from the counts and the sessions left in the course's order: «ادامه یادگیری»
 * resumes the first left that its schedule opens, none while every one left is locked (the course
 * page says when each opens).
 */
function progressOf(done: number, total: number, left: LeftState[]): CourseProgress {
  return {
    done,
    total,
    resume_session_id: left.find((s) => s.open)?.session_id ?? null,
    left: left.map(({ session_id, title, kind }) => ({ session_id, title, kind })),
  };
}

/**
 * A buyer's progress through a course from the states of its active sessions: how many are done,
 * those the certificate waits for left in the course's order (position, then id; a quiz not
 * passed, an assignment not graded a pass) and the first open one of them to resume.
 */
function progressFrom(sessions: SessionState[]): CourseProgress {
  const ordered = [...sessions].sort((a, b) => a.position - b.position || a.id - b.id);
  const left = ordered.filter((s) => !s.done && s.required_for_certificate).map((s) => ({ session_id: s.id, title: s.title, kind: s.kind, open: s.open }));
  return progressOf(sessions.filter((s) => s.done).length, sessions.length, left);
}

/**
 * Progress of `userId` in each course: sessions done among its active sessions, the number of
 * active sessions, the sessions left (issue 37 item 4) and the session to resume («ادامه یادگیری»,
 * issue 24): the first left that is open. Courses without active sessions answer
 * `{done: 0, total: 0, resume_session_id: null, left: []}`. One query whatever the number of courses.
 */
export async function courseProgress(db: Db, userId: number, productIds: number[]): Promise<Map<number, CourseProgress>> {
  const states = new Map<number, SessionState[]>(productIds.map((id) => [id, []]));
  if (productIds.length > 0) {
    const rows = await db
      .select({
        product_id: productSessions.product_id,
        id: productSessions.id,
        position: productSessions.position,
        title: productSessions.title,
        kind: productSessions.kind,
        required_for_certificate: productSessions.required_for_certificate,
        done: sql<boolean>`(${sessionProgress.user_id} is not null)`.mapWith(Boolean),
        open: sessionOpenSql(userId, sql`${productSessions}`).mapWith(Boolean),
      })
      .from(productSessions)
      .leftJoin(
        sessionProgress,
        and(
          eq(sessionProgress.product_session_id, productSessions.id),
          eq(sessionProgress.user_id, userId),
          isNotNull(sessionProgress.completed_at),
        ),
      )
      .where(and(inArray(productSessions.product_id, productIds), eq(productSessions.is_active, true)));
    for (const { product_id, ...state } of rows) states.get(product_id)?.push(state);
  }
  return new Map([...states].map(([id, sessions]) => [id, progressFrom(sessions)]));
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
  certificate_code: string | null;
  sessions: Array<S & Pick<ProductSessionSummary, 'can_view' | 'is_done' | 'lock'>>;
}

/**
 * `in_cart`, `is_bought`, `progress`, the valid certificate's `certificate_code` and each session's
 * `can_view` (bought, or a free preview for a signed-in user; false for visitors) and `is_done`, for
 * `user` (null = visitor).
 * @param sessions the course's active sessions (as `getProductDetail` answers them)
 */
export async function productViewerFields<
  S extends { id: number; position: number; title: string; kind: SessionKind; required_for_certificate: boolean; is_free_preview: boolean },
>(
  db: Db,
  user: User | null,
  productId: number,
  sessions: S[],
): Promise<ProductViewerFields<S>> {
  if (!user) {
    return { in_cart: false, is_bought: false, progress: null, certificate_code: null, sessions: sessions.map((s) => ({ ...s, can_view: false, is_done: false, lock: null })) };
  }
  const [inCart, bought, done, certificateCode, locks] = await Promise.all([
    isInCart(db, user.id, productId),
    hasBoughtProduct(db, user.id, productId),
    doneSessionIds(
      db,
      user.id,
      sessions.map((s) => s.id),
    ),
    validCertificateCode(db, user.id, productId),
    courseSessionLocks(db, user.id, productId),
  ]);
  return {
    in_cart: inCart,
    is_bought: bought,
    certificate_code: certificateCode,
    // `sessions` are the course's active sessions, so progress follows from them without a query.
    progress: bought ? progressFrom(sessions.map((s) => ({ ...s, done: done.has(s.id), open: !locks.has(s.id) }))) : null,
    sessions: sessions.map((s) => ({ ...s, can_view: bought || s.is_free_preview, is_done: done.has(s.id), lock: bought ? (locks.get(s.id) ?? null) : null })),
  };
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

/** The course and the ready lesson's length (seconds, or null) of an active session of an active course, or null. */
async function activeSession(db: Db, sessionId: number) {
  const [row] = await db
    .select({ product_id: productSessions.product_id, duration_seconds: productSessions.duration_seconds, kind: productSessions.kind })
    .from(productSessions)
    .innerJoin(products, eq(products.id, productSessions.product_id))
    .where(activeSessionWhere(sessionId));
  return row ?? null;
}

/**
 * How lesson-file and lesson-media URLs are signed: the app key and their lifetime, seconds
 * (`signedUrlTtlSeconds`, default an hour; issue 24: a player keeps a lesson playing past it by
 * asking for the session again before `expires_at`, see {@link LessonMedia}).
 */
export interface SigningSettings {
  appKey: string;
  ttlSeconds: number;
}

/**
 * A session's lesson is streamed when it is ready as HLS (issue 24): the player gets `media`, and
 * its stored `file`, the upload it was made from, is never handed out (issue 31 item 4).
 */
const isStreamed = (lesson: { hls: string | null; media_kind: string | null }): boolean => lesson.hls !== null && lesson.media_kind !== null;

/**
 * `GET /api/product-sessions/:sessionId` for the signed-in `user` (SPEC §2: specific-pages and
 * email-verified checks): 403 with the unverified-email message (no "forbidden"); 404 for an
 * unknown or inactive session or course. `file_url` is a signed, expiring URL for this user only
 * when they may view the session (bought the course, or a free preview) and its file is no
 * streamed lesson's source (issue 31 item 4: that one has no `file_url`, `file_type` or
 * `file_size`; the player uses `media`). What the reader may do with it (`liked_by_me`,
 * `can_comment`) is the engagement's part, which the route adds (site's `engagementOf`). A buyer's
 * session that its schedule still closes (issue 37 item 5) answers its `lock` and no `media` or `file_url`.
 */
export async function getSessionDetail(
  db: Db,
  user: User,
  sessionId: number,
  signing: SigningSettings,
): Promise<Omit<ProductSessionDetail, 'liked_by_me' | 'can_comment'>> {
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
      kind: productSessions.kind,
      comment_status: productSessions.comment_status,
      ...lessonFileColumns,
      subtitles: productSessions.subtitles,
      likes_count: productSessions.likes_count,
      comments_count: productSessions.comments_count,
      created_at: productSessions.created_at,
      updated_at: productSessions.updated_at,
    })
    .from(productSessions)
    .innerJoin(products, eq(products.id, productSessions.product_id))
    .where(activeSessionWhere(sessionId));
  if (!row) throw notFound();
  const { file, hls, media_kind, duration_seconds, poster, subtitles, ...session } = row;
  const [siblings, bought, done, lock] = await Promise.all([
    db
      .select({ id: productSessions.id })
      .from(productSessions)
      .where(and(eq(productSessions.product_id, row.product_id), eq(productSessions.is_active, true)))
      .orderBy(asc(productSessions.position), asc(productSessions.id)),
    hasBoughtProduct(db, user.id, row.product_id),
    placeIn(db, user.id, row.id),
    sessionLockOf(db, user.id, row.id),
  ]);
  const canView = bought || row.is_free_preview;
  // A session its schedule still closes (issue 37 item 5) shows its lock, not its content.
  const locked = bought && lock !== null;
  // The file offered: a PDF, a ZIP or a lesson not processed, never a streamed lesson's source.
  const offered = isStreamed({ hls, media_kind }) ? null : file;
  const signed = canView && !locked && offered ? signSessionFileUrl(signing.appKey, row.id, user.id, signing.ttlSeconds) : null;
  const index = siblings.findIndex((s) => s.id === row.id);
  return {
    ...session,
    can_view: canView,
    is_bought: bought,
    is_done: done.is_done,
    position_seconds: done.position_seconds,
    lock: bought ? lock : null,
    media: canView && !locked ? lessonMedia(user, { hls, media_kind, duration_seconds, poster, subtitles }) : null,
    file_url: signed?.url ?? null,
    file_url_expires_at: signed?.expiresAt ?? null,
    file_type: offered ? row.file_type : null,
    file_size: offered ? row.file_size : null,
    previous_session_id: siblings[index - 1]?.id ?? null,
    next_session_id: siblings[index + 1]?.id ?? null,
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

/** A session's ready lesson as stored: HLS prefix, kind, length, poster path, subtitles key. */
interface StoredLesson {
  hls: string | null;
  media_kind: LessonMedia['kind'] | null;
  duration_seconds: number | null;
  poster: string | null;
  subtitles: string | null;
}

/**
 * The session page's view of a ready lesson for `user`, who may view it (issue 24), or null when no
 * lesson is ready. Its playable URLs come from the playback (lesson-playback.ts, issue 38), which
 * checks the device and starts a stream.
 */
function lessonMedia(user: User, lesson: StoredLesson): LessonMedia | null {
  if (!lesson.hls || !lesson.media_kind) return null;
  return {
    kind: lesson.media_kind,
    poster_url: lesson.poster,
    has_subtitles: lesson.subtitles !== null,
    duration_seconds: lesson.duration_seconds ?? 0,
    watermark: viewerWatermark(user),
  };
}

/** Where a ready lesson's files are kept: the HLS prefix and the subtitles key (private storage), and whether the session is a free preview (issue 38: no device or stream then). */
export interface LessonFiles {
  hls: string;
  /** The renditions of `hls` with B segments (issue 38 item 3), or null: no forensic watermark. */
  forensic_renditions: string[] | null;
  subtitles: string | null;
  free_preview: boolean;
}

/**
 * The stored files of session `sessionId`'s ready lesson, for the media routes (issue 24), when
 * `user` may view it now (bought the course and not refunded, or a free preview, with a verified
 * email), so a refund or a lost preview ends playback even before the URLs expire.
 * @returns null when the session is unknown or inactive or has no ready lesson
 * @throws ApiError 403 `signedUrlInvalid` when the user may not view it
 */
export async function getLessonFiles(db: Db, user: User, sessionId: number): Promise<LessonFiles | null> {
  const [row] = await db
    .select({
      product_id: productSessions.product_id,
      is_free_preview: productSessions.is_free_preview,
      hls: productSessions.hls,
      forensic_renditions: productSessions.forensic_renditions,
      media_kind: productSessions.media_kind,
      subtitles: productSessions.subtitles,
    })
    .from(productSessions)
    .innerJoin(products, eq(products.id, productSessions.product_id))
    .where(activeSessionWhere(sessionId));
  if (!row?.hls || !row.media_kind) return null;
  await assertMayView(db, user, sessionId, row);
  return { hls: row.hls, forensic_renditions: row.forensic_renditions, subtitles: row.subtitles, free_preview: row.is_free_preview };
}

/**
 * Whether `user` may view a session of course `product_id` now, as the session page decides
 * `can_view`: a verified email, and the course bought and not refunded or the session a free
 * preview. Asked on every request of a signed URL, so a refund or a lost preview ends access at once.
 */
async function mayViewSession(db: Db, user: User, session: { product_id: number; is_free_preview: boolean }): Promise<boolean> {
  return user.is_email_verified && (session.is_free_preview || (await hasBoughtProduct(db, user.id, session.product_id)));
}

/**
 * Refuses a signed URL's request unless `user` may view session `sessionId` (see {@link mayViewSession})
 * and its schedule has opened it for them (issue 37 item 5).
 * @throws ApiError 403 `signedUrlInvalid`; 423 `sessionNotOpenYet`
 */
async function assertMayView(db: Db, user: User, sessionId: number, session: { product_id: number; is_free_preview: boolean }): Promise<void> {
  const [may, lock] = await Promise.all([mayViewSession(db, user, session), session.is_free_preview ? null : sessionLockOf(db, user.id, sessionId)]);
  if (!may) throw new ApiError(403, COMMERCE_MESSAGES.signedUrlInvalid);
  if (lock) throw sessionLockedError(lock);
}

/** Share of a lesson that, once watched up to, marks the session done (issue 24: 90 %), in tenths. */
const DONE_AT_TENTHS = 9;

/**
 * `PUT /api/product-sessions/:sessionId/progress` (issues 6 and 24): saves where the buyer is in
 * the lesson (`position_seconds`, whole seconds) and/or marks the session done or not done, by
 * hand (`done`). A position at or past 90 % of the ready lesson's length marks it done; nothing
 * undoes that but `done: false`. `done` given with a position wins over the 90 % rule.
 *
 * Every watching buyer calls it every few seconds, so it is one statement: an upsert guarded by
 * the session (active, of an active course), ownership and the length, answering the saved place
 * and the course's progress. Only when that statement writes nothing are the reasons looked up.
 *
 * A quiz (issue 37) is done when its standing score passes, an assignment when staff grade it a
 * pass: only the learning module (`by: 'quiz'`, `by: 'assignment'`, each for its own kind) sets
 * their `done`; a buyer's `done` on them is refused. The certificate comes with the last session
 * of the course `required_for_certificate` done (certificates.ts: an optional assignment is not waited for).
 * @throws ApiError 404 unknown or inactive session; 403 `sessionLocked` unless the user owns the
 *   course; 423 `sessionNotOpenYet` while its schedule closes it (issue 37 item 5); 422 `{position_seconds}` past the lesson's length, `{done}` for a buyer's on a quiz;
 *   409 `sessionChanged` when the session or purchase changed between the statement and the
 *   look-up (the player's next save retries)
 * @returns the session's state, the saved position and the course's progress
 */
export async function setSessionProgress(
  db: Db,
  user: User,
  sessionId: number,
  body: SessionProgressBody,
  by: 'buyer' | 'quiz' | 'assignment' = 'buyer',
): Promise<SessionProgressAnswer> {
  const position = body.position_seconds ?? null;
  const done = body.done ?? null;
  const doneAllowed = sql`(${done}::boolean is null or ${productSessions.kind} = ${by === 'buyer' ? 'lesson' : by})`;
  // Reached: the position is at or past 90 % of a known length (integers: position·10 ≥ length·9).
  const reached = sql`(${position}::int is not null and target.duration_seconds > 0
    and ${position}::int * 10 >= target.duration_seconds * ${DONE_AT_TENTHS})`;
  const result = await db.execute(sql`
    with target as (
      select ${productSessions.id} as id, ${productSessions.product_id} as product_id, ${productSessions.duration_seconds} as duration_seconds
      from ${productSessions} join ${products} on ${products.id} = ${productSessions.product_id}
      where ${productSessions.id} = ${sessionId} and ${productSessions.is_active} and ${products.is_active}
        and ${ownsProductSql(user.id, productSessions.product_id)}
        and (${position}::int is null or ${productSessions.duration_seconds} is null or ${position}::int <= ${productSessions.duration_seconds})
        and ${doneAllowed}
        and ${sessionOpenSql(user.id, sql`${productSessions}`)}
    ), prior as (
      -- The row as it was before this statement (a data-modifying WITH sees the old snapshot).
      select p.completed_at from ${sessionProgress} as p where p.user_id = ${user.id} and p.product_session_id = ${sessionId}
    ), saved as (
      insert into ${sessionProgress} as sp (user_id, product_session_id, position_seconds, completed_at, updated_at)
      select ${user.id}, target.id, coalesce(${position}::int, 0),
        case when ${done}::boolean is not null then case when ${done}::boolean then now() end when ${reached} then now() end,
        now()
      from target
      on conflict (user_id, product_session_id) do update set
        position_seconds = coalesce(${position}::int, sp.position_seconds),
        completed_at = case when ${done}::boolean = false then null else coalesce(sp.completed_at, excluded.completed_at) end,
        updated_at = now()
      returning sp.position_seconds, sp.completed_at
    )
    select saved.position_seconds, saved.completed_at is not null as is_done, target.product_id,
      coalesce((select prior.completed_at is not null from prior), false) as was_done,
      (select count(*)::int from ${productSessions} as c where c.product_id = target.product_id and c.is_active) as total,
      (select count(*)::int from ${productSessions} as c join ${sessionProgress} as cp on cp.product_session_id = c.id
        where c.product_id = target.product_id and c.is_active and c.id <> target.id
          and cp.user_id = ${user.id} and cp.completed_at is not null)
        + (saved.completed_at is not null)::int as done,
      -- The active sessions the certificate waits for not done, by position (this one as just
      -- saved: the snapshot is older), each with whether its schedule opens it.
      (select coalesce(json_agg(json_build_object('session_id', c.id, 'title', c.title, 'kind', c.kind, 'open', ${sessionOpenSql(user.id, sql.raw('c'))}) order by c.position, c.id), '[]'::json)
        from ${productSessions} as c
        left join ${sessionProgress} as cp on cp.product_session_id = c.id and cp.user_id = ${user.id}
        where c.product_id = target.product_id and c.is_active and c.required_for_certificate
          and case when c.id = target.id then saved.completed_at is null else cp.completed_at is null end) as left_sessions
    from saved cross join target`);
  const [row] = rowsOf<SavedProgressRow>(result);
  if (!row) throw await progressRefusal(db, user, sessionId, position, done);
  // The course's last session done by this save: its certificate (issue 24).
  if (row.is_done && !row.was_done && row.left_sessions.length === 0) await issueCertificate(db, user, row.product_id);
  // A session done or undone by this save may open or close those that wait for it, which the
  // statement's snapshot cannot see: read the course's progress again (only then, not on every save).
  const progress =
    row.is_done === row.was_done
      ? progressOf(row.done, row.total, row.left_sessions)
      : (await courseProgress(db, user.id, [row.product_id])).get(row.product_id)!;
  return { session_id: sessionId, is_done: row.is_done, position_seconds: row.position_seconds, progress };
}

/** The row of {@link setSessionProgress}'s statement. */
interface SavedProgressRow {
  product_id: number;
  /** The sessions the certificate waits for not done, in order (a json array, parsed by the driver); none: the certificate is due. */
  left_sessions: LeftState[];
  was_done: boolean;
  position_seconds: number;
  is_done: boolean;
  done: number;
  total: number;
}

/** Why {@link setSessionProgress} wrote nothing: 404, 403 `sessionLocked`, 423 `sessionNotOpenYet` (issue 37 item 5), 422 for a position past the length or `done` on a quiz, else 409 `sessionChanged`. */
async function progressRefusal(db: Db, user: User, sessionId: number, position: number | null, done: boolean | null): Promise<ApiError> {
  const session = await activeSession(db, sessionId);
  if (!session) return notFound();
  if (!(await hasBoughtProduct(db, user.id, session.product_id))) return new ApiError(403, COMMERCE_MESSAGES.sessionLocked);
  const lock = await sessionLockOf(db, user.id, sessionId);
  if (lock) return sessionLockedError(lock);
  if (done !== null && session.kind !== 'lesson') {
    return validationFailed({ done: [session.kind === 'quiz' ? COMMERCE_MESSAGES.quizDoneByPassing : COMMERCE_MESSAGES.assignmentDoneByGrading] });
  }
  const length = session.duration_seconds;
  if (position !== null && length !== null && position > length) {
    return validationFailed({ position_seconds: [MESSAGES.fieldMax(length)] });
  }
  // Bought and within the length now: the session or the purchase changed under the statement.
  return new ApiError(409, COMMERCE_MESSAGES.sessionChanged);
}

/**
 * The stored lesson file (key and MIME type) of session `sessionId` for `user`, asked by the file
 * route on every request of a URL signed for them (issue 31 item 4): only while they may view the
 * session (see {@link mayViewSession}; a refund ends it at once), and never the source of a
 * streamed lesson, which plays from its HLS only.
 * @returns null when the session is unknown or inactive, has no file, or its lesson is streamed
 * @throws ApiError 403 `signedUrlInvalid` when the user may not view the session
 */
export async function getSessionFile(db: Db, user: User, sessionId: number): Promise<{ file: string; file_type: string | null } | null> {
  const [row] = await db
    .select({
      product_id: productSessions.product_id,
      is_free_preview: productSessions.is_free_preview,
      file: productSessions.file,
      file_type: productSessions.file_type,
      hls: productSessions.hls,
      media_kind: productSessions.media_kind,
    })
    .from(productSessions)
    .innerJoin(products, eq(products.id, productSessions.product_id))
    .where(activeSessionWhere(sessionId));
  if (!row) return null;
  await assertMayView(db, user, sessionId, row);
  return row.file && !isStreamed(row) ? { file: row.file, file_type: row.file_type } : null;
}
