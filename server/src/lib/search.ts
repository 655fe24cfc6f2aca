/** Search SQL over the normalized search columns (db/schema.ts `searchColumns`; issue 3 "GET /api/search"). */
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
 * `select type, id, title, description, image, created_at, rank, similarity` of the active rows
 * whose title or text contains the normalized query; rank 2 for a title hit, 1 for a text hit.
 * The search service unions these and orders by rank, then title similarity, then date.
 */
export function searchHitsSql(type: string, c: SearchableColumns, normalizedQuery: string): SQL {
  const pattern = containsPattern(normalizedQuery);
  return sql`select ${type}::text as type, ${c.id} as id, ${c.title} as title, ${c.description} as description,
    ${c.image} as image, ${c.created_at} as created_at,
    (case when ${c.search_title} like ${pattern} then 2 else 1 end) as rank,
    similarity(${c.search_title}, ${normalizedQuery}) as similarity
    from ${c.id.table}
    where ${c.is_active} and (${c.search_title} like ${pattern} or ${c.search_text} like ${pattern})`;
}
