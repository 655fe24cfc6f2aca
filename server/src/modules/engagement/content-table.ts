/**
 * One query builder for the likeable and commentable tables (issue 6 "Shape"): posts, podcasts,
 * products and product sessions get their public list, detail, liked list, dashboard list and
 * detail, reference, titles, slug checks and delete from {@link contentTable}. The site module owns
 * likes and comments; the module that owns a table passes it in, so each module still writes only
 * its own tables.
 */
import { and, between, count, desc, eq, getTableColumns, ilike, inArray, isNotNull, max, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { CommentStatus, ContentType, Paginated } from '@shop/contracts';
import type { Db } from '../../db/client';
import { contentCounts } from './tables';
import { validationFailed } from '../../lib/api-error';
import { uniqueViolation } from '../../lib/db-errors';
import { dashboardOrder, orderForFilter, type DashboardListQuery, type PublicListQuery } from '../../lib/list-order';
import { ENGAGEMENT_MESSAGES } from './messages';
import { pageMeta, toPageRequest, type PageRequest } from '../../lib/pagination';
import { containsPattern } from '../../lib/search';
import { escapeLike, normalizeForSearch } from '../../lib/text';
import { deleteCommentsOf } from './comments-service';
import { deleteLikesOf, likedAtSql } from './likes-service';

/**
 * A table with the content columns of tables.ts (`contentColumns`), whose `likes_count` and
 * `comments_count` the triggers of migration 0007 keep.
 */
export type ContentPgTable = PgTable & {
  id: AnyPgColumn;
  title: AnyPgColumn;
  slug: AnyPgColumn;
  is_active: AnyPgColumn;
  comment_status: AnyPgColumn;
  likes_count: AnyPgColumn;
  comments_count: AnyPgColumn;
  created_at: AnyPgColumn;
  updated_at: AnyPgColumn;
};

/**
 * Ids per sitemap block (issue 9 "The site serves /sitemap.xml"): each sitemap file lists the
 * active rows of one block, one range scan of the primary key, never more URLs than this (the
 * protocol allows 50 000).
 */
export const IDS_PER_SITEMAP_FILE = 10_000;

/** A block of ids that holds active rows: its number (from 1) and their newest `updated_at` (ISO). */
export interface SitemapBlock {
  block: number;
  lastmod: string;
}

/** Columns and SQL expressions a content table answers (its own, or correlated subqueries). */
export type ContentColumns = Record<string, AnyPgColumn | SQL>;

/** A selected row of the configured columns. */
export type ContentRow<C extends ContentColumns> = SelectResultFields<C>;

/** What likes and comments need of an item: title, active flag, comment status. */
export interface ContentRef {
  title: string;
  is_active: boolean;
  comment_status: CommentStatus;
}

/** Configuration of {@link contentTable}. */
export interface ContentTableConfig<T extends ContentPgTable, C extends ContentColumns, Item> {
  table: T;
  /** Likeable and commentable type of its rows. */
  type: ContentType;
  /** What a row answers, `likes_count` and `comments_count` included (search columns and private file keys left out). */
  columns: () => C;
  /** Wire shape of a row (dates to ISO, derived fields). */
  toItem: (row: ContentRow<C>) => Item;
  /**
   * Normalized copy of the title (`search_title`) that the dashboard search matches with the
   * normalized query; without it the title itself is matched as typed.
   */
  searchTitle?: AnyPgColumn;
}

/** A table's columns without its internal search copies (`search_title`, `search_text`): what the wire answers. */
export function publicColumns<T extends PgTable>(table: T): Omit<T['_']['columns'], 'search_title' | 'search_text'> {
  const { search_title: _title, search_text: _text, ...columns } = getTableColumns(table);
  return columns;
}

/**
 * Active rows of a type, from `content_counts` (kept by the triggers of migration 0007): the total
 * of a public list page without a count over the table.
 */
export async function activeCount(db: Db, type: ContentType): Promise<number> {
  const [row] = await db.select({ n: contentCounts.active }).from(contentCounts).where(eq(contentCounts.type, type));
  return row?.n ?? 0;
}

/** 422 for a slug another row already uses. */
export const slugTaken = () => validationFailed({ slug: [ENGAGEMENT_MESSAGES.slugTaken] });

/**
 * Builds the queries of one likeable and commentable table. Lists answer `{data, meta}` pages
 * (page ≥ 1, per_page 1..50); every list and detail carries the row's `likes_count` and approved
 * `comments_count` counters. Functions that take a `where` narrow the rows further (e.g. one course's sessions).
 */
export function contentTable<T extends ContentPgTable, C extends ContentColumns, Item>(
  config: ContentTableConfig<T, C, Item>,
) {
  const { table, type } = config;
  // Selected as the base column record: drizzle's select types do not resolve a generic `C`.
  const selection = (): ContentColumns => config.columns();
  const active = (where?: SQL) => activeRows(table, where);

  /** A page of rows; `total` counts the rows of `where` (default: a count over the table). */
  async function page(
    db: Db,
    request: PageRequest,
    where: SQL | undefined,
    order: SQL[],
    total: () => Promise<number> = async () => (await db.select({ n: count() }).from(table as PgTable).where(where))[0]?.n ?? 0,
  ): Promise<Paginated<Item>> {
    const [rows, n] = await Promise.all([
      db
        .select(selection())
        .from(table as PgTable)
        .where(where)
        .orderBy(...order)
        .limit(request.perPage)
        .offset(request.offset),
      total(),
    ]);
    return { data: (rows as ContentRow<C>[]).map(config.toItem), meta: pageMeta(request, n) };
  }

  async function one(db: Db, where: SQL | undefined): Promise<Item | null> {
    const [row] = await db.select(selection()).from(table as PgTable).where(where);
    return row ? config.toItem(row as ContentRow<C>) : null;
  }

  function dashboardWhere(q: string | undefined): SQL | undefined {
    const typed = q?.trim() ?? '';
    const normalized = typed ? normalizeForSearch(typed) : '';
    if (!normalized) return undefined;
    const slugHit = ilike(table.slug, `%${escapeLike(typed)}%`);
    const titleHit = config.searchTitle
      ? ilike(config.searchTitle, containsPattern(normalized))
      : ilike(table.title, `%${escapeLike(typed)}%`);
    return or(titleHit, slugHit);
  }

  return {
    /**
     * A page of active rows in the filter's order (SPEC §2 filters). The total is the type's
     * `content_counts` row (kept by triggers), not a count over the table.
     */
    list(db: Db, query: PublicListQuery): Promise<Paginated<Item>> {
      return page(
        db,
        toPageRequest(query.page, query.per_page),
        active(),
        orderForFilter(query.filter ?? 'all', { createdAt: table.created_at, id: table.id, likesCount: table.likes_count }),
        () => activeCount(db, type),
      );
    },

    /** One active row, or null when it does not exist or is inactive. */
    get(db: Db, id: number): Promise<Item | null> {
      return one(db, active(eq(table.id, id)));
    },

    /** Active rows the user liked, newest like first (profile favorites). */
    listLiked(db: Db, userId: number, query: { page?: number; per_page?: number }): Promise<Paginated<Item>> {
      const likedAt = likedAtSql(type, userId, table.id);
      return page(db, toPageRequest(query.page, query.per_page), active(isNotNull(likedAt)), [desc(likedAt), desc(table.id)]);
    },

    /** A page of rows, inactive ones included, for the dashboard (`q` in title or slug, `sort`). */
    listForDashboard(db: Db, query: DashboardListQuery, where?: SQL): Promise<Paginated<Item>> {
      return page(
        db,
        toPageRequest(query.page, query.per_page),
        and(dashboardWhere(query.q), where),
        dashboardOrder(query.sort, { title: table.title, createdAt: table.created_at, id: table.id, likesCount: table.likes_count }),
      );
    },

    /** One row, active or not (dashboard), or null. */
    getForDashboard(db: Db, id: number): Promise<Item | null> {
      return one(db, eq(table.id, id));
    },
    ...contentLookups(table),
    ...contentWrites(table, type),
  };
}

/** `where` over the active rows of `table`. */
const activeRows = (table: ContentPgTable, where?: SQL) => and(eq(table.is_active, true), where);

/** The lookups of a content table's rows: its sitemap blocks and their rows, a row's ref, titles by id. */
function contentLookups(table: ContentPgTable) {
  return {
    /** The blocks of {@link IDS_PER_SITEMAP_FILE} ids that hold active rows, in order (one grouped query). */
    async sitemapBlocks(db: Db): Promise<SitemapBlock[]> {
      const block = sql<number>`(${table.id} - 1) / ${sql.raw(String(IDS_PER_SITEMAP_FILE))} + 1`.mapWith(Number);
      const rows = await db
        .select({ block, lastmod: max(table.updated_at) })
        .from(table as PgTable)
        .where(activeRows(table))
        .groupBy(block)
        .orderBy(block);
      return rows.map((row) => ({ block: row.block, lastmod: new Date(row.lastmod as string | Date).toISOString() }));
    },

    /** The active rows of one sitemap block (from 1), by id, with their `updated_at` (ISO). */
    async sitemapItems(db: Db, block: number): Promise<{ id: number; updated_at: string }[]> {
      const rows = await db
        .select({ id: table.id, updated_at: table.updated_at })
        .from(table as PgTable)
        .where(activeRows(table, between(table.id, (block - 1) * IDS_PER_SITEMAP_FILE + 1, block * IDS_PER_SITEMAP_FILE)))
        .orderBy(table.id);
      return rows.map((row) => ({ id: row.id as number, updated_at: new Date(row.updated_at as string | Date).toISOString() }));
    },

    /** What likes and comments need of a row, or null when unknown. */
    async ref(db: Db, id: number): Promise<ContentRef | null> {
      const [row] = await db
        .select({ title: table.title, is_active: table.is_active, comment_status: table.comment_status })
        .from(table as PgTable)
        .where(eq(table.id, id));
      return (row as ContentRef | undefined) ?? null;
    },

    /** Titles by id (dashboard comments). */
    async titles(db: Db, ids: number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: table.id, title: table.title })
        .from(table as PgTable)
        .where(inArray(table.id, ids));
      return new Map(rows.map((r) => [r.id as number, r.title as string]));
    },
  };
}

/** The writes of a content table that keep its rules: a free slug, and a row deleted with its likes and comments. */
function contentWrites(table: ContentPgTable, type: ContentType) {
  return {
    /** @throws ApiError 422 `slugTaken` when another row (not `exceptId`) uses `slug`. */
    async assertSlugFree(db: Db, slug: string, exceptId?: number): Promise<void> {
      const [row] = await db
        .select({ id: table.id })
        .from(table as PgTable)
        .where(eq(table.slug, slug));
      if (row && row.id !== exceptId) throw slugTaken();
    },

    /** Runs an insert or update; a unique violation (a slug taken meanwhile) becomes 422 `slugTaken`. */
    async saving<R>(write: () => Promise<R>): Promise<R> {
      try {
        return await write();
      } catch (error) {
        if (uniqueViolation(error) !== null) throw slugTaken();
        throw error;
      }
    },

    /**
     * Deletes a row with its likes and comments in one transaction, after `before` (run in the same
     * transaction; it may throw to refuse). Answers the `returning` columns of the deleted row,
     * or undefined when there was none.
     */
    async remove<R extends Record<string, AnyPgColumn>>(
      db: Db,
      id: number,
      returning: R,
      before?: (tx: Db) => Promise<void>,
    ): Promise<SelectResultFields<R> | undefined> {
      return db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        if (before) await before(tx);
        const rows = (await tx
          .delete(table as PgTable)
          .where(eq(table.id, id))
          .returning(returning)) as SelectResultFields<R>[];
        const deleted = rows[0];
        if (deleted) {
          await deleteLikesOf(tx, type, id);
          await deleteCommentsOf(tx, type, id);
        }
        return deleted;
      });
    },
  };
}
