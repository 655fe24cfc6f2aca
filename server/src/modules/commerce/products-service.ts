/** Public products and their sessions (SPEC §2 /products, §3). Owns `products` and `product_sessions`. */
import { and, asc, count, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Paginated, Product, ProductDetail } from '@shop/contracts';
import type { Db } from '../../db/client';
import { products, productSessions } from '../../db/schema';
import { toIso } from '../../lib/dates';
import { qualified } from '../../lib/qualified';
import { orderForFilter } from '../../lib/list-order';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import type { PublicListQuery } from '../content/posts-service';
import { approvedCommentsCountSql } from '../site/comments-service';
import { likesCountSql } from '../site/likes-service';

const selection = () => ({
  ...getTableColumns(products),
  likes_count: likesCountSql('product', products.id),
  comments_count: approvedCommentsCountSql('product', products.id),
  sessions_count: sql<number>`(select count(*)::int from ${productSessions} as s where s.product_id = ${qualified(products.id)} and s.is_active)`.mapWith(
    Number,
  ),
});

type Row = typeof products.$inferSelect & {
  likes_count: number;
  comments_count: number;
  sessions_count: number;
};

function toProduct(row: Row): Product {
  return { ...row, created_at: toIso(row.created_at), updated_at: toIso(row.updated_at) };
}

/** A page of active products in the filter's order (SPEC §2 filters); prices in tomans. */
export async function listProducts(db: Db, query: PublicListQuery): Promise<Paginated<Product>> {
  const request = toPageRequest(query.page, query.per_page);
  const sel = selection();
  const where = eq(products.is_active, true);
  const [rows, [total]] = await Promise.all([
    db
      .select(sel)
      .from(products)
      .where(where)
      .orderBy(
        ...orderForFilter(query.filter ?? 'all', {
          createdAt: products.created_at,
          id: products.id,
          likesCount: sel.likes_count,
        }),
      )
      .limit(request.perPage)
      .offset(request.offset),
    db.select({ n: count() }).from(products).where(where),
  ]);
  return { data: rows.map(toProduct), meta: pageMeta(request, total?.n ?? 0) };
}

/** One active product with its active sessions (oldest first), or null. */
export async function getProductDetail(db: Db, id: number): Promise<ProductDetail | null> {
  const [row] = await db
    .select(selection())
    .from(products)
    .where(and(eq(products.id, id), eq(products.is_active, true)));
  if (!row) return null;
  const sessions = await db
    .select({
      id: productSessions.id,
      title: productSessions.title,
      slug: productSessions.slug,
      created_at: productSessions.created_at,
    })
    .from(productSessions)
    .where(and(eq(productSessions.product_id, id), eq(productSessions.is_active, true)))
    .orderBy(asc(productSessions.created_at), asc(productSessions.id));
  return {
    ...toProduct(row),
    sessions: sessions.map((s) => ({ ...s, created_at: toIso(s.created_at) })),
  };
}
