/**
 * Buying a course in parts («خرید اقساطی», issue 36 item 2). Owns `instalment_plans`,
 * `instalment_purchases` and `instalments`. Staff give a course plans; a buyer's purchase copies the
 * plan's terms and its schedule; each part is paid by an order of its own (`source: 'instalment'`,
 * one per part) through the gateway, so payment, receipts and refunds work as for any order. Access
 * is one grant of the access ledger per purchase (`instalment_plan`), opened when the first part is
 * paid and running until the first unpaid part's due date plus the grace days: a missed part pauses
 * access by itself, paying it restores access, the last part makes it for good, and a cancel ends it.
 * {@link syncPlanGrants} brings the grants in line in the transaction of every change of an order.
 */
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  type DashboardInstalment,
  type Instalment,
  type InstalmentPlan,
  type InstalmentPlanOffer,
  type InstalmentPurchase,
  type InstalmentState,
  type Paginated,
  planSchedule,
} from '@shop/contracts';
import { toPersianDigits } from '@shop/format';
import type { InstalmentPlanInput } from '@shop/validation';
import type { Db } from '../../db/client';
import { ApiError, notFound, validationFailed } from '../../lib/api-error';
import type { AuditContext } from '../../lib/audit-trail';
import { toIso } from '../../lib/dates';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import { getUserContacts, matchingUserIds } from '../users';
import { firstPartPaid, orderPaysPart, partPaid } from './access-ledger';
import { lockCheckout } from './checkout-service';
import { COMMERCE_MESSAGES } from './messages';
import { hasBoughtProduct } from './ownership';
import { accessGrants, instalmentPlans, instalmentPurchases, instalments, orderItems, orders, products } from './tables';

const DAY_MS = 86_400_000;

type PlanRow = typeof instalmentPlans.$inferSelect;

function toPlan(row: PlanRow): InstalmentPlan {
  const { created_at: _created, updated_at: _updated, ...plan } = row;
  return plan;
}

/** The active plans of a course at `price` tomans, each with its schedule if bought now (`GET /api/products/:id`). */
export async function instalmentPlanOffers(db: Db, productId: number, price: number): Promise<InstalmentPlanOffer[]> {
  const rows = await db
    .select()
    .from(instalmentPlans)
    .where(and(eq(instalmentPlans.product_id, productId), eq(instalmentPlans.is_active, true)))
    .orderBy(asc(instalmentPlans.parts), asc(instalmentPlans.id));
  if (price === 0) return [];
  const now = new Date();
  return rows.map((row) => ({ ...toPlan(row), ...planSchedule(row, price, now) }));
}

/** Every plan of a course, active or not, for staff. @throws ApiError 404 for an unknown course */
export async function listInstalmentPlans(db: Db, productId: number): Promise<InstalmentPlan[]> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw notFound();
  const rows = await db.select().from(instalmentPlans).where(eq(instalmentPlans.product_id, productId)).orderBy(asc(instalmentPlans.id));
  return rows.map(toPlan);
}

/** Gives a course a plan (staff, audited as a `product` update naming the plan). @throws ApiError 404 for an unknown course */
export async function createInstalmentPlan(db: Db, productId: number, input: InstalmentPlanInput, audit: AuditContext): Promise<InstalmentPlan> {
  await listInstalmentPlans(db, productId);
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx.insert(instalmentPlans).values({ ...input, product_id: productId }).returning();
    await audit.record(tx, { entity: 'instalment_plan', id: row!.id, action: 'create', after: toPlan(row!) });
    return toPlan(row!);
  });
}

/** Changes a plan; purchases already made keep the terms they were bought with. @throws ApiError 404 for an unknown plan of the course */
export async function updateInstalmentPlan(db: Db, productId: number, planId: number, input: InstalmentPlanInput, audit: AuditContext): Promise<InstalmentPlan> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const where = and(eq(instalmentPlans.id, planId), eq(instalmentPlans.product_id, productId));
    const [before] = await tx.select().from(instalmentPlans).where(where).for('update');
    if (!before) throw notFound();
    const [row] = await tx.update(instalmentPlans).set({ ...input, updated_at: new Date() }).where(where).returning();
    await audit.record(tx, { entity: 'instalment_plan', id: planId, action: 'update', before: toPlan(before), after: toPlan(row!) });
    return toPlan(row!);
  });
}

/** Deletes a plan; purchases made with it keep their terms (their `plan_id` becomes null). @throws ApiError 404 */
export async function deleteInstalmentPlan(db: Db, productId: number, planId: number, audit: AuditContext): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx
      .delete(instalmentPlans)
      .where(and(eq(instalmentPlans.id, planId), eq(instalmentPlans.product_id, productId)))
      .returning();
    if (!row) throw notFound();
    await audit.record(tx, { entity: 'instalment_plan', id: planId, action: 'delete', before: toPlan(row) });
  });
}

/**
 * SQL true for a row of `instalments` joined with its `instalment_purchases` that is still owed: the
 * part unpaid, the purchase not cancelled and its first part paid (staff's list and the reminders).
 */
export const partOwed = sql`${instalmentPurchases.cancelled_at} is null and not ${partPaid(instalments)} and ${firstPartPaid(instalmentPurchases)}`;

/** One purchase's parts with whether each is paid and when, in number order. */
interface PartRow {
  id: number;
  purchase_id: number;
  number: number;
  amount: number;
  due_at: Date;
  order_id: number | null;
  paid: boolean;
  paid_at: Date | null;
}

async function partsOf(db: Db, purchaseIds: number[]): Promise<PartRow[]> {
  if (purchaseIds.length === 0) return [];
  const rows = await db
    .select({
      id: instalments.id,
      purchase_id: instalments.purchase_id,
      number: instalments.number,
      amount: instalments.amount,
      due_at: instalments.due_at,
      order_id: instalments.order_id,
      paid: sql<boolean>`coalesce(${orderPaysPart}, false)`,
      paid_at: sql<Date | null>`case when ${orderPaysPart} then o.paid_at end`,
    })
    .from(instalments)
    .leftJoin(sql`${orders} as o`, sql`o.id = ${instalments.order_id}`)
    .where(inArray(instalments.purchase_id, purchaseIds))
    .orderBy(asc(instalments.purchase_id), asc(instalments.number));
  return rows.map((row) => ({ ...row, paid: Boolean(row.paid), due_at: new Date(row.due_at), paid_at: row.paid_at === null ? null : new Date(row.paid_at) }));
}

/** When access by a purchase with these parts ends: the first unpaid part's due date plus the grace (null: paid in full). */
function accessEndOf(parts: PartRow[], graceDays: number): Date | null {
  const unpaid = parts.find((part) => !part.paid);
  return unpaid ? new Date(unpaid.due_at.getTime() + graceDays * DAY_MS) : null;
}

function stateOf(part: PartRow, graceDays: number, now: number): InstalmentState {
  if (part.paid) return 'paid';
  if (part.due_at.getTime() > now) return 'upcoming';
  return part.due_at.getTime() + graceDays * DAY_MS > now ? 'overdue' : 'paused';
}

/**
 * Brings the plan grants of the purchases of `userId` for `productIds` in line with their parts, in
 * `tx`, the transaction of an order's change (issue 36 item 2): no grant until the first part is
 * paid; then one active grant whose `ends_at` is the first unpaid part's due date plus the grace days
 * (null once every part is paid), so a missed part pauses access and paying it restores it; a
 * cancelled purchase's grant ends (`plan_cancelled`), and one whose first part is no longer paid ends (`order_changed`).
 */
export async function syncPlanGrants(tx: Db, userId: number, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  const purchases = await tx
    .select()
    .from(instalmentPurchases)
    .where(and(eq(instalmentPurchases.user_id, userId), inArray(instalmentPurchases.product_id, productIds)));
  const parts = await partsOf(tx, purchases.map((purchase) => purchase.id));
  for (const purchase of purchases) {
    const own = parts.filter((part) => part.purchase_id === purchase.id);
    const first = own[0];
    const [grant] = await tx
      .select({ id: accessGrants.id })
      .from(accessGrants)
      .where(and(eq(accessGrants.instalment_purchase_id, purchase.id), isNull(accessGrants.ended_at)));
    // Staff revoked this purchase's access (issue 38 item 4): it is never opened again.
    const [revoked] = grant
      ? []
      : await tx
          .select({ id: accessGrants.id })
          .from(accessGrants)
          .where(and(eq(accessGrants.instalment_purchase_id, purchase.id), eq(accessGrants.end_reason, 'revoked')));
    if (revoked) continue;
    const endReason = purchase.cancelled_at ? 'plan_cancelled' : !first?.paid ? 'order_changed' : null;
    if (endReason) {
      if (grant) await tx.update(accessGrants).set({ ended_at: sql`now()`, end_reason: endReason }).where(eq(accessGrants.id, grant.id));
      continue;
    }
    const endsAt = accessEndOf(own, purchase.grace_days);
    if (grant) await tx.update(accessGrants).set({ ends_at: endsAt }).where(eq(accessGrants.id, grant.id));
    else {
      await tx.insert(accessGrants).values({
        user_id: userId,
        product_id: purchase.product_id,
        source: 'instalment_plan',
        instalment_purchase_id: purchase.id,
        starts_at: sql`least(${first!.paid_at ?? new Date()}::timestamptz, now())`,
        ends_at: endsAt,
      });
    }
  }
}

/** Purchases as their owner and staff see them, with their parts' states now. */
async function toPurchases(db: Db, rows: (typeof instalmentPurchases.$inferSelect)[]): Promise<InstalmentPurchase[]> {
  const parts = await partsOf(db, rows.map((row) => row.id));
  const now = Date.now();
  return rows.map((row) => {
    const own = parts.filter((part) => part.purchase_id === row.id);
    const paid = own.filter((part) => part.paid);
    const status = row.cancelled_at ? 'cancelled' : paid.length === own.length ? 'completed' : own[0]?.paid ? 'active' : 'pending';
    const end = accessEndOf(own, row.grace_days);
    return {
      id: row.id,
      product: { id: row.product_id, title: row.title },
      parts: row.parts,
      total: row.total,
      paid: paid.reduce((sum, part) => sum + part.amount, 0),
      grace_days: row.grace_days,
      status,
      has_access: (status === 'active' || status === 'completed') && (end === null || end.getTime() > now),
      instalments: own.map(
        (part): Instalment => ({
          id: part.id,
          number: part.number,
          amount: part.amount,
          due_at: toIso(part.due_at),
          state: stateOf(part, row.grace_days, now),
          paid_at: toIso(part.paid_at),
          order_id: part.order_id,
        }),
      ),
      created_at: toIso(row.created_at),
    };
  });
}

/** `GET /api/instalment-purchases`: the user's purchases in parts, newest first. */
export async function listOwnInstalmentPurchases(db: Db, userId: number): Promise<InstalmentPurchase[]> {
  const rows = await db.select().from(instalmentPurchases).where(eq(instalmentPurchases.user_id, userId)).orderBy(desc(instalmentPurchases.id));
  return toPurchases(db, rows);
}

async function getPurchase(db: Db, id: number): Promise<InstalmentPurchase> {
  const rows = await db.select().from(instalmentPurchases).where(eq(instalmentPurchases.id, id));
  if (rows.length === 0) throw notFound();
  return (await toPurchases(db, rows))[0]!;
}

/**
 * The order that pays part `part` of `purchase`, in `tx` (the user's checkout lock held): its order
 * while that is unpaid, else a new one (`source: 'instalment'`, one item: the course at the part's
 * amount, titled with the part's number), which the part then names.
 */
async function orderOfPart(tx: Db, purchase: typeof instalmentPurchases.$inferSelect, part: PartRow): Promise<number> {
  if (part.order_id !== null) {
    const [order] = await tx.select({ status: orders.payment_status }).from(orders).where(eq(orders.id, part.order_id));
    if (order?.status === 'unpaid') return part.order_id;
  }
  const [order] = await tx
    .insert(orders)
    .values({ user_id: purchase.user_id, total_price: part.amount, source: 'instalment', agent_id: purchase.agent_id })
    .returning({ id: orders.id });
  await tx.insert(orderItems).values({
    order_id: order!.id,
    product_id: purchase.product_id,
    title: COMMERCE_MESSAGES.instalmentItemTitle(purchase.title, toPersianDigits(part.number), toPersianDigits(purchase.parts)),
    price: part.amount,
  });
  await tx.update(instalments).set({ order_id: order!.id }).where(eq(instalments.id, part.id));
  return order!.id;
}

/**
 * The order of the next unpaid part of the user's purchase `purchaseId` (issue 36 item 2), in one
 * transaction holding the user's checkout lock; only the next part may be paid, so parts are paid in order.
 * @returns the order's id
 * @throws ApiError 404 not the user's; 422 cancelled (`instalmentPurchaseCancelled`), paid in full, or `instalmentId` not the next part
 */
export async function orderOfNextPart(db: Db, userId: number, purchaseId: number, instalmentId?: number): Promise<number> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockCheckout(tx, userId);
    const [purchase] = await tx.select().from(instalmentPurchases).where(eq(instalmentPurchases.id, purchaseId));
    if (!purchase || purchase.user_id !== userId) throw notFound();
    if (purchase.cancelled_at) throw new ApiError(422, COMMERCE_MESSAGES.instalmentPurchaseCancelled);
    const next = (await partsOf(tx, [purchase.id])).find((part) => !part.paid);
    if (!next) throw new ApiError(422, COMMERCE_MESSAGES.instalmentsAllPaid);
    if (instalmentId !== undefined && instalmentId !== next.id) throw new ApiError(422, COMMERCE_MESSAGES.instalmentNotNext(toPersianDigits(next.number)));
    return orderOfPart(tx, purchase, next);
  });
}

/** The purchase a part belongs to, when the part is the user's. @throws ApiError 404 */
export async function purchaseOfPart(db: Db, userId: number, instalmentId: number): Promise<number> {
  const [row] = await db
    .select({ purchase_id: instalments.purchase_id, user_id: instalmentPurchases.user_id })
    .from(instalments)
    .innerJoin(instalmentPurchases, eq(instalmentPurchases.id, instalments.purchase_id))
    .where(eq(instalments.id, instalmentId));
  if (!row || row.user_id !== userId) throw notFound();
  return row.purchase_id;
}

/**
 * Starts buying the course `productId` by the plan `planId` (issue 36 item 2): the user's purchase of
 * that course by that plan whose first part is not paid yet is taken again; otherwise a new purchase
 * copies the plan's terms and the schedule from now, and the sales agent `agentId` whose link or code
 * brought the buyer (issue 36 item 4: each part's order names them). The caller then opens the first part's payment.
 * @returns the purchase's id, and whether it is new
 * @throws ApiError 422 on `plan_id` for an unknown or inactive plan of the course; 422 `productAlreadyBought`; 404 unknown course
 */
export async function startInstalmentPurchase(
  db: Db,
  userId: number,
  productId: number,
  planId: number,
  agentId: number | null = null,
): Promise<{ purchaseId: number; created: boolean }> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockCheckout(tx, userId);
    const [product] = await tx
      .select({ id: products.id, title: products.title, price: products.price, is_active: products.is_active })
      .from(products)
      .where(eq(products.id, productId));
    if (!product?.is_active) throw notFound(COMMERCE_MESSAGES.productUnavailable);
    const [plan] = await tx
      .select()
      .from(instalmentPlans)
      .where(and(eq(instalmentPlans.id, planId), eq(instalmentPlans.product_id, productId), eq(instalmentPlans.is_active, true)));
    if (!plan || product.price === 0) throw validationFailed({ plan_id: [COMMERCE_MESSAGES.instalmentPlanUnavailable] });
    if (await hasBoughtProduct(tx, userId, productId)) throw new ApiError(422, COMMERCE_MESSAGES.productAlreadyBought);
    const open = await tx
      .select({ id: instalmentPurchases.id })
      .from(instalmentPurchases)
      .where(and(eq(instalmentPurchases.user_id, userId), eq(instalmentPurchases.product_id, productId), eq(instalmentPurchases.plan_id, planId), isNull(instalmentPurchases.cancelled_at)));
    const parts = await partsOf(tx, open.map((row) => row.id));
    const pending = open.find((row) => !parts.find((part) => part.purchase_id === row.id && part.number === 1)?.paid);
    if (pending) return { purchaseId: pending.id, created: false };
    const { total, schedule } = planSchedule(plan, product.price, new Date());
    const [purchase] = await tx
      .insert(instalmentPurchases)
      .values({ user_id: userId, product_id: productId, plan_id: planId, title: product.title, parts: plan.parts, total, grace_days: plan.grace_days, agent_id: agentId })
      .returning({ id: instalmentPurchases.id });
    await tx.insert(instalments).values(schedule.map((item) => ({ ...item, due_at: new Date(item.due_at), purchase_id: purchase!.id })));
    return { purchaseId: purchase!.id, created: true };
  });
}

/** A purchase of the user, as {@link listOwnInstalmentPurchases} shows it. @throws ApiError 404 */
export async function getOwnInstalmentPurchase(db: Db, userId: number, purchaseId: number): Promise<InstalmentPurchase> {
  const [row] = await db.select({ user_id: instalmentPurchases.user_id }).from(instalmentPurchases).where(eq(instalmentPurchases.id, purchaseId));
  if (!row || row.user_id !== userId) throw notFound();
  return getPurchase(db, purchaseId);
}

/** Query of the staff's list of parts to be paid. */
export interface InstalmentListQuery {
  /** `upcoming`: not due yet; `overdue`: past due, within the grace; `paused`: past the grace. Absent: every unpaid part. */
  state?: 'upcoming' | 'overdue' | 'paused';
  q?: string;
  page?: number;
  per_page?: number;
}

/** SQL of an instant in `[from, to)` (from null: since the beginning), for a raw fragment. */
const within = (at: SQL, from: Date | null, to: Date) =>
  from ? sql`${at} >= ${from.toISOString()}::timestamptz and ${at} < ${to.toISOString()}::timestamptz` : sql`${at} < ${to.toISOString()}::timestamptz`;

/**
 * Tomans still owed now per course (`product_id` → tomans) on the purchases in parts whose first part
 * was paid in `[from, to)`: their unpaid parts, cancelled purchases left out (issue 36 item 5, the
 * sales summary's `outstanding`).
 */
export async function outstandingByProduct(db: Db, from: Date | null, to: Date): Promise<Map<number, number>> {
  const rows = await db
    .select({ product_id: instalmentPurchases.product_id, amount: sql<number>`sum(${instalments.amount})`.mapWith(Number) })
    .from(instalments)
    .innerJoin(instalmentPurchases, eq(instalmentPurchases.id, instalments.purchase_id))
    .where(
      and(
        partOwed,
        sql`exists (select 1 from ${instalments} as first join ${orders} as o on o.id = first.order_id
          where first.purchase_id = ${instalmentPurchases.id} and first.number = 1 and ${within(sql`o.paid_at`, from, to)})`,
      ),
    )
    .groupBy(instalmentPurchases.product_id);
  return new Map(rows.map((row) => [row.product_id, row.amount]));
}

/**
 * Unpaid parts of purchases not cancelled whose first part is paid (issue 36 item 2: staff see what is
 * due and overdue), soonest due first, filtered by state and a buyer search.
 */
export async function listDashboardInstalments(db: Db, query: InstalmentListQuery): Promise<Paginated<DashboardInstalment>> {
  const request = toPageRequest(query.page, query.per_page);
  const grace = sql`(${instalmentPurchases.grace_days} * interval '1 day')`;
  const byState: Record<NonNullable<InstalmentListQuery['state']>, SQL> = {
    upcoming: sql`${instalments.due_at} > now()`,
    overdue: sql`${instalments.due_at} <= now() and ${instalments.due_at} + ${grace} > now()`,
    paused: sql`${instalments.due_at} + ${grace} <= now()`,
  };
  const text = query.q?.trim();
  const buyers = text ? await matchingUserIds(db, text, 500) : null;
  const where = and(
    partOwed,
    query.state ? byState[query.state] : undefined,
    buyers ? (buyers.length ? inArray(instalmentPurchases.user_id, buyers) : sql`false`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ part: instalments, purchase: instalmentPurchases })
      .from(instalments)
      .innerJoin(instalmentPurchases, eq(instalmentPurchases.id, instalments.purchase_id))
      .where(where)
      .orderBy(asc(instalments.due_at), asc(instalments.id))
      .limit(request.perPage)
      .offset(request.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(instalments).innerJoin(instalmentPurchases, eq(instalmentPurchases.id, instalments.purchase_id)).where(where),
  ]);
  const people = await getUserContacts(db, [...new Set(rows.map((row) => row.purchase.user_id))]);
  const now = Date.now();
  return {
    data: rows.map(({ part, purchase }) => {
      const person = people.get(purchase.user_id);
      const row: PartRow = { ...part, paid: false, paid_at: null };
      return {
        id: part.id,
        number: part.number,
        amount: part.amount,
        due_at: toIso(part.due_at),
        state: stateOf(row, purchase.grace_days, now),
        paid_at: null,
        order_id: part.order_id,
        purchase_id: purchase.id,
        parts: purchase.parts,
        product: { id: purchase.product_id, title: purchase.title },
        user: { id: purchase.user_id, full_name: person?.full_name ?? '', email: person?.email ?? '', mobile: person?.mobile ?? null },
        purchase_status: 'active' as const,
      };
    }),
    meta: pageMeta(request, total?.n ?? 0),
  };
}

/**
 * Staff cancel a purchase in parts (issue 36 item 2): it is marked cancelled, its parts' unpaid orders
 * are cancelled, and its grant ends (`plan_cancelled`) in the same transaction; paid parts stay paid
 * (a refund is its own act). Audited as an `instalment_purchase` update.
 * @param onChanged runs in the transaction with the buyer and course (the order workflow's `ownership.changed`)
 * @throws ApiError 404 unknown; 422 `instalmentPurchaseCancelled` when already cancelled
 */
export async function cancelInstalmentPurchase(
  db: Db,
  purchaseId: number,
  audit: AuditContext,
  onChanged: (tx: Db, owner: { userId: number; productIds: number[] }) => Promise<void>,
): Promise<InstalmentPurchase> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx
      .update(instalmentPurchases)
      .set({ cancelled_at: sql`now()`, cancelled_by: audit.actorId })
      .where(and(eq(instalmentPurchases.id, purchaseId), isNull(instalmentPurchases.cancelled_at)))
      .returning();
    if (!row) {
      const [found] = await tx.select({ id: instalmentPurchases.id }).from(instalmentPurchases).where(eq(instalmentPurchases.id, purchaseId));
      throw found ? new ApiError(422, COMMERCE_MESSAGES.instalmentPurchaseCancelled) : notFound();
    }
    await tx
      .update(orders)
      .set({ payment_status: 'cancelled', updated_at: new Date() })
      .where(and(eq(orders.payment_status, 'unpaid'), inArray(orders.id, tx.select({ id: instalments.order_id }).from(instalments).where(eq(instalments.purchase_id, purchaseId)))));
    await audit.record(tx, { entity: 'instalment_purchase', id: purchaseId, action: 'update', before: { cancelled_at: null }, after: { cancelled_at: row.cancelled_at } });
    await onChanged(tx, { userId: row.user_id, productIds: [row.product_id] });
  });
  return getPurchase(db, purchaseId);
}
