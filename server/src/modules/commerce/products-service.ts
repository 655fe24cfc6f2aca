/** Public products and their sessions (SPEC §2 /products, §3). Owns `products` and `product_sessions`. */
import { and, asc, count, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { CommentStatus, Paginated, Product, ProductDetail } from '@shop/contracts';
import type { Db } from '../../db/client';
import { products, productSessions } from '../../db/schema';
import { toIso } from '../../lib/dates';
import { qualified } from '../../lib/qualified';
import { orderForFilter } from '../../lib/list-order';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import { searchHitsSql } from '../../lib/search';
import type { PublicListQuery } from '../content/posts-service';
import { approvedCommentsCountSql } from '../site/comments-service';
import { likesCountSql } from '../site/likes-service';

const productColumns = () => {
  // The search columns are internal: never answered.
  const { search_title: _title, search_text: _text, ...columns } = getTableColumns(products);
  return columns;
};

const selection = () => ({
  ...productColumns(),
  likes_count: likesCountSql('product', products.id),
  comments_count: approvedCommentsCountSql('product', products.id),
  sessions_count: sql<number>`(select count(*)::int from ${productSessions} as s where s.product_id = ${qualified(products.id)} and s.is_active)`.mapWith(
    Number,
  ),
});

type Row = Omit<typeof products.$inferSelect, 'search_title' | 'search_text'> & {
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

/** What likes and comments need of an item: title, active flag, comment status. */
export interface CommerceItemRef {
  title: string;
  is_active: boolean;
  comment_status: CommentStatus;
}

/** A product's title, active flag and comment status, or null when unknown. */
export async function getProductRef(db: Db, id: number): Promise<CommerceItemRef | null> {
  const [row] = await db
    .select({ title: products.title, is_active: products.is_active, comment_status: products.comment_status })
    .from(products)
    .where(eq(products.id, id));
  return row ?? null;
}

/**
 * A session's title, comment status and active flag (inactive when its product is), or null.
 * Who may see a session's content (buyers) is the commerce pages' concern, not the comments'.
 */
export async function getProductSessionRef(db: Db, id: number): Promise<CommerceItemRef | null> {
  const [row] = await db
    .select({
      title: productSessions.title,
      is_active: sql<boolean>`${productSessions.is_active} and ${products.is_active}`,
      comment_status: productSessions.comment_status,
    })
    .from(productSessions)
    .innerJoin(products, eq(products.id, productSessions.product_id))
    .where(eq(productSessions.id, id));
  return row ?? null;
}

/** Titles of products by id (dashboard comments). */
export async function productTitles(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, title: products.title })
    .from(products)
    .where(inArray(products.id, ids));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** Titles of product sessions by id (dashboard comments). */
export async function productSessionTitles(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: productSessions.id, title: productSessions.title })
    .from(productSessions)
    .where(inArray(productSessions.id, ids));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** Search hits among active products for a normalized query (see lib/search.ts). */
export function productSearchSql(normalizedQuery: string): SQL {
  return searchHitsSql('product', products, normalizedQuery);
}
