/** Public podcasts (SPEC §2 /podcasts, §3). Owns the `podcasts` table. */
import { and, count, eq, getTableColumns } from 'drizzle-orm';
import type { Paginated, Podcast } from '@shop/contracts';
import type { Db } from '../../db/client';
import { podcasts } from '../../db/schema';
import { toIso } from '../../lib/dates';
import { orderForFilter } from '../../lib/list-order';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import { approvedCommentsCountSql } from '../site/comments-service';
import { likesCountSql } from '../site/likes-service';
import type { PublicListQuery } from './posts-service';

const selection = () => ({
  ...getTableColumns(podcasts),
  likes_count: likesCountSql('podcast', podcasts.id),
  comments_count: approvedCommentsCountSql('podcast', podcasts.id),
});

type Row = typeof podcasts.$inferSelect & { likes_count: number; comments_count: number };

function toPodcast(row: Row): Podcast {
  return { ...row, created_at: toIso(row.created_at), updated_at: toIso(row.updated_at) };
}

/** A page of active podcasts in the filter's order (SPEC §2 filters). */
export async function listPodcasts(db: Db, query: PublicListQuery): Promise<Paginated<Podcast>> {
  const request = toPageRequest(query.page, query.per_page);
  const sel = selection();
  const where = eq(podcasts.is_active, true);
  const [rows, [total]] = await Promise.all([
    db
      .select(sel)
      .from(podcasts)
      .where(where)
      .orderBy(
        ...orderForFilter(query.filter ?? 'all', {
          createdAt: podcasts.created_at,
          id: podcasts.id,
          likesCount: sel.likes_count,
        }),
      )
      .limit(request.perPage)
      .offset(request.offset),
    db.select({ n: count() }).from(podcasts).where(where),
  ]);
  return { data: rows.map(toPodcast), meta: pageMeta(request, total?.n ?? 0) };
}

/** One active podcast, or null when it does not exist or is inactive. */
export async function getPodcast(db: Db, id: number): Promise<Podcast | null> {
  const [row] = await db
    .select(selection())
    .from(podcasts)
    .where(and(eq(podcasts.id, id), eq(podcasts.is_active, true)));
  return row ? toPodcast(row) : null;
}
