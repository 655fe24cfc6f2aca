/**
 * Reading the CSV exports in tests (issue 25, issue 26): the rows of an answer, the Jalali date
 * the file names carry, and a whole list read page after page to compare an export with.
 */
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { toJalaali } from 'jalaali-js';
import type { Paginated } from '@shop/contracts';
import { tehranDateOf } from '../../src/lib/jalali-periods';

/** The byte order mark every export starts with. */
export const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** A CSV line as an object keyed by the Persian headers. */
export type CsvRow = Record<string, string>;

/** The rows of a CSV answer (BOM checked and dropped) as objects keyed by the Persian headers. */
export function csvRows(payload: Buffer): CsvRow[] {
  expect(payload.subarray(0, 3)).toEqual(BOM);
  return parse(payload.subarray(3).toString('utf8'), { columns: true }) as CsvRow[];
}

/** The Jalali date of today in Tehran as the file names carry it, computed apart from the helper. */
export function jalaliToday(): string {
  const { gy, gm, gd } = tehranDateOf(new Date());
  const { jy, jm, jd } = toJalaali(gy, gm, gd);
  return `${jy}-${String(jm).padStart(2, '0')}-${String(jd).padStart(2, '0')}`;
}

/** Every item of a dashboard list (`query` starts with `&`), page after page, as the dashboard would read it. */
export async function listAll<T>(app: FastifyInstance, headers: Record<string, string>, path: string, query: string): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; ; page++) {
    const response = await app.inject({ url: `${path}?per_page=50&page=${page}${query}`, headers });
    expect(response.statusCode).toBe(200);
    const body = response.json<Paginated<T>>();
    all.push(...body.data);
    if (page >= body.meta.last_page) return all;
  }
}
