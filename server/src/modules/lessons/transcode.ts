/**
 * The transcode queue of lessons (issue 24 "Processing"): an uploaded audio or video source waits
 * here for its HLS renditions.
 */
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { productSessions } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { MESSAGES } from '../../lib/messages';

/** The pg-boss queue of transcodes. */
export const TRANSCODE_QUEUE = 'transcode';

/**
 * Marks session `sessionId` queued with the private file `source` (MIME `sourceType`) and sends
 * its transcode job.
 * @throws ApiError 409 `lessonProcessing` while a job of that session is queued or processing
 */
export async function queueTranscode(app: FastifyInstance, sessionId: number, source: string, sourceType: string): Promise<void> {
  const [session] = await app.db.select({ status: productSessions.media_status }).from(productSessions).where(eq(productSessions.id, sessionId));
  if (session?.status === 'queued' || session?.status === 'processing') throw new ApiError(409, MESSAGES.lessonProcessing);
  await app.db
    .update(productSessions)
    .set({ media_source: source, media_status: 'queued', media_progress: 0, media_error: null })
    .where(eq(productSessions.id, sessionId));
  await app.jobs.createQueue(TRANSCODE_QUEUE);
  await app.jobs.send(TRANSCODE_QUEUE, { sessionId, source, sourceType });
}
