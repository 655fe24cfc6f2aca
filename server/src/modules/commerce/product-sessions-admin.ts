/**
 * Dashboard sessions of courses (issue 6; SPEC §2 /dashboard/product-sessions, §4): list, create
 * and update from the multipart form checked with the shared `productSessionSchema`, with an
 * optional image (public, WebP) and lesson file (private, served only by signed URL), and delete.
 * Permission manage-product-sessions is checked by the routes.
 */
import { count, eq, sql, type SQL } from 'drizzle-orm';
import type { DashboardProductSession, Paginated } from '@shop/contracts';
import { productSessionSchema } from '@shop/validation';
import { rowsOf, type Db } from '../../db/client';
import { products, productSessions } from './tables';
import { ApiError, notFound, validationFailed } from '../../lib/api-error';
import type { DashboardListQuery } from '../../lib/list-order';
import { COMMERCE_MESSAGES } from './messages';
import { checkSubtitles, newKey, toWebp, type FormBody } from '../../lib/uploads';
import { checkForm } from '../../lib/dashboard-form';
import { tehranDayStart } from '../../lib/jalali-periods';
import type { Discard, FileToStore, StoredFiles } from '../../lib/stored-files';
import { productSessionTable } from './products-service';
import type { AuditContext } from '../../lib/audit-trail';

/** The columns of a session the audit log keeps before and after a change (issue 26). */
const audited = {
  product_id: productSessions.product_id,
  title: productSessions.title,
  slug: productSessions.slug,
  description: productSessions.description,
  position: productSessions.position,
  is_free_preview: productSessions.is_free_preview,
  kind: productSessions.kind,
  is_active: productSessions.is_active,
  comment_status: productSessions.comment_status,
  image: productSessions.image,
  poster: productSessions.poster,
  subtitles: productSessions.subtitles,
  release_days: productSessions.release_days,
  release_at: productSessions.release_at,
  prerequisite_session_id: productSessions.prerequisite_session_id,
};

/** Query of `GET /api/dashboard/product-sessions`: a dashboard list, optionally of one course. */
export interface ProductSessionListQuery extends DashboardListQuery {
  product_id?: number;
}

/** A page of sessions, inactive ones included (q in title or slug, optionally one course's). */
export function listProductSessionsForDashboard(
  db: Db,
  query: ProductSessionListQuery,
): Promise<Paginated<DashboardProductSession>> {
  const where: SQL | undefined = query.product_id ? eq(productSessions.product_id, query.product_id) : undefined;
  return productSessionTable.listForDashboard(db, query, where);
}

/** One session, active or not (dashboard), or null. */
export function getProductSessionForDashboard(db: Db, id: number): Promise<DashboardProductSession | null> {
  return productSessionTable.getForDashboard(db, id);
}

/**
 * The form's fields checked, its course existing, and its files ready to store: the image and the
 * video's poster re-encoded to WebP (public), the Persian WebVTT subtitles checked (private,
 * served signed with the lesson; issue 24). The lesson itself comes through its own resumable
 * upload (modules/lessons/lesson-uploads.ts).
 * The schedule (issue 37 item 5) becomes its columns: `release_days`, `release_at` (Tehran 00:00 of the
 * Jalali `release_date`) and `prerequisite_session_id` (see {@link checkPrerequisite}).
 * @throws ApiError 422 (fields, unknown course, malformed subtitles, a release date that is no
 *   Jalali day, a prerequisite of another course, itself or making a cycle), 415 (not an image).
 */
async function readSessionForm(db: Db, form: FormBody, id?: number) {
  const { release, release_days, release_date, ...checked } = await checkForm(productSessionSchema, form, []);
  const releaseAt = release === 'on_date' ? tehranDayStart(release_date ?? '') : null;
  if (release === 'on_date' && !releaseAt) throw validationFailed({ release_date: [COMMERCE_MESSAGES.releaseDateInvalid] });
  const fields = { ...checked, release_days: release === 'days_after_purchase' ? (release_days ?? null) : null, release_at: releaseAt };
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, fields.product_id));
  if (!product) throw validationFailed({ product_id: [COMMERCE_MESSAGES.productUnknown] });
  if (fields.prerequisite_session_id) await checkPrerequisite(db, fields.prerequisite_session_id, fields.product_id, id);
  const image = form.files.image ? await toWebp(form.files.image) : null;
  const poster = form.files.poster ? await toWebp(form.files.poster) : null;
  const subtitles = form.files.subtitles ? checkSubtitles(form.files.subtitles) : null;
  const uploads: FileToStore[] = [
    ...(image ? [{ key: newKey('product-sessions', 'webp'), buffer: image }] : []),
    ...(poster ? [{ key: newKey('product-sessions', 'webp'), buffer: poster }] : []),
    ...(subtitles ? [{ key: newKey('sessions', 'vtt'), buffer: subtitles, private: true }] : []),
  ];
  /** The row's values once the files sent are stored at `paths`, in the order of `uploads`. */
  const values = (paths: string[]) => {
    const stored = [...paths];
    return {
      ...fields,
      ...(image ? { image: stored.shift() } : {}),
      ...(poster ? { poster: stored.shift() } : {}),
      ...(subtitles ? { subtitles: stored.shift() } : {}),
    };
  };
  return { fields, uploads, values, replaces: { image: image !== null, poster: poster !== null, subtitles: subtitles !== null } };
}

/**
 * Refuses a prerequisite that is not another session of course `productId` or that would close a
 * circle: session `id` (when updating) reached by following prerequisites from it.
 * @throws ApiError 422 on `prerequisite_session_id`
 */
async function checkPrerequisite(db: Db, prerequisiteId: number, productId: number, id?: number): Promise<void> {
  const fail = (message: string) => validationFailed({ prerequisite_session_id: [message] });
  if (prerequisiteId === id) throw fail(COMMERCE_MESSAGES.prerequisiteItself);
  const [prerequisite] = await db.select({ product_id: productSessions.product_id }).from(productSessions).where(eq(productSessions.id, prerequisiteId));
  if (prerequisite?.product_id !== productId) throw fail(COMMERCE_MESSAGES.prerequisiteOtherCourse);
  if (id === undefined) return;
  const result = await db.execute(sql`
    with recursive chain(id, depth) as (
      select ${prerequisiteId}::int, 0
      union all
      select s.prerequisite_session_id, chain.depth + 1 from ${productSessions} as s join chain on s.id = chain.id
      where s.prerequisite_session_id is not null and chain.depth < 1000
    )
    select 1 from chain where id = ${id} limit 1`);
  if (rowsOf(result).length > 0) throw fail(COMMERCE_MESSAGES.prerequisiteCycle);
}

/**
 * Creates a session from the dashboard form: fields checked (422), course must exist (422),
 * image, poster and subtitles optional (415/413/422), slug unique (422). No file is left when it fails.
 * Audited.
 * @throws ApiError 422 `productsMissing` when no course exists at all (SPEC §4).
 */
export async function createProductSession(
  db: Db,
  files: StoredFiles,
  form: FormBody,
  audit: AuditContext,
): Promise<DashboardProductSession> {
  const [courses] = await db.select({ n: count() }).from(products);
  if (!courses?.n) throw new ApiError(422, COMMERCE_MESSAGES.productsMissing, { product_id: [COMMERCE_MESSAGES.productsMissing] });
  const { fields, uploads, values } = await readSessionForm(db, form);
  await productSessionTable.assertSlugFree(db, fields.slug);
  const id = await files.write(db, uploads, async (tx, paths) => {
    const [row] = await productSessionTable.saving(() =>
      tx.insert(productSessions).values(values(paths)).returning({ id: productSessions.id, ...audited }),
    );
    const { id: sessionId, ...after } = row!;
    await audit.record(tx, { entity: 'product_session', id: sessionId, action: 'create', after });
    return sessionId;
  });
  return (await getProductSessionForDashboard(db, id))!;
}

/**
 * Updates a session from the dashboard form; the image, the poster and the subtitles are each
 * replaced only when sent, and the old ones deleted after the update succeeded. Any failure leaves
 * the row and the files as they were. Audited.
 */
export async function updateProductSession(
  db: Db,
  files: StoredFiles,
  id: number,
  form: FormBody,
  audit: AuditContext,
): Promise<DashboardProductSession> {
  const [current] = await db.select({ id: productSessions.id }).from(productSessions).where(eq(productSessions.id, id));
  if (!current) throw notFound();
  const { fields, uploads, values, replaces } = await readSessionForm(db, form, id);
  await productSessionTable.assertSlugFree(db, fields.slug, id);
  await files.write(db, uploads, async (tx, paths, discard) => {
    // The files replaced are read in the transaction, locked: of two concurrent updates each discards what it replaced.
    const [old] = await tx.select(audited).from(productSessions).where(eq(productSessions.id, id)).for('update');
    if (!old) throw notFound();
    const [after] = await productSessionTable.saving(() =>
      tx
        .update(productSessions)
        .set({ ...values(paths), updated_at: new Date() })
        .where(eq(productSessions.id, id))
        .returning(audited),
    );
    await audit.record(tx, { entity: 'product_session', id, action: 'update', before: old, after });
    if (replaces.image) discard.publicPath(old.image);
    if (replaces.poster) discard.publicPath(old.poster);
    if (replaces.subtitles) discard.privateKey(old.subtitles);
  });
  return (await getProductSessionForDashboard(db, id))!;
}

/** The columns naming a session's files: what {@link discardSessionFiles} takes. */
export const sessionFileColumns = {
  image: productSessions.image,
  file: productSessions.file,
  hls: productSessions.hls,
  media_source: productSessions.media_source,
  poster: productSessions.poster,
  subtitles: productSessions.subtitles,
};

/**
 * Discards every file of a deleted session (its row's {@link sessionFileColumns}): the image, the
 * lesson file, and the processed lesson (HLS folder, a source waiting for processing, poster,
 * subtitles: issue 24).
 */
export function discardSessionFiles(
  discard: Discard,
  row: { image: string | null; file: string | null; hls: string | null; media_source: string | null; poster: string | null; subtitles: string | null },
): void {
  discard.publicPath(row.image);
  discard.privateKey(row.file);
  discard.privateFolder(row.hls);
  discard.privateKey(row.media_source);
  discard.publicPath(row.poster);
  discard.privateKey(row.subtitles);
}

/**
 * Deletes a session with its likes, comments, image and lesson file, and its processed lesson (HLS
 * folder, a source waiting for processing, poster, subtitles: issue 24); 404 when unknown. Audited.
 */
export async function deleteProductSession(db: Db, files: StoredFiles, id: number, audit: AuditContext): Promise<void> {
  const row = await files.write(db, [], async (tx, _paths, discard) => {
    const deleted = await productSessionTable.remove(tx, id, { ...audited, ...sessionFileColumns });
    if (deleted) {
      const { file: _file, hls: _hls, media_source: _source, ...before } = deleted;
      await audit.record(tx, { entity: 'product_session', id, action: 'delete', before });
      discardSessionFiles(discard, deleted);
    }
    return deleted;
  });
  if (!row) throw notFound();
}
