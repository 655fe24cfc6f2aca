/**
 * Lesson processing (modules/lessons/transcode.ts; issue 24 "Processing", "Bad input"): clips made
 * with ffmpeg's lavfi are queued as an upload would be, and the session ends ready with HLS
 * (renditions, 6-second segments, master playlist), its duration and a poster, or failed with a
 * Persian reason while the last good lesson stays; `POST /api/dashboard/product-sessions/:id/media/retry`
 * queues a failed upload again, recorded in the audit log (issue 26) while the worker's own status
 * changes are not. On PGlite with the data folder, and on PostgreSQL (DATABASE_URL)
 * with an S3 bucket (s3rver). Without ffmpeg the server starts and a job fails with a Persian reason.
 */
import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { productSessions } from '../../../src/modules/commerce/tables';
import { pendingFiles } from '../../../src/modules/files/tables';
import { users } from '../../../src/modules/users/tables';
import { auditActor, listAuditLog } from '../../../src/modules/audit/audit-log';
import { queueTranscode, recoverLostJobs } from '../../../src/modules/lessons/transcode';
import { newCourse } from '../../helpers/commerce-fixtures';
import { startLocalS3, type LocalS3 } from '../../helpers/s3-server';
import { buildTestApp, loginToken, tempDir, type DbTarget } from '../../helpers/test-app';
import type { DashboardProductSession } from '@shop/contracts';
import { LESSONS_MESSAGES } from '../../../src/modules/lessons';
import { COMMERCE_MESSAGES } from '../../../src/modules/commerce';

jest.setTimeout(120_000);

const TARGETS: Array<[DbTarget, 'local' | 's3']> = process.env.DATABASE_URL
  ? [['pglite', 'local'], ['postgres', 's3']]
  : [['pglite', 'local']];

/** The staff member the uploads made here by calling {@link queueTranscode} are recorded under (no account: the log keeps ids, not references). */
const UPLOADER = auditActor({ id: 9001, full_name: 'بارگذار آزمایشی' }, '198.51.100.4');

/** Makes a clip with ffmpeg (lavfi sources) and answers its bytes. */
function clip(name: string, args: string[]): Buffer {
  const file = path.join(tempDir('shop-clip-'), name);
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args, file]);
  return fs.readFileSync(file);
}

const VIDEO = clip('lesson.mp4', [
  '-f', 'lavfi', '-i', 'testsrc2=size=1280x720:rate=25',
  '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
  '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest',
]);
/** A phone's portrait video (720×1280) with sound, and a small one (320×240) without. */
const PORTRAIT = clip('portrait.mp4', [
  '-f', 'lavfi', '-i', 'testsrc2=size=720x1280:rate=25',
  '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
  '-t', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest',
]);
const SMALL = clip('small.mp4', ['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25', '-t', '1', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']);
/** {@link VIDEO} as a phone stores a portrait video: landscape frames with a 90° rotation to show them upright. */
const ROTATED = (() => {
  const landscape = path.join(tempDir('shop-clip-'), 'landscape.mp4');
  fs.writeFileSync(landscape, VIDEO);
  return clip('rotated.mp4', ['-i', landscape, '-c', 'copy', '-metadata:s:v:0', 'rotate=90']);
})();
const AUDIO = clip('lesson.m4a', ['-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=44100', '-t', '2', '-c:a', 'aac']);
/** 0 seconds of sound: a WAV with its stream, and an MP4, which ffmpeg writes with no stream at all. */
const EMPTY_WAV = clip('empty.wav', ['-f', 'lavfi', '-i', 'sine', '-t', '0']);
const EMPTY_MP4 = clip('empty.mp4', ['-f', 'lavfi', '-i', 'testsrc2=size=320x240', '-t', '0', '-c:v', 'libx264']);
/**
 * 64 KB of hash output: random bytes, the same on every run (bytes from /dev/urandom now and then
 * look like an MP3 frame to ffprobe).
 */
const JUNK = Buffer.concat(Array.from({ length: 2048 }, (_v, i) => createHash('sha256').update(`junk-${i}`).digest()));
/** A real clip cut in the middle (a truncated upload): its index, at the end of the MP4, is missing. */
const TRUNCATED = VIDEO.subarray(0, Math.floor(VIDEO.length / 2));

/** The nice values of this process's ffmpeg and ffprobe children now (Linux /proc). */
function ffmpegNiceness(): number[] {
  const values: number[] = [];
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    // pid (comm) state ppid … with comm in parentheses; nice is the 19th field.
    const match = /^\d+ \((ff(?:mpeg|probe))\) (.*)$/.exec(stat.trim());
    if (!match) continue;
    const fields = match[2]!.split(' ');
    if (Number(fields[1]) === process.pid) values.push(Number(fields[16]));
  }
  return values;
}

describe.each(TARGETS)('lesson processing on %s with the %s store', (target, store) => {
  let app: FastifyInstance;
  let s3: LocalS3 | undefined;
  beforeAll(async () => {
    if (store === 's3') s3 = await startLocalS3();
    app = await buildTestApp(target, { s3: s3?.settings, transcode: { concurrency: 1 } });
  });
  afterAll(async () => {
    await app.close();
    await s3?.close();
  });

  const row = async (id: number) => (await app.db.select().from(productSessions).where(eq(productSessions.id, id)))[0]!;

  /**
   * Waits until the session's processing is over (ready or failed), polling its row, and the files
   * it discarded are deleted (just after the commit).
   */
  async function settled(id: number) {
    for (;;) {
      const current = await row(id);
      const over = current.media_status === 'ready' || current.media_status === 'failed';
      if (over && (await app.db.select().from(pendingFiles)).length === 0) return current;
      await sleep(200);
    }
  }

  /** Stores `content` as an upload would and queues it for session `id`; answers its key. */
  async function upload(id: number, content: Buffer, type: string): Promise<string> {
    const key = await app.storage.putPrivate(`sessions/${randomUUID()}.bin`, content);
    await queueTranscode(app, id, key, type, 'upload', UPLOADER);
    return key;
  }

  const text = async (key: string) => {
    const opened = await app.storage.openPrivate(key);
    if (!opened) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  };

  it('transcodes a 2-second 720p clip: 360p, 720p and audio renditions, duration, poster; then a new upload replaces it', async () => {
    const { sessionIds } = await newCourse(app, { price: 0 });
    const id = sessionIds[0]!;
    const source = await upload(id, VIDEO, 'video/mp4');
    expect((await row(id)).media_status).toBe('queued');
    // A second upload while one waits or runs (issue 24 "Bad input").
    await expect(queueTranscode(app, id, source, 'video/mp4', 'upload', UPLOADER)).rejects.toMatchObject({ statusCode: 409, message: LESSONS_MESSAGES.lessonProcessing });

    const ready = await settled(id);
    expect(ready).toMatchObject({
      media_status: 'ready',
      media_progress: 100,
      media_error: null,
      media_source: null,
      media_kind: 'video',
      duration_seconds: 2,
      file: source,
      file_size: VIDEO.length,
      file_type: 'video/mp4',
    });
    expect(ready.hls).toMatch(new RegExp(`^lessons/${id}/[0-9a-f-]{36}/$`));
    const master = (await text(`${ready.hls}master.m3u8`))!;
    const variants = master.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF'));
    expect(variants).toHaveLength(3);
    expect(master).toMatch(/BANDWIDTH=\d+,RESOLUTION=640x360,CODECS="avc1\.[0-9a-f]+,mp4a\.40\.2"\n360p\/index\.m3u8/);
    expect(master).toMatch(/BANDWIDTH=\d+,RESOLUTION=1280x720,CODECS="avc1\.[0-9a-f]+,mp4a\.40\.2"\n720p\/index\.m3u8/);
    expect(master).toMatch(/BANDWIDTH=\d+,CODECS="mp4a\.40\.2"\naudio\/index\.m3u8/);
    for (const rendition of ['360p', '720p', 'audio']) {
      const playlist = (await text(`${ready.hls}${rendition}/index.m3u8`))!;
      expect(playlist).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
      expect(playlist).toContain('#EXT-X-ENDLIST');
      expect(playlist).toContain('seg00000.ts');
      expect((await app.storage.statPrivate(`${ready.hls}${rendition}/seg00000.ts`))!.size).toBeGreaterThan(1000);
    }
    // The forensic watermark, on by default (issue 38 item 3): B segments beside each video rendition's, and the signature.
    expect(ready.forensic_renditions).toEqual(['360p', '720p']);
    for (const rendition of ['360p', '720p']) expect((await app.storage.statPrivate(`${ready.hls}${rendition}/b/seg00000.ts`))!.size).toBeGreaterThan(1000);
    expect(await app.storage.statPrivate(`${ready.hls}audio/b/seg00000.ts`)).toBeNull();
    expect(JSON.parse((await text(`${ready.hls}forensics.json`))!)).toMatchObject({ version: 1, rendition: '360p', durations: [2] });
    expect(ready.poster).toMatch(/^\/media\/product-sessions\/[0-9a-f-]+\.webp$/);
    const poster = await app.inject({ url: ready.poster! });
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toContain('image/webp');

    // A new upload: once it is ready the previous HLS folder and lesson file are gone.
    const second = await upload(id, AUDIO, 'audio/mp4');
    const replaced = await settled(id);
    expect(replaced).toMatchObject({ media_status: 'ready', media_kind: 'audio', file: second, poster: ready.poster, forensic_renditions: null });
    expect(replaced.hls).not.toBe(ready.hls);
    expect(await app.storage.statPrivate(`${ready.hls}master.m3u8`)).toBeNull();
    expect(await app.storage.statPrivate(`${ready.hls}720p/seg00000.ts`)).toBeNull();
    expect(await app.storage.statPrivate(`${ready.hls}720p/b/seg00000.ts`)).toBeNull();
    expect(await app.storage.statPrivate(source)).toBeNull();
  });

  it('makes no B segments for a course whose forensic watermark is off (issue 38 item 3)', async () => {
    const { sessionIds } = await newCourse(app, { price: 0, forensic_watermark: false });
    await upload(sessionIds[0]!, SMALL, 'video/mp4');
    const ready = await settled(sessionIds[0]!);
    expect(ready).toMatchObject({ media_status: 'ready', media_kind: 'video', forensic_renditions: null });
    expect(await app.storage.statPrivate(`${ready.hls}240p/seg00000.ts`)).not.toBeNull();
    expect(await app.storage.statPrivate(`${ready.hls}240p/b/seg00000.ts`)).toBeNull();
    expect(await app.storage.statPrivate(`${ready.hls}forensics.json`)).toBeNull();
  });

  // The tests below do not look at B segments: their courses have the watermark off, a transcode each.
  it('runs one lesson at a time (TRANSCODE_CONCURRENCY 1), ffmpeg at nice 19', async () => {
    const { sessionIds } = await newCourse(app, { price: 0, forensic_watermark: false, sessions: [{}, {}] });
    await upload(sessionIds[0]!, VIDEO, 'video/mp4');
    await upload(sessionIds[1]!, VIDEO, 'video/mp4');
    const niceness = new Set<number>();
    let together = 0;
    for (;;) {
      const statuses = await Promise.all(sessionIds.map(async (id) => (await row(id)).media_status));
      if (statuses.every((status) => status === 'processing')) together += 1;
      for (const nice of ffmpegNiceness()) niceness.add(nice);
      if (statuses.every((status) => status === 'ready' || status === 'failed')) break;
      await sleep(50);
    }
    expect(together).toBe(0);
    expect([...niceness]).toEqual([19]);
  });

  it('sizes renditions by the shorter side as shown: portrait phone videos, and one under 360p at its own size', async () => {
    const { sessionIds } = await newCourse(app, { price: 0, forensic_watermark: false, sessions: [{}, {}, {}] });
    await upload(sessionIds[0]!, PORTRAIT, 'video/mp4');
    await upload(sessionIds[1]!, SMALL, 'video/mp4');
    await upload(sessionIds[2]!, ROTATED, 'video/mp4');
    for (const id of [sessionIds[0]!, sessionIds[2]!]) {
      const portrait = (await text(`${(await settled(id)).hls}master.m3u8`))!;
      expect(portrait).toMatch(/RESOLUTION=360x640,.*\n360p\/index\.m3u8/);
      expect(portrait).toMatch(/RESOLUTION=720x1280,.*\n720p\/index\.m3u8/);
    }
    const small = (await text(`${(await settled(sessionIds[1]!)).hls}master.m3u8`))!;
    expect(small.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF'))).toEqual([
      expect.stringMatching(/RESOLUTION=320x240,CODECS="avc1\.[0-9a-f]+"$/),
    ]);
  });

  it('makes an audio source the audio rendition only, with no poster; deleting the course deletes it', async () => {
    const course = await newCourse(app, { price: 0, forensic_watermark: false });
    const id = course.sessionIds[0]!;
    const source = await upload(id, AUDIO, 'audio/mp4');
    const ready = await settled(id);
    expect(ready).toMatchObject({ media_status: 'ready', media_kind: 'audio', duration_seconds: 2, poster: null });
    const master = (await text(`${ready.hls}master.m3u8`))!;
    expect(master.split('\n').filter((line) => line.startsWith('#EXT-X-STREAM-INF'))).toEqual([
      expect.stringMatching(/^#EXT-X-STREAM-INF:BANDWIDTH=\d+,CODECS="mp4a\.40\.2"$/),
    ]);
    expect(await app.storage.statPrivate(`${ready.hls}audio/seg00000.ts`)).not.toBeNull();

    const token = await loginToken(app, 'super@example.com', 'Super12345');
    const deleted = await app.inject({ method: 'DELETE', url: `/api/dashboard/products/${course.id}`, headers: { authorization: `Bearer ${token}` } });
    expect(deleted.statusCode).toBe(200);
    expect(await app.storage.statPrivate(`${ready.hls}master.m3u8`)).toBeNull();
    expect(await app.storage.statPrivate(`${ready.hls}audio/seg00000.ts`)).toBeNull();
    expect(await app.storage.statPrivate(source)).toBeNull();
  });

  it('refuses random bytes with a Persian reason, keeps the last good lesson and the source for a retry', async () => {
    const { sessionIds } = await newCourse(app, { price: 0, forensic_watermark: false });
    const id = sessionIds[0]!;
    await upload(id, AUDIO, 'audio/mp4');
    const good = await settled(id);
    expect(good.media_status).toBe('ready');

    const junk = await upload(id, JUNK, 'video/mp4');
    const failed = await settled(id);
    expect(failed).toMatchObject({
      media_status: 'failed',
      media_error: LESSONS_MESSAGES.lessonUnreadable,
      media_source: junk,
      hls: good.hls,
      file: good.file,
      media_kind: 'audio',
      duration_seconds: 2,
    });
    expect(await app.storage.statPrivate(`${good.hls}master.m3u8`)).not.toBeNull();
    expect(await app.storage.statPrivate(junk)).not.toBeNull();
  });

  it('queues again a session left queued with no job (a crash before the send), and fails one left processing with none', async () => {
    const { sessionIds } = await newCourse(app, { price: 0, forensic_watermark: false, sessions: [{}, {}] });
    const [queued, processing] = sessionIds as [number, number];
    const source = await app.storage.putPrivate(`sessions/${randomUUID()}.mp4`, VIDEO);
    await app.db.update(productSessions).set({ media_status: 'queued', media_source: source }).where(eq(productSessions.id, queued));
    await app.db.update(productSessions).set({ media_status: 'processing', media_source: source }).where(eq(productSessions.id, processing));
    const suspects = new Set<string>();
    // Seen once: only suspected (queueTranscode may be between its commit and its send).
    expect(await recoverLostJobs(app, suspects)).toBe(0);
    expect((await row(queued)).media_status).toBe('queued');
    expect(await recoverLostJobs(app, suspects)).toBe(2);
    expect(await settled(queued)).toMatchObject({ media_status: 'ready', file: source, file_type: 'video/mp4' });
    expect(await row(processing)).toMatchObject({ media_status: 'failed', media_error: LESSONS_MESSAGES.lessonProcessingFailed, media_source: source });
  });

  it('refuses a truncated upload', async () => {
    const { sessionIds } = await newCourse(app, { price: 0, forensic_watermark: false });
    await upload(sessionIds[0]!, TRUNCATED, 'video/mp4');
    expect(await settled(sessionIds[0]!)).toMatchObject({ media_status: 'failed', media_error: LESSONS_MESSAGES.lessonUnreadable, hls: null });
  });

  it('refuses 0-second clips', async () => {
    const { sessionIds } = await newCourse(app, { price: 0, forensic_watermark: false, sessions: [{}, {}] });
    await upload(sessionIds[0]!, EMPTY_WAV, 'audio/wav');
    await upload(sessionIds[1]!, EMPTY_MP4, 'video/mp4');
    expect(await settled(sessionIds[0]!)).toMatchObject({ media_status: 'failed', media_error: LESSONS_MESSAGES.lessonEmpty, hls: null });
    expect(await settled(sessionIds[1]!)).toMatchObject({ media_status: 'failed', media_error: LESSONS_MESSAGES.lessonNoStreams, hls: null });
  });

  it('queues a failed upload again on POST …/media/retry: 202 and ready, one audit entry; 422 while there is nothing to retry or its source is gone; deleting the session deletes its lesson', async () => {
    const token = await loginToken(app, 'super@example.com', 'Super12345');
    const [superUser] = await app.db.select({ id: users.id, full_name: users.full_name }).from(users).where(eq(users.email, 'super@example.com'));
    const retry = (id: number) =>
      app.inject({ method: 'POST', url: `/api/dashboard/product-sessions/${id}/media/retry`, headers: { authorization: `Bearer ${token}` } });
    const { sessionIds } = await newCourse(app, { price: 0, forensic_watermark: false });
    const id = sessionIds[0]!;
    /** The session's audit entries, newest first, as [action, actor id, ip, before, after]. */
    const entries = async () =>
      (await listAuditLog(app.db, { entity_type: 'product_session', entity_id: id })).data.map((entry) => [entry.action, entry.actor.id, entry.ip, entry.before, entry.after]);
    expect((await retry(id)).json()).toEqual({ message: LESSONS_MESSAGES.lessonNothingToRetry });
    expect((await retry(id)).statusCode).toBe(422);
    expect((await retry(999_999)).statusCode).toBe(404);

    // The upload's file is not in the store yet: the job fails, and so does a retry.
    const key = `sessions/${randomUUID()}.mp4`;
    await queueTranscode(app, id, key, 'video/mp4', 'upload', UPLOADER);
    expect(await settled(id)).toMatchObject({ media_status: 'failed', media_error: LESSONS_MESSAGES.lessonSourceMissing, media_source: key });
    const missing = await retry(id);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ message: LESSONS_MESSAGES.lessonSourceMissing });
    // Only the upload is recorded: neither the refused retries nor the worker's own processing and failure.
    const uploaded = ['upload', UPLOADER.actorId, UPLOADER.ip, { media_status: 'none', media_source: null }, { media_status: 'queued', media_source: key }];
    expect(await entries()).toEqual([uploaded]);

    await app.storage.putPrivate(key, VIDEO);
    const queued = await retry(id);
    expect(queued.statusCode).toBe(202);
    const body = queued.json<{ message: string; data: DashboardProductSession }>();
    expect(body.message).toBe(COMMERCE_MESSAGES.lessonRetryQueued);
    expect(body.data).toMatchObject({ id, media_status: 'queued', media_progress: 0, media_error: null });
    const retried = ['retry', superUser!.id, '127.0.0.1', { media_status: 'failed', media_error: LESSONS_MESSAGES.lessonSourceMissing }, { media_status: 'queued', media_error: null }];
    expect(await entries()).toEqual([retried, uploaded]);
    const ready = await settled(id);
    expect(ready).toMatchObject({ media_status: 'ready', file: key, file_type: 'video/mp4', media_kind: 'video' });
    expect((await retry(id)).statusCode).toBe(422);
    expect(await entries()).toEqual([retried, uploaded]);

    // Deleting the session deletes its processed lesson, lesson file and poster too.
    const deleted = await app.inject({ method: 'DELETE', url: `/api/dashboard/product-sessions/${id}`, headers: { authorization: `Bearer ${token}` } });
    expect(deleted.statusCode).toBe(200);
    expect(await app.storage.statPrivate(`${ready.hls}master.m3u8`)).toBeNull();
    expect(await app.storage.statPrivate(`${ready.hls}360p/seg00000.ts`)).toBeNull();
    expect(await app.storage.statPrivate(key)).toBeNull();
    expect(await app.storage.stat(ready.poster!.slice('/media/'.length))).toBeNull();
  });
});

describe('lesson processing without ffmpeg', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp('pglite', { transcode: { ffmpegPath: '/nonexistent/ffmpeg', ffprobePath: '/nonexistent/ffprobe' } });
  });
  afterAll(() => app.close());

  it('starts, and fails a job with a Persian reason', async () => {
    const { sessionIds } = await newCourse(app, { price: 0, forensic_watermark: false });
    const id = sessionIds[0]!;
    const key = await app.storage.putPrivate(`sessions/${randomUUID()}.mp4`, VIDEO);
    await queueTranscode(app, id, key, 'video/mp4', 'upload', UPLOADER);
    for (;;) {
      const [current] = await app.db.select().from(productSessions).where(eq(productSessions.id, id));
      if (current!.media_status === 'failed') {
        expect(current).toMatchObject({ media_error: LESSONS_MESSAGES.ffmpegMissing, media_source: key, hls: null });
        return;
      }
      await sleep(200);
    }
  });
});
