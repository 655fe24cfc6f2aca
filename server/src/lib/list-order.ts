/** Sort orders of the public list filters (SPEC §2, DESIGN.md: all | most-liked | newest | oldest). */
import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListFilter } from '@shop/contracts';

/**
 * ORDER BY terms for a filter: `all`/`newest` newest first, `oldest` oldest first,
 * `most-liked` by likes desc then newest. The id breaks ties so pages never overlap.
 */
export function orderForFilter(
  filter: ListFilter,
  columns: { createdAt: AnyPgColumn; id: AnyPgColumn; likesCount: SQL<number> },
): SQL[] {
  switch (filter) {
    case 'oldest':
      return [asc(columns.createdAt), asc(columns.id)];
    case 'most-liked':
      return [desc(columns.likesCount), desc(columns.createdAt), desc(columns.id)];
    case 'all':
    case 'newest':
    default:
      return [desc(columns.createdAt), desc(columns.id)];
  }
}
