/**
 * The dashboard's financial info (SPEC §2 /dashboard/financial-info, §3 "Order", §4, §8; issue 6):
 * orders with their buyers and the payment-status edit, courses added to users by hand (manual
 * orders at price 0), and refunds. Ownership changes only through the order and item rows that
 * ownership.ts reads: paying grants, unpaying, deleting a manual order or refunding revokes.
 */
import { and, count, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type {
  DashboardOrder,
  OrderSource,
  Paginated,
  PaymentStatus,
  Refund,
  RefundDestination,
} from '@shop/contracts';
import type { Db } from '../../db/client';
import { orderItems, orders, products } from './tables';
import { ApiError, notFound, validationFailed } from '../../lib/api-error';
import { toIso } from '../../lib/dates';
import { keysetRows, newestFirstAfter, newestFirstCursor, type NewestFirstCursor } from '../../lib/keyset-rows';
import { COMMERCE_MESSAGES } from './messages';
import { MESSAGES } from '../../lib/messages';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import { qualified } from '../../lib/qualified';
import { normalizePersianText } from '../../lib/text';
import type { AuditContext } from '../../lib/audit-trail';
import { getUserContacts, matchingUserIds, type UserContact, userContactSql, userIdIn } from '../users';
import { hasBoughtProduct, orderColumns, toOrder, type OrderRow } from './ownership';
import type { OrderWorkflow } from './order-workflow';
import { refreshSalesRollup } from './sales-summary-service';
import { addWalletEntry, moveOrderWalletShares } from './wallet';

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

function buyerOf(userId: number, contact: UserContact | null | undefined): DashboardOrder['user'] {
  return { id: userId, full_name: contact?.full_name ?? '', email: contact?.email ?? '', mobile: contact?.mobile ?? null };
}

/** The columns of a dashboard order: the order with its items and payments, and its buyer (one query a page). */
const dashboardOrderColumns = { ...orderColumns, buyer: userContactSql(orders.user_id) };

/** An order row as {@link dashboardOrderColumns} selects it. */
type DashboardOrderRow = OrderRow & { buyer: UserContact | null };

/** Wire shape of an order row with its buyer; an order at total 0 carries SPEC §8's note. */
function toDashboardOrder(row: DashboardOrderRow): DashboardOrder {
  const order = toOrder(row);
  return {
    ...order,
    user: buyerOf(row.user_id, row.buyer),
    ...(order.total_price === 0 ? { note: COMMERCE_MESSAGES.zeroPriceNote } : {}),
  };
}

/** The filters of the orders lists (payment status, source, buyer search), shared by the pages and the export. */
async function orderListWhere(db: Db, query: OrderListQuery): Promise<SQL | undefined> {
  return and(
    query.payment_status ? eq(orders.payment_status, query.payment_status) : undefined,
    query.source ? eq(orders.source, query.source) : undefined,
    await buyerSearch(db, query.q),
  );
}

/**
 * A page of orders, newest first, filtered by payment status, source and a buyer search
 * (`GET /api/dashboard/financial-info/orders`, and the manual list with `source: 'manual'`).
 */
export async function listDashboardOrders(db: Db, query: OrderListQuery): Promise<Paginated<DashboardOrder>> {
  const request = toPageRequest(query.page, query.per_page);
  const where = await orderListWhere(db, query);
  const pageIds = db
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(desc(orders.created_at), desc(orders.id))
    .limit(request.perPage)
    .offset(request.offset);
  const [rows, [total]] = await Promise.all([
    // The page's ids first: items, payments and buyers are read for its rows, not for those OFFSET skips.
    db.select(dashboardOrderColumns).from(orders).where(inArray(orders.id, pageIds)).orderBy(desc(orders.created_at), desc(orders.id)),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { data: rows.map(toDashboardOrder), meta: pageMeta(request, total?.n ?? 0) };
}

/** Filters of an export: the list's, without the page. */
export type OrderExportQuery = Omit<OrderListQuery, 'page' | 'per_page'>;

/**
 * Every order of the list's filters, newest first as the list shows them (`GET …/orders/export`
 * and the manual list's export; issue 25), read in keyset pages as the consumer asks. The buyer
 * search runs before this answers, so nothing can fail on it once a download has started.
 */
export async function exportDashboardOrders(db: Db, query: OrderExportQuery): Promise<AsyncIterable<DashboardOrder>> {
  const where = await orderListWhere(db, query);
  return keysetRows<DashboardOrderRow & NewestFirstCursor, DashboardOrder>(
    (after, size) =>
      db
        .select({ ...dashboardOrderColumns, ...newestFirstCursor(orders.created_at, orders.id) })
        .from(orders)
        .where(and(where, newestFirstAfter(orders.created_at, orders.id, after)))
        .orderBy(desc(orders.created_at), desc(orders.id))
        .limit(size),
    (page) => page.map(toDashboardOrder),
  );
}

/**
 * One order with its buyer; with `source`, only an order of that source.
 * @throws ApiError 404 when there is no such order.
 */
export async function getDashboardOrder(db: Db, id: number, source?: OrderSource): Promise<DashboardOrder> {
  const [row] = await db
    .select(dashboardOrderColumns)
    .from(orders)
    .where(and(eq(orders.id, id), source ? eq(orders.source, source) : undefined));
  if (!row) throw notFound();
  return toDashboardOrder(row);
}

/**
 * Sets an order's payment status (SPEC §4) in one conditional update: `paid` stamps `paid_at`
 * now (granting its courses; the sale counts from then) and raises `order.paid` by staff in the same
 * transaction (the workflow gives a checkout order its receipt number, issue 25, a number once
 * given being kept, and queues its receipt mail, issue 26); any other status clears `paid_at`
 * (revoking them) and raises `ownership.changed`. Setting the status it already has changes
 * nothing. A step's rejection undoes the change. An order set `cancelled` gives its wallet share back,
 * and one set from `cancelled` takes it again (issue 36 item 3).
 * @returns the order as it is now
 * @throws ApiError 404 when the order does not exist; 422 on `amount` when the buyer's wallet no
 * longer holds the share a cancelled order would take again.
 */
export async function setOrderPaymentStatus(
  db: Db,
  workflow: OrderWorkflow,
  id: number,
  status: PaymentStatus,
  audit: AuditContext,
): Promise<DashboardOrder> {
  const before = await getDashboardOrder(db, id);
  const changed = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx
      .update(orders)
      .set({ payment_status: status, paid_at: status === 'paid' ? sql`now()` : null, updated_at: sql`now()` })
      .where(and(eq(orders.id, id), sql`${orders.payment_status} <> ${status}`))
      .returning({ id: orders.id, paid_at: orders.paid_at });
    if (!row) return row;
    // A cancelled order's wallet share is back in the wallet (issue 36 item 3); leaving cancelled takes it again.
    if (status === 'cancelled') await moveOrderWalletShares(tx, [id], 'return');
    else if (before.payment_status === 'cancelled') await moveOrderWalletShares(tx, [id], 'take');
    await audit.record(tx, {
      entity: 'order',
      id,
      action: 'update',
      before: { payment_status: before.payment_status, paid_at: before.paid_at },
      after: { payment_status: status, paid_at: row.paid_at },
    });
    const owner = { userId: before.user.id, productIds: before.items.map((item) => item.product_id) };
    if (row.paid_at) await workflow.emit(tx, 'order.paid', { ...owner, orderId: id, paidAt: new Date(row.paid_at), source: before.source, by: 'staff' });
    else await workflow.emit(tx, 'ownership.changed', owner);
    return row;
  });
  if (!changed) return before;
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
  if (!product) errors.product_id = [COMMERCE_MESSAGES.productUnknown];
  else if (contacts.has(userId) && (await hasBoughtProduct(tx, userId, productId))) {
    errors.product_id = [COMMERCE_MESSAGES.userOwnsProduct];
  }
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return product!.title;
}

/**
 * Adds a course to a user by hand (SPEC §8): a paid `manual` order at total 0 with one item at
 * price 0, in one transaction that raises its `order.paid` by staff. Audited.
 * @throws ApiError 422 for an unknown user or course, or a course the user already owns.
 */
export async function addProductToUser(
  db: Db,
  workflow: OrderWorkflow,
  input: { userId: number; productId: number },
  audit: AuditContext,
): Promise<DashboardOrder> {
  const orderId = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const title = await checkGrant(tx, input.userId, input.productId);
    const [order] = await tx
      .insert(orders)
      .values({ user_id: input.userId, total_price: 0, payment_status: 'paid', source: 'manual', paid_at: sql`now()` })
      .returning({ id: orders.id, paid_at: orders.paid_at });
    await tx.insert(orderItems).values({ order_id: order!.id, product_id: input.productId, title, price: 0 });
    await audit.record(tx, {
      entity: 'order',
      id: order!.id,
      action: 'create',
      after: { source: 'manual', user_id: input.userId, product_id: input.productId, title, total_price: 0, payment_status: 'paid' },
    });
    await workflow.emit(tx, 'order.paid', {
      orderId: order!.id,
      userId: input.userId,
      productIds: [input.productId],
      paidAt: new Date(order!.paid_at!),
      source: 'manual',
      by: 'staff',
    });
    return order!.id;
  });
  return getDashboardOrder(db, orderId, 'manual');
}

/**
 * Changes the course of a manual order (its one item), raising `ownership.changed` of both courses;
 * the same course changes nothing. Audited.
 * @throws ApiError 404 for an unknown or non-manual order; 422 for an unknown course or one the user owns.
 */
export async function changeManualOrderProduct(
  db: Db,
  workflow: OrderWorkflow,
  id: number,
  productId: number,
  audit: AuditContext,
): Promise<DashboardOrder> {
  const order = await getDashboardOrder(db, id, 'manual');
  if (order.items.some((item) => item.product_id === productId)) return order;
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const title = await checkGrant(tx, order.user.id, productId);
    await tx.update(orderItems).set({ product_id: productId, title }).where(eq(orderItems.order_id, id));
    const [item] = order.items;
    await audit.record(tx, {
      entity: 'order',
      id,
      action: 'update',
      before: { product_id: item?.product_id ?? null, title: item?.title ?? null },
      after: { product_id: productId, title },
    });
    await tx.update(orders).set({ updated_at: sql`now()` }).where(eq(orders.id, id));
    await workflow.emit(tx, 'ownership.changed', { userId: order.user.id, productIds: [...order.items.map((item) => item.product_id), productId] });
  });
  await refreshSalesRollup(db, order);
  return getDashboardOrder(db, id, 'manual');
}

/**
 * Deletes a manual order with its item, raising `ownership.changed`: the user loses the course, and
 * its certificate (issue 24). Audited.
 * @throws ApiError 404 for an unknown or non-manual order.
 */
export async function deleteManualOrder(db: Db, workflow: OrderWorkflow, id: number, audit: AuditContext): Promise<void> {
  const order = await getDashboardOrder(db, id, 'manual');
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const deleted = await tx
      .delete(orders)
      .where(and(eq(orders.id, id), eq(orders.source, 'manual')))
      .returning({ id: orders.id });
    if (deleted.length > 0) {
      const [item] = order.items;
      await audit.record(tx, {
        entity: 'order',
        id,
        action: 'delete',
        before: { source: 'manual', user_id: order.user.id, product_id: item?.product_id ?? null, title: item?.title ?? null },
      });
    }
    await workflow.emit(tx, 'ownership.changed', { userId: order.user.id, productIds: order.items.map((item) => item.product_id) });
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
  refunded_to: orderItems.refunded_to,
};

/**
 * An item's fields as a refund's audit entry records them before and after (issue 31 item 7):
 * what it is about (order, buyer, course, price and discount) and the refund's own fields.
 */
const refundAudited = {
  order_id: orderItems.order_id,
  user_id: orders.user_id,
  product_id: orderItems.product_id,
  title: orderItems.title,
  price: orderItems.price,
  discount: orderItems.discount,
  refunded_at: orderItems.refunded_at,
  refund_amount: orderItems.refund_amount,
  refunded_by: orderItems.refunded_by,
  refunded_to: orderItems.refunded_to,
};

/** The fields of {@link refundAudited} a refund does not change, kept on both sides of its entry. */
const REFUND_SUBJECT = ['order_id', 'user_id', 'product_id', 'title', 'price', 'discount'] as const;

interface RefundRow {
  order_item_id: number;
  order_id: number;
  product_id: number;
  title: string;
  amount: number | null;
  user_id: number;
  refunded_by: number | null;
  refunded_at: Date | null;
  refunded_to: RefundDestination | null;
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
      user: buyerOf(row.user_id, contacts.get(row.user_id)),
      refunded_by: staff && row.refunded_by !== null ? { id: row.refunded_by, full_name: staff.full_name } : null,
      refunded_at: toIso(row.refunded_at!),
      to: row.refunded_to ?? 'gateway',
    };
  });
}

/** The refunded items a refunds list shows: every one, or the buyers a search finds. */
async function refundListWhere(db: Db, query: RefundListQuery): Promise<SQL | undefined> {
  return and(isNotNull(orderItems.refunded_at), await buyerSearch(db, query.q));
}

/** A page of refunds, newest first, with a buyer search (`GET …/money-refund-status`). */
export async function listRefunds(db: Db, query: RefundListQuery): Promise<Paginated<Refund>> {
  const request = toPageRequest(query.page, query.per_page);
  const where = await refundListWhere(db, query);
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
 * Every refund of the list's search, newest first as the list shows them (`GET
 * …/money-refund-status/export`; issue 25), read in keyset pages as the consumer asks.
 */
export async function exportRefunds(db: Db, query: Omit<RefundListQuery, 'page' | 'per_page'>): Promise<AsyncIterable<Refund>> {
  const where = await refundListWhere(db, query);
  return keysetRows<RefundRow & NewestFirstCursor, Refund>(
    (after, size) =>
      db
        .select({ ...refundColumns, ...newestFirstCursor(orderItems.refunded_at, orderItems.id) })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.order_id))
        .where(and(where, newestFirstAfter(orderItems.refunded_at, orderItems.id, after)))
        .orderBy(desc(orderItems.refunded_at), desc(orderItems.id))
        .limit(size),
    (page) => toRefunds(db, page),
  );
}

/**
 * Refunds one item of a paid order (SPEC §4): staff confirm with «yes» or «بله». One conditional
 * update sets `refunded_at`, `refund_amount` (what was paid for it: its price less its share of a
 * discount code, issue 25) and `refunded_by` only while the
 * item is unrefunded and its order paid, so two refunds of the same item never both succeed. The
 * user loses the course at once, and its certificate (issue 24); buying it again is a new order.
 * Audited, `refunded_by` being the audit context's actor: the entry holds the item as it was
 * before and after, its order, buyer, course and price on both sides (issue 31 item 7, where
 * `before` was all nulls). The refund raises `item.refunded` in its transaction (the workflow
 * revokes the certificate and queues the refund mail: issue 25, 26); a step's rejection undoes the refund.
 * With `to: 'wallet'` (issue 36 item 3) the amount is credited to the buyer's wallet in the same
 * transaction (a `refund` entry by the actor), instead of going back through the gateway.
 * @throws ApiError 422 `confirmation` for another word; 422 `order_item_id` for an unknown item,
 * an item of an unpaid order (`refundNotPaid`) or one already refunded (`refundAlreadyDone`).
 */
export async function refundOrderItem(
  db: Db,
  workflow: OrderWorkflow,
  input: { orderItemId: number; confirmation: string; to?: RefundDestination },
  audit: AuditContext,
): Promise<Refund> {
  if (!isRefundConfirmation(input.confirmation)) {
    throw validationFailed({ confirmation: [COMMERCE_MESSAGES.refundConfirmationInvalid] });
  }
  const updated = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // The item as it is before the refund (the audit's `before`), held until the transaction ends.
    const [before] = await tx
      .select(refundAudited)
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.order_id))
      .where(eq(orderItems.id, input.orderItemId))
      .for('update', { of: orderItems });
    const [item] = await tx
      .update(orderItems)
      .set({
        refunded_at: sql`now()`,
        refund_amount: sql`${orderItems.price} - ${orderItems.discount}`,
        refunded_by: audit.actorId,
        refunded_to: input.to ?? 'gateway',
      })
      .where(
        and(
          eq(orderItems.id, input.orderItemId),
          isNull(orderItems.refunded_at),
          sql`exists (select 1 from ${orders} as o where o.id = ${qualified(orderItems.order_id)} and o.payment_status = 'paid')`,
        ),
      )
      .returning({
        refund_amount: orderItems.refund_amount,
        refunded_at: orderItems.refunded_at,
        refunded_by: orderItems.refunded_by,
        refunded_to: orderItems.refunded_to,
      });
    if (item && before) {
      if (item.refunded_to === 'wallet' && (item.refund_amount ?? 0) > 0) {
        await addWalletEntry(tx, before.user_id, { kind: 'refund', amount: item.refund_amount!, orderId: before.order_id, createdBy: audit.actorId });
      }
      await audit.record(tx, {
        entity: 'order_item',
        id: input.orderItemId,
        action: 'refund',
        before,
        after: { ...before, ...item },
        keep: REFUND_SUBJECT,
      });
      await workflow.emit(tx, 'item.refunded', {
        orderId: before.order_id,
        orderItemId: input.orderItemId,
        userId: before.user_id,
        productId: before.product_id,
      });
    }
    return item;
  });
  const [row] = await db
    .select({ ...refundColumns, payment_status: orders.payment_status })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(eq(orderItems.id, input.orderItemId));
  if (!row) throw validationFailed({ order_item_id: [COMMERCE_MESSAGES.orderItemUnknown] });
  if (!updated) {
    const message = row.refunded_at ? COMMERCE_MESSAGES.refundAlreadyDone : COMMERCE_MESSAGES.refundNotPaid;
    throw new ApiError(422, message, { order_item_id: [message] });
  }
  const [refund] = await toRefunds(db, [row]);
  return refund!;
}
