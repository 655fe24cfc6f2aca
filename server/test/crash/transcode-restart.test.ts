/**
 * Crash test of lesson processing (issue 24 "Processing": jobs survive a restart): `kill -9` of the
 * compiled server while it transcodes a 20-second clip, then a restart. The job is retried soon
 * (pg-boss would keep it active until it expires; the transcoder's reaper fails it once no live
 * process writes its folder) and ends ready, and the killed run's files are gone from the store
 * and from the data folder's work area.
 *
 * On PGlite: one instance in a data folder, killed and restarted. On PostgreSQL (DATABASE_URL): a
 * second instance on the same database and S3 bucket (s3rver) is started while the first
 * transcodes; the first is killed and restarted, and either may finish the job.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DashboardProductSession } from '@shop/contracts';
import { S3FileStorage } from '../../src/lib/s3-storage';
import { LocalFileStorage, type FileStorage } from '../../src/lib/storage';
import { startLocalS3, type LocalS3 } from '../helpers/s3-server';
import { scratchPostgresDatabase, startServerProcess, type ServerProcess } from '../helpers/server-process';
import { DB_TARGETS, tempDir } from '../helpers/test-app';
import { login, send } from './crash-client';
import { localStoreReader, pgliteReader, postgresReader, s3StoreReader, type SqlReader } from './crash-inspection';

jest.setTimeout(300_000);

/** Longest wait from the kill to the job running again (issue 24: about a minute), ms. */
const RETRIED_WITHIN_MS = 90_000;

/**
 * An ffmpeg that reads its input at the clip's own pace (`-re`): the process killed here transcodes
 * for at least the clip's 20 s on any machine, so the kill lands inside the transcode (a fast
 * machine ended a full-speed run in under 3 s, before the second server had started).
 */
function pacedFfmpeg(): string {
  const file = path.join(tempDir('shop-paced-ffmpeg-'), 'ffmpeg');
  fs.writeFileSync(file, '#!/bin/sh\nexec ffmpeg -re "$@"\n', { mode: 0o755 });
  return file;
}

/** A 20-second 480p clip with sound, made with ffmpeg's lavfi sources. */
function twentySecondClip(): Buffer {
  const file = path.join(tempDir('shop-clip-'), 'lesson.mp4');
  execFileSync('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=size=854x480:rate=25',
    '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', '20', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
  ]);
  return fs.readFileSync(file);
}

describe.each(DB_TARGETS)('kill -9 in the middle of a transcode on %s', (target) => {
  const servers: ServerProcess[] = [];
  let s3: LocalS3 | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  const dataDirs: string[] = [];

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await dropDatabase?.();
    await s3?.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const start = async (env: Record<string, string>) => {
    const server = await startServerProcess(env);
    servers.push(server);
    return server;
  };

  /** A course with one session whose upload `source` failed, ready for a retry; answers the session id. */
  async function failedUpload(db: SqlReader, source: string): Promise<number> {
    const tag = randomBytes(6).toString('hex');
    const [product] = await db.query<{ id: number }>(
      // Without the forensic watermark (issue 38): one transcode, what the crash is about.
      `insert into products (title, slug, price, forensic_watermark) values ($1, $2, 0, false) returning id`,
      [`دوره ${tag}`, `course-${tag}`],
    );
    const [session] = await db.query<{ id: number }>(
      `insert into product_sessions (product_id, title, slug, media_status, media_error, media_source)
       values ($1, 'جلسه ۱', $2, 'failed', 'آزمایش', $3) returning id`,
      [product!.id, `session-${tag}`, source],
    );
    return session!.id;
  }

  it('retries the job of the killed process, ends ready, and leaves no file of the killed run', async () => {
    const dataDir = tempDir('shop-transcode-crash-');
    dataDirs.push(dataDir);
    const source = `sessions/${randomUUID()}.mp4`;
    let env: Record<string, string>;
    let otherEnv: Record<string, string> | undefined;
    let storage: FileStorage;
    let sessionId: number;
    if (target === 'postgres') {
      const database = await scratchPostgresDatabase('shop_transcode');
      dropDatabase = database.drop;
      s3 = await startLocalS3('transcode-media');
      const shared = {
        DATABASE_URL: database.url,
        APP_KEY: randomBytes(32).toString('hex'),
        S3_ENDPOINT: s3.settings.endpoint,
        S3_BUCKET: s3.settings.bucket,
        S3_ACCESS_KEY_ID: s3.settings.accessKeyId!,
        S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey!,
      };
      env = { ...shared, DATA_DIR: dataDir };
      otherEnv = { ...shared, DATA_DIR: tempDir('shop-transcode-other-') };
      dataDirs.push(otherEnv.DATA_DIR!);
      storage = new S3FileStorage(s3.settings);
    } else {
      env = { DATA_DIR: dataDir };
      storage = new LocalFileStorage(path.join(dataDir, 'uploads'), path.join(dataDir, 'private'));
    }
    await storage.putPrivate(source, twentySecondClip());

    // The first start migrates and seeds; on PGlite the rows are then written with the server stopped.
    // The process to be killed transcodes at the clip's pace; the restarted one and the other at full speed.
    const victimEnv = { ...env, FFMPEG_PATH: pacedFfmpeg() };
    let victim = await start(victimEnv);
    if (target === 'postgres') {
      const db = await postgresReader(env.DATABASE_URL!);
      sessionId = await failedUpload(db, source).finally(() => db.close());
    } else {
      expect(await victim.stop()).toEqual({ code: 0, signal: null });
      const db = pgliteReader(dataDir);
      sessionId = await failedUpload(db, source).finally(() => db.close());
      victim = await start(victimEnv);
    }

    const headers = await login(victim.origin, 'super@example.com', 'Super12345');
    const session = async (origin: string) => {
      const answer = await send(origin, `/api/dashboard/product-sessions/${sessionId}`, { headers });
      return answer?.status === 200 ? (answer.body as { data: DashboardProductSession }).data : null;
    };
    const retry = await send(victim.origin, `/api/dashboard/product-sessions/${sessionId}/media/retry`, { method: 'POST', headers });
    expect(retry?.status).toBe(202);

    // Killed while it transcodes (progress is written every 2 s).
    for (;;) {
      const current = await session(victim.origin);
      if (current?.media_status === 'processing' && current.media_progress > 0) break;
      expect(current?.media_status).not.toBe('ready');
      await sleep(250);
    }
    const other = otherEnv ? await start(otherEnv) : undefined;
    victim.child.kill('SIGKILL');
    expect(await victim.exited).toEqual({ code: null, signal: 'SIGKILL' });
    const killedAt = Date.now();

    const restarted = await start(env);
    let ready: DashboardProductSession | null = null;
    while (!ready) {
      const current = await session(restarted.origin);
      if (current?.media_status === 'failed') throw new Error(`failed: ${current.media_error}`);
      if (current?.media_status === 'ready') ready = current;
      else await sleep(500);
    }
    const readyAfterMs = Date.now() - killedAt;
    expect(ready).toMatchObject({ media_status: 'ready', media_kind: 'video', duration_seconds: 20, media_error: null });

    expect(await restarted.stop()).toEqual({ code: 0, signal: null });
    if (other) expect(await other.stop()).toEqual({ code: 0, signal: null });

    const db = target === 'postgres' ? await postgresReader(env.DATABASE_URL!) : pgliteReader(dataDir);
    const s3Store = s3 ? s3StoreReader(s3.settings) : undefined;
    const store = s3Store ?? localStoreReader(dataDir);
    try {
      const [row] = await db.query<{ hls: string; file: string; media_source: string | null }>(
        'select hls, file, media_source from product_sessions where id = $1',
        [sessionId],
      );
      expect(row).toMatchObject({ file: source, media_source: null });
      const [job] = await db.query<{ state: string; retry_count: number; started_on: Date; completed_on: Date }>(
        `select state, retry_count, started_on, completed_on from pgboss.job where name = 'transcode'`,
      );
      expect(job).toMatchObject({ state: 'completed', retry_count: 1 });
      // The retry started (pg-boss's started_on of the completed try) well before the job would expire.
      const retriedAfterMs = new Date(job!.started_on).getTime() - killedAt;
      expect(retriedAfterMs).toBeLessThan(RETRIED_WITHIN_MS);
      expect(await db.query('select * from pending_files')).toEqual([]);
      // Only the ready lesson's folder is left of the session's processing: the killed run's is swept.
      const lessonKeys = [...(await store.list()).private.keys()].filter((key) => key.startsWith(`lessons/${sessionId}/`));
      expect(lessonKeys.length).toBeGreaterThan(0);
      expect(lessonKeys.filter((key) => !key.startsWith(row!.hls))).toEqual([]);
      expect((await store.list()).partials).toEqual([]);
      // The killed run's copy of the source and ffmpeg output are gone from the data folder too.
      const work = path.join(dataDir, 'transcoding');
      expect(fs.existsSync(work) ? fs.readdirSync(work) : []).toEqual([]);
      expect([restarted, ...(other ? [other] : [])].some((server) => server.output().includes('removed the work folder of a lesson run'))).toBe(true);
      console.info(JSON.stringify({ target, retriedAfterMs, readyAfterMs }));
    } finally {
      await db.close();
      s3Store?.destroy();
      if (storage instanceof S3FileStorage) storage.destroy();
    }
  });
});
