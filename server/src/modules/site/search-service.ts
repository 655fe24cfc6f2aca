/**
 * Site search (issue 3 "GET /api/search"): active posts, podcasts and products whose title or
 * description contains the query, both normalized by `normalizeForSearch`; title hits first,
 * then by title similarity (pg_trgm), then newest.
 */
import { sql } from 'drizzle-orm';
import type { Paginated, SearchResult } from '@shop/contracts';
import type { Db } from '../../db/client';
import { toIso } from '../../lib/dates';
import { htmlToText } from '../../lib/html';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import { normalizeForSearch } from '../../lib/text';
import { productSearchSql } from '../commerce/products-service';
import { podcastSearchSql } from '../content/podcasts-service';
import { postSearchSql } from '../content/posts-service';

/** Results per page of the search. */
export const SEARCH_PER_PAGE = 10;
const EXCERPT_LENGTH = 200;

interface HitRow {
  type: SearchResult['type'];
  id: number;
  title: string;
  description: string;
  image: string | null;
  created_at: Date | string;
}

function rowsOf(result: unknown): HitRow[] {
  // PGlite answers `{ rows }`; node-postgres a QueryResult with `rows` too.
  return ((result as { rows?: HitRow[] }).rows ?? []) as HitRow[];
}

/** Plain text around the first match of the query, at most ~200 characters. */
export function excerptOf(descriptionHtml: string, normalizedQuery: string): string {
  const text = htmlToText(descriptionHtml);
  if (text.length <= EXCERPT_LENGTH) return text;
  const at = normalizeForSearch(text).indexOf(normalizedQuery);
  // Normalization removes characters, so the index is approximate: centre a window around it.
  const start = Math.max(0, Math.min(text.length - EXCERPT_LENGTH, (at < 0 ? 0 : at) - EXCERPT_LENGTH / 3));
  const slice = text.slice(start, start + EXCERPT_LENGTH).trim();
  return `${start > 0 ? '…' : ''}${slice}${start + EXCERPT_LENGTH < text.length ? '…' : ''}`;
}

/** One page of search hits for `q` (already validated: 2–100 characters). */
export async function search(db: Db, q: string, page: number): Promise<Paginated<SearchResult>> {
  const request = toPageRequest(page, SEARCH_PER_PAGE);
  const normalized = normalizeForSearch(q);
  const meta = (total: number) => pageMeta(request, total);
  if (!normalized) return { data: [], meta: meta(0) };
  const hits = sql`(${postSearchSql(normalized)} union all ${podcastSearchSql(normalized)} union all ${productSearchSql(normalized)})`;
  const [rows, counted] = await Promise.all([
    db.execute(
      sql`select type, id, title, description, image, created_at from ${hits} as hits
        order by rank desc, similarity desc, created_at desc, type, id
        limit ${request.perPage} offset ${request.offset}`,
    ),
    db.execute(sql`select count(*)::int as n from ${hits} as hits`),
  ]);
  const total = Number((rowsOf(counted)[0] as unknown as { n: number } | undefined)?.n ?? 0);
  return {
    data: rowsOf(rows).map((row) => ({
      type: row.type,
      id: Number(row.id),
      title: row.title,
      excerpt: excerptOf(row.description, normalized),
      image: row.image,
      created_at: toIso(row.created_at),
    })),
    meta: meta(total),
  };
}
