/** Podcasts (SPEC §2 /podcasts and /dashboard/podcasts, §3; issue 3). Owns the `podcasts` table. */
import { eq, type SQL } from 'drizzle-orm';
import type { CommentStatus, Paginated, Podcast } from '@shop/contracts';
import type { Db } from '../../db/client';
import { podcasts } from './tables';
import { notFound } from '../../lib/api-error';
import { toIso } from '../../lib/dates';
import type { DashboardListQuery, PublicListQuery } from '../../lib/list-order';
import { searchHitsSql, type SearchTier } from '../../lib/search';
import { searchColumnsOf } from '../../lib/text';
import { checkAudio, newKey, toWebp, type FormBody } from '../../lib/uploads';
import { contentTable, publicColumns } from '../engagement';
import type { StoredFiles } from '../../lib/stored-files';
import type { AuditContext } from '../../lib/audit-trail';
import { checkContentForm } from './content-admin';

/** The columns of a podcast the audit log keeps before and after a change (issue 26). */
const audited = {
  title: podcasts.title,
  slug: podcasts.slug,
  description: podcasts.description,
  is_active: podcasts.is_active,
  comment_status: podcasts.comment_status,
  image: podcasts.image,
  file: podcasts.file,
  duration_seconds: podcasts.duration_seconds,
};

const table = contentTable({
  table: podcasts,
  type: 'podcast',
  columns: () => publicColumns(podcasts),
  toItem: (row): Podcast => ({ ...row, created_at: toIso(row.created_at), updated_at: toIso(row.updated_at) }),
  searchTitle: podcasts.search_title,
});

/** The sitemap's blocks of active podcasts and their items (issue 9; content-table.ts). */
export const podcastSitemap = {
  sitemapBlocks: (db: Db) => table.sitemapBlocks(db),
  sitemapItems: (db: Db, block: number) => table.sitemapItems(db, block),
};

/** A page of active podcasts in the filter's order (SPEC §2 filters). */
export function listPodcasts(db: Db, query: PublicListQuery): Promise<Paginated<Podcast>> {
  return table.list(db, query);
}

/** One active podcast, or null when it does not exist or is inactive. */
export function getPodcast(db: Db, id: number): Promise<Podcast | null> {
  return table.get(db, id);
}

/** What likes and comments need of a podcast: title, active flag, comment status; null when unknown. */
export function getPodcastRef(
  db: Db,
  id: number,
): Promise<{ title: string; is_active: boolean; comment_status: CommentStatus } | null> {
  return table.ref(db, id);
}

/** Titles of podcasts by id (dashboard comments). */
export function podcastTitles(db: Db, ids: number[]): Promise<Map<number, string>> {
  return table.titles(db, ids);
}

/** Active podcasts the user liked, newest like first (profile favorites). */
export function listLikedPodcasts(
  db: Db,
  userId: number,
  query: { page?: number; per_page?: number },
): Promise<Paginated<Podcast>> {
  return table.listLiked(db, userId, query);
}

/** Search hits of one tier among active podcasts for a normalized query (see lib/search.ts). */
export function podcastSearchSql(normalizedQuery: string, tier: SearchTier): SQL {
  return searchHitsSql('podcast', podcasts, normalizedQuery, tier);
}

/** A page of podcasts, inactive ones included, for `GET /api/dashboard/podcasts` (q in title or slug). */
export function listPodcastsForDashboard(db: Db, query: DashboardListQuery): Promise<Paginated<Podcast>> {
  return table.listForDashboard(db, query);
}

/** One podcast, active or not (dashboard), or null. */
export function getPodcastForDashboard(db: Db, id: number): Promise<Podcast | null> {
  return table.getForDashboard(db, id);
}

/**
 * Creates a podcast from the dashboard form: fields checked (422), image and audio required and
 * checked by content (415/413), slug unique (422). Both files are removed again when the insert fails.
 * Audited.
 */
export async function createPodcast(db: Db, files: StoredFiles, form: FormBody, audit: AuditContext): Promise<Podcast> {
  const fields = await checkContentForm(form, ['image', 'file']);
  await table.assertSlugFree(db, fields.slug);
  const webp = await toWebp(form.files.image!);
  const audio = await checkAudio(form.files.file!);
  const uploads = [
    { key: newKey('podcasts', 'webp'), buffer: webp },
    { key: newKey('podcasts', audio.extension), buffer: audio.buffer },
  ];
  const id = await files.write(db, uploads, async (tx, [image, file]) => {
    const [row] = await table.saving(() =>
      tx
        .insert(podcasts)
        .values({
          ...fields,
          ...searchColumnsOf(fields.title, fields.description),
          image,
          file,
          duration_seconds: audio.durationSeconds,
        })
        .returning({ id: podcasts.id, ...audited }),
    );
    const { id: podcastId, ...after } = row!;
    await audit.record(tx, { entity: 'podcast', id: podcastId, action: 'create', after });
    return podcastId;
  });
  return (await getPodcastForDashboard(db, id))!;
}

/**
 * Updates a podcast from the dashboard form; the image and the audio are each replaced only when
 * sent (old files are then deleted). Any failure leaves the row and the files as they were.
 */
export async function updatePodcast(db: Db, files: StoredFiles, id: number, form: FormBody, audit: AuditContext): Promise<Podcast> {
  const [current] = await db.select({ id: podcasts.id }).from(podcasts).where(eq(podcasts.id, id));
  if (!current) throw notFound();
  const fields = await checkContentForm(form, []);
  await table.assertSlugFree(db, fields.slug, id);
  const webp = form.files.image ? await toWebp(form.files.image) : null;
  const audio = form.files.file ? await checkAudio(form.files.file) : null;
  const uploads = [
    ...(webp ? [{ key: newKey('podcasts', 'webp'), buffer: webp }] : []),
    ...(audio ? [{ key: newKey('podcasts', audio.extension), buffer: audio.buffer }] : []),
  ];
  await files.write(db, uploads, async (tx, paths, discard) => {
    const image = webp ? paths[0] : undefined;
    const file = audio ? paths[webp ? 1 : 0] : undefined;
    // The files replaced are read in the transaction, locked: of two concurrent updates each discards what it replaced.
    const [old] = await tx.select(audited).from(podcasts).where(eq(podcasts.id, id)).for('update');
    if (!old) throw notFound();
    const [after] = await table.saving(() =>
      tx
        .update(podcasts)
        .set({
          ...fields,
          ...searchColumnsOf(fields.title, fields.description),
          ...(image ? { image } : {}),
          ...(file ? { file, duration_seconds: audio!.durationSeconds } : {}),
          updated_at: new Date(),
        })
        .where(eq(podcasts.id, id))
        .returning(audited),
    );
    await audit.record(tx, { entity: 'podcast', id, action: 'update', before: old, after });
    if (image) discard.publicPath(old.image);
    if (file) discard.publicPath(old.file);
  });
  return (await getPodcastForDashboard(db, id))!;
}

/** Deletes a podcast with its likes, comments and uploaded image and audio; 404 when unknown. Audited. */
export async function deletePodcast(db: Db, files: StoredFiles, id: number, audit: AuditContext): Promise<void> {
  const row = await files.write(db, [], async (tx, _paths, discard) => {
    const deleted = await table.remove(tx, id, audited);
    if (deleted) await audit.record(tx, { entity: 'podcast', id, action: 'delete', before: deleted });
    discard.publicPath(deleted?.image);
    discard.publicPath(deleted?.file);
    return deleted;
  });
  if (!row) throw notFound();
}
