/**
 * Site search (issue 3 "GET /api/search"): active posts, podcasts and products whose title or
 * description contains the query, both normalized by `normalizeForSearch`; title hits first,
 * then by title similarity (pg_trgm), then newest (issue 9: read tier by tier, total capped).
 */
import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_MAX_TOTAL, type Paginated, type SearchResult } from '@shop/contracts';
import type { Db } from '../../db/client';
import { toIso } from '../../lib/dates';
import { htmlToText } from '../../lib/html';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import type { SearchTier } from '../../lib/search';
import { normalizeForSearch } from '../../lib/text';
import { productSearchSql } from '../commerce';
import { podcastSearchSql, postSearchSql } from '../content';

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

/**
 * One page of search hits for `q` (already validated: 2–100 characters): title hits first, then
 * text hits, each by title similarity, then newest. The text tier is read only when the title
 * tier does not fill the page. `meta.total` counts at most `SEARCH_MAX_TOTAL` hits (17 000 posts
 * match «برنامه» on the scale data; counting them all took about a second), so `last_page` ends at 100.
 */
export async function search(db: Db, q: string, page: number): Promise<Paginated<SearchResult>> {
  const request = toPageRequest(page, SEARCH_PER_PAGE);
  const normalized = normalizeForSearch(q);
  if (!normalized) return { data: [], meta: pageMeta(request, 0) };
  const hits = (tier: SearchTier) =>
    sql`(${postSearchSql(normalized, tier)} union all ${podcastSearchSql(normalized, tier)} union all ${productSearchSql(normalized, tier)})`;
  const pageOf = async (tier: SearchTier, limit: number, offset: number) =>
    rowsOf(
      await db.execute(
        sql`select type, id, title, description, image, created_at from ${hits(tier)} as hits
          order by similarity desc, created_at desc, type, id limit ${limit} offset ${offset}`,
      ),
    );
  const countOf = async (from: SQL, cap: number) =>
    Number(
      (rowsOf(await db.execute(sql`select count(*)::int as n from (select 1 from ${from} as hits limit ${cap}) as capped`))[0] as
        | { n: number }
        | undefined)?.n ?? 0,
    );
  const [titleRows, total] = await Promise.all([
    pageOf('title', request.perPage, request.offset),
    countOf(sql`(${hits('title')} union all ${hits('text')})`, SEARCH_MAX_TOTAL),
  ]);
  let rows = titleRows;
  if (titleRows.length < request.perPage) {
    // The title tier ends on this page (or before it): the rest comes from the text tier.
    const titleTotal =
      titleRows.length > 0 ? request.offset + titleRows.length : await countOf(hits('title'), request.offset);
    rows = [...titleRows, ...(await pageOf('text', request.perPage - titleRows.length, request.offset + titleRows.length - titleTotal))];
  }
  return {
    data: rows.map((row) => ({
      type: row.type,
      id: Number(row.id),
      title: row.title,
      excerpt: excerptOf(row.description, normalized),
      image: row.image,
      created_at: toIso(row.created_at),
    })),
    meta: pageMeta(request, total),
  };
}
