/**
 * The lesson of a session as stored on its row (issue 24: the uploaded file, its HLS renditions,
 * poster and processing state), read and written by the lessons module, which processes uploads,
 * through these functions only: the row is commerce's (`product_sessions`).
 */
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { products, productSessions } from './tables';

/** The columns of a session's lesson as it plays: its file, HLS renditions, kind, length and poster. */
export const lessonFileColumns = {
  file: productSessions.file,
  file_type: productSessions.file_type,
  file_size: productSessions.file_size,
  hls: productSessions.hls,
  forensic_renditions: productSessions.forensic_renditions,
  media_kind: productSessions.media_kind,
  duration_seconds: productSessions.duration_seconds,
  poster: productSessions.poster,
};

const lessonColumns = {
  ...lessonFileColumns,
  media_status: productSessions.media_status,
  media_source: productSessions.media_source,
  media_error: productSessions.media_error,
};

type SessionRow = typeof productSessions.$inferSelect;

/** A session's lesson: its file (private key, MIME type, bytes), HLS prefix, kind, length in seconds, poster path and processing state. */
export type SessionLesson = Pick<SessionRow, keyof typeof lessonColumns>;

/** What may be written of a session's lesson: its columns, the processing progress (percent) and `updated_at`. */
export type SessionLessonChange = Partial<Pick<typeof productSessions.$inferInsert, keyof typeof lessonColumns | 'media_progress' | 'updated_at'>>;

/** Which session's lesson: by id, and, given `source`, only while that upload is the one it waits for (`media_source`). */
export interface LessonTarget {
  sessionId: number;
  source?: string;
}

const whereOf = ({ sessionId, source }: LessonTarget) =>
  source === undefined ? eq(productSessions.id, sessionId) : and(eq(productSessions.id, sessionId), eq(productSessions.media_source, source));

/**
 * The lesson of `target`, locked for update until the caller's transaction ends when `lock` is
 * set; null when no session matches (unknown, or no longer waiting for `source`).
 */
export async function readSessionLesson(db: Db, target: LessonTarget, { lock = false }: { lock?: boolean } = {}): Promise<SessionLesson | null> {
  const query = db.select(lessonColumns).from(productSessions).where(whereOf(target));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Writes `change` to the lesson of `target`; answers the lesson as written, or null when no session matches. */
export async function updateSessionLesson(db: Db, target: LessonTarget, change: SessionLessonChange): Promise<SessionLesson | null> {
  const [row] = await db.update(productSessions).set(change).where(whereOf(target)).returning(lessonColumns);
  return row ?? null;
}

/**
 * Whether the lesson of session `sessionId` is to carry the forensic watermark: its course's
 * `forensic_watermark` switch (issue 38 item 3); false for an unknown session.
 */
export async function wantsForensicWatermark(db: Db, sessionId: number): Promise<boolean> {
  const [row] = await db
    .select({ on: products.forensic_watermark })
    .from(productSessions)
    .innerJoin(products, eq(products.id, productSessions.product_id))
    .where(eq(productSessions.id, sessionId));
  return row?.on ?? false;
}

/** A session whose lesson waits for processing: its id, `queued` or `processing`, and the upload it waits for (private key). */
export interface AwaitedLesson {
  id: number;
  media_status: 'queued' | 'processing';
  media_source: string;
}

/** The sessions whose lesson is `queued` or `processing` with an upload to wait for (the lessons module's recovery of lost jobs). */
export async function listAwaitedLessons(db: Db): Promise<AwaitedLesson[]> {
  const rows = await db
    .select({ id: productSessions.id, media_status: productSessions.media_status, media_source: productSessions.media_source })
    .from(productSessions)
    .where(and(inArray(productSessions.media_status, ['queued', 'processing']), isNotNull(productSessions.media_source)));
  return rows as AwaitedLesson[];
}

/** A session as a forensic identification reads it (issue 38 item 3): its course, titles, whether it is a free preview, and its lesson. */
export interface ForensicSession {
  id: number;
  title: string;
  product_id: number;
  product_title: string;
  is_free_preview: boolean;
  media_status: SessionRow['media_status'];
  media_kind: SessionRow['media_kind'];
  /** The private prefix of its HLS folder, or null. */
  hls: string | null;
  /** The renditions that carry the forensic watermark, or null (not marked). */
  forensic_renditions: string[] | null;
}

/** The sessions of `ids` as {@link ForensicSession}s, by id (unknown ids are left out). */
export async function forensicSessionsOf(db: Db, ids: number[]): Promise<Map<number, ForensicSession>> {
  const result = new Map<number, ForensicSession>();
  if (ids.length === 0) return result;
  const rows = await db
    .select({
      id: productSessions.id,
      title: productSessions.title,
      product_id: productSessions.product_id,
      product_title: products.title,
      is_free_preview: productSessions.is_free_preview,
      media_status: productSessions.media_status,
      media_kind: productSessions.media_kind,
      hls: productSessions.hls,
      forensic_renditions: productSessions.forensic_renditions,
    })
    .from(productSessions)
    .innerJoin(products, eq(products.id, productSessions.product_id))
    .where(inArray(productSessions.id, [...new Set(ids)]));
  for (const row of rows) result.set(row.id, row);
  return result;
}
