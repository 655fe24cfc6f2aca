/** Fully qualified column references for correlated subqueries. */
import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * `"table"."column"`. Drizzle leaves columns unqualified in single-table selects, so inside a
 * correlated subquery an outer `"id"` would silently resolve to the inner table's `id`.
 */
export function qualified(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
