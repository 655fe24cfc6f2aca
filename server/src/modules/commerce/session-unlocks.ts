/**
 * Staff's per-buyer overrides of a session's lock (issue 37 item 5): lift it now, or move its date
 * for one buyer, from the session's edit page (`/api/dashboard/product-sessions/:id/unlocks`,
 * permission manage-product-sessions, checked by the routes). Each change is audited on the session.
 * How an override counts is session-schedule.ts's.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SessionUnlock, SessionUnlockBody } from '@shop/contracts';
import type { Db } from '../../db/client';
import { ApiError, notFound, validationFailed } from '../../lib/api-error';
import type { AuditContext } from '../../lib/audit-trail';
import { toIso } from '../../lib/dates';
import { tehranDayStart } from '../../lib/jalali-periods';
import { getUserContacts, matchingUserIds } from '../users';
import { COMMERCE_MESSAGES } from './messages';
import { sessionUnlocks } from './session-schedule-tables';
import { accessGrants, productSessions } from './tables';

/** The longest reason kept, characters. */
const REASON_MAX = 500;

/** The course of session `sessionId`, or 404. */
async function courseOf(db: Db, sessionId: number): Promise<number> {
  const [row] = await db.select({ product_id: productSessions.product_id }).from(productSessions).where(eq(productSessions.id, sessionId));
  if (!row) throw notFound();
  return row.product_id;
}

/** The overrides of session `sessionId`, newest first, with the buyer's and the staff member's names; 404 for an unknown session. */
export async function listSessionUnlocks(db: Db, sessionId: number): Promise<SessionUnlock[]> {
  await courseOf(db, sessionId);
  const rows = await db.select().from(sessionUnlocks).where(eq(sessionUnlocks.product_session_id, sessionId)).orderBy(desc(sessionUnlocks.created_at));
  const people = await getUserContacts(db, [...new Set(rows.flatMap((row) => [row.user_id, ...(row.by_user_id ? [row.by_user_id] : [])]))]);
  return rows.map((row) => ({
    user_id: row.user_id,
    user_full_name: people.get(row.user_id)?.full_name ?? '',
    user_email: people.get(row.user_id)?.email ?? '',
    opens_at: toIso(row.opens_at),
    reason: row.reason,
    by_full_name: row.by_user_id ? (people.get(row.by_user_id)?.full_name ?? null) : null,
    created_at: toIso(row.created_at),
  }));
}

/**
 * The buyer of course `productId` that `buyer` names: their exact email, or the only owner of the
 * course among the users whose name, email or mobile contains it.
 * @throws ApiError 422 on `buyer` (`unlockBuyerUnknown`) when none or several match
 */
async function findBuyer(db: Db, productId: number, buyer: string): Promise<number> {
  const candidates = await matchingUserIds(db, buyer.trim(), 20);
  const contacts = await getUserContacts(db, candidates);
  const owning = candidates.length
    ? await db
        .selectDistinct({ id: accessGrants.user_id })
        .from(accessGrants)
        .where(
          and(
            inArray(accessGrants.user_id, candidates),
            eq(accessGrants.product_id, productId),
            sql`${accessGrants.ended_at} is null and ${accessGrants.starts_at} <= now() and (${accessGrants.ends_at} is null or ${accessGrants.ends_at} > now())`,
          ),
        )
    : [];
  const owners = candidates.filter((id) => owning.some((row) => row.id === id));
  const exact = owners.find((id) => contacts.get(id)?.email.toLowerCase() === buyer.trim().toLowerCase());
  if (exact !== undefined) return exact;
  if (owners.length !== 1) throw validationFailed({ buyer: [COMMERCE_MESSAGES.unlockBuyerUnknown] });
  return owners[0]!;
}

/**
 * Lifts (`opens_date` null) or moves (a Jalali day, opening 00:00 Tehran) session `sessionId`'s lock
 * for the buyer `body.buyer` names (email, or a unique part of a name, email or mobile), replacing
 * their earlier override. Audited as an update of the session.
 * @throws ApiError 404 unknown session; 422 on `buyer` (no owner of the course matches), `opens_date`
 *   (no Jalali day), `reason` (too long)
 */
export async function setSessionUnlock(
  db: Db,
  sessionId: number,
  body: SessionUnlockBody,
  staffId: number,
  audit: AuditContext,
): Promise<SessionUnlock> {
  const productId = await courseOf(db, sessionId);
  const opensAt = body.opens_date ? tehranDayStart(body.opens_date) : null;
  if (body.opens_date && !opensAt) throw validationFailed({ opens_date: [COMMERCE_MESSAGES.releaseDateInvalid] });
  const reason = (body.reason ?? '').trim();
  if (reason.length > REASON_MAX) throw new ApiError(422, COMMERCE_MESSAGES.unlockReasonTooLong, { reason: [COMMERCE_MESSAGES.unlockReasonTooLong] });
  const userId = await findBuyer(db, productId, body.buyer);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [before] = await tx
      .select({ opens_at: sessionUnlocks.opens_at, reason: sessionUnlocks.reason })
      .from(sessionUnlocks)
      .where(and(eq(sessionUnlocks.user_id, userId), eq(sessionUnlocks.product_session_id, sessionId)));
    const values = { opens_at: opensAt, reason, by_user_id: staffId, created_at: new Date() };
    await tx
      .insert(sessionUnlocks)
      .values({ user_id: userId, product_session_id: sessionId, ...values })
      .onConflictDoUpdate({ target: [sessionUnlocks.user_id, sessionUnlocks.product_session_id], set: values });
    await audit.record(tx, {
      entity: 'product_session',
      id: sessionId,
      action: 'update',
      before: { unlock_user_id: userId, unlock_opens_at: before ? (toIso(before.opens_at) ?? 'now') : null, unlock_reason: before?.reason ?? null },
      after: { unlock_user_id: userId, unlock_opens_at: opensAt ? opensAt.toISOString() : 'now', unlock_reason: reason },
    });
  });
  return (await listSessionUnlocks(db, sessionId)).find((row) => row.user_id === userId)!;
}

/**
 * Removes buyer `userId`'s override of session `sessionId`: the session's own rules hold again. Audited.
 * @throws ApiError 404 when there is none
 */
export async function removeSessionUnlock(db: Db, sessionId: number, userId: number, audit: AuditContext): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [removed] = await tx
      .delete(sessionUnlocks)
      .where(and(eq(sessionUnlocks.user_id, userId), eq(sessionUnlocks.product_session_id, sessionId)))
      .returning({ opens_at: sessionUnlocks.opens_at, reason: sessionUnlocks.reason });
    if (!removed) throw notFound();
    await audit.record(tx, {
      entity: 'product_session',
      id: sessionId,
      action: 'update',
      before: { unlock_user_id: userId, unlock_opens_at: toIso(removed.opens_at) ?? 'now', unlock_reason: removed.reason },
      after: { unlock_user_id: userId, unlock_opens_at: null, unlock_reason: null },
    });
  });
}
