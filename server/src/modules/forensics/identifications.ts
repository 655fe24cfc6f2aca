/**
 * Identifications of leaked copies (issue 38 item 3, «staff upload the file … and get the account it
 * came from, with a confidence»): staff start one from a finished upload of theirs for a session
 * with a ready video lesson ({@link startIdentification}; the job, identify-job.ts, does the work),
 * list a session's and read one in the shape of `@shop/contracts` `ForensicIdentification`.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ForensicIdentification, Paginated } from '@shop/contracts';
import type { Db } from '../../db/client';
import { ApiError, notFound } from '../../lib/api-error';
import { toIso } from '../../lib/dates';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import { forensicSessionsOf } from '../commerce';
import { getUserContacts } from '../users';
import { FORENSICS_MESSAGES } from './messages';
import { forensicIdentifications, forensicUploads } from './tables';

/** The job queue's name for identifications. */
export const IDENTIFY_QUEUE = 'forensic-identify';

/** One job: which identification. */
export interface IdentifyJob {
  identificationId: number;
}

type Row = typeof forensicIdentifications.$inferSelect;

/** The rows as `ForensicIdentification`s (their sessions, courses and people read in three queries). */
async function toWire(db: Db, rows: Row[]): Promise<ForensicIdentification[]> {
  const sessions = await forensicSessionsOf(db, rows.map((row) => row.product_session_id));
  const ids = rows.flatMap((row) => [row.user_id, row.created_by, row.revoked_by]).filter((id): id is number => id !== null);
  const people = await getUserContacts(db, [...new Set(ids)]);
  const person = (id: number | null) => ({ id: id ?? 0, full_name: (id !== null && people.get(id)?.full_name) || '' });
  return rows.map((row) => {
    const session = sessions.get(row.product_session_id);
    const named = row.user_id !== null ? people.get(row.user_id) : undefined;
    return {
      id: row.id,
      session_id: row.product_session_id,
      session_title: session?.title ?? '',
      product_id: session?.product_id ?? 0,
      product_title: session?.product_title ?? '',
      file_name: row.file_name,
      file_size: row.file_size,
      status: row.status,
      progress: row.progress,
      verdict: row.verdict,
      reason: row.reason,
      user: row.user_id !== null ? { id: row.user_id, full_name: named?.full_name ?? '', email: named?.email ?? '' } : null,
      confidence: row.confidence,
      false_name_probability: row.false_name_probability,
      evidence: row.evidence,
      error: row.error,
      created_by: person(row.created_by),
      created_at: toIso(row.created_at),
      finished_at: toIso(row.finished_at),
      revocation:
        row.revoked_at !== null
          ? { revoked_at: toIso(row.revoked_at), revoked_by: person(row.revoked_by), reason: row.revocation_reason ?? '', grants_ended: row.grants_ended ?? 0 }
          : null,
    };
  });
}

/**
 * Identification `id` as staff see it (`GET /api/dashboard/forensic-identifications/:id`).
 * @throws ApiError 404 when there is none
 */
export async function getIdentification(db: Db, id: number): Promise<ForensicIdentification> {
  const [row] = await db.select().from(forensicIdentifications).where(eq(forensicIdentifications.id, id));
  if (!row) throw notFound();
  return (await toWire(db, [row]))[0]!;
}

/** The identifications of session `sessionId` (all sessions when undefined), newest first, a page of them. */
export async function listIdentifications(db: Db, query: { session_id?: number; page?: number; per_page?: number }): Promise<Paginated<ForensicIdentification>> {
  const request = toPageRequest(query.page, query.per_page);
  const where = query.session_id !== undefined ? eq(forensicIdentifications.product_session_id, query.session_id) : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(forensicIdentifications).where(where);
  const rows = await db.select().from(forensicIdentifications).where(where).orderBy(desc(forensicIdentifications.id)).limit(request.perPage).offset(request.offset);
  return { data: await toWire(db, rows), meta: pageMeta(request, total) };
}

/**
 * Starts the identification of upload `uploadId` (a finished upload of staff member `staffId`, made
 * for session `sessionId`) against that session's lesson: a `queued` row and its job, in one
 * transaction (`POST /api/dashboard/forensic-identifications`).
 * @throws ApiError 422 `{session_id}` when the session is unknown or has no ready video lesson;
 * 422 `{upload_id}` when the upload is not a finished one of this staff member or is another session's
 */
export async function startIdentification(app: FastifyInstance, sessionId: number, uploadId: string, staffId: number): Promise<ForensicIdentification> {
  const session = (await forensicSessionsOf(app.db, [sessionId])).get(sessionId);
  if (!session) throw new ApiError(422, FORENSICS_MESSAGES.sessionMissing, { session_id: [FORENSICS_MESSAGES.sessionMissing] });
  if (session.media_status !== 'ready' || session.media_kind !== 'video' || session.hls === null) {
    throw new ApiError(422, FORENSICS_MESSAGES.sessionNotReady, { session_id: [FORENSICS_MESSAGES.sessionNotReady] });
  }
  const [upload] = /^[0-9a-f]{32}$/.test(uploadId)
    ? await app.db.select().from(forensicUploads).where(and(eq(forensicUploads.id, uploadId), eq(forensicUploads.user_id, staffId)))
    : [];
  if (!upload) throw new ApiError(422, FORENSICS_MESSAGES.uploadNotYours, { upload_id: [FORENSICS_MESSAGES.uploadNotYours] });
  if (upload.product_session_id !== sessionId) throw new ApiError(422, FORENSICS_MESSAGES.uploadOtherSession, { upload_id: [FORENSICS_MESSAGES.uploadOtherSession] });
  const row = await app.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [inserted] = await tx
      .insert(forensicIdentifications)
      .values({ product_session_id: sessionId, upload_id: upload.id, file_key: upload.key, file_name: upload.name, file_size: upload.size, created_by: staffId })
      .returning();
    await app.jobs.send(IDENTIFY_QUEUE, { identificationId: inserted!.id } satisfies IdentifyJob, { tx });
    return inserted!;
  });
  return (await toWire(app.db, [row]))[0]!;
}
