/** Search SQL over the normalized search columns (engagement's tables.ts `searchColumns`; issue 3 "GET /api/search"). */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { escapeLike } from './text';

/** Columns of a searchable table. */
export interface SearchableColumns {
  id: AnyPgColumn;
  title: AnyPgColumn;
  description: AnyPgColumn;
  image: AnyPgColumn;
  created_at: AnyPgColumn;
  is_active: AnyPgColumn;
  search_title: AnyPgColumn;
  search_text: AnyPgColumn;
}

/** LIKE pattern of a normalized query: a substring match, served by the pg_trgm GIN indexes. */
export function containsPattern(normalizedQuery: string): string {
  return `%${escapeLike(normalizedQuery)}%`;
}

/**
 * Search hits are ranked in two tiers (issue 3): rows whose title contains the query first, then
 * rows whose text alone contains it. Each tier is read on its own, so the first pages of a common
 * word sort only the title hits (issue 9: 2 000 title hits against 17 000 text hits on the scale data).
 */
export type SearchTier = 'title' | 'text';

/**
 * `select type, id, title, description, image, created_at, similarity` of the active rows of one
 * {@link SearchTier} for the normalized query; similarity is pg_trgm's of the title. The search
 * service unions a tier over the tables and orders it by similarity, then date.
 */
export function searchHitsSql(type: string, c: SearchableColumns, normalizedQuery: string, tier: SearchTier): SQL {
  const pattern = containsPattern(normalizedQuery);
  const match =
    tier === 'title'
      ? sql`${c.search_title} like ${pattern}`
      : sql`${c.search_text} like ${pattern} and ${c.search_title} not like ${pattern}`;
  return sql`select ${type}::text as type, ${c.id} as id, ${c.title} as title, ${c.description} as description,
    ${c.image} as image, ${c.created_at} as created_at, similarity(${c.search_title}, ${normalizedQuery}) as similarity
    from ${c.id.table}
    where ${c.is_active} and ${match}`;
}
