/**
 * The demo's video lesson (issue 24 "Demo data"): the first session of the first course (the one
 * user@example.com owns, seed-orders.ts) gets a short real video, rendered at seed time by ffmpeg
 * from its test sources and processed to HLS as an upload would be (360p, 720p, audio only), with
 * a poster taken from it and Persian WebVTT subtitles. Without ffmpeg the seed goes on without it.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { products, productSessions } from '../modules/commerce/tables';
import type { FileStorage } from '../lib/storage';
import { toWebp } from '../lib/uploads';
import { type FfmpegPrograms, grabFrame, hlsFilesOf, probeMedia, renderTestClip, transcodeToHls } from '../modules/lessons';

/** Length of the demo video, seconds. */
export const DEMO_LESSON_SECONDS = 4;

/** Where the demo lesson's files are kept (private, except the public poster). */
export const DEMO_LESSON_KEYS = {
  file: 'seed/demo-lesson.mp4',
  subtitles: 'seed/demo-lesson.fa.vtt',
  poster: 'seed/images/demo-lesson-poster.webp',
  hlsOf: (sessionId: number) => `lessons/${sessionId}/seed/`,
};

/** Persian subtitles of the demo video, WebVTT. */
export const DEMO_SUBTITLES = `WEBVTT

00:00:00.000 --> 00:00:02.000
به نخستین جلسه این دوره خوش آمدید.

00:00:02.000 --> 00:00:04.000
در این جلسه با ابزارهای دوره آشنا می‌شویم.
`;

/**
 * Renders, processes and stores the demo lesson, then points the first course's first session at
 * it (ready, video, with poster and subtitles). Answers that session's id.
 * @throws MediaRefused `ffmpegMissing` without ffmpeg; Error when there is no course or ffmpeg fails
 */
export async function seedDemoLesson(db: Db, storage: FileStorage, programs: FfmpegPrograms): Promise<number> {
  const [session] = await db
    .select({ id: productSessions.id })
    .from(productSessions)
    .innerJoin(products, eq(products.id, productSessions.product_id))
    .orderBy(asc(products.id), asc(productSessions.position), asc(productSessions.id))
    .limit(1);
  if (!session) throw new Error('seed-lesson: the demo has no course session');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'shop-demo-lesson-'));
  try {
    const clip = path.join(dir, 'lesson.mp4');
    await renderTestClip(programs, clip, DEMO_LESSON_SECONDS);
    const probe = await probeMedia(programs, clip);
    const out = path.join(dir, 'hls');
    await transcodeToHls(programs, clip, probe, out, () => undefined);
    const frame = path.join(dir, 'poster.png');
    await grabFrame(programs, clip, DEMO_LESSON_SECONDS * 0.1, frame);

    const hls = DEMO_LESSON_KEYS.hlsOf(session.id);
    for (const name of await hlsFilesOf(out)) await storage.putPrivate(hls + name, await fs.readFile(path.join(out, name)));
    const source = await fs.readFile(clip);
    await storage.putPrivate(DEMO_LESSON_KEYS.file, source);
    await storage.putPrivate(DEMO_LESSON_KEYS.subtitles, Buffer.from(DEMO_SUBTITLES, 'utf8'));
    const poster = await storage.put(
      DEMO_LESSON_KEYS.poster,
      await toWebp({ filename: 'poster.png', mimetype: 'image/png', buffer: await fs.readFile(frame) }),
    );
    await db
      .update(productSessions)
      .set({
        file: DEMO_LESSON_KEYS.file,
        file_size: source.length,
        file_type: 'video/mp4',
        hls,
        media_kind: 'video',
        media_status: 'ready',
        media_progress: 100,
        duration_seconds: Math.round(probe.durationSeconds),
        poster,
        subtitles: DEMO_LESSON_KEYS.subtitles,
      })
      .where(eq(productSessions.id, session.id));
    return session.id;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
