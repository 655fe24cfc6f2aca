/**
 * The signed-in user's own orders (issue 25: the profile's bought-products tab links each paid
 * order's receipt). Reads `orders` with ownership.ts's columns, newest first.
 */
import { count, desc, eq } from 'drizzle-orm';
import type { Order, Paginated } from '@shop/contracts';
import type { Db } from '../../db/client';
import { orders } from '../../db/schema';
import { pageMeta, toPageRequest } from '../../lib/pagination';
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
