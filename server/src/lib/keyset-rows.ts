/**
 * Reading a whole list in keyset pages (issue 25 "Exports"): the list's own query, page after page
 * of {@link KEYSET_PAGE_SIZE} rows, each page starting after the last row of the one before, so the
 * memory stays flat and every page costs the same whatever the list's length (no OFFSET).
 */
import { and, gt, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Rows per page: few round trips, little memory. */
export const KEYSET_PAGE_SIZE = 1000;

/**
 * The rows of a list, read one page at a time as the consumer asks for them (a CSV export reads as
 * fast as its client downloads). `readPage(after, size)` answers up to `size` rows in the list's
 * order that follow `after`, the last row of the previous page (undefined for the first page);
 * `load` turns a page into what the consumer wants (the wire shape). While the consumer takes a
 * page, the next one is read (issue 25 "Figures": the database works while the file is written),
 * so at most two pages are held. Reading stops after a short page, or when the consumer stops
 * iterating (a client gone; a page being read then is dropped).
 *
 * @example
 * keysetRows(
 *   (after, size) => db.select({ ...dashboardOrderColumns, ...newestFirstCursor(orders.created_at, orders.id) })
 *     .from(orders).where(and(where, newestFirstAfter(orders.created_at, orders.id, after)))
 *     .orderBy(desc(orders.created_at), desc(orders.id)).limit(size),
 *   (page) => page.map(toDashboardOrder),
 * )
 */
export async function* keysetRows<Row, Out = Row>(
  readPage: (after: Row | undefined, size: number) => PromiseLike<Row[]>,
  load: (page: Row[]) => Promise<Out[]> | Out[],
  size: number = KEYSET_PAGE_SIZE,
): AsyncGenerator<Out> {
  const read = async (after: Row | undefined) => {
    const page = await readPage(after, size);
    return { last: page.at(-1), full: page.length === size, rows: page.length > 0 ? await load(page) : [] };
  };
  let next = read(undefined);
  for (;;) {
    const { last, full, rows } = await next;
    if (full) {
      next = read(last);
      // A consumer that stops now never awaits this read: its failure must not go unhandled.
      next.catch(() => {});
    }
    yield* rows;
    if (!full) return;
  }
}

/** Where a keyset page resumes: the previous page's last instant as text (microseconds kept) and id. */
export interface NewestFirstCursor {
  cursor_at: string;
  cursor_id: number;
}

/**
 * The columns to select beside a row for {@link newestFirstAfter}: the instant as PostgreSQL text,
 * since a JavaScript Date would drop its microseconds and a page could skip rows.
 */
export function newestFirstCursor(at: AnyPgColumn, id: AnyPgColumn) {
  return { cursor_at: sql<string>`${at}::text`, cursor_id: sql<number>`${id}`.mapWith(Number) };
}

/**
 * The condition of the page after `after` in a list ordered by `at desc, id desc` (rows with no
 * instant excluded by the caller); undefined for the first page. The leading `at <= …` lets an
 * index on `at` serve the row comparison.
 */
export function newestFirstAfter(at: AnyPgColumn, id: AnyPgColumn, after: NewestFirstCursor | undefined): SQL | undefined {
  return sortedAfter(at, id, 'desc', 'timestamptz', after && { cursor_value: after.cursor_at, cursor_id: after.cursor_id });
}

/** Where a keyset page of a list sorted by one column resumes: the previous page's last value of it as PostgreSQL text, and its id. */
export interface SortedCursor {
  cursor_value: string;
  cursor_id: number;
}

/** The columns to select beside a row for {@link sortedAfter}: the sort column as PostgreSQL text (an instant keeps its microseconds) and the id. */
export function sortedCursor(column: AnyPgColumn, id: AnyPgColumn) {
  return { cursor_value: sql<string>`${column}::text`, cursor_id: sql<number>`${id}`.mapWith(Number) };
}

/** PostgreSQL types a sort column's cursor text is read back as. */
export type SortedColumnType = 'integer' | 'text' | 'timestamptz';

/**
 * The condition of the page after `after` in a list ordered by `column <direction>, id <direction>`
 * (a column without nulls, e.g. the dashboard users list's sort, issue 26); undefined for the first
 * page. `type` reads the cursor's text back as the column's type, so text compares with the
 * column's collation and instants to the microsecond. The leading `column <= …` (`>=` ascending)
 * lets an index on the column serve the row comparison.
 */
export function sortedAfter(
  column: AnyPgColumn,
  id: AnyPgColumn,
  direction: 'asc' | 'desc',
  type: SortedColumnType,
  after: SortedCursor | undefined,
): SQL | undefined {
  if (!after) return undefined;
  const value = sql`cast(${after.cursor_value} as ${sql.raw(type)})`;
  return direction === 'desc'
    ? and(lte(column, value), or(lt(column, value), lt(id, after.cursor_id)))
    : and(gte(column, value), or(gt(column, value), gt(id, after.cursor_id)));
}
