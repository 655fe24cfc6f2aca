/** Public posts (SPEC §2 /posts, §3). Owns the `posts` table. */
import { and, count, eq, getTableColumns } from 'drizzle-orm';
import type { ListFilter, Paginated, Post } from '@shop/contracts';
import type { Db } from '../../db/client';
import { posts } from '../../db/schema';
import { toIso } from '../../lib/dates';
import { orderForFilter } from '../../lib/list-order';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import { approvedCommentsCountSql } from '../site/comments-service';
import { likesCountSql } from '../site/likes-service';

/** Query of a public list: page ≥ 1, per_page clamped to 1..50, filter (default `all`). */
export interface PublicListQuery {
  page?: number;
  per_page?: number;
  filter?: ListFilter;
}

const selection = () => ({
  ...getTableColumns(posts),
  likes_count: likesCountSql('post', posts.id),
  comments_count: approvedCommentsCountSql('post', posts.id),
});

type Row = typeof posts.$inferSelect & { likes_count: number; comments_count: number };

function toPost(row: Row): Post {
  return { ...row, created_at: toIso(row.created_at), updated_at: toIso(row.updated_at) };
}

/** A page of active posts in the filter's order (SPEC §2 filters). */
export async function listPosts(db: Db, query: PublicListQuery): Promise<Paginated<Post>> {
  const request = toPageRequest(query.page, query.per_page);
  const sel = selection();
  const where = eq(posts.is_active, true);
  const [rows, [total]] = await Promise.all([
    db
      .select(sel)
      .from(posts)
      .where(where)
      .orderBy(
        ...orderForFilter(query.filter ?? 'all', {
          createdAt: posts.created_at,
          id: posts.id,
          likesCount: sel.likes_count,
        }),
      )
      .limit(request.perPage)
      .offset(request.offset),
    db.select({ n: count() }).from(posts).where(where),
  ]);
  return { data: rows.map(toPost), meta: pageMeta(request, total?.n ?? 0) };
}

/** One active post, or null when it does not exist or is inactive. */
export async function getPost(db: Db, id: number): Promise<Post | null> {
  const [row] = await db
    .select(selection())
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.is_active, true)));
  return row ? toPost(row) : null;
}
