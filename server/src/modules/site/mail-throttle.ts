/**
 * Mails that go at most once an hour per key (issue 26: the replies to one user's comments, the
 * staff digest of comments waiting for approval). Owns `mail_throttles`, the time of each key's
 * last send. A caller decides inside one transaction: {@link nextSendAt} locks the key's row, so
 * two workers (or replicas) never both send in the same hour; {@link markSent} records the send.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailThrottles } from './tables';

/** The least time between two mails of one key, ms. */
export const MAIL_THROTTLE_MS = 60 * 60 * 1000;

/**
 * Locks the record of `key` until the caller's transaction `tx` ends and answers when its next
 * mail may go: null when one may go at `now` (no mail yet, or the last an hour ago or more).
 */
export async function nextSendAt(tx: Db, key: string, now: Date): Promise<Date | null> {
  await tx.insert(mailThrottles).values({ key, sent_at: new Date(0) }).onConflictDoNothing();
  const [row] = await tx.select({ sent_at: mailThrottles.sent_at }).from(mailThrottles).where(eq(mailThrottles.key, key)).for('update');
  const next = new Date(row!.sent_at.getTime() + MAIL_THROTTLE_MS);
  return next > now ? next : null;
}

/** Records that `key`'s mail went at `now` (inside the transaction of {@link nextSendAt}). */
export async function markSent(tx: Db, key: string, now: Date): Promise<void> {
  await tx.update(mailThrottles).set({ sent_at: now }).where(eq(mailThrottles.key, key));
}

/** When `key`'s next mail may go, without a lock (where to schedule its job): null for now. */
export async function peekNextSendAt(db: Db, key: string, now: Date): Promise<Date | null> {
  const [row] = await db.select({ sent_at: mailThrottles.sent_at }).from(mailThrottles).where(eq(mailThrottles.key, key));
  const next = row ? new Date(row.sent_at.getTime() + MAIL_THROTTLE_MS) : null;
  return next && next > now ? next : null;
}
