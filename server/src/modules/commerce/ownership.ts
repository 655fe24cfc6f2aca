/**
 * Who owns which course, and orders as the wire shows them (issue 6; SPEC §3 "Order", §4).
 * The one definition of ownership: an item of a paid order that was not refunded. Checkout,
 * verify, manual adds and refunds change ownership only by writing orders and items; every
 * reader (course page, session page, buyers-only comments, `buyedProducts`) asks here.
 */
import { and, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Order, OrderItem, PaymentAttempt } from '@shop/contracts';
import type { Db } from '../../db/client';
import { orderItems, orders, payments, products } from '../../db/schema';
import { toIso } from '../../lib/dates';

/**
 * SQL that is true when `userId` owns the product in `productId` (a column or a value):
 * an unrefunded item of one of the user's paid orders.
 */
export function ownsProductSql(userId: number, productId: AnyPgColumn | number): SQL<boolean> {
  return sql<boolean>`exists (
    select 1 from ${orderItems} as oi join ${orders} as o on o.id = oi.order_id
    where o.user_id = ${userId} and o.payment_status = 'paid' and oi.refunded_at is null
      and oi.product_id = ${productId}
  )`;
}

/** True when the user owns the product (see {@link ownsProductSql}). */
export async function hasBoughtProduct(db: Db, userId: number, productId: number): Promise<boolean> {
  return (await boughtProductIds(db, userId, [productId])).has(productId);
}

/** Ids of the given products that the user owns. */
export async function boughtProductIds(db: Db, userId: number, productIds?: number[]): Promise<Set<number>> {
  if (productIds && productIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: orderItems.product_id })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.order_id))
    .where(
      and(
        eq(orders.user_id, userId),
        eq(orders.payment_status, 'paid'),
        isNull(orderItems.refunded_at),
        productIds ? inArray(orderItems.product_id, productIds) : undefined,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** True when the user ever had a paid order (SPEC §6: such users cannot be deleted). */
export async function hasPaidOrders(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.user_id, userId), eq(orders.payment_status, 'paid')))
    .limit(1);
  return !!row;
}

/** An order row as read for {@link loadOrders}. */
export type OrderRow = typeof orders.$inferSelect;

/**
 * The wire shape of orders, items included (purchase price kept, current price read now) and
 * their payment attempts newest first (issue 22 items 1 and 9), in the order of `rows`.
 */
export async function loadOrders(db: Db, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const items = await db
    .select({
      id: orderItems.id,
      order_id: orderItems.order_id,
      product_id: orderItems.product_id,
      title: orderItems.title,
      purchase_price: orderItems.price,
      quantity: orderItems.quantity,
      current_price: products.price,
      refunded_at: orderItems.refunded_at,
      refund_amount: orderItems.refund_amount,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.product_id))
    .where(inArray(orderItems.order_id, ids))
    .orderBy(orderItems.id);
  const attempts = await db
    .select({
      id: payments.id,
      order_id: payments.order_id,
      gateway: payments.gateway,
      amount: payments.amount,
      status: payments.status,
      ref_id: payments.ref_id,
      created_at: payments.created_at,
      verified_at: payments.verified_at,
    })
    .from(payments)
    .where(inArray(payments.order_id, ids))
    .orderBy(desc(payments.created_at), desc(payments.id));
  const attemptsOf = new Map<number, PaymentAttempt[]>();
  for (const { order_id, ...attempt } of attempts) {
    const list = attemptsOf.get(order_id) ?? [];
    list.push({ ...attempt, created_at: toIso(attempt.created_at), verified_at: toIso(attempt.verified_at) });
    attemptsOf.set(order_id, list);
  }
  const byOrder = new Map<number, OrderItem[]>();
  for (const { order_id, ...item } of items) {
    const list = byOrder.get(order_id) ?? [];
    list.push({ ...item, product_page: `/products/${item.product_id}`, refunded_at: toIso(item.refunded_at) });
    byOrder.set(order_id, list);
  }
  return rows.map((row) => ({
    id: row.id,
    payment_status: row.payment_status,
    source: row.source,
    total_price: row.total_price,
    items: byOrder.get(row.id) ?? [],
    payments: attemptsOf.get(row.id) ?? [],
    paid_at: toIso(row.paid_at),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  }));
}

/** One order with its items, or null. */
export async function getOrder(db: Db, id: number): Promise<(Order & { user_id: number }) | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) return null;
  const [order] = await loadOrders(db, [row]);
  return { ...order!, user_id: row.user_id };
}
