/** Posts (SPEC §2 /posts and /dashboard/posts, §3; issue 3). Owns the `posts` table. */
import { eq, type SQL } from 'drizzle-orm';
import type { CommentStatus, Paginated, Post } from '@shop/contracts';
import type { Db } from '../../db/client';
import { posts } from './tables';
import { notFound } from '../../lib/api-error';
import { toIso } from '../../lib/dates';
import type { DashboardListQuery, PublicListQuery } from '../../lib/list-order';
import { searchHitsSql, type SearchTier } from '../../lib/search';
import { searchColumnsOf } from '../../lib/text';
import { newKey, toWebp, type FormBody } from '../../lib/uploads';
import { contentTable, publicColumns } from '../engagement';
import type { StoredFiles } from '../../lib/stored-files';
import type { AuditContext } from '../../lib/audit-trail';
import { checkContentForm } from './content-admin';

export type { PublicListQuery } from '../../lib/list-order';

const table = contentTable({
  table: posts,
  type: 'post',
  columns: () => publicColumns(posts),
  toItem: (row): Post => ({ ...row, created_at: toIso(row.created_at), updated_at: toIso(row.updated_at) }),
  searchTitle: posts.search_title,
});

/** The columns of a post the audit log keeps before and after a change (issue 26). */
const audited = {
  title: posts.title,
  slug: posts.slug,
  description: posts.description,
  is_active: posts.is_active,
  comment_status: posts.comment_status,
  image: posts.image,
};

/** The sitemap's blocks of active posts and their items (issue 9; content-table.ts). */
export const postSitemap = {
  sitemapBlocks: (db: Db) => table.sitemapBlocks(db),
  sitemapItems: (db: Db, block: number) => table.sitemapItems(db, block),
};

/** A page of active posts in the filter's order (SPEC §2 filters). */
export function listPosts(db: Db, query: PublicListQuery): Promise<Paginated<Post>> {
  return table.list(db, query);
}

/** One active post, or null when it does not exist or is inactive. */
export function getPost(db: Db, id: number): Promise<Post | null> {
  return table.get(db, id);
}

/** What likes and comments need of a post: title, active flag, comment status; null when unknown. */
export function getPostRef(
  db: Db,
  id: number,
): Promise<{ title: string; is_active: boolean; comment_status: CommentStatus } | null> {
  return table.ref(db, id);
}

/** Titles of posts by id (dashboard comments). */
export function postTitles(db: Db, ids: number[]): Promise<Map<number, string>> {
  return table.titles(db, ids);
}

/** Active posts the user liked, newest like first (profile favorites). */
export function listLikedPosts(db: Db, userId: number, query: { page?: number; per_page?: number }): Promise<Paginated<Post>> {
  return table.listLiked(db, userId, query);
}

/** Search hits of one tier among active posts for a normalized query (see lib/search.ts). */
export function postSearchSql(normalizedQuery: string, tier: SearchTier): SQL {
  return searchHitsSql('post', posts, normalizedQuery, tier);
}

/** A page of posts, inactive ones included, for `GET /api/dashboard/posts` (q in title or slug). */
export function listPostsForDashboard(db: Db, query: DashboardListQuery): Promise<Paginated<Post>> {
  return table.listForDashboard(db, query);
}

/** One post, active or not (dashboard), or null. */
export function getPostForDashboard(db: Db, id: number): Promise<Post | null> {
  return table.getForDashboard(db, id);
}

/**
 * Creates a post from the dashboard form: fields checked (422), image required and re-encoded
 * (415/413), slug unique (422). The image is removed again when the insert fails. Audited.
 */
export async function createPost(db: Db, files: StoredFiles, form: FormBody, audit: AuditContext): Promise<Post> {
  const fields = await checkContentForm(form, ['image']);
  await table.assertSlugFree(db, fields.slug);
  const webp = await toWebp(form.files.image!);
  const id = await files.write(db, [{ key: newKey('posts', 'webp'), buffer: webp }], async (tx, [image]) => {
    const [row] = await table.saving(() =>
      tx
        .insert(posts)
        .values({ ...fields, ...searchColumnsOf(fields.title, fields.description), image })
        .returning({ id: posts.id, ...audited }),
    );
    const { id: postId, ...after } = row!;
    await audit.record(tx, { entity: 'post', id: postId, action: 'create', after });
    return postId;
  });
  return (await getPostForDashboard(db, id))!;
}

/**
 * Updates a post from the dashboard form; the image is replaced only when one is sent (the old
 * file is then deleted). Any failure leaves the row and the files as they were. Audited.
 */
export async function updatePost(db: Db, files: StoredFiles, id: number, form: FormBody, audit: AuditContext): Promise<Post> {
  const [current] = await db.select({ id: posts.id }).from(posts).where(eq(posts.id, id));
  if (!current) throw notFound();
  const fields = await checkContentForm(form, []);
  await table.assertSlugFree(db, fields.slug, id);
  const upload = form.files.image ? [{ key: newKey('posts', 'webp'), buffer: await toWebp(form.files.image) }] : [];
  await files.write(db, upload, async (tx, [image], discard) => {
    // The image replaced is read in the transaction, locked: of two concurrent updates each discards what it replaced.
    const [old] = await tx.select(audited).from(posts).where(eq(posts.id, id)).for('update');
    if (!old) throw notFound();
    const [after] = await table.saving(() =>
      tx
        .update(posts)
        .set({
          ...fields,
          ...searchColumnsOf(fields.title, fields.description),
          ...(image ? { image } : {}),
          updated_at: new Date(),
        })
        .where(eq(posts.id, id))
        .returning(audited),
    );
    await audit.record(tx, { entity: 'post', id, action: 'update', before: old, after });
    if (image) discard.publicPath(old.image);
  });
  return (await getPostForDashboard(db, id))!;
}

/** Deletes a post with its likes, comments and uploaded image; 404 when unknown. Audited. */
export async function deletePost(db: Db, files: StoredFiles, id: number, audit: AuditContext): Promise<void> {
  const row = await files.write(db, [], async (tx, _paths, discard) => {
    const deleted = await table.remove(tx, id, audited);
    if (deleted) await audit.record(tx, { entity: 'post', id, action: 'delete', before: deleted });
    discard.publicPath(deleted?.image);
    return deleted;
  });
  if (!row) throw notFound();
}
