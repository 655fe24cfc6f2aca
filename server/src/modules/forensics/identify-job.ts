/**
 * The identification job (issue 38 item 3), on the app's job queue (`app.jobs`, lib/job-queues.ts),
 * one at a time per process: downloads the leaked copy and the lesson's reference (its signature and
 * the A and B segments the copy covers) from `app.storage` into a temp folder of the data folder,
 * runs {@link identify} among everyone who could have played the session (every user with any grant
 * of its course, ended ones too; for a free preview every user with a verified email) and writes the
 * verdict and its evidence. A lesson without the forensic watermark is `done`, `cannot-say`,
 * `not-marked`, without reading anything. A try that fails for a server reason (the store away,
 * ffmpeg killed) is tried again {@link IDENTIFY_RETRY} times, then `failed` with a Persian reason.
 * The temp folder goes in every case; the uploaded copy stays (it is the evidence).
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ForensicEvidence } from '@shop/contracts';
import type { Job } from '../../lib/job-queues';
import { courseGrantHolders, forensicSessionsOf } from '../commerce';
import type { FfmpegPrograms } from '../lessons';
import { verifiedUserIds } from '../users';
import { forensicKey } from './codeword';
import { identify, type Identification, type IdentificationEvidence } from './identify';
import { IDENTIFY_QUEUE, type IdentifyJob } from './identifications';
import { FORENSICS_MESSAGES } from './messages';
import { openStoredReference, ReferenceMissing } from './storage-reference';
import { forensicIdentifications } from './tables';

/** Tries after the first of a job that failed for a server reason, `delaySeconds` apart. */
export const IDENTIFY_RETRY = { limit: 2, delaySeconds: 10 };

/** Longest one try may run before the queue fails it, seconds (a ten-minute copy of a long lesson takes a few minutes). */
const TRY_EXPIRE_SECONDS = 60 * 60;

/** Where tries download to: `<DATA_DIR>/forensics/<id>-<uuid>/` (watched by the disk guard like the transcoder's). */
const workRootOf = (app: FastifyInstance) => path.join(app.settings.dataDir, 'forensics');

/** Thrown for a fault no retry mends (the copy gone from the store): failed at once with its Persian reason. */
class Refused extends Error {}

/** The evidence as staff and the audit log read it (`ForensicEvidence`), from {@link identify}'s. */
export function evidenceOf(evidence: IdentificationEvidence, durations: number[]): ForensicEvidence {
  return {
    start_seconds: evidence.startSeconds,
    seconds_compared: evidence.segments.reduce((sum, segment) => sum + (durations[segment.index] ?? 0), 0),
    crop: { x: evidence.crop.x, y: evidence.crop.y, width: evidence.crop.w, height: evidence.crop.h },
    crop_correlation: evidence.cropCorrelation,
    segments_used: evidence.segments.length,
    candidates: evidence.candidates,
    best_score: evidence.bestScore,
    runner_up_score: evidence.runnerUpScore,
    false_name_bound: evidence.falseNameBound,
  };
}

/** Writes `change` to identification `id`. */
async function update(app: FastifyInstance, id: number, change: Partial<typeof forensicIdentifications.$inferInsert>): Promise<void> {
  await app.db.update(forensicIdentifications).set(change).where(eq(forensicIdentifications.id, id));
}

/** The accounts that could have played `session`: its course's grant holders, or every verified user for a free preview. */
async function candidatesOf(app: FastifyInstance, session: { product_id: number; is_free_preview: boolean }): Promise<number[]> {
  return session.is_free_preview ? verifiedUserIds(app.db) : courseGrantHolders(app.db, session.product_id);
}

/** Runs one try; resolves when the identification is done or failed for good, throws to have the queue try again. */
async function processJob(app: FastifyInstance, programs: FfmpegPrograms, job: Job<IdentifyJob>, signal: AbortSignal): Promise<void> {
  const id = job.data.identificationId;
  const [row] = await app.db.select().from(forensicIdentifications).where(eq(forensicIdentifications.id, id));
  if (!row || row.status === 'done' || row.status === 'failed') return;
  const session = (await forensicSessionsOf(app.db, [row.product_session_id])).get(row.product_session_id);
  if (!session) return;
  await update(app, id, { status: 'processing', progress: 0 });
  if (session.forensic_renditions === null || session.hls === null) {
    await update(app, id, { status: 'done', progress: 100, verdict: 'cannot-say', reason: 'not-marked', finished_at: new Date() });
    return;
  }
  const dir = path.join(workRootOf(app), `${id}-${randomUUID()}`);
  try {
    await fs.mkdir(dir, { recursive: true });
    const copy = path.join(dir, 'copy');
    const opened = await app.storage.openPrivate(row.file_key);
    if (!opened) throw new Refused(FORENSICS_MESSAGES.copyMissing);
    await pipeline(opened.stream, createWriteStream(copy), { signal });
    await update(app, id, { progress: 10 });
    // Progress from the segments fetched: about two per second of copy, both variants.
    let fetched = 0;
    let shown = 10;
    const reference = await openStoredReference(app, session.hls, path.join(dir, 'reference'), () => {
      fetched += 1;
      const percent = Math.min(90, 10 + Math.floor((fetched / Math.max(1, 2 * reference.signature.durations.length)) * 80));
      if (percent >= shown + 10) {
        shown = percent;
        update(app, id, { progress: percent }).catch((error: unknown) => app.log.warn({ err: error, id }, 'identification progress not saved'));
      }
    }).catch((error: unknown) => {
      throw error instanceof ReferenceMissing ? new Refused(FORENSICS_MESSAGES.referenceMissing) : error;
    });
    const candidates = await candidatesOf(app, session);
    const answer: Identification = await identify(programs, copy, reference, candidates, forensicKey(app.settings.appKey, row.product_session_id), { signal });
    const durations = reference.signature.durations;
    await update(app, id, {
      status: 'done',
      progress: 100,
      verdict: answer.verdict,
      reason: answer.verdict === 'cannot-say' ? answer.reason : null,
      user_id: answer.verdict === 'identified' ? Number(answer.userId) : null,
      confidence: answer.verdict === 'identified' ? answer.confidence : null,
      false_name_probability: answer.falseNameProbability,
      evidence: answer.evidence ? evidenceOf(answer.evidence, durations) : null,
      error: null,
      finished_at: new Date(),
    });
    app.log.info({ id, verdict: answer.verdict, candidates: candidates.length }, 'leaked copy identified');
  } catch (error) {
    if (error instanceof Refused) {
      await update(app, id, { status: 'failed', error: error.message, finished_at: new Date() });
      return;
    }
    if (job.retryCount >= job.retryLimit) await update(app, id, { status: 'failed', error: FORENSICS_MESSAGES.identificationFailed, finished_at: new Date() });
    app.log.error({ err: error, id, tries: job.retryCount + 1 }, 'identification of a leaked copy failed');
    throw error;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/**
 * Creates (or updates) the identification queue and starts one worker of this process (identify
 * decodes video: one at a time keeps the machine's cores for the site). Answers a function that
 * stops it: running ffmpeg children are killed and their job goes back to the queue.
 */
export async function startIdentifier(app: FastifyInstance, programs: FfmpegPrograms): Promise<() => Promise<void>> {
  await app.jobs.declare({ name: IDENTIFY_QUEUE, retryLimit: IDENTIFY_RETRY.limit, retryDelay: IDENTIFY_RETRY.delaySeconds, expireInSeconds: TRY_EXPIRE_SECONDS });
  const stopping = new AbortController();
  await app.jobs.work<IdentifyJob>(IDENTIFY_QUEUE, (job) => processJob(app, programs, job, stopping.signal), { concurrency: 1, pollSeconds: 1 });
  return async () => {
    stopping.abort();
    await app.jobs.stop(IDENTIFY_QUEUE);
  };
}
