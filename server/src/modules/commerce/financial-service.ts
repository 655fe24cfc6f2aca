/**
 * The dashboard's financial info (SPEC §2 /dashboard/financial-info, §3 "Order", §4, §8; issue 6):
 * orders with their buyers and the payment-status edit, courses added to users by hand (manual
 * orders at price 0), and refunds. Ownership changes only through the order and item rows that
 * ownership.ts reads: paying grants, unpaying, deleting a manual order or refunding revokes.
 */
import { revokeCertificateOfUnowned } from './certificates';
import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type {
  DashboardOrder,
  OrderSource,
  Paginated,
  PaymentStatus,
  Refund,
} from '@shop/contracts';
import type { Db } from '../../db/client';
import { orderItems, orders, products } from '../../db/schema';
import { ApiError, notFound, validationFailed } from '../../lib/api-error';
import { toIso } from '../../lib/dates';
import { MESSAGES } from '../../lib/messages';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import { qualified } from '../../lib/qualified';
import { normalizePersianText } from '../../lib/text';
import { getUserContacts, matchingUserIds, userIdIn, type UserContact } from '../users/user-contacts';
import { hasBoughtProduct, loadOrders, type OrderRow } from './ownership';
import { refreshSalesRollup } from './sales-summary-service';

/** Query of the orders and manual-orders lists. */
export interface OrderListQuery {
  page?: number;
  per_page?: number;
  /** Searched in the buyer's full name, email and mobile (any part; Persian digits accepted). */
  q?: string;
  payment_status?: PaymentStatus;
  source?: OrderSource;
}

/** Query of the refunds list. */
export interface RefundListQuery {
  page?: number;
  per_page?: number;
  /** Searched in the buyer's full name, email and mobile. */
  q?: string;
}

/** Namespace of the advisory locks that serialize manual grants per user (issue 6). */
const GRANT_LOCK_NAMESPACE = 6002;

/** Up to this many matching buyers are looked up by id list; broader searches use a sub-query. */
const BUYER_ID_LIST_MAX = 500;

/**
 * The buyer condition of a list search (undefined for none). A narrow search becomes
 * `user_id IN (ids)`, so PostgreSQL reads those buyers' orders by index rather than scanning.
 */
async function buyerSearch(db: Db, q: string | undefined): Promise<SQL | undefined> {
  const text = q ? normalizePersianText(q) : '';
  if (!text) return undefined;
  const ids = await matchingUserIds(db, text, BUYER_ID_LIST_MAX + 1);
  if (ids.length > BUYER_ID_LIST_MAX) return userIdIn(db, orders.user_id, text);
  return ids.length > 0 ? inArray(orders.user_id, ids) : sql`false`;
}

function buyerOf(userId: number, contacts: Map<number, UserContact>): DashboardOrder['user'] {
  const contact = contacts.get(userId);
  return { id: userId, full_name: contact?.full_name ?? '', email: contact?.email ?? '', mobile: contact?.mobile ?? null };
}

/** Wire shape of order rows with their buyers; orders at total 0 carry SPEC §8's note. */
async function toDashboardOrders(db: Db, rows: OrderRow[]): Promise<DashboardOrder[]> {
  const [loaded, contacts] = await Promise.all([
    loadOrders(db, rows),
    getUserContacts(db, [...new Set(rows.map((r) => r.user_id))]),
  ]);
  return loaded.map((order, i) => ({
    ...order,
    user: buyerOf(rows[i]!.user_id, contacts),
    ...(order.total_price === 0 ? { note: MESSAGES.zeroPriceNote } : {}),
  }));
}

/**
 * A page of orders, newest first, filtered by payment status, source and a buyer search
 * (`GET /api/dashboard/financial-info/orders`, and the manual list with `source: 'manual'`).
 */
export async function listDashboardOrders(db: Db, query: OrderListQuery): Promise<Paginated<DashboardOrder>> {
  const request = toPageRequest(query.page, query.per_page);
  const where = and(
    query.payment_status ? eq(orders.payment_status, query.payment_status) : undefined,
    query.source ? eq(orders.source, query.source) : undefined,
    await buyerSearch(db, query.q),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.created_at), desc(orders.id))
      .limit(request.perPage)
      .offset(request.offset),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { data: await toDashboardOrders(db, rows), meta: pageMeta(request, total?.n ?? 0) };
}

/**
 * One order with its buyer; with `source`, only an order of that source.
 * @throws ApiError 404 when there is no such order.
 */
export async function getDashboardOrder(db: Db, id: number, source?: OrderSource): Promise<DashboardOrder> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), source ? eq(orders.source, source) : undefined));
  if (!row) throw notFound();
  const [order] = await toDashboardOrders(db, [row]);
  return order!;
}

/**
 * Sets an order's payment status (SPEC §4) in one conditional update: `paid` stamps `paid_at`
 * now (granting its courses; the sale counts from then), `unpaid` clears it (revoking them).
 * Setting the status it already has changes nothing.
 * @throws ApiError 404 when the order does not exist.
 */
export async function setOrderPaymentStatus(db: Db, id: number, status: PaymentStatus): Promise<DashboardOrder> {
  const before = await getDashboardOrder(db, id);
  const changed = await db
    .update(orders)
    .set({ payment_status: status, paid_at: status === 'paid' ? sql`now()` : null, updated_at: sql`now()` })
    .where(and(eq(orders.id, id), sql`${orders.payment_status} <> ${status}`))
    .returning({ id: orders.id });
  if (changed.length === 0) return before;
  await refreshSalesRollup(db, before);
  return getDashboardOrder(db, id);
}

/**
 * Serializes grants to one user inside the caller's transaction, then checks that the user and
 * the course exist and that the user does not own it yet.
 * @returns the course's title. @throws ApiError 422 per field (`user_id`, `product_id`).
 */
async function checkGrant(tx: Db, userId: number, productId: number): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${GRANT_LOCK_NAMESPACE}, ${userId})`);
  const [contacts, [product]] = await Promise.all([
    getUserContacts(tx, [userId]),
    tx.select({ title: products.title }).from(products).where(eq(products.id, productId)),
  ]);
  const errors: Record<string, string[]> = {};
  if (!contacts.has(userId)) errors.user_id = [MESSAGES.userUnknown];
  if (!product) errors.product_id = [MESSAGES.productUnknown];
  else if (contacts.has(userId) && (await hasBoughtProduct(tx, userId, productId))) {
    errors.product_id = [MESSAGES.userOwnsProduct];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return product!.title;
}

/**
 * Adds a course to a user by hand (SPEC §8): a paid `manual` order at total 0 with one item at
 * price 0, in one transaction.
 * @throws ApiError 422 for an unknown user or course, or a course the user already owns.
 */
export async function addProductToUser(db: Db, input: { userId: number; productId: number }): Promise<DashboardOrder> {
  const orderId = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const title = await checkGrant(tx, input.userId, input.productId);
    const [order] = await tx
      .insert(orders)
      .values({ user_id: input.userId, total_price: 0, payment_status: 'paid', source: 'manual', paid_at: sql`now()` })
      .returning({ id: orders.id });
    await tx.insert(orderItems).values({ order_id: order!.id, product_id: input.productId, title, price: 0 });
    return order!.id;
  });
  return getDashboardOrder(db, orderId, 'manual');
}

/**
 * Changes the course of a manual order (its one item); the same course changes nothing.
 * @throws ApiError 404 for an unknown or non-manual order; 422 for an unknown course or one the user owns.
 */
export async function changeManualOrderProduct(db: Db, id: number, productId: number): Promise<DashboardOrder> {
  const order = await getDashboardOrder(db, id, 'manual');
  if (order.items.some((item) => item.product_id === productId)) return order;
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const title = await checkGrant(tx, order.user.id, productId);
    await tx.update(orderItems).set({ product_id: productId, title }).where(eq(orderItems.order_id, id));
    await tx.update(orders).set({ updated_at: sql`now()` }).where(eq(orders.id, id));
  });
  await refreshSalesRollup(db, order);
  return getDashboardOrder(db, id, 'manual');
}

/**
 * Deletes a manual order with its item: the user loses the course, and its certificate (issue 24).
 * @throws ApiError 404 for an unknown or non-manual order.
 */
export async function deleteManualOrder(db: Db, id: number): Promise<void> {
  const order = await getDashboardOrder(db, id, 'manual');
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.delete(orders).where(and(eq(orders.id, id), eq(orders.source, 'manual')));
    for (const item of order.items) await revokeCertificateOfUnowned(tx, order.user.id, item.product_id);
  });
  await refreshSalesRollup(db, order);
}

/** True for the refund confirmation word (SPEC §4): «yes» in any case, or «بله», spaces trimmed. */
export function isRefundConfirmation(word: string): boolean {
  const normalized = word.trim().toLowerCase();
  return normalized === 'yes' || normalized === 'بله';
}

const refundColumns = {
  order_item_id: orderItems.id,
  order_id: orderItems.order_id,
  product_id: orderItems.product_id,
  title: orderItems.title,
  amount: orderItems.refund_amount,
  user_id: orders.user_id,
  refunded_by: orderItems.refunded_by,
  refunded_at: orderItems.refunded_at,
};

interface RefundRow {
  order_item_id: number;
  order_id: number;
  product_id: number;
  title: string;
  amount: number | null;
  user_id: number;
  refunded_by: number | null;
  refunded_at: Date | null;
}

async function toRefunds(db: Db, rows: RefundRow[]): Promise<Refund[]> {
  const ids = rows.flatMap((r) => (r.refunded_by === null ? [r.user_id] : [r.user_id, r.refunded_by]));
  const contacts = await getUserContacts(db, [...new Set(ids)]);
  return rows.map((row) => {
    const staff = row.refunded_by === null ? undefined : contacts.get(row.refunded_by);
    return {
      order_item_id: row.order_item_id,
      order_id: row.order_id,
      product_id: row.product_id,
      title: row.title,
      amount: row.amount ?? 0,
      user: buyerOf(row.user_id, contacts),
      refunded_by: staff && row.refunded_by !== null ? { id: row.refunded_by, full_name: staff.full_name } : null,
      refunded_at: toIso(row.refunded_at!),
    };
  });
}

/** A page of refunds, newest first, with a buyer search (`GET …/money-refund-status`). */
export async function listRefunds(db: Db, query: RefundListQuery): Promise<Paginated<Refund>> {
  const request = toPageRequest(query.page, query.per_page);
  const where = and(isNotNull(orderItems.refunded_at), await buyerSearch(db, query.q));
  const [rows, [total]] = await Promise.all([
    db
      .select(refundColumns)
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.order_id))
      .where(where)
      .orderBy(desc(orderItems.refunded_at), desc(orderItems.id))
      .limit(request.perPage)
      .offset(request.offset),
    db.select({ n: count() }).from(orderItems).innerJoin(orders, eq(orders.id, orderItems.order_id)).where(where),
  ]);
  return { data: await toRefunds(db, rows), meta: pageMeta(request, total?.n ?? 0) };
}

/**
 * Refunds one item of a paid order (SPEC §4): staff confirm with «yes» or «بله». One conditional
 * update sets `refunded_at`, `refund_amount` (the purchase price) and `refunded_by` only while the
 * item is unrefunded and its order paid, so two refunds of the same item never both succeed. The
 * user loses the course at once, and its certificate (issue 24); buying it again is a new order.
 * @throws ApiError 422 `confirmation` for another word; 422 `order_item_id` for an unknown item,
 * an item of an unpaid order (`refundNotPaid`) or one already refunded (`refundAlreadyDone`).
 */
export async function refundOrderItem(
  db: Db,
  input: { orderItemId: number; confirmation: string; staffId: number },
): Promise<Refund> {
  if (!isRefundConfirmation(input.confirmation)) {
    throw validationFailed({ confirmation: [MESSAGES.refundConfirmationInvalid] });
  }
  const updated = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [item] = await tx
      .update(orderItems)
      .set({ refunded_at: sql`now()`, refund_amount: sql`${orderItems.price}`, refunded_by: input.staffId })
      .where(
        and(
          eq(orderItems.id, input.orderItemId),
          isNull(orderItems.refunded_at),
          sql`exists (select 1 from ${orders} as o where o.id = ${qualified(orderItems.order_id)} and o.payment_status = 'paid')`,
        ),
      )
      .returning({ id: orderItems.id, order_id: orderItems.order_id, product_id: orderItems.product_id });
    if (item) {
      // The course gone, its certificate goes with it (issue 24).
      const [order] = await tx.select({ user_id: orders.user_id }).from(orders).where(eq(orders.id, item.order_id));
      await revokeCertificateOfUnowned(tx, order!.user_id, item.product_id);
    }
    return item;
  });
  const [row] = await db
    .select({ ...refundColumns, payment_status: orders.payment_status })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(eq(orderItems.id, input.orderItemId));
  if (!row) throw validationFailed({ order_item_id: [MESSAGES.orderItemUnknown] });
  if (!updated) {
    const message = row.refunded_at ? MESSAGES.refundAlreadyDone : MESSAGES.refundNotPaid;
    throw new ApiError(422, message, { order_item_id: [message] });
  }
  const [refund] = await toRefunds(db, [row]);
  return refund!;
}
