/**
 * The signed-in user's own orders (issue 25: the profile's bought-products tab links each paid
 * order's receipt), and their open orders of a cart's courses (issue 32 item 2). Reads `orders`
 * with ownership.ts's columns, newest first.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Order, Paginated } from '@shop/contracts';
import type { Db } from '../../db/client';
import { orderItems, orders } from './tables';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import { qualified } from '../../lib/qualified';
import { orderColumns, toOrder } from './ownership';

/** `GET /api/orders`: a page of the user's orders (any status and source), newest first, without the owner field. */
export async function listOwnOrders(db: Db, userId: number, query: { page?: number; per_page?: number }): Promise<Paginated<Order>> {
  const request = toPageRequest(query.page, query.per_page);
  const where = eq(orders.user_id, userId);
  const [rows, [total]] = await Promise.all([
    db.select(orderColumns).from(orders).where(where).orderBy(desc(orders.created_at), desc(orders.id)).limit(request.perPage).offset(request.offset),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { data: rows.map(toOrder), meta: pageMeta(request, total?.n ?? 0) };
}

/** An open order as a checkout compares it with the cart (issue 32 item 2). */
export interface OpenOrder {
  id: number;
  discount_code_id: number | null;
  /** Tomans. */
  discount_amount: number;
  /** Tomans. */
  total_price: number;
  /** Tomans of the total taken from the wallet (issue 36 item 3). */
  wallet_amount: number;
  /** The sales agent it names (issue 36 item 4), else null. */
  agent_id: number | null;
  /** Its courses in product-id order, each with its purchase price and its share of the discount (tomans). */
  items: Array<{ product_id: number; price: number; discount: number }>;
}

/** The courses of the outer order row, in product-id order (a correlated subquery). */
const itemsOfOrder = <T>(select: SQL) =>
  sql<T>`(select ${select} from ${orderItems} as oi where oi.order_id = ${qualified(orders.id)})`;

/**
 * The user's open orders (unpaid, from checkout) of exactly the courses `productIds`, no more and
 * no fewer, newest first (issue 32 item 2): the orders a checkout of a cart holding those courses
 * reuses or replaces, and whose discount-code uses that cart's pricing leaves out. Empty for no course.
 */
export async function openOrdersOfCourses(db: Db, userId: number, productIds: readonly number[]): Promise<OpenOrder[]> {
  if (productIds.length === 0) return [];
  const wanted = [...new Set(productIds)].sort((a, b) => a - b);
  const courses = itemsOfOrder<number[]>(sql`array_agg(oi.product_id order by oi.product_id)`);
  return db
    .select({
      id: orders.id,
      discount_code_id: orders.discount_code_id,
      discount_amount: orders.discount_amount,
      total_price: orders.total_price,
      wallet_amount: orders.wallet_amount,
      agent_id: orders.agent_id,
      items: itemsOfOrder<OpenOrder['items']>(
        sql`json_agg(json_build_object('product_id', oi.product_id, 'price', oi.price, 'discount', oi.discount) order by oi.product_id)`,
      ),
    })
    .from(orders)
    .where(
      and(
        eq(orders.user_id, userId),
        eq(orders.payment_status, 'unpaid'),
        eq(orders.source, 'checkout'),
        sql`${courses} = array[${sql.join(wanted.map((id) => sql`${id}::integer`), sql`, `)}]`,
      ),
    )
    .orderBy(desc(orders.created_at), desc(orders.id));
}
