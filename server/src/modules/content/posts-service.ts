/** Posts (SPEC §2 /posts and /dashboard/posts, §3; issue 3). Owns the `posts` table. */
import { and, count, desc, eq, getTableColumns, inArray, isNotNull, or, ilike, type SQL } from 'drizzle-orm';
import type { CommentStatus, ListFilter, Paginated, Post } from '@shop/contracts';
import type { Db } from '../../db/client';
import { posts } from '../../db/schema';
import { notFound } from '../../lib/api-error';
import { toIso } from '../../lib/dates';
import { uniqueViolation } from '../../lib/db-errors';
import { orderForFilter } from '../../lib/list-order';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import { containsPattern, searchHitsSql } from '../../lib/search';
import type { FileStorage } from '../../lib/storage';
import { escapeLike, normalizeForSearch, searchColumnsOf } from '../../lib/text';
import { newKey, toWebp, type FormBody } from '../../lib/uploads';
import { approvedCommentsCountSql, deleteCommentsOf } from '../site/comments-service';
import { deleteLikesOf, likedAtSql, likesCountSql } from '../site/likes-service';
import {
  checkContentForm,
  dashboardOrder,
  deleteReplaced,
  slugTaken,
  withStoredFiles,
  type DashboardListQuery,
} from './content-admin';

/** Query of a public list: page ≥ 1, per_page clamped to 1..50, filter (default `all`). */
export interface PublicListQuery {
  page?: number;
  per_page?: number;
  filter?: ListFilter;
}

const selection = () => {
  // The search columns are internal: never answered.
  const { search_title: _title, search_text: _text, ...columns } = getTableColumns(posts);
  return {
    ...columns,
    likes_count: likesCountSql('post', posts.id),
    comments_count: approvedCommentsCountSql('post', posts.id),
  };
};

type Row = Omit<typeof posts.$inferSelect, 'search_title' | 'search_text'> & {
  likes_count: number;
  comments_count: number;
};

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

/** What likes and comments need of a post: title, active flag, comment status; null when unknown. */
export async function getPostRef(
  db: Db,
  id: number,
): Promise<{ title: string; is_active: boolean; comment_status: CommentStatus } | null> {
  const [row] = await db
    .select({ title: posts.title, is_active: posts.is_active, comment_status: posts.comment_status })
    .from(posts)
    .where(eq(posts.id, id));
  return row ?? null;
}

/** Titles of posts by id (dashboard comments). */
export async function postTitles(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: posts.id, title: posts.title }).from(posts).where(inArray(posts.id, ids));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** Active posts the user liked, newest like first (profile favorites). */
export async function listLikedPosts(
  db: Db,
  userId: number,
  query: { page?: number; per_page?: number },
): Promise<Paginated<Post>> {
  const request = toPageRequest(query.page, query.per_page);
  const likedAt = likedAtSql('post', userId, posts.id);
  const where = and(eq(posts.is_active, true), isNotNull(likedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select(selection())
      .from(posts)
      .where(where)
      .orderBy(desc(likedAt), desc(posts.id))
      .limit(request.perPage)
      .offset(request.offset),
    db.select({ n: count() }).from(posts).where(where),
  ]);
  return { data: rows.map(toPost), meta: pageMeta(request, total?.n ?? 0) };
}

/** Search hits among active posts for a normalized query (see lib/search.ts). */
export function postSearchSql(normalizedQuery: string): SQL {
  return searchHitsSql('post', posts, normalizedQuery);
}

function dashboardWhere(q: string | undefined): SQL | undefined {
  const normalized = q ? normalizeForSearch(q) : '';
  if (!normalized) return undefined;
  return or(
    ilike(posts.search_title, containsPattern(normalized)),
    ilike(posts.slug, `%${escapeLike(q!.trim())}%`),
  );
}

/** A page of posts, inactive ones included, for `GET /api/dashboard/posts` (q in title or slug). */
export async function listPostsForDashboard(db: Db, query: DashboardListQuery): Promise<Paginated<Post>> {
  const request = toPageRequest(query.page, query.per_page);
  const sel = selection();
  const where = dashboardWhere(query.q);
  const [rows, [total]] = await Promise.all([
    db
      .select(sel)
      .from(posts)
      .where(where)
      .orderBy(
        ...dashboardOrder(query.sort, {
          title: posts.title,
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

/** One post, active or not (dashboard), or null. */
export async function getPostForDashboard(db: Db, id: number): Promise<Post | null> {
  const [row] = await db.select(selection()).from(posts).where(eq(posts.id, id));
  return row ? toPost(row) : null;
}

async function assertSlugFree(db: Db, slug: string, exceptId?: number): Promise<void> {
  const [row] = await db.select({ id: posts.id }).from(posts).where(eq(posts.slug, slug));
  if (row && row.id !== exceptId) throw slugTaken();
}

function rethrowSlug(error: unknown): never {
  if (uniqueViolation(error) !== null) throw slugTaken();
  throw error;
}

/**
 * Creates a post from the dashboard form: fields checked (422), image required and re-encoded
 * (415/413), slug unique (422). The image is removed again when the insert fails.
 */
export async function createPost(db: Db, storage: FileStorage, form: FormBody): Promise<Post> {
  const fields = await checkContentForm(form, ['image']);
  await assertSlugFree(db, fields.slug);
  const webp = await toWebp(form.files.image!);
  const id = await withStoredFiles(storage, [{ key: newKey('posts', 'webp'), buffer: webp }], async ([image]) => {
    try {
      const [row] = await db
        .insert(posts)
        .values({ ...fields, ...searchColumnsOf(fields.title, fields.description), image })
        .returning({ id: posts.id });
      return row!.id;
    } catch (error) {
      return rethrowSlug(error);
    }
  });
  return (await getPostForDashboard(db, id))!;
}

/**
 * Updates a post from the dashboard form; the image is replaced only when one is sent (the old
 * file is then deleted). Any failure leaves the row and the files as they were.
 */
export async function updatePost(db: Db, storage: FileStorage, id: number, form: FormBody): Promise<Post> {
  const [current] = await db.select({ image: posts.image }).from(posts).where(eq(posts.id, id));
  if (!current) throw notFound();
  const fields = await checkContentForm(form, []);
  await assertSlugFree(db, fields.slug, id);
  const upload = form.files.image ? [{ key: newKey('posts', 'webp'), buffer: await toWebp(form.files.image) }] : [];
  await withStoredFiles(storage, upload, async ([image]) => {
    try {
      await db
        .update(posts)
        .set({
          ...fields,
          ...searchColumnsOf(fields.title, fields.description),
          ...(image ? { image } : {}),
          updated_at: new Date(),
        })
        .where(eq(posts.id, id));
    } catch (error) {
      rethrowSlug(error);
    }
  });
  if (upload.length > 0) await deleteReplaced(storage, [current.image]);
  return (await getPostForDashboard(db, id))!;
}

/** Deletes a post with its likes, comments and uploaded image; 404 when unknown. */
export async function deletePost(db: Db, storage: FileStorage, id: number): Promise<void> {
  const row = await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(posts).where(eq(posts.id, id)).returning({ image: posts.image });
    if (deleted) {
      await deleteLikesOf(tx as unknown as Db, 'post', id);
      await deleteCommentsOf(tx as unknown as Db, 'post', id);
    }
    return deleted;
  });
  if (!row) throw notFound();
  await deleteReplaced(storage, [row.image]);
}
