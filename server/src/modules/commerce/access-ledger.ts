/**
 * The access ledger (issue 36 item 1): every right of a user to a course is a grant (`access_grants`)
 * with its source and period, and a buyer may open a course while any grant of it is active. The
 * grants of orders follow the money: {@link syncOrderGrants} runs in the transaction of every change
 * of an order (the order workflow's first step of `order.paid`, `ownership.changed` and
 * `item.refunded`), ending the grants nothing pays for any more and opening one for each paid,
 * unrefunded item without one, so ending one source never ends another's grant (Tutor LMS #2346).
 * A grant staff revoked ({@link revokeCourseAccess}, issue 38 item 4) is never opened again: neither
 * sync opens a grant for its item or purchase, and the reconciliation does not count it missing.
 * A daily job ({@link reconcileAccess}) compares the paid items with the grants, keeps what differs
 * for super users (`GET /api/dashboard/access-mismatches`) and mails it to them.
 */
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { AccessMismatch, AccessMismatches } from '@shop/contracts';
import { rowsOf, type Db } from '../../db/client';
import { toIso } from '../../lib/dates';
import { TEHRAN_TIME_ZONE } from '../../lib/jalali-periods';
import { getUserContacts, superUsers } from '../users';
import { accessMismatchMail } from './mails';
import { accessGrants, accessMismatches, accessReconciliations, instalmentPurchases, instalments, orderItems, orders, products } from './tables';

/** The rows of a raw statement's result, as both drivers (node-postgres, PGlite) give them. */

/** Class of the advisory lock of the reconciliation's findings (`pg_advisory_xact_lock(6006, 0)`). */
const RECONCILIATION_LOCK_NAMESPACE = 6006;

/** SQL true for a grant row `g` that gives access now: not ended, started, not past its period. */
export const activeGrant = sql`g.ended_at is null and g.starts_at <= now() and (g.ends_at is null or g.ends_at > now())`;

/**
 * SQL that is true when `userId` may open the product in `productId` (a column or a value): an active
 * grant of it, whatever its source.
 */
export function ownsProductSql(userId: number, productId: AnyPgColumn | number): SQL<boolean> {
  return sql<boolean>`exists (
    select 1 from ${accessGrants} as g
    where g.user_id = ${userId} and g.product_id = ${productId} and ${activeGrant}
  )`;
}

/**
 * SQL true for an order item `oi` of order `o` that pays for its course: the order paid, the item not
 * refunded, and not one part of a course bought in parts (`instalment`), whose purchase's one grant
 * follows all its parts (instalments.ts, issue 36 item 2).
 */
const payingItem = sql`o.payment_status = 'paid' and oi.refunded_at is null and o.source <> 'instalment'`;

/**
 * SQL true for an order item `oi` whose grant staff revoked (`end_reason = 'revoked'`, issue 38 item
 * 4): the money still pays for it, but no sync or reconciliation opens it again.
 */
const revokedItem = sql`exists (select 1 from ${accessGrants} as r where r.order_item_id = oi.id and r.end_reason = 'revoked')`;

/** SQL true for an order `o` that pays its part: paid, its item not refunded. */
export const orderPaysPart = sql`(o.payment_status = 'paid' and not exists (select 1 from ${orderItems} as oi where oi.order_id = o.id and oi.refunded_at is not null))`;

/** SQL true for the part `part` (a table or an alias of `instalments`) when its order pays it. */
export const partPaid = (part: SQL | typeof instalments) => sql`exists (select 1 from ${orders} as o where o.id = ${part}.order_id and ${orderPaysPart})`;

/** SQL true for the purchase `purchase` (a table or an alias of `instalment_purchases`) when its first part is paid. */
export const firstPartPaid = (purchase: SQL | typeof instalmentPurchases) =>
  sql`exists (select 1 from ${instalments} as first where first.purchase_id = ${purchase}.id and first.number = 1 and ${partPaid(sql`first`)})`;

/** SQL true for an instalment purchase `p` whose grant should be open: not cancelled, its first part's order paid and that part not refunded. */
const planPaysFirstPart = sql`p.cancelled_at is null and ${firstPartPaid(sql`p`)}`;

/**
 * Brings the order grants of `userId` (every user when undefined) for `productIds` (every course when
 * undefined) in line with their orders, in `tx`, the transaction of the order's change: an active
 * order grant whose item no longer pays for its course (refunded, the order set unpaid or cancelled,
 * the manual order deleted or given another course) ends, with why; each paying item without an
 * active grant gets one from its order's payment. Grants of other sources are left as they are.
 * @returns how many grants ended and how many began
 */
export async function syncOrderGrants(tx: Db, userId?: number, productIds?: number[]): Promise<{ ended: number; granted: number }> {
  if (productIds?.length === 0) return { ended: 0, granted: 0 };
  const ofUser = (column: SQL) => (userId === undefined ? sql`true` : sql`${column} = ${userId}`);
  const ofProducts = (column: SQL) =>
    productIds === undefined ? sql`true` : sql`${column} in (${sql.join(
      productIds.map((productId) => sql`${productId}`),
      sql`, `,
    )})`;
  const ended = await tx.execute(sql`
    update ${accessGrants} as g
    set ended_at = now(),
        end_reason = (case when exists (select 1 from ${orderItems} as oi where oi.id = g.order_item_id and oi.refunded_at is not null)
                      then 'refund' else 'order_changed' end)::access_grant_end
    where g.source in ('order', 'manual') and g.ended_at is null
      and ${ofUser(sql`g.user_id`)} and ${ofProducts(sql`g.product_id`)}
      and not exists (
        select 1 from ${orderItems} as oi join ${orders} as o on o.id = oi.order_id
        where oi.id = g.order_item_id and oi.product_id = g.product_id and o.user_id = g.user_id and ${payingItem}
      )
    returning g.id`);
  const granted = await tx.execute(sql`
    insert into ${accessGrants} (user_id, product_id, source, order_item_id, starts_at)
    select o.user_id, oi.product_id, (case when o.source = 'manual' then 'manual' else 'order' end)::access_grant_source,
           -- From the payment, never after this transaction's now(): the order's paid_at is the app's clock,
           -- which can run ahead of the transaction's start, and the grant must count at once.
           oi.id, least(coalesce(o.paid_at, now()), now())
    from ${orderItems} as oi join ${orders} as o on o.id = oi.order_id
    where ${payingItem} and ${ofUser(sql`o.user_id`)} and ${ofProducts(sql`oi.product_id`)}
      and not exists (select 1 from ${accessGrants} as g where g.order_item_id = oi.id and g.ended_at is null)
      and not ${revokedItem}
    returning id`);
  return { ended: rowsOf<{ id: number }>(ended).length, granted: rowsOf<{ id: number }>(granted).length };
}

/**
 * What differs between the money and the ledger (issue 36 item 1), read-only: each paid, unrefunded
 * order item without an active grant of its course (`missing_grant`), and each active order grant
 * whose item does not pay for it (`unpaid_grant`); the same for courses bought in parts (issue 36
 * item 2): a purchase whose first part is paid without a grant, a grant of one that is not.
 */
type MismatchRow = { kind: AccessMismatch['kind']; user_id: number; product_id: number; order_item_id: number | null; grant_id: number | null };

async function findMismatches(db: Db): Promise<MismatchRow[]> {
  const result = await db.execute(sql`
    select 'missing_grant' as kind, o.user_id, oi.product_id, oi.id as order_item_id, null::int as grant_id
    from ${orderItems} as oi join ${orders} as o on o.id = oi.order_id
    where ${payingItem}
      and not exists (select 1 from ${accessGrants} as g where g.order_item_id = oi.id and g.product_id = oi.product_id and g.user_id = o.user_id and g.ended_at is null)
      and not ${revokedItem}
    union all
    select 'unpaid_grant', g.user_id, g.product_id, g.order_item_id, g.id
    from ${accessGrants} as g
    where g.source in ('order', 'manual') and g.ended_at is null
      and not exists (
        select 1 from ${orderItems} as oi join ${orders} as o on o.id = oi.order_id
        where oi.id = g.order_item_id and oi.product_id = g.product_id and o.user_id = g.user_id and ${payingItem}
      )
    union all
    select 'missing_grant', p.user_id, p.product_id, null, null
    from ${instalmentPurchases} as p
    where ${planPaysFirstPart}
      and not exists (select 1 from ${accessGrants} as g where g.instalment_purchase_id = p.id and g.ended_at is null)
      and not exists (select 1 from ${accessGrants} as r where r.instalment_purchase_id = p.id and r.end_reason = 'revoked')
    union all
    select 'unpaid_grant', g.user_id, g.product_id, null, g.id
    from ${accessGrants} as g join ${instalmentPurchases} as p on p.id = g.instalment_purchase_id
    where g.source = 'instalment_plan' and g.ended_at is null and not (${planPaysFirstPart})`);
  return rowsOf<MismatchRow>(result);
}

/**
 * Runs the reconciliation (issue 36 item 1): compares every paid item with the grants, replaces the
 * kept findings with this run's and notes when it ran.
 * @returns the findings' count and the paid, unrefunded items checked
 */
export async function reconcileAccess(db: Db): Promise<{ mismatches: number; checkedItems: number }> {
  const found = await findMismatches(db);
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(and(eq(orders.payment_status, 'paid'), isNull(orderItems.refunded_at)));
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // One writer of the findings at a time (the daily job, a super user's «check now»): two
    // interleaved replacements would keep both runs' rows.
    await tx.execute(sql`select pg_advisory_xact_lock(${RECONCILIATION_LOCK_NAMESPACE}, 0)`);
    await tx.delete(accessMismatches);
    if (found.length) await tx.insert(accessMismatches).values(found);
    const run = { ran_at: new Date(), checked_items: count, mismatches: found.length };
    await tx.insert(accessReconciliations).values({ id: 1, ...run }).onConflictDoUpdate({ target: accessReconciliations.id, set: run });
  });
  return { mismatches: found.length, checkedItems: count };
}

/** The job queue of the daily reconciliation. */
export const ACCESS_RECONCILIATION_QUEUE = 'access-reconciliation';

/** When the reconciliation runs: every day at 04:15 Tehran time (cron), after the night's other jobs. */
const ACCESS_RECONCILIATION_CRON = '15 4 * * *';

/** The dashboard page of the findings (the commerce remote's financial info). */
export const ACCESS_MISMATCHES_PAGE = '/dashboard/financial-info/access';

/**
 * One run of the daily job: {@link reconcileAccess}, then, when it found anything, a mail to every
 * super user with the counts and a link to the list (queued with the findings' write).
 */
export async function runAccessReconciliation(app: FastifyInstance): Promise<{ mismatches: number; checkedItems: number }> {
  const outcome = await reconcileAccess(app.db);
  if (outcome.mismatches === 0) return outcome;
  const kinds = await app.db
    .select({ kind: accessMismatches.kind, count: sql<number>`count(*)::int` })
    .from(accessMismatches)
    .groupBy(accessMismatches.kind);
  const count = (kind: AccessMismatch['kind']) => kinds.find((row) => row.kind === kind)?.count ?? 0;
  for (const person of await superUsers(app.db)) {
    await app.mailer.sendLater(
      app.db,
      accessMismatchMail({ to: person.email, fullName: person.full_name, missing: count('missing_grant'), unpaid: count('unpaid_grant'), link: `${app.settings.publicUrl}${ACCESS_MISMATCHES_PAGE}` }),
    );
  }
  return outcome;
}

/**
 * Creates the reconciliation's queue and daily schedule (one run a day across every replica) and
 * starts this process's worker; answers a function that stops it.
 */
export async function startAccessReconciliation(app: FastifyInstance): Promise<() => Promise<void>> {
  await app.jobs.declare({ name: ACCESS_RECONCILIATION_QUEUE, policy: 'singleton', retryLimit: 3, retryDelay: 300 });
  await app.jobs.schedule(ACCESS_RECONCILIATION_QUEUE, ACCESS_RECONCILIATION_CRON, {}, { tz: TEHRAN_TIME_ZONE });
  await app.jobs.work(ACCESS_RECONCILIATION_QUEUE, async () => {
    const outcome = await runAccessReconciliation(app);
    app.log[outcome.mismatches ? 'warn' : 'info'](outcome, 'access reconciled with the paid orders');
  });
  return () => app.jobs.stop(ACCESS_RECONCILIATION_QUEUE);
}

/** The last reconciliation's findings with their user and course (`GET /api/dashboard/access-mismatches`). */
export async function listAccessMismatches(db: Db): Promise<AccessMismatches> {
  const [run] = await db.select().from(accessReconciliations).where(eq(accessReconciliations.id, 1));
  const rows = await db
    .select({ mismatch: accessMismatches, title: products.title })
    .from(accessMismatches)
    .innerJoin(products, eq(products.id, accessMismatches.product_id))
    .orderBy(accessMismatches.id);
  const people = await getUserContacts(db, [...new Set(rows.map(({ mismatch }) => mismatch.user_id))]);
  return {
    checked_at: run ? toIso(run.ran_at) : null,
    checked_items: run?.checked_items ?? 0,
    data: rows.map(({ mismatch, title }) => ({
      kind: mismatch.kind,
      user: { id: mismatch.user_id, full_name: people.get(mismatch.user_id)?.full_name ?? '', email: people.get(mismatch.user_id)?.email ?? '' },
      product: { id: mismatch.product_id, title },
      order_item_id: mismatch.order_item_id,
      grant_id: mismatch.grant_id,
    })),
  };
}

/**
 * Ends every active grant of `userId` for course `productId` in `tx`, whatever its source (an order's,
 * a manual one, a plan's), with `end_reason = 'revoked'` (issue 38 item 4: a leaked copy was traced to
 * the account). Durable: {@link syncOrderGrants}, the plans' sync and the daily reconciliation never
 * open a revoked item's or purchase's grant again (a new order of the course would be a new item).
 * @returns how many grants ended (0 when none was active)
 */
export async function revokeCourseAccess(tx: Db, userId: number, productId: number): Promise<number> {
  const ended = await tx
    .update(accessGrants)
    .set({ ended_at: sql`now()`, end_reason: 'revoked' })
    .where(and(eq(accessGrants.user_id, userId), eq(accessGrants.product_id, productId), isNull(accessGrants.ended_at)))
    .returning({ id: accessGrants.id });
  return ended.length;
}

/**
 * Everyone who could have played a session of course `productId`: each user with any grant of it,
 * ended ones too (the candidates of a forensic identification, issue 38 item 3), ascending ids.
 */
export async function courseGrantHolders(db: Db, productId: number): Promise<number[]> {
  const rows = await db.selectDistinct({ id: accessGrants.user_id }).from(accessGrants).where(eq(accessGrants.product_id, productId)).orderBy(accessGrants.user_id);
  return rows.map((row) => row.id);
}
