/**
 * Who owns which course, and orders as the wire shows them (issue 6; SPEC §3 "Order", §4).
 * Ownership is the access ledger's (issue 36 item 1, access-ledger.ts): an active grant of the
 * course, whatever its source. Checkout, verify, manual adds and refunds change orders and items, and
 * the order workflow brings the grants in line in the same transaction; every reader (course page,
 * session page, buyers-only comments, `buyedProducts`) asks here.
 */
import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Order, OrderItem, PaymentAttempt } from '@shop/contracts';
import type { Db } from '../../db/client';
import { accessGrants, orderItems, orders, payments, products } from './tables';
import { toIso } from '../../lib/dates';
import { qualified } from '../../lib/qualified';

export { ownsProductSql } from './access-ledger';

/** True when the user may open the product: an active grant of it. */
export async function hasBoughtProduct(db: Db, userId: number, productId: number): Promise<boolean> {
  return (await boughtProductIds(db, userId, [productId])).has(productId);
}

/** Ids of the given products (all when undefined) that the user may open: an active grant of each. */
export async function boughtProductIds(db: Db, userId: number, productIds?: number[]): Promise<Set<number>> {
  if (productIds && productIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: accessGrants.product_id })
    .from(accessGrants)
    .where(
      and(
        eq(accessGrants.user_id, userId),
        sql`${accessGrants.ended_at} is null and ${accessGrants.starts_at} <= now() and (${accessGrants.ends_at} is null or ${accessGrants.ends_at} > now())`,
        productIds ? inArray(accessGrants.product_id, productIds) : undefined,
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

/** An item of an order as {@link orderColumns} reads it: the wire shape less its page, dates as PostgreSQL's JSON text. */
type OrderItemJson = Omit<OrderItem, 'product_page'>;

/**
 * The columns to select from `orders` for {@link toOrder}: the order's row, its items (purchase
 * price kept, current price read now) in id order and its payment attempts newest first (issue 22
 * items 1 and 9), the last two as JSON built by PostgreSQL beside each row, so a page of orders is
 * one query (issue 25 "Figures": the orders export read each page with three more).
 */
export const orderColumns = {
  ...getTableColumns(orders),
  items: sql<OrderItemJson[]>`coalesce((
    select json_agg(json_build_object(
      'id', oi.id, 'product_id', oi.product_id, 'title', oi.title, 'purchase_price', oi.price,
      'discount', oi.discount, 'quantity', oi.quantity, 'current_price', p.price,
      'refunded_at', oi.refunded_at, 'refund_amount', oi.refund_amount
    ) order by oi.id)
    from ${orderItems} as oi join ${products} as p on p.id = oi.product_id
    where oi.order_id = ${qualified(orders.id)}
  ), '[]'::json)`,
  payments: sql<PaymentAttempt[]>`coalesce((
    select json_agg(json_build_object(
      'id', pa.id, 'gateway', pa.gateway, 'amount', pa.amount, 'status', pa.status, 'ref_id', pa.ref_id,
      'created_at', pa.created_at, 'verified_at', pa.verified_at
    ) order by pa.created_at desc, pa.id desc)
    from ${payments} as pa
    where pa.order_id = ${qualified(orders.id)}
  ), '[]'::json)`,
};

/** An order row with its items and payment attempts, as {@link orderColumns} selects it. */
export type OrderRow = typeof orders.$inferSelect & { items: OrderItemJson[]; payments: PaymentAttempt[] };

/** The wire shape of an order read with {@link orderColumns}. */
export function toOrder(row: OrderRow): Order {
  return {
    id: row.id,
    payment_status: row.payment_status,
    source: row.source,
    total_price: row.total_price,
    discount_code: row.discount_code,
    discount_amount: row.discount_amount,
    wallet_amount: row.wallet_amount,
    receipt_number: row.receipt_number,
    vat_percent: row.vat_percent,
    // VAT is part of the price: total × rate / (100 + rate), to the nearest toman.
    vat_amount: row.vat_percent ? Math.round((row.total_price * row.vat_percent) / (100 + row.vat_percent)) : 0,
    items: row.items.map((item) => ({ ...item, product_page: `/products/${item.product_id}`, refunded_at: toIso(item.refunded_at) })),
    payments: row.payments.map((attempt) => ({ ...attempt, created_at: toIso(attempt.created_at), verified_at: toIso(attempt.verified_at) })),
    paid_at: toIso(row.paid_at),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

/** One order with its items, or null. */
export async function getOrder(db: Db, id: number): Promise<(Order & { user_id: number }) | null> {
  const [row] = await db.select(orderColumns).from(orders).where(eq(orders.id, id));
  return row ? { ...toOrder(row), user_id: row.user_id } : null;
}
