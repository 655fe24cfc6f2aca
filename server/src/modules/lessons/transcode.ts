/**
 * Lesson processing (issue 24 "Processing"): an uploaded lesson source becomes HLS in the
 * background, on the app's job queue (`app.jobs`, lib/job-queues.ts). {@link queueTranscode} marks
 * the session `queued` and sends a job; a worker ({@link startTranscoder}) copies the source to a temp
 * folder, checks it with ffprobe, transcodes it (ffmpeg.ts), stores every file under a fresh
 * private folder `lessons/<session id>/<uuid>/` and only then, in one update, points the session
 * at it (`hls`, `media_kind`, `duration_seconds`, `file` = the source, `ready`); the folder and
 * file it replaced are deleted after. A failure leaves the last good lesson (`hls`) as it was and
 * keeps `media_source`, so {@link retryTranscode} can run it again.
 *
 * Crashes: the folder is recorded in `pending_files` before the first file is written, under this
 * process's writer number (modules/files), so a killed run's files are swept. The same record
 * tells a running job from a dead process's: the queue keeps a job `active` until it expires, so a
 * reaper on every instance fails the active jobs whose folder no live process is writing, and
 * the queue retries them at once (about {@link REAP_INTERVAL_MS} + {@link TRANSCODE_RETRY.delaySeconds}).
 * The same reaper queues again a session left `queued` without a job ({@link recoverLostJobs}).
 */
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer } from 'file-type';
import type { FastifyInstance } from 'fastify';
import type { AuditAction, DashboardProductSession } from '@shop/contracts';
import { ApiError, notFound } from '../../lib/api-error';
import { LESSONS_MESSAGES } from './messages';
import { newKey, toWebp } from '../../lib/uploads';
import type { AuditContext } from '../../lib/audit-trail';
import { getProductSessionForDashboard, listAwaitedLessons, readSessionLesson, type SessionLesson, updateSessionLesson } from '../commerce';
import { grabFrame, hlsFilesOf, MediaRefused, probeMedia, transcodeToHls, type FfmpegPrograms, type MediaProbe } from './ffmpeg';
import type { Job } from '../../lib/job-queues';

/** The job queue's name for lesson processing. */
export const TRANSCODE_QUEUE = 'transcode';

/** One job: which session, its source (private key) and the source's detected MIME type. */
export interface TranscodeJob {
  sessionId: number;
  source: string;
  sourceType: string;
}

/**
 * Tries of a job that failed for a reason of the server (the store or the database away, a killed
 * process): the first and `limit` more, `delaySeconds` apart. A source ffmpeg refuses is not retried.
 */
export const TRANSCODE_RETRY = { limit: 3, delaySeconds: 5 };

/** Longest one try may stay active before the queue itself fails it (a backstop of the reaper), seconds. */
const TRY_EXPIRE_SECONDS = 12 * 60 * 60;

/** Time between two writes of `media_progress`, ms. */
const PROGRESS_EVERY_MS = 2_000;

/** Time between two runs of the reaper, ms. */
export const REAP_INTERVAL_MS = 15_000;

/**
 * An active job younger than this is never reaped, seconds: the gap between the queue handing it to a
 * worker and the worker recording its folder.
 */
const REAP_GRACE_SECONDS = 15;

/** Where a poster is taken, as a share of the length (issue 24: about 10 % in). */
const POSTER_AT = 0.1;

/**
 * Where runs copy their source and let ffmpeg write (`<DATA_DIR>/transcoding/<session id>-<uuid>/`):
 * in the data folder, watched by the disk guard, and shared by replicas like the rest of it.
 */
const workRootOf = (app: FastifyInstance) => path.join(app.settings.dataDir, 'transcoding');

/**
 * The fields of a session's `lesson` the audit log keeps before and after a staff member's upload
 * or retry (issue 26; the worker's own status changes are not recorded): all but its HLS prefix and poster.
 */
export function lessonAudited({ file, file_type, file_size, media_kind, duration_seconds, media_status, media_source, media_error }: SessionLesson) {
  return { file, file_type, file_size, media_kind, duration_seconds, media_status, media_source, media_error };
}

/**
 * Whether a session's lesson is waiting for or under processing (`media_status`): no other upload
 * may replace it then (issue 24 "Bad input": a second upload while one is processing).
 */
export const lessonBusy = (status: string | null): boolean => status === 'queued' || status === 'processing';

/** What a staff member did to a session's lesson, as the audit log names it: a file uploaded, or a failed one processed again. */
export type LessonAction = Extract<AuditAction, 'upload' | 'retry'>;

/** The private folder prefix of a session's processed lessons. */
const lessonsOf = (sessionId: number) => `lessons/${sessionId}/`;

/**
 * Queues the processing of `source`, a private key of an uploaded audio or video file already in
 * `app.storage`, for session `sessionId` (the tus upload calls it when an upload completes;
 * issue 24): sets `media_source`, `media_status = 'queued'`, `media_progress = 0`, no error, and
 * sends the job. A failed upload's kept source that `source` replaces is deleted. The change is
 * recorded in the audit log as `action` of `audit`'s staff member, in its transaction (issue 26).
 * @param sourceType the source's MIME type detected from its bytes; becomes `file_type` when ready
 * @throws ApiError 404 for an unknown session; 409 `lessonProcessing` while a job of the session is
 * queued or processing (the caller keeps or deletes its source); neither leaves an audit entry
 */
export async function queueTranscode(
  app: FastifyInstance,
  sessionId: number,
  source: string,
  sourceType: string,
  action: LessonAction,
  audit: AuditContext,
): Promise<void> {
  await app.files.write(app.db, [], async (tx, _paths, discard) => {
    const before = await readSessionLesson(tx, { sessionId }, { lock: true });
    if (!before) throw notFound();
    if (lessonBusy(before.media_status)) throw new ApiError(409, LESSONS_MESSAGES.lessonProcessing);
    const after = await updateSessionLesson(tx, { sessionId }, { media_source: source, media_status: 'queued', media_progress: 0, media_error: null });
    await audit.record(tx, { entity: 'product_session', id: sessionId, action, before: lessonAudited(before), after: lessonAudited(after!) });
    if (before.media_source !== source) discard.privateKey(before.media_source);
  });
  try {
    await app.jobs.send(TRANSCODE_QUEUE, { sessionId, source, sourceType } satisfies TranscodeJob);
  } catch (error) {
    // Not queued (the database away): failed with the source kept, so a retry can queue it again.
    await markFailed(app, sessionId, source, LESSONS_MESSAGES.lessonProcessingFailed).catch(() => undefined);
    throw error;
  }
}

/**
 * Queues a failed upload's kept source again (`POST /api/dashboard/product-sessions/:id/media/retry`)
 * and answers the session as the dashboard shows it. Recorded in the audit log as a `retry` of
 * `audit`'s staff member (issue 26).
 * @throws ApiError 404 unknown session; 422 `lessonNothingToRetry` unless the processing failed
 * with a source kept; 422 `lessonSourceMissing` when that source is gone from the store; 409 as
 * {@link queueTranscode}
 */
export async function retryTranscode(app: FastifyInstance, sessionId: number, audit: AuditContext): Promise<DashboardProductSession> {
  const lesson = await readSessionLesson(app.db, { sessionId });
  if (!lesson) throw notFound();
  const source = lesson.media_source;
  if (lesson.media_status !== 'failed' || !source) throw new ApiError(422, LESSONS_MESSAGES.lessonNothingToRetry);
  const type = await sourceTypeOf(app, source);
  if (!type) throw new ApiError(422, LESSONS_MESSAGES.lessonSourceMissing);
  await queueTranscode(app, sessionId, source, type, 'retry', audit);
  return (await getProductSessionForDashboard(app.db, sessionId))!;
}

/** The MIME type of a stored source, detected from its first 64 KB; null when it is missing. */
async function sourceTypeOf(app: FastifyInstance, source: string): Promise<string | null> {
  const head = await app.storage.openPrivate(source, { start: 0, end: 64 * 1024 - 1 });
  if (!head) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of head.stream) chunks.push(chunk as Buffer);
  const detected = await fileTypeFromBuffer(new Uint8Array(Buffer.concat(chunks)));
  return detected?.mime ?? 'application/octet-stream';
}

/** Marks the processing of `source` failed with the Persian `reason`, unless another upload replaced it. */
async function markFailed(app: FastifyInstance, sessionId: number, source: string, reason: string): Promise<void> {
  await updateSessionLesson(app.db, { sessionId, source }, { media_status: 'failed', media_error: reason });
}

/**
 * A step of a job after its HLS is made and before it is stored (the forensic watermark's B
 * segments, issue 38 item 3, wired by plugins/app/transcoder.ts): it may add files to `hlsDir`,
 * reports the source's seconds it has done, and answers the renditions it marked, or null (none;
 * stored as `forensic_renditions`). A throw fails the try as a transcode's would.
 */
export type MarkRenditions = (lesson: {
  sessionId: number;
  source: string;
  probe: MediaProbe;
  hlsDir: string;
  signal: AbortSignal;
  onProgress: (seconds: number) => void;
}) => Promise<string[] | null>;

/** Thrown in the final update when the session no longer waits for this source (deleted, or replaced). */
class StaleJob extends Error {}

/** Runs one job; resolves when it is done with (ready, refused, or stale), throws to have the queue try it again. */
async function processJob(app: FastifyInstance, programs: FfmpegPrograms, mark: MarkRenditions | undefined, job: Job<TranscodeJob>, signal: AbortSignal): Promise<void> {
  const { sessionId, source, sourceType } = job.data;
  const waiting = { sessionId, source };
  const started = await updateSessionLesson(app.db, waiting, { media_status: 'processing', media_progress: 0 });
  // The session was deleted, or a later upload replaced this one: nothing to do.
  if (!started) return;
  const hadPoster = started.poster !== null;
  const dir = path.join(workRootOf(app), `${sessionId}-${randomUUID()}`);
  const prefix = `${lessonsOf(sessionId)}${randomUUID()}/`;
  let probe: MediaProbe | undefined;
  let marked: string[] | null = null;
  let size = 0;
  try {
    await app.files.writeFolder(
      app.db,
      prefix,
      async () => {
        // Made once the folder is recorded: a work folder with no live writer is a dead run's (removeDeadWork).
        await fs.mkdir(dir, { recursive: true });
        const input = path.join(dir, 'source');
        const opened = await app.storage.openPrivate(source);
        if (!opened) throw new MediaRefused(LESSONS_MESSAGES.lessonSourceMissing);
        size = opened.size;
        await pipeline(opened.stream, createWriteStream(input), { signal });
        probe = await probeMedia(programs, input, signal);
        const duration = probe.durationSeconds;
        // With a marking step, the transcode is the first half of the progress and the step the second.
        const passes = mark && probe.video ? 2 : 1;
        let last = Date.now();
        const progress = (pass: number) => (seconds: number) => {
          if (Date.now() - last < PROGRESS_EVERY_MS) return;
          last = Date.now();
          const percent = Math.max(0, Math.min(99, Math.floor(((pass + seconds / duration) / passes) * 100)));
          updateSessionLesson(app.db, waiting, { media_progress: percent }).catch((error: unknown) => app.log.warn({ err: error, sessionId }, 'lesson progress not saved'));
        };
        const out = path.join(dir, 'hls');
        await transcodeToHls(programs, input, probe, out, progress(0), signal);
        if (passes === 2) marked = await mark!({ sessionId, source: input, probe, hlsDir: out, signal, onProgress: progress(1) });
        for (const name of await hlsFilesOf(out)) {
          await app.storage.putPrivate(prefix + name, await fs.readFile(path.join(out, name)));
        }
        if (hadPoster || !probe.video) return [];
        const frame = path.join(dir, 'poster.png');
        await grabFrame(programs, input, duration * POSTER_AT, frame, signal);
        const buffer = await toWebp({ filename: 'poster.png', mimetype: 'image/png', buffer: await fs.readFile(frame) });
        return [{ key: newKey('product-sessions', 'webp'), buffer }];
      },
      async (tx, paths, discard) => {
        const old = await readSessionLesson(tx, waiting, { lock: true });
        if (!old) throw new StaleJob();
        // Staff may have added a poster meanwhile: theirs wins.
        const poster = paths[0] && old.poster === null ? paths[0] : undefined;
        if (paths[0] && !poster) discard.publicPath(paths[0]);
        await updateSessionLesson(tx, { sessionId }, {
            hls: prefix,
            forensic_renditions: marked,
            media_kind: probe!.video ? 'video' : 'audio',
            duration_seconds: Math.max(1, Math.round(probe!.durationSeconds)),
            file: source,
            file_size: size,
            file_type: sourceType,
            media_status: 'ready',
            media_progress: 100,
            media_error: null,
            media_source: null,
            ...(poster ? { poster } : {}),
          });
        discard.privateFolder(old.hls);
        if (old.file !== source) discard.privateKey(old.file);
      },
    );
    app.log.info({ sessionId, hls: prefix, seconds: probe?.durationSeconds }, 'lesson ready');
  } catch (error) {
    if (error instanceof StaleJob) return;
    if (error instanceof MediaRefused) {
      app.log.warn({ sessionId, source, reason: error.message }, 'lesson source refused');
      await markFailed(app, sessionId, source, error.message);
      return;
    }
    if (job.retryCount >= job.retryLimit) await markFailed(app, sessionId, source, LESSONS_MESSAGES.lessonProcessingFailed);
    app.log.error({ err: error, sessionId, tries: job.retryCount + 1 }, 'lesson processing failed');
    throw error;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Removes the work folders of runs that no live process writes any more (killed: their temp copy and ffmpeg output). */
async function removeDeadWork(app: FastifyInstance): Promise<void> {
  const root = workRootOf(app);
  for (const name of await fs.readdir(root).catch(() => [] as string[])) {
    const sessionId = /^(\d+)-/.exec(name)?.[1];
    if (sessionId && !(await app.files.writing(app.db, lessonsOf(Number(sessionId))))) {
      await fs.rm(path.join(root, name), { recursive: true, force: true });
      app.log.warn({ folder: name }, 'removed the work folder of a lesson run cut off by a crash');
    }
  }
}

/**
 * Sessions waiting for a job that is gone: `queued` with no job of their source (a crash between
 * {@link queueTranscode}'s commit and its send) are queued again; `processing` with none (the queue
 * gave the job up, e.g. expired out of tries) are marked failed, so staff can retry. A session is
 * only acted on when a previous run (one reaper interval earlier) saw it so too: `suspects` holds
 * what this run saw, for the next. Answers how many it acted on.
 */
export async function recoverLostJobs(app: FastifyInstance, suspects: Set<string>): Promise<number> {
  const seen = new Set<string>();
  let acted = 0;
  // The lessons first: a job sent after this read is still seen by the next.
  const awaited = await listAwaitedLessons(app.db);
  const jobs = await app.jobs.unfinished<TranscodeJob>(TRANSCODE_QUEUE);
  const hasJob = new Set(jobs.map((job) => `${job.data.sessionId}:${job.data.source}`));
  for (const row of awaited) {
    if (hasJob.has(`${row.id}:${row.media_source}`)) continue;
    const key = `${row.id}:${row.media_status}:${row.media_source}`;
    seen.add(key);
    if (!suspects.has(key)) continue;
    if (row.media_status === 'processing') {
      await markFailed(app, row.id, row.media_source, LESSONS_MESSAGES.lessonProcessingFailed);
    } else {
      const type = await sourceTypeOf(app, row.media_source);
      if (type) await app.jobs.send(TRANSCODE_QUEUE, { sessionId: row.id, source: row.media_source, sourceType: type } satisfies TranscodeJob);
      else await markFailed(app, row.id, row.media_source, LESSONS_MESSAGES.lessonSourceMissing);
    }
    app.log.warn({ sessionId: row.id, status: row.media_status }, 'lesson waiting for a job that is gone: queued again or failed');
    acted += 1;
  }
  suspects.clear();
  for (const key of seen) suspects.add(key);
  return acted;
}

/**
 * Fails the active jobs older than {@link REAP_GRACE_SECONDS} whose session's lesson folder no
 * live process is writing (their process died), so the queue retries them; a job out of tries
 * marks its session failed. Removes dead runs' work folders first. Answers how many jobs it failed.
 */
export async function reapDeadJobs(app: FastifyInstance): Promise<number> {
  await removeDeadWork(app);
  let reaped = 0;
  for (const job of await app.jobs.activeFor<TranscodeJob>(TRANSCODE_QUEUE, REAP_GRACE_SECONDS)) {
    if (await app.files.writing(app.db, lessonsOf(job.data.sessionId))) continue;
    // Fenced to the try it saw: a try that the queue expired and handed out again meanwhile is left alone.
    await app.jobs.fail(TRANSCODE_QUEUE, job, 'the process running the job is gone');
    if (job.retryCount >= job.retryLimit) await markFailed(app, job.data.sessionId, job.data.source, LESSONS_MESSAGES.lessonProcessingFailed);
    app.log.warn({ job: job.id, sessionId: job.data.sessionId }, 'lesson job of a process that is gone: tried again');
    reaped += 1;
  }
  return reaped;
}

/**
 * Creates (or updates) the queue, starts `concurrency` workers of this process, and the reaper
 * (at once, then every {@link REAP_INTERVAL_MS}). Each video lesson goes through `mark` after its
 * transcode, when given. Answers a function that stops them: running ffmpeg children are killed
 * and their jobs go back to the queue.
 */
export async function startTranscoder(app: FastifyInstance, programs: FfmpegPrograms, concurrency: number, mark?: MarkRenditions): Promise<() => Promise<void>> {
  const queue = {
    name: TRANSCODE_QUEUE,
    retryLimit: TRANSCODE_RETRY.limit,
    retryDelay: TRANSCODE_RETRY.delaySeconds,
    expireInSeconds: TRY_EXPIRE_SECONDS,
  };
  await app.jobs.declare(queue);

  const stopping = new AbortController();
  // None with 0: another replica transcodes (this one still reaps and recovers).
  if (concurrency > 0) {
    await app.jobs.work<TranscodeJob>(TRANSCODE_QUEUE, (job) => processJob(app, programs, mark, job, stopping.signal), { concurrency });
  }

  let reaping: Promise<unknown> | undefined;
  const suspects = new Set<string>();
  const reap = () => {
    reaping ??= reapDeadJobs(app)
      .then(() => recoverLostJobs(app, suspects))
      .catch((error: unknown) => app.log.warn({ err: error }, 'lesson job reaper failed; the next run tries again'))
      .finally(() => (reaping = undefined));
  };
  reap();
  const timer = setInterval(reap, REAP_INTERVAL_MS);
  timer.unref();

  return async () => {
    clearInterval(timer);
    stopping.abort();
    await app.jobs.stop(TRANSCODE_QUEUE);
    await reaping;
  };
}
