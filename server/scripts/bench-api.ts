/**
 * API figures of `npm run bench` (issue 9 "The API near the ceiling"): on PostgreSQL, the real app
 * listening on a port against a bare Fastify server that answers each measured path with the exact
 * status, headers and bytes the app sent for it (captured once). For each public list — posts,
 * podcasts, products, the comments of a post, search — and one post: autocannon at 50
 * connections, a warm-up of each, then rounds alternating app, bare, app, bare. Reports per endpoint
 * the req/s of each (mean of the rounds), the ratio app/bare, and the app's p50 (median of the rounds)
 * and p99 (worst round), first on the demo data, then on the scale data, then how p99 grew.
 * Targets: demo data ≥ 50 % of the bare server and p99 ≤ 25 ms; scale data p99 ≤ 50 ms.
 *
 * The load generator runs in its own process (autocannon's CLI), so it does not share the servers'
 * event loop; both servers run in this process, one after the other. Requests carry the headers of
 * a browser's fetch (JSON, gzip/br accepted), so compression is measured as visitors get it.
 * The global rate limit is raised through `buildApp`'s `rateLimit` option (settings.ts); it still
 * runs on every request, as in production. Logging is on (info, written to /dev/null), as `npm start`.
 * The cache of anonymous public answers is on, as in production; PUBLIC_CACHE_MS=0 measures without it.
 *
 * Demo data: BENCH_API_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench_api), created
 * when missing, its schemas dropped and rebuilt (migrated, demo seed) on every run.
 * Scale data: BENCH_SCALE_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench_scale) is
 * kept between runs: it is migrated and topped up to the scale of `seedScale` (src/seed/scale.ts;
 * about 3 minutes when empty, a few seconds when already full). BENCH_SCALE_FRESH=1 drops it first.
 * BENCH_API_DATA=demo|scale measures one of the two (default both). BENCH_API_ROUNDS (default 3)
 * and BENCH_API_SECONDS (default 4) change the rounds. Writes `bench-results/api.json` at the
 * repository root.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { REPO_ROOT } from '../src/settings';
import { openDatabase } from '../src/db/client';
import { seedScale } from '../src/seed/scale';
import { createDatabaseIfMissing, freshDatabase, SCALE_DATABASE_URL } from './bench-db';

const URL_DEFAULT = 'postgres://postgres@127.0.0.1:5432/bench_api';
const CONNECTIONS = 50;
const WARMUP_SECONDS = 2;
/** Issue 9: demo data ≥ 50 % of the bare server and p99 ≤ 25 ms; every public list and search p99 ≤ 50 ms at scale. */
const TARGETS = { demo: { ratio: 0.5, p99Ms: 25 }, scale: { p99Ms: 50 } };
/** What a browser's fetch of the API sends (besides Host and Connection). */
const REQUEST_HEADERS: Record<string, string> = {
  accept: 'application/json',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'fa-IR,fa;q=0.9',
};
/** Response headers the bare server does not copy: they describe one connection or one moment. */
const PER_RESPONSE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

interface Captured {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

interface Round {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

/** Status, headers and raw (still compressed) body the app answers for `url` with {@link REQUEST_HEADERS}. */
function capture(url: string): Promise<Captured> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: REQUEST_HEADERS }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          if (response.statusCode !== 200) return reject(new Error(`${url} answered ${response.statusCode}`));
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(response.headers)) {
            if (value !== undefined && !PER_RESPONSE_HEADERS.has(name)) headers[name] = String(value);
          }
          resolve({ status: response.statusCode, headers, body: Buffer.concat(chunks) });
        });
      })
      .on('error', reject);
  });
}

/** A Fastify server with no plugins that answers each captured path as the app did. */
async function bareServer(answers: Map<string, Captured>): Promise<FastifyInstance> {
  const bare = Fastify({ logger: false });
  bare.get('/*', (request, reply) => {
    const answer = answers.get(request.url);
    if (!answer) return reply.code(404).send();
    return reply.code(answer.status).headers(answer.headers).send(answer.body);
  });
  await bare.listen({ host: '127.0.0.1', port: 0 });
  return bare;
}

function baseOf(server: FastifyInstance): string {
  return `http://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
}

/** Runs autocannon's CLI in a child process for `seconds` against `url`; its figures. */
function load(url: string, seconds: number): Promise<Round> {
  const cli = require.resolve('autocannon/autocannon.js');
  const headerArgs = Object.entries(REQUEST_HEADERS).flatMap(([name, value]) => ['-H', `${name}=${value}`]);
  const args = [cli, '-c', String(CONNECTIONS), '-d', String(seconds), '-j', '-n', ...headerArgs, url];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const result = JSON.parse(out) as {
        requests: { average: number };
        latency: { p50: number; p99: number };
        non2xx: number;
        errors: number;
      };
      resolve({
        requestsPerSecond: result.requests.average,
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    });
  });
}

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / values.length;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** One endpoint's figures on one data set. */
interface EndpointFigures {
  name: string;
  path: string;
  bytes: number;
  contentEncoding: string | null;
  appRps: number;
  bareRps: number;
  ratio: number;
  appP50Ms: number;
  appP99Ms: number;
  bareP99Ms: number;
  failures: number;
  appRounds: Round[];
  bareRounds: Round[];
}

/** The measured endpoints on a running app: the lists, one post and its comments (the most commented of the newest 50). */
async function endpointsOf(appBase: string): Promise<Array<{ name: string; path: string }>> {
  const newest = (await (await fetch(`${appBase}/api/posts?per_page=50`)).json()) as { data: { id: number; comments_count: number }[] };
  const post = newest.data.reduce((best, p) => (p.comments_count > best.comments_count ? p : best), newest.data[0]!);
  return [
    { name: 'GET /api/posts', path: '/api/posts' },
    { name: 'GET /api/posts/:id', path: `/api/posts/${newest.data[0]!.id}` },
    { name: 'GET /api/posts/:id/comments', path: `/api/posts/${post.id}/comments` },
    { name: 'GET /api/podcasts', path: '/api/podcasts' },
    { name: 'GET /api/products', path: '/api/products' },
    { name: 'GET /api/search?q=…', path: `/api/search?q=${encodeURIComponent('برنامه')}` },
  ];
}

/** Serves `url`'s data with the app and the bare server and measures every endpoint, rounds alternating. */
async function measure(label: string, url: string, rounds: number, seconds: number): Promise<EndpointFigures[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-api-'));
  const app = await buildApp({
    databaseUrl: url,
    dataDir,
    logger: { level: 'info', file: '/dev/null' },
    serveStatic: false,
    rateLimit: { global: 1_000_000_000 },
  });
  let bare: FastifyInstance | undefined;
  try {
    if (label === 'scale') {
      const started = Date.now();
      // On a connection of its own: bulk inserts and index builds outlast the request pool's
      // statement timeout (issue 23), which holds for requests, not for seeding.
      const seeding = await openDatabase({ url });
      const written = await seedScale(seeding.db).finally(() => seeding.close());
      console.log(`[bench:api] scale data ready in ${((Date.now() - started) / 1000).toFixed(0)} s (written: ${JSON.stringify(written)})`);
    } else {
      await app.db.execute(sql`vacuum analyze`);
    }
    await app.listen({ host: '127.0.0.1', port: 0 });
    const appBase = baseOf(app);
    const endpoints = await endpointsOf(appBase);
    const answers = new Map<string, Captured>();
    for (const endpoint of endpoints) answers.set(endpoint.path, await capture(appBase + endpoint.path));
    bare = await bareServer(answers);
    const bareBase = baseOf(bare);

    const rows: EndpointFigures[] = [];
    for (const endpoint of endpoints) {
      const captured = answers.get(endpoint.path)!;
      console.log(`[bench:api] ${label}: ${endpoint.name}: warm-up, then ${rounds} × (app, bare) of ${seconds} s…`);
      await load(appBase + endpoint.path, WARMUP_SECONDS);
      await load(bareBase + endpoint.path, WARMUP_SECONDS);
      const appRounds: Round[] = [];
      const bareRounds: Round[] = [];
      for (let i = 0; i < rounds; i++) {
        appRounds.push(await load(appBase + endpoint.path, seconds));
        bareRounds.push(await load(bareBase + endpoint.path, seconds));
      }
      const appRps = mean(appRounds.map((r) => r.requestsPerSecond));
      const bareRps = mean(bareRounds.map((r) => r.requestsPerSecond));
      rows.push({
        ...endpoint,
        bytes: captured.body.length,
        contentEncoding: captured.headers['content-encoding'] ?? null,
        appRps,
        bareRps,
        ratio: appRps / bareRps,
        appP50Ms: median(appRounds.map((r) => r.p50Ms)),
        appP99Ms: Math.max(...appRounds.map((r) => r.p99Ms)),
        bareP99Ms: Math.max(...bareRounds.map((r) => r.p99Ms)),
        failures: [...appRounds, ...bareRounds].reduce((sum, r) => sum + r.non2xx + r.errors, 0),
        appRounds,
        bareRounds,
      });
    }
    return rows;
  } finally {
    await bare?.close();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const pad = (value: string, width: number) => value.padStart(width);

/** The table of one data set, with its verdict against `targets`. */
function report(label: string, rows: EndpointFigures[], targets: { ratio?: number; p99Ms: number }): string[] {
  const failures = rows.reduce((sum, r) => sum + r.failures, 0);
  const missed = rows.filter((r) => (targets.ratio !== undefined && r.ratio < targets.ratio) || r.appP99Ms > targets.p99Ms).map((r) => r.name);
  const goal = `${targets.ratio !== undefined ? `≥ ${targets.ratio * 100} % of bare and ` : ''}p99 ≤ ${targets.p99Ms} ms`;
  return [
    '',
    `${label} data`,
    `${'endpoint'.padEnd(27)} ${pad('bytes', 8)} ${pad('app req/s', 10)} ${pad('bare req/s', 11)} ${pad('app/bare', 9)} ${pad('p50 ms', 7)} ${pad('p99 ms', 7)}`,
    ...rows.map(
      (r) =>
        `${r.name.padEnd(27)} ${pad(`${r.bytes}${r.contentEncoding ? ` ${r.contentEncoding}` : ''}`, 8)} ${pad(r.appRps.toFixed(0), 10)} ${pad(
          r.bareRps.toFixed(0),
          11,
        )} ${pad(`${(r.ratio * 100).toFixed(1)} %`, 9)} ${pad(String(r.appP50Ms), 7)} ${pad(String(r.appP99Ms), 7)}`,
    ),
    ...(failures > 0 ? [`WARNING: ${failures} responses were not 2xx or failed: the figures are not comparable`] : []),
    `VERDICT (${label}): ${goal} — ${missed.length ? `MISSED by ${missed.join(', ')}` : 'met'}`,
  ];
}

async function main(): Promise<void> {
  const demoUrl = process.env.BENCH_API_DATABASE_URL || URL_DEFAULT;
  const rounds = Number(process.env.BENCH_API_ROUNDS || 3);
  const seconds = Number(process.env.BENCH_API_SECONDS || 4);
  const data = process.env.BENCH_API_DATA || 'both';
  const loadBefore = os.loadavg();
  let demo: EndpointFigures[] = [];
  let scale: EndpointFigures[] = [];
  if (data !== 'scale') {
    console.log(`[bench:api] demo data: PostgreSQL ${demoUrl.replace(/\/\/[^@]*@/, '//…@')}: fresh schema, demo seed…`);
    await freshDatabase(demoUrl);
    demo = await measure('demo', demoUrl, rounds, seconds);
  }
  if (data !== 'demo') {
    console.log(`[bench:api] scale data: PostgreSQL ${SCALE_DATABASE_URL.replace(/\/\/[^@]*@/, '//…@')} (kept between runs)…`);
    if (process.env.BENCH_SCALE_FRESH === '1') await freshDatabase(SCALE_DATABASE_URL);
    else await createDatabaseIfMissing(SCALE_DATABASE_URL);
    scale = await measure('scale', SCALE_DATABASE_URL, rounds, seconds);
  }

  const out = [
    '',
    `API on PostgreSQL — autocannon ${CONNECTIONS} connections, ${rounds} × (app, bare) rounds of ${seconds} s after a ${WARMUP_SECONDS} s warm-up of each; public cache ${process.env.PUBLIC_CACHE_MS === '0' ? 'off' : 'on'}`,
    'req/s: mean of the rounds; p50: median of the rounds; p99: worst round; bare = Fastify answering the same bytes',
    `load average of the machine (1 min) before: ${loadBefore[0]!.toFixed(2)}, after: ${os.loadavg()[0]!.toFixed(2)} (2 cores; above 2 the figures include other work)`,
    ...(demo.length ? report('demo', demo, TARGETS.demo) : []),
    ...(scale.length ? report('scale', scale, TARGETS.scale) : []),
  ];
  if (demo.length && scale.length) {
    out.push('', 'p99 from demo to scale data', `${'endpoint'.padEnd(27)} ${pad('demo ms', 8)} ${pad('scale ms', 9)} ${pad('growth', 7)}`);
    for (const row of demo) {
      const big = scale.find((r) => r.name === row.name);
      if (big) out.push(`${row.name.padEnd(27)} ${pad(String(row.appP99Ms), 8)} ${pad(String(big.appP99Ms), 9)} ${pad(`×${(big.appP99Ms / row.appP99Ms).toFixed(2)}`, 7)}`);
    }
  }
  console.log(out.join('\n'));

  const resultsDir = path.join(REPO_ROOT, 'bench-results');
  fs.mkdirSync(resultsDir, { recursive: true });
  const json = {
    measuredAt: new Date().toISOString(),
    database: 'postgres',
    publicCacheMs: process.env.PUBLIC_CACHE_MS ?? 'default',
    loadAverage: { before: loadBefore[0], after: os.loadavg()[0] },
    connections: CONNECTIONS,
    rounds,
    secondsPerRound: seconds,
    requestHeaders: REQUEST_HEADERS,
    targets: TARGETS,
    demo,
    scale,
  };
  fs.writeFileSync(path.join(resultsDir, 'api.json'), `${JSON.stringify(json, null, 2)}\n`);
  console.log(`\n[bench:api] written ${path.join(resultsDir, 'api.json')}`);
}

main().catch((error: unknown) => {
  console.error('[bench:api] failed:', error);
  process.exit(1);
});
