/**
 * The transcode figures of `npm run bench` (issue 24 "Figures"): the wall time of processing a
 * 10-minute 1080p clip on this machine, and the public pages' p99 at rest and while it runs
 * (target: at most twice). The clip is rendered once by ffmpeg from its test sources and kept in
 * `bench-results/`; the compiled server runs on PGlite in a fresh data folder with
 * TRANSCODE_CONCURRENCY=1, the public caches off (every request does its work) and the rate
 * limits raised; four clients in a closed loop ask the home page's API answers (posts, podcasts,
 * courses, one course, site information) for BENCH_TRANSCODE_LOAD_SECONDS at rest (after a 5-second
 * warm-up), then again while the lesson transcodes. Writes `bench-results/transcode.json`; exit code 1 only when the
 * bench could not run.
 *
 * Environment: BENCH_TRANSCODE_SECONDS length of the clip (default 600), BENCH_TRANSCODE_LOAD_SECONDS
 * length of each load phase (default 30).
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { renderTestClip } from '../src/modules/lessons/ffmpeg';
import { REPO_ROOT } from '../src/settings';
import { login, send } from '../test/crash/crash-client';
import { pgliteReader } from '../test/crash/crash-inspection';
import { startServerProcess, type ServerProcess } from '../test/helpers/server-process';
import { tempDir } from '../test/helpers/test-app';

const CLIP_SECONDS = Number(process.env.BENCH_TRANSCODE_SECONDS) || 600;
const LOAD_SECONDS = Number(process.env.BENCH_TRANSCODE_LOAD_SECONDS) || 30;
const CLIENTS = 4;
const PAGES = ['/api/posts', '/api/podcasts', '/api/products', '/api/products/1', '/api/site-information'];
const RESULTS_DIR = path.join(REPO_ROOT, 'bench-results');

const log = (message: string) => console.log(`[bench:transcode] ${message}`);

/** Latencies of a closed loop of {@link CLIENTS} clients over {@link PAGES} until `until` resolves true, ms. */
async function load(origin: string, until: () => boolean): Promise<{ count: number; errors: number; p50: number; p99: number }> {
  const latencies: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_v, client) => {
      for (let i = client; !until(); i += 1) {
        const started = performance.now();
        const response = await fetch(origin + PAGES[i % PAGES.length]!).catch(() => null);
        await response?.arrayBuffer();
        if (response?.status !== 200) errors += 1;
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10) / 10;
  return { count: latencies.length, errors, p50: at(0.5), p99: at(0.99) };
}

/** True for `seconds` from now. */
const forSeconds = (seconds: number) => {
  const end = Date.now() + seconds * 1000;
  return () => Date.now() >= end;
};

async function main(): Promise<number> {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const clip = path.join(RESULTS_DIR, `transcode-source-${CLIP_SECONDS}s-1080p.mp4`);
  if (!fs.existsSync(clip)) {
    log(`rendering a ${CLIP_SECONDS}-second 1080p clip (kept as ${clip})`);
    await renderTestClip({ ffmpegPath: process.env.FFMPEG_PATH || 'ffmpeg', ffprobePath: process.env.FFPROBE_PATH || 'ffprobe' }, `${clip}.partial.mp4`, CLIP_SECONDS, '1920x1080');
    fs.renameSync(`${clip}.partial.mp4`, clip);
  }
  const dataDir = tempDir('shop-bench-transcode-');
  const env = {
    DATA_DIR: dataDir,
    APP_KEY: randomBytes(32).toString('hex'),
    PUBLIC_CACHE_MS: '0',
    TRANSCODE_CONCURRENCY: '1',
    RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000',
    RATE_LIMIT_LOGIN_IP_PER_MINUTE: '1000',
    RATE_LIMIT_LOGIN_ACCOUNT_NEW_DEVICE_PER_15_MINUTES: '1000',
  };
  let server: ServerProcess | undefined;
  try {
    // First start seeds; the session waiting for the clip is written while the server is stopped (PGlite).
    server = await startServerProcess(env);
    await server.stop();
    const source = `sessions/${randomUUID()}.mp4`;
    // Copied where LocalFileStorage keeps private files (its putPrivate takes a buffer; the clip is about a GB).
    fs.mkdirSync(path.join(dataDir, 'private', 'sessions'), { recursive: true });
    fs.copyFileSync(clip, path.join(dataDir, 'private', source));
    const db = pgliteReader(dataDir);
    const [session] = await db
      .query<{ id: number }>(
        `update product_sessions set media_status = 'failed', media_error = 'bench', media_source = $1
         where id = (select min(id) from product_sessions) returning id`,
        [source],
      )
      .finally(() => db.close());
    server = await startServerProcess(env);
    const origin = server.origin;

    // Warm-up (the first answers compile code and fill pools), not counted.
    await load(origin, forSeconds(5));
    log(`public pages at rest, ${LOAD_SECONDS} s`);
    const atRest = await load(origin, forSeconds(LOAD_SECONDS));
    const headers = await login(origin, 'super@example.com', 'Super12345');
    const url = `/api/dashboard/product-sessions/${session!.id}`;
    const queued = await send(origin, `${url}/media/retry`, { method: 'POST', headers });
    if (queued?.status !== 202) throw new Error(`retry answered ${queued?.status}`);
    const began = Date.now();
    let status = 'queued';
    let progress = 0;
    const watch = (async () => {
      while (status !== 'ready' && status !== 'failed') {
        const answer = await send(origin, url, { headers });
        const data = (answer?.body as { data?: { media_status: string; media_progress: number } } | undefined)?.data;
        if (data) [status, progress] = [data.media_status, data.media_progress];
        await sleep(1000);
      }
    })();
    while (status === 'queued') await sleep(200);
    log(`public pages while the lesson transcodes, ${LOAD_SECONDS} s`);
    const during = await load(origin, () => forSeconds(LOAD_SECONDS)() || status === 'ready' || status === 'failed');
    const duringEndedAt = progress;
    log('waiting for the transcode to end');
    await watch;
    const wallSeconds = Math.round((Date.now() - began) / 100) / 10;
    const report = {
      measuredAt: new Date().toISOString(),
      clip: { seconds: CLIP_SECONDS, size: '1920x1080', bytes: fs.statSync(clip).size },
      transcode: { status, wallSeconds, realTimeFactor: Math.round((CLIP_SECONDS / wallSeconds) * 100) / 100 },
      pages: { clients: CLIENTS, loadSeconds: LOAD_SECONDS, atRest, during, duringEndedAtPercent: duringEndedAt },
      p99Ratio: Math.round((during.p99 / atRest.p99) * 100) / 100,
      target: 'p99 during ≤ 2 × p99 at rest',
    };
    log(`transcode ${status} in ${wallSeconds} s (${report.transcode.realTimeFactor}× real time)`);
    log(`p99 at rest ${atRest.p99} ms, during ${during.p99} ms (${report.p99Ratio}×; target ≤ 2×), p50 ${atRest.p50} / ${during.p50} ms`);
    const file = path.join(RESULTS_DIR, 'transcode.json');
    fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    log(`written ${file}`);
    return 0;
  } finally {
    await server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[bench:transcode] failed:', error);
    process.exit(1);
  },
);
