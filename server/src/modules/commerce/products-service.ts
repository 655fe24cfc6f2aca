/** Public products and their sessions (SPEC §2 /products, §3). Owns `products` and `product_sessions`. */
import { and, asc, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { DashboardProductSession, Paginated, Product, ProductSessionSummary, SessionKind, SessionRelease } from '@shop/contracts';
import type { Db } from '../../db/client';
import { products, productSessions } from './tables';
import { toIso } from '../../lib/dates';
import { jalaliDayKey } from '../../lib/jalali-periods';
import type { PublicListQuery } from '../../lib/list-order';
import { qualified } from '../../lib/qualified';
import { searchHitsSql, type SearchTier } from '../../lib/search';
import { type ContentRef, contentTable, publicColumns } from '../engagement';

/** The products table's queries (lists, details, likes and comments counts, slug checks, delete). */
export const productTable = contentTable({
  table: products,
  type: 'product',
  columns: () => ({
    ...publicColumns(products),
    forensic_watermark: products.forensic_watermark,
    sessions_count: sql<number>`(select count(*)::int from ${productSessions} as s where s.product_id = ${qualified(products.id)} and s.is_active)`.mapWith(
      Number,
    ),
  }),
  toItem: (row): Product => ({ ...row, created_at: toIso(row.created_at), updated_at: toIso(row.updated_at) }),
  searchTitle: products.search_title,
});

/**
 * The product sessions table's queries; rows answer {@link DashboardProductSession}: the course
 * title, `has_file` and `has_subtitles`, never the private keys (lesson file, its source and HLS, subtitles).
 */
export const productSessionTable = contentTable({
  table: productSessions,
  type: 'product_session',
  columns: () => {
    const { file: _file, media_source: _source, hls: _hls, subtitles: _subtitles, ...columns } = getTableColumns(productSessions);
    return {
      ...columns,
      has_subtitles: sql<boolean>`(${productSessions.subtitles} is not null)`.mapWith(Boolean),
      product_title: sql<string>`(select p.title from ${products} as p where p.id = ${qualified(productSessions.product_id)})`,
      has_file: sql<boolean>`(${productSessions.file} is not null)`.mapWith(Boolean),
    };
  },
  toItem: (row): DashboardProductSession => ({
    ...row,
    ...releaseFields(row),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  }),
});

/** A session's schedule columns as the dashboard form reads them (issue 37 item 5): `release`, the Jalali `release_date`, `release_at` ISO. */
function releaseFields(row: { release_days: number | null; release_at: Date | string | null }) {
  const at = row.release_at === null ? null : new Date(row.release_at);
  const release: SessionRelease = row.release_days !== null ? 'days_after_purchase' : at ? 'on_date' : 'none';
  return { release, release_date: at ? jalaliDayKey(at) : null, release_at: at ? at.toISOString() : null };
}

/** The sitemap's blocks of active courses and their items (issue 9; content-table.ts). */
export const productSitemap = {
  sitemapBlocks: (db: Db) => productTable.sitemapBlocks(db),
  sitemapItems: (db: Db, block: number) => productTable.sitemapItems(db, block),
};

/** A page of active products in the filter's order (SPEC §2 filters); prices in tomans. */
export function listProducts(db: Db, query: PublicListQuery): Promise<Paginated<Product>> {
  return productTable.list(db, query);
}

/** A session in a course's list, before the viewer's `can_view`, `is_done` and `lock` are added (route). */
export type ProductSessionListing = Omit<ProductSessionSummary, 'can_view' | 'is_done' | 'lock'>;

/** A course with its active sessions, before the viewer's fields of `ProductDetail` are added. */
export type ProductWithSessions = Product & { sessions: ProductSessionListing[] };

/** One active product with its active sessions ordered by position, then id; or null. */
export async function getProductDetail(db: Db, id: number): Promise<ProductWithSessions | null> {
  const product = await productTable.get(db, id);
  if (!product) return null;
  const sessions = await db
    .select({
      id: productSessions.id,
      title: productSessions.title,
      slug: productSessions.slug,
      position: productSessions.position,
      is_free_preview: productSessions.is_free_preview,
      kind: productSessions.kind,
      required_for_certificate: productSessions.required_for_certificate,
      created_at: productSessions.created_at,
    })
    .from(productSessions)
    .where(and(eq(productSessions.product_id, id), eq(productSessions.is_active, true)))
    .orderBy(asc(productSessions.position), asc(productSessions.id));
  return { ...product, sessions: sessions.map((s) => ({ ...s, created_at: toIso(s.created_at) })) };
}

/** What likes and comments need of an item: title, active flag, comment status. */
export type CommerceItemRef = ContentRef;

/** A product's title, active flag and comment status, or null when unknown. */
export function getProductRef(db: Db, id: number): Promise<CommerceItemRef | null> {
  return productTable.ref(db, id);
}

/** A session's reference with its course id (buyers-only comments ask whether the user owns it) and what it holds. */
export interface ProductSessionRef extends CommerceItemRef {
  product_id: number;
  kind: SessionKind;
}

/**
 * A session's title, comment status, course id and active flag (inactive when its product is),
 * or null. Who may see a session's content (buyers) is the commerce pages' concern, not the comments'.
 */
export async function getProductSessionRef(db: Db, id: number): Promise<ProductSessionRef | null> {
  const [row] = await db
    .select({
      title: productSessions.title,
      is_active: sql<boolean>`${productSessions.is_active} and ${products.is_active}`,
      comment_status: productSessions.comment_status,
      product_id: productSessions.product_id,
      kind: productSessions.kind,
    })
    .from(productSessions)
    .innerJoin(products, eq(products.id, productSessions.product_id))
    .where(eq(productSessions.id, id));
  return row ?? null;
}

/** Titles of products by id (dashboard comments). */
export function productTitles(db: Db, ids: number[]): Promise<Map<number, string>> {
  return productTable.titles(db, ids);
}

/** Titles of product sessions by id (dashboard comments). */
export function productSessionTitles(db: Db, ids: number[]): Promise<Map<number, string>> {
  return productSessionTable.titles(db, ids);
}

/** Search hits of one tier among active products for a normalized query (see lib/search.ts). */
export function productSearchSql(normalizedQuery: string, tier: SearchTier): SQL {
  return searchHitsSql('product', products, normalizedQuery, tier);
}
