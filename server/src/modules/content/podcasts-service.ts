/** Podcasts (SPEC §2 /podcasts and /dashboard/podcasts, §3; issue 3). Owns the `podcasts` table. */
import { and, count, desc, eq, getTableColumns, inArray, isNotNull, or, ilike, type SQL } from 'drizzle-orm';
import type { CommentStatus, Paginated, Podcast } from '@shop/contracts';
import type { PublicListQuery } from './posts-service';
import type { Db } from '../../db/client';
import { podcasts } from '../../db/schema';
import { notFound } from '../../lib/api-error';
import { toIso } from '../../lib/dates';
import { uniqueViolation } from '../../lib/db-errors';
import { orderForFilter } from '../../lib/list-order';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import { containsPattern, searchHitsSql } from '../../lib/search';
import type { FileStorage } from '../../lib/storage';
import { escapeLike, normalizeForSearch, searchColumnsOf } from '../../lib/text';
import { checkAudio, newKey, toWebp, type FormBody } from '../../lib/uploads';
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

const selection = () => {
  // The search columns are internal: never answered.
  const { search_title: _title, search_text: _text, ...columns } = getTableColumns(podcasts);
  return {
    ...columns,
    likes_count: likesCountSql('podcast', podcasts.id),
    comments_count: approvedCommentsCountSql('podcast', podcasts.id),
  };
};

type Row = Omit<typeof podcasts.$inferSelect, 'search_title' | 'search_text'> & {
  likes_count: number;
  comments_count: number;
};

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

/** What likes and comments need of a podcast: title, active flag, comment status; null when unknown. */
export async function getPodcastRef(
  db: Db,
  id: number,
): Promise<{ title: string; is_active: boolean; comment_status: CommentStatus } | null> {
  const [row] = await db
    .select({ title: podcasts.title, is_active: podcasts.is_active, comment_status: podcasts.comment_status })
    .from(podcasts)
    .where(eq(podcasts.id, id));
  return row ?? null;
}

/** Titles of podcasts by id (dashboard comments). */
export async function podcastTitles(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: podcasts.id, title: podcasts.title }).from(podcasts).where(inArray(podcasts.id, ids));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** Active podcasts the user liked, newest like first (profile favorites). */
export async function listLikedPodcasts(
  db: Db,
  userId: number,
  query: { page?: number; per_page?: number },
): Promise<Paginated<Podcast>> {
  const request = toPageRequest(query.page, query.per_page);
  const likedAt = likedAtSql('podcast', userId, podcasts.id);
  const where = and(eq(podcasts.is_active, true), isNotNull(likedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select(selection())
      .from(podcasts)
      .where(where)
      .orderBy(desc(likedAt), desc(podcasts.id))
      .limit(request.perPage)
      .offset(request.offset),
    db.select({ n: count() }).from(podcasts).where(where),
  ]);
  return { data: rows.map(toPodcast), meta: pageMeta(request, total?.n ?? 0) };
}

/** Search hits among active podcasts for a normalized query (see lib/search.ts). */
export function podcastSearchSql(normalizedQuery: string): SQL {
  return searchHitsSql('podcast', podcasts, normalizedQuery);
}

function dashboardWhere(q: string | undefined): SQL | undefined {
  const normalized = q ? normalizeForSearch(q) : '';
  if (!normalized) return undefined;
  return or(
    ilike(podcasts.search_title, containsPattern(normalized)),
    ilike(podcasts.slug, `%${escapeLike(q!.trim())}%`),
  );
}

/** A page of podcasts, inactive ones included, for `GET /api/dashboard/podcasts` (q in title or slug). */
export async function listPodcastsForDashboard(db: Db, query: DashboardListQuery): Promise<Paginated<Podcast>> {
  const request = toPageRequest(query.page, query.per_page);
  const sel = selection();
  const where = dashboardWhere(query.q);
  const [rows, [total]] = await Promise.all([
    db
      .select(sel)
      .from(podcasts)
      .where(where)
      .orderBy(
        ...dashboardOrder(query.sort, {
          title: podcasts.title,
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

/** One podcast, active or not (dashboard), or null. */
export async function getPodcastForDashboard(db: Db, id: number): Promise<Podcast | null> {
  const [row] = await db.select(selection()).from(podcasts).where(eq(podcasts.id, id));
  return row ? toPodcast(row) : null;
}

async function assertSlugFree(db: Db, slug: string, exceptId?: number): Promise<void> {
  const [row] = await db.select({ id: podcasts.id }).from(podcasts).where(eq(podcasts.slug, slug));
  if (row && row.id !== exceptId) throw slugTaken();
}

function rethrowSlug(error: unknown): never {
  if (uniqueViolation(error) !== null) throw slugTaken();
  throw error;
}

/**
 * Creates a podcast from the dashboard form: fields checked (422), image and audio required and
 * checked by content (415/413), slug unique (422). Both files are removed again when the insert fails.
 */
export async function createPodcast(db: Db, storage: FileStorage, form: FormBody): Promise<Podcast> {
  const fields = await checkContentForm(form, ['image', 'file']);
  await assertSlugFree(db, fields.slug);
  const webp = await toWebp(form.files.image!);
  const audio = await checkAudio(form.files.file!);
  const uploads = [
    { key: newKey('podcasts', 'webp'), buffer: webp },
    { key: newKey('podcasts', audio.extension), buffer: audio.buffer },
  ];
  const id = await withStoredFiles(storage, uploads, async ([image, file]) => {
    try {
      const [row] = await db
        .insert(podcasts)
        .values({
          ...fields,
          ...searchColumnsOf(fields.title, fields.description),
          image,
          file,
          duration_seconds: audio.durationSeconds,
        })
        .returning({ id: podcasts.id });
      return row!.id;
    } catch (error) {
      return rethrowSlug(error);
    }
  });
  return (await getPodcastForDashboard(db, id))!;
}

/**
 * Updates a podcast from the dashboard form; the image and the audio are each replaced only when
 * sent (old files are then deleted). Any failure leaves the row and the files as they were.
 */
export async function updatePodcast(db: Db, storage: FileStorage, id: number, form: FormBody): Promise<Podcast> {
  const [current] = await db
    .select({ image: podcasts.image, file: podcasts.file })
    .from(podcasts)
    .where(eq(podcasts.id, id));
  if (!current) throw notFound();
  const fields = await checkContentForm(form, []);
  await assertSlugFree(db, fields.slug, id);
  const webp = form.files.image ? await toWebp(form.files.image) : null;
  const audio = form.files.file ? await checkAudio(form.files.file) : null;
  const uploads = [
    ...(webp ? [{ key: newKey('podcasts', 'webp'), buffer: webp }] : []),
    ...(audio ? [{ key: newKey('podcasts', audio.extension), buffer: audio.buffer }] : []),
  ];
  await withStoredFiles(storage, uploads, async (paths) => {
    const image = webp ? paths[0] : undefined;
    const file = audio ? paths[webp ? 1 : 0] : undefined;
    try {
      await db
        .update(podcasts)
        .set({
          ...fields,
          ...searchColumnsOf(fields.title, fields.description),
          ...(image ? { image } : {}),
          ...(file ? { file, duration_seconds: audio!.durationSeconds } : {}),
          updated_at: new Date(),
        })
        .where(eq(podcasts.id, id));
    } catch (error) {
      rethrowSlug(error);
    }
  });
  await deleteReplaced(storage, [webp ? current.image : null, audio ? current.file : null]);
  return (await getPodcastForDashboard(db, id))!;
}

/** Deletes a podcast with its likes, comments and uploaded image and audio; 404 when unknown. */
export async function deletePodcast(db: Db, storage: FileStorage, id: number): Promise<void> {
  const row = await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(podcasts).where(eq(podcasts.id, id)).returning({ image: podcasts.image, file: podcasts.file });
    if (deleted) {
      await deleteLikesOf(tx as unknown as Db, 'podcast', id);
      await deleteCommentsOf(tx as unknown as Db, 'podcast', id);
    }
    return deleted;
  });
  if (!row) throw notFound();
  await deleteReplaced(storage, [row.image, row.file]);
}
