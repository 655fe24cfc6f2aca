/**
 * The win-back reminder of an order left unpaid (issue 25): when checkout makes an unpaid order, a
 * job of the queue `unpaid-order-reminder` (`app.jobs`: a row of the database written in
 * the order's transaction, so it commits with the order and survives a restart: issue 26) is due
 * UNPAID_REMINDER_HOURS later, one per order (`singletonKey`). Its
 * worker sends one reminder with a link back to the cart, only while the order is unpaid and not
 * reminded yet (`reminded_at`, set by a conditional update, so a retried job or a second replica
 * sends once), the user wants such mails, and the user does not own all its courses already. A
 * cancelled order (issue 32 item 2) gets none.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { orders } from './tables';
import type { Mailer } from '../../lib/mail';
import { unpaidReminderMail } from './mails';
import { getUserContacts } from '../users';
import { boughtProductIds, getOrder } from './ownership';

/** The job queue of the reminders. */
export const UNPAID_REMINDER_QUEUE = 'unpaid-order-reminder';

/** A reminder job: the order and the origin of the links (the request's that made the order). */
export interface UnpaidReminderJob {
  orderId: number;
  origin: string;
}

/** Why a reminder was or was not sent (logged; tests read it). */
export type ReminderOutcome = 'sent' | 'paid' | 'cancelled' | 'reminded' | 'opted-out' | 'owned' | 'gone';

/**
 * Queues on `tx`, the transaction that makes the unpaid order `orderId`, its reminder, due `hours`
 * (UNPAID_REMINDER_HOURS, may be fractional) from now; a second call for the same order while one
 * is waiting adds none. Rejects with the database's error, failing the order with it.
 */
export async function queueUnpaidReminder(app: FastifyInstance, tx: Db, orderId: number, origin: string): Promise<void> {
  const startAfter = Math.max(1, Math.round(app.settings.unpaidReminderHours * 3600));
  await app.jobs.send(UNPAID_REMINDER_QUEUE, { orderId, origin } satisfies UnpaidReminderJob, {
    startAfter,
    singletonKey: `order:${orderId}`,
    tx,
  });
}

/**
 * Runs one reminder job: checks the order, the user's preference and what they own, claims the
 * order with `reminded_at` (only while unpaid and unclaimed) and queues the mail with its RFC 8058
 * headers in the claim's transaction (issue 26: never claimed without its mail). Answers what happened.
 */
export async function remindUnpaidOrder(
  db: Db,
  mailer: Mailer,
  job: UnpaidReminderJob,
): Promise<ReminderOutcome> {
  const order = await getOrder(db, job.orderId);
  if (!order) return 'gone';
  if (order.payment_status === 'paid') return 'paid';
  if (order.payment_status === 'cancelled') return 'cancelled';
  if (!(await mailer.wants(db, order.user_id, 'unpaid-order-reminder'))) return 'opted-out';
  const productIds = order.items.map((item) => item.product_id);
  if ((await boughtProductIds(db, order.user_id, productIds)).size === new Set(productIds).size) return 'owned';
  const buyer = (await getUserContacts(db, [order.user_id])).get(order.user_id);
  if (!buyer) return 'gone';
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [claimed] = await tx
      .update(orders)
      .set({ reminded_at: new Date() })
      .where(and(eq(orders.id, order.id), eq(orders.payment_status, 'unpaid'), isNull(orders.reminded_at)))
      .returning({ id: orders.id });
    if (!claimed) return 'reminded';
    await mailer.sendToUser(tx, { userId: order.user_id, kind: 'unpaid-order-reminder', origin: job.origin }, (unsubscribe) =>
      unpaidReminderMail({
        to: buyer.email,
        fullName: buyer.full_name,
        titles: order.items.map((item) => item.title),
        total: order.total_price,
        cartLink: `${job.origin}/shopping-cart`,
        unsubscribeLink: unsubscribe,
      }),
    );
    return 'sent';
  });
}

/** Creates the queue and starts this process's worker; answers a function that stops it. */
export async function startUnpaidReminders(app: FastifyInstance): Promise<() => Promise<void>> {
  const queue = { name: UNPAID_REMINDER_QUEUE, policy: 'short' as const, retryLimit: 5, retryDelay: 60, retryBackoff: true };
  await app.jobs.declare(queue);
  // A backlog (reminders of many orders falling due together) drains one job after another, not one per poll.
  await app.jobs.work<UnpaidReminderJob>(UNPAID_REMINDER_QUEUE, async (job) => {
    const outcome = await remindUnpaidOrder(app.db, app.mailer, job.data);
    app.log.info({ orderId: job.data.orderId, outcome }, 'unpaid-order reminder');
  });
  return () => app.jobs.stop(UNPAID_REMINDER_QUEUE);
}
