/**
 * The segment figure of `npm run bench` (issue 38 item 2, «the added time per segment request, as a
 * ratio in one run»): a buyer's lesson segment through `GET /api/media/lessons/:id/hls/…` (its
 * signature checked against the caller's own token, its stream against the registry, the right
 * to view from the route's cache), beside two references measured in the same process the same
 * way (Fastify `inject`, the same stored bytes):
 *
 * - `reference`: a bare route that sends the segment with no check at all;
 * - `before`: that route doing what a segment cost before issue 38, the signed-in caller looked up
 *   in the database (the token marked used, then the user: two queries).
 *
 * and `marked`: another buyer's segment of a lesson with the forensic watermark (issue 38 item 3),
 * served only in the version (A or B) their playlist names: one more HMAC per segment.
 *
 * Run with the in-process registry and, when the local Redis answers (REDIS_URL, default
 * redis://127.0.0.1:6379), with the Redis one; both on PGlite in memory. Each figure is the median
 * of ROUNDS rounds of BATCH requests, the three kinds taking turns so that drift hits them alike.
 * The database statements sent while the segments are measured are counted through drizzle's
 * logger: none is awaited by a segment; what shows is the re-check of the viewer's right to view
 * that runs beside a segment's answer once every 30 s (about six statements per viewer and lesson).
 * Writes `bench-results/streams.json` at the repository root.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { LessonPlayback } from '@shop/contracts';
import { buildApp } from '../src/app';
import { createPglite } from '../src/db/client';
import { sendStoredFile } from '../src/lib/stored-file-reply';
import { productSessions } from '../src/modules/commerce/tables';
import { resolveToken } from '../src/modules/users/access-tokens';
import { getUserById } from '../src/modules/users/users-service';
import { REPO_ROOT } from '../src/settings';
import { buy, newBuyer, newCourse } from '../test/helpers/commerce-fixtures';
import { countQueries } from '../test/helpers/query-counter';

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const WARMUP = 300;
const ROUNDS = 15;
const BATCH = 200;
/** The segment: 6 s of 720p is about 1.5 MB; a small one shows the checks' share at its largest. */
const SEGMENT_BYTES = 64 * 1024;

type Kind = 'segment' | 'marked' | 'reference' | 'before';

/** The figures of one registry store, microseconds per request. */
interface StoreFigures {
  store: 'memory' | 'redis';
  reference_us: number;
  segment_us: number;
  before_us: number;
  /** segment − reference: what the signature and the stream check add. */
  added_us: number;
  /** A segment of a marked lesson (issue 38 item 3), and what its A/B check adds to a plain one's. */
  marked_us: number;
  forensic_added_us: number;
  marked_ratio: number;
  /** segment ÷ reference. */
  ratio: number;
  /** before ÷ reference: the same ratio with the two queries a segment cost before issue 38. */
  before_ratio: number;
  /** Database statements per segment request (drizzle's logger) over every measured one: only the 30-second re-checks beside the answers. */
  statements_per_segment: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** True when Redis answers at `url` within a second. */
async function redisAnswers(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** What {@link lessonApp} sets up: a plain lesson's buyer and a marked lesson's buyer, each with their playback's segment URL. */
interface LessonSetup {
  app: FastifyInstance;
  headers: Record<string, string>;
  segmentUrl: string;
  marked: { headers: Record<string, string>; segmentUrl: string };
  key: string;
}

/**
 * An app with a course of two paid lessons (tiny HLS of one segment each; the second with B
 * segments, issue 38 item 3) and two buyers, each playing one of them (one stream an account).
 */
async function lessonApp(store: StoreFigures['store']): Promise<LessonSetup> {
  const pglite = createPglite();
  await pglite.waitReady;
  const redis = store === 'redis' ? { redisUrl: REDIS_URL, streamsNamespace: `bench-streams-${randomBytes(6).toString('hex')}:` } : {};
  const app = await buildApp({ pglite, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-streams-')), seed: false, demoLesson: false, serveStatic: false, logger: false, ...redis });
  const course = await newCourse(app, { price: 100_000, sessions: [{}, {}] });
  const [plainId, markedId] = course.sessionIds as [number, number];
  const segment = randomBytes(SEGMENT_BYTES);
  const storeLesson = async (sessionId: number, files: string[], marked: boolean) => {
    const prefix = `lessons/${sessionId}/bench/`;
    await app.storage.putPrivate(`${prefix}master.m3u8`, Buffer.from('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\nv0/index.m3u8\n'));
    await app.storage.putPrivate(`${prefix}v0/index.m3u8`, Buffer.from(`#EXTM3U\n#EXT-X-TARGETDURATION:6\n#EXTINF:6,\n${files[0]}\n#EXT-X-ENDLIST\n`));
    for (const file of files) await app.storage.putPrivate(`${prefix}v0/${file}`, segment);
    await app.db
      .update(productSessions)
      .set({ hls: prefix, media_kind: 'video', media_status: 'ready', duration_seconds: 6, forensic_renditions: marked ? ['v0'] : null })
      .where(eq(productSessions.id, sessionId));
    return prefix;
  };
  const prefix = await storeLesson(plainId, ['seg_000.ts'], false);
  await storeLesson(markedId, ['seg00000.ts', 'b/seg00000.ts'], true);
  /** A new buyer's playback of `sessionId` and the URL of the first segment their playlist names. */
  const play = async (sessionId: number) => {
    const buyer = await newBuyer(app);
    await buy(app, buyer, course.id);
    const response = await app.inject({
      method: 'POST',
      url: `/api/product-sessions/${sessionId}/playback`,
      headers: { ...buyer.headers, 'x-device-key': randomBytes(32).toString('base64url'), 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' },
      payload: {},
    });
    if (response.statusCode !== 200) throw new Error(`playback: ${response.statusCode} ${response.body}`);
    const playback = response.json<{ data: LessonPlayback }>().data;
    // The media playlist: the caller's right to view, checked and kept for the segments.
    const playlistUrl = playback.hls_url.replace('master.m3u8', 'v0/index.m3u8');
    const playlist = await app.inject({ url: playlistUrl, headers: buyer.headers });
    const first = new URL(playlist.body.split('\n').find((line) => line !== '' && !line.startsWith('#'))!, `http://bench${playlistUrl}`);
    return { headers: buyer.headers, segmentUrl: first.pathname + first.search };
  };
  const plain = await play(plainId);
  return { app, ...plain, marked: await play(markedId), key: `${prefix}v0/seg_000.ts` };
}

/** The references: the same stored segment with no check, and with the signed-in caller looked up as before issue 38. */
async function referenceServer(app: FastifyInstance, key: string): Promise<FastifyInstance> {
  const bare = Fastify({ logger: false });
  const source = { stat: () => app.storage.statPrivate(key), open: (range?: { start: number; end: number }) => app.storage.openPrivate(key, range) };
  const headers = { contentType: 'video/mp2t', cacheControl: 'private, no-cache' };
  bare.get('/reference', (request, reply) => sendStoredFile(request, reply, source, headers));
  bare.get('/before', async (request, reply) => {
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    const userId = await resolveToken(app.db, token);
    if (userId === null || !(await getUserById(app.db, userId))) return reply.code(403).send();
    return sendStoredFile(request, reply, source, headers);
  });
  await bare.ready();
  return bare;
}

/** Microseconds per request of one batch of `kind`. */
async function batch(send: () => Promise<{ statusCode: number }>): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < BATCH; i++) {
    const { statusCode } = await send();
    if (statusCode !== 200) throw new Error(`a measured request answered ${statusCode}`);
  }
  return ((performance.now() - started) * 1000) / BATCH;
}

async function measure(store: StoreFigures['store']): Promise<StoreFigures> {
  const { app, headers, segmentUrl, marked, key } = await lessonApp(store);
  const bare = await referenceServer(app, key);
  try {
    const send: Record<Kind, () => Promise<{ statusCode: number }>> = {
      segment: () => app.inject({ url: segmentUrl, headers }),
      marked: () => app.inject({ url: marked.segmentUrl, headers: marked.headers }),
      reference: () => bare.inject({ url: '/reference', headers }),
      before: () => bare.inject({ url: '/before', headers }),
    };
    for (const kind of Object.keys(send) as Kind[]) for (let i = 0; i < WARMUP; i++) await send[kind]();
    const times: Record<Kind, number[]> = { segment: [], marked: [], reference: [], before: [] };
    const counter = countQueries(app);
    let segmentQueries = 0;
    try {
      for (let round = 0; round < ROUNDS; round++) {
        for (const kind of (round % 2 ? ['reference', 'marked', 'before', 'segment'] : ['segment', 'before', 'marked', 'reference']) as Kind[]) {
          const seen = counter.queries.length;
          times[kind].push(await batch(send[kind]));
          if (kind === 'segment') segmentQueries += counter.queries.length - seen;
        }
      }
    } finally {
      counter.stop();
    }
    const [reference, segmentUs, markedUs, before] = [median(times.reference), median(times.segment), median(times.marked), median(times.before)];
    const round2 = (value: number) => Math.round(value * 100) / 100;
    return {
      store,
      reference_us: round2(reference),
      segment_us: round2(segmentUs),
      before_us: round2(before),
      added_us: round2(segmentUs - reference),
      ratio: round2(segmentUs / reference),
      marked_us: round2(markedUs),
      forensic_added_us: round2(markedUs - segmentUs),
      marked_ratio: round2(markedUs / reference),
      before_ratio: round2(before / reference),
      statements_per_segment: Math.round((segmentQueries / (ROUNDS * BATCH)) * 10_000) / 10_000,
    };
  } finally {
    await bare.close();
    await app.close();
  }
}

async function main(): Promise<number> {
  const stores: StoreFigures['store'][] = (await redisAnswers(REDIS_URL)) ? ['memory', 'redis'] : ['memory'];
  if (stores.length === 1) console.log(`[bench:streams] Redis does not answer at ${REDIS_URL}: the in-process registry only`);
  const figures: StoreFigures[] = [];
  for (const store of stores) figures.push(await measure(store));
  console.log('[bench:streams] a lesson segment (64 KB) per request, median of %d × %d, µs (issue 38 item 2):', ROUNDS, BATCH);
  console.table(figures);
  const resultsDir = path.join(REPO_ROOT, 'bench-results');
  fs.mkdirSync(resultsDir, { recursive: true });
  fs.writeFileSync(
    path.join(resultsDir, 'streams.json'),
    `${JSON.stringify({ measured_at: new Date().toISOString(), segment_bytes: SEGMENT_BYTES, rounds: ROUNDS, batch: BATCH, figures }, null, 2)}\n`,
  );
  // Reported, not enforced (the API test proves that no segment waits for the database).
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[bench:streams] failed:', error);
    process.exit(2);
  },
);
