/**
 * A session's schedule (issue 37 item 5): a session opens a number of days after purchase or on a
 * Jalali day, and/or once another session of the course is done (a quiz: passed, which marks it
 * done); staff lift or move a lock for one buyer (session-unlocks.ts). Everything that asks whether
 * a session is open for a buyer reads the SQL here, so the course page, the session page, the
 * lesson's files, progress and the quiz agree:
 *
 * - «purchase»: when the buyer's access began, the earliest start of their active grants of the
 *   course (the access ledger, access-ledger.ts); a session `release_days` after it opens that
 *   many whole days (24 h) later.
 * - `release_at`: Tehran 00:00 of the Jalali day staff picked.
 * - A staff override with a date replaces the session's date for that buyer; one without lifts
 *   every rule of the session for them.
 * - A free preview is never locked; neither is a prerequisite that is inactive (nobody can do it).
 */
import { sql, type SQL } from 'drizzle-orm';
import { formatJalaliDate, toPersianDigits } from '@shop/format';
import type { SessionKind, SessionLock, User } from '@shop/contracts';
import { rowsOf, type Db } from '../../db/client';
import { ApiError, notFound } from '../../lib/api-error';
import { accessGrants, products, productSessions, sessionProgress } from './tables';
import { sessionUnlocks } from './session-schedule-tables';
import { COMMERCE_MESSAGES } from './messages';
import { hasBoughtProduct } from './ownership';
import { activeGrant } from './access-ledger';

/**
 * SQL of when the date rules open session `s` (a row reference such as `s` or `"product_sessions"`)
 * for user `user` (an id or a column): the buyer's dated override, else the session's day, else its
 * days after the buyer's access began; null when no date holds (no rule, or no access yet).
 */
export function sessionOpensAtSql(user: number | SQL, s: SQL): SQL<Date | string | null> {
  return sql`coalesce(
    (select su.opens_at from ${sessionUnlocks} as su where su.user_id = ${user} and su.product_session_id = ${s}.id and su.opens_at is not null),
    ${s}.release_at,
    (select min(g.starts_at) from ${accessGrants} as g
      where g.user_id = ${user} and g.product_id = ${s}.product_id and ${activeGrant}
    ) + ${s}.release_days * interval '1 day'
  )`;
}

/** SQL true when staff lifted session `s`'s lock for `user` (an override without a date). */
const liftedSql = (user: number | SQL, s: SQL) =>
  sql`exists (select 1 from ${sessionUnlocks} as sl where sl.user_id = ${user} and sl.product_session_id = ${s}.id and sl.opens_at is null)`;

/** SQL true when session `s`'s prerequisite holds for `user` no more: none, inactive, or done (a quiz: passed). */
const prerequisiteMetSql = (user: number | SQL, s: SQL) => sql`(${s}.prerequisite_session_id is null
  or not exists (select 1 from ${productSessions} as pq where pq.id = ${s}.prerequisite_session_id and pq.is_active)
  or exists (select 1 from ${sessionProgress} as pp
    where pp.user_id = ${user} and pp.product_session_id = ${s}.prerequisite_session_id and pp.completed_at is not null))`;

/**
 * SQL true when session `s` is open for `user` at `at` (default now()): a free preview, lifted by
 * staff, or its date passed (or none) and its prerequisite met. Whether they own the course is asked apart.
 */
export function sessionOpenSql(user: number | SQL, s: SQL, at: SQL = sql`now()`): SQL<boolean> {
  const opensAt = sessionOpensAtSql(user, s);
  return sql<boolean>`(${s}.is_free_preview or ${liftedSql(user, s)}
    or ((${opensAt} is null or ${opensAt} <= ${at}) and ${prerequisiteMetSql(user, s)}))`;
}

/** SQL true when session `s` has any rule (a day, days after purchase or a prerequisite). */
const hasRulesSql = (s: SQL) => sql`(${s}.release_days is not null or ${s}.release_at is not null or ${s}.prerequisite_session_id is not null)`;

/** One locked session as {@link locksOf}'s statement reads it. */
interface LockRow {
  id: number;
  opens_at: Date | string | null;
  release_days: number | null;
  dated_override: boolean;
  prerequisite_id: number | null;
  prerequisite_title: string | null;
  prerequisite_kind: SessionKind | null;
}

/** The locks of the sessions `where` picks (SQL on `s`) for `userId`: one statement, only sessions with rules are read. */
async function locksOf(db: Db, userId: number, where: SQL): Promise<Map<number, SessionLock>> {
  const s = sql.raw('s');
  const opensAt = sessionOpensAtSql(userId, s);
  const result = await db.execute(sql`
    select s.id, s.release_days,
      case when ${opensAt} > now() then ${opensAt} end as opens_at,
      exists (select 1 from ${sessionUnlocks} as sd where sd.user_id = ${userId} and sd.product_session_id = s.id and sd.opens_at is not null) as dated_override,
      case when not ${prerequisiteMetSql(userId, s)} then pre.id end as prerequisite_id, pre.title as prerequisite_title, pre.kind as prerequisite_kind
    from ${productSessions} as s
    left join ${productSessions} as pre on pre.id = s.prerequisite_session_id
    where ${where} and ${hasRulesSql(s)} and not ${sessionOpenSql(userId, s)}`);
  const locks = new Map<number, SessionLock>();
  for (const row of rowsOf<LockRow>(result)) {
    const opensAt = row.opens_at === null ? null : new Date(row.opens_at).toISOString();
    locks.set(row.id, {
      opens_at: opensAt,
      days_after_purchase: opensAt && row.release_days !== null && !row.dated_override ? row.release_days : null,
      prerequisite: row.prerequisite_id === null ? null : { id: row.prerequisite_id, title: row.prerequisite_title!, kind: row.prerequisite_kind! },
    });
  }
  return locks;
}

/**
 * The locks of every session of course `productId` for `userId`, by session id (open sessions are
 * absent): one statement for the course page, the session page and the checks. Call it only for a
 * buyer; a non-buyer's `days_after_purchase` has no date and reads as open.
 */
export function courseSessionLocks(db: Db, userId: number, productId: number): Promise<Map<number, SessionLock>> {
  return locksOf(db, userId, sql`s.product_id = ${productId}`);
}

/** The lock of session `sessionId` for `userId`, or null when open (see {@link courseSessionLocks}). */
export async function sessionLockOf(db: Db, userId: number, sessionId: number): Promise<SessionLock | null> {
  return (await locksOf(db, userId, sql`s.id = ${sessionId}`)).get(sessionId) ?? null;
}

/**
 * What opens a locked session, in Persian: «از ۱۲ آذر ۱۴۰۵ باز می‌شود», «۷ روز پس از خرید باز
 * می‌شود: ۱۶ آذر ۱۴۰۵», «پس از انجام جلسهٔ «…» باز می‌شود», «پس از قبولی در «…» باز می‌شود», joined
 * with «؛ » when both hold. The buyer screens say the same from their own strings.
 */
export function sessionLockText(lock: SessionLock): string {
  const parts: string[] = [];
  if (lock.opens_at) {
    const day = formatJalaliDate(lock.opens_at);
    parts.push(lock.days_after_purchase ? `${toPersianDigits(lock.days_after_purchase)} روز پس از خرید باز می‌شود: ${day}` : `از ${day} باز می‌شود`);
  }
  if (lock.prerequisite) {
    const title = lock.prerequisite.title;
    parts.push(lock.prerequisite.kind === 'quiz' ? `پس از قبولی در «${title}» باز می‌شود` : `پس از انجام جلسهٔ «${title}» باز می‌شود`);
  }
  return parts.join('؛ ');
}

/** The refusal of a locked session's content: 423 with «این جلسه هنوز باز نیست: …». */
export function sessionLockedError(lock: SessionLock): ApiError {
  return new ApiError(423, COMMERCE_MESSAGES.sessionNotOpenYet(sessionLockText(lock)));
}

/**
 * Refuses `user` a session's content unless they own its course and it is open for them (the
 * learning module's quiz start and answers ask here).
 * @throws ApiError 404 unknown or inactive session; 403 `sessionLocked` unless they own the course;
 *   423 `sessionNotOpenYet` naming when or what opens it
 */
export async function assertSessionOpen(db: Db, user: User, sessionId: number): Promise<void> {
  const [session] = rowsOf<{ product_id: number }>(
    await db.execute(sql`select s.product_id from ${productSessions} as s join ${products} as p on p.id = s.product_id
      where s.id = ${sessionId} and s.is_active and p.is_active`),
  );
  if (!session) throw notFound();
  const [bought, lock] = await Promise.all([hasBoughtProduct(db, user.id, session.product_id), sessionLockOf(db, user.id, sessionId)]);
  if (!bought) throw new ApiError(403, COMMERCE_MESSAGES.sessionLocked);
  if (lock) throw sessionLockedError(lock);
}
