/**
 * API figures of `npm run bench` (issue 9 "The API near the ceiling"): on PostgreSQL with the demo
 * data, the real app listening on a port against a bare Fastify server that answers each measured
 * path with the exact status, headers and bytes the app sent for it (captured once). For
 * `GET /api/posts`, `/api/posts/:id`, `/api/products` and `/api/search?q=…`: autocannon at 50
 * connections, a warm-up of each, then rounds alternating app, bare, app, bare. Reports per endpoint
 * the req/s of each (mean of the rounds), the ratio app/bare, and the app's p50 (median of the rounds)
 * and p99 (worst round). Targets: each endpoint ≥ 50 % of the bare server, p99 ≤ 25 ms.
 *
 * The load generator runs in its own process (autocannon's CLI), so it does not share the servers'
 * event loop; both servers run in this process, one after the other. Requests carry the headers of
 * a browser's fetch (JSON, gzip/br accepted), so compression is measured as visitors get it.
 * The global rate limit is raised through `buildApp`'s `rateLimit` option (settings.ts); it still
 * runs on every request, as in production. Logging is on (info, written to /dev/null), as `npm start`.
 * The cache of anonymous public answers is on, as in production; PUBLIC_CACHE_MS=0 measures without it.
 *
 * The database is BENCH_API_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench_api),
 * created when missing; its schemas are dropped and rebuilt (migrated, demo seed) on every run.
 * BENCH_API_ROUNDS (default 4) and BENCH_API_SECONDS (default 5) change the rounds. Writes
 * `bench-results/api.json` at the repository root.
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
import { freshDatabase } from './bench-db';

const URL_DEFAULT = 'postgres://postgres@127.0.0.1:5432/bench_api';
const CONNECTIONS = 50;
const WARMUP_SECONDS = 3;
const TARGETS = { ratio: 0.5, p99Ms: 25 };
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

async function main(): Promise<void> {
  const url = process.env.BENCH_API_DATABASE_URL || URL_DEFAULT;
  const rounds = Number(process.env.BENCH_API_ROUNDS || 4);
  const seconds = Number(process.env.BENCH_API_SECONDS || 5);
  console.log(`[bench:api] PostgreSQL ${url.replace(/\/\/[^@]*@/, '//…@')}: fresh schema, demo seed…`);
  await freshDatabase(url);
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
    await app.db.execute(sql`vacuum analyze`);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const appBase = baseOf(app);

    const firstPost = (await (await fetch(`${appBase}/api/posts?per_page=1`)).json()) as { data: { id: number }[] };
    const endpoints = [
      { name: 'GET /api/posts', path: '/api/posts' },
      { name: 'GET /api/posts/:id', path: `/api/posts/${firstPost.data[0]!.id}` },
      { name: 'GET /api/products', path: '/api/products' },
      { name: 'GET /api/search?q=…', path: `/api/search?q=${encodeURIComponent('برنامه')}` },
    ];
    const answers = new Map<string, Captured>();
    for (const endpoint of endpoints) answers.set(endpoint.path, await capture(appBase + endpoint.path));
    bare = await bareServer(answers);
    const bareBase = baseOf(bare);

    const rows = [];
    for (const endpoint of endpoints) {
      const captured = answers.get(endpoint.path)!;
      console.log(`[bench:api] ${endpoint.name}: warm-up, then ${rounds} × (app, bare) of ${seconds} s…`);
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

    const pad = (value: string, width: number) => value.padStart(width);
    const out = [
      '',
      `API on PostgreSQL, demo data — autocannon ${CONNECTIONS} connections, ${rounds} × (app, bare) rounds of ${seconds} s after a ${WARMUP_SECONDS} s warm-up of each`,
      'req/s: mean of the rounds; p50: median of the rounds; p99: worst round; bare = Fastify answering the same bytes',
      '',
      `${'endpoint'.padEnd(22)} ${pad('bytes', 7)} ${pad('app req/s', 10)} ${pad('bare req/s', 11)} ${pad('app/bare', 9)} ${pad('p50 ms', 7)} ${pad('p99 ms', 7)}`,
      ...rows.map(
        (r) =>
          `${r.name.padEnd(22)} ${pad(`${r.bytes}${r.contentEncoding ? ` ${r.contentEncoding}` : ''}`, 7)} ${pad(r.appRps.toFixed(0), 10)} ${pad(
            r.bareRps.toFixed(0),
            11,
          )} ${pad(`${(r.ratio * 100).toFixed(1)} %`, 9)} ${pad(String(r.appP50Ms), 7)} ${pad(String(r.appP99Ms), 7)}`,
      ),
    ];
    const failures = rows.reduce((sum, r) => sum + r.failures, 0);
    if (failures > 0) out.push('', `WARNING: ${failures} responses were not 2xx or failed: the figures are not comparable`);
    const missed = rows.filter((r) => r.ratio < TARGETS.ratio || r.appP99Ms > TARGETS.p99Ms).map((r) => r.name);
    out.push(
      '',
      `VERDICT: targets ≥ ${TARGETS.ratio * 100} % of bare and p99 ≤ ${TARGETS.p99Ms} ms — ${missed.length ? `MISSED by ${missed.join(', ')}` : 'met'}`,
    );
    console.log(out.join('\n'));

    const resultsDir = path.join(REPO_ROOT, 'bench-results');
    fs.mkdirSync(resultsDir, { recursive: true });
    const json = {
      measuredAt: new Date().toISOString(),
      database: 'postgres',
      data: 'demo',
      connections: CONNECTIONS,
      rounds,
      secondsPerRound: seconds,
      requestHeaders: REQUEST_HEADERS,
      targets: TARGETS,
      endpoints: rows,
    };
    fs.writeFileSync(path.join(resultsDir, 'api.json'), `${JSON.stringify(json, null, 2)}\n`);
    console.log(`\n[bench:api] written ${path.join(resultsDir, 'api.json')}`);
  } finally {
    await bare?.close();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('[bench:api] failed:', error);
  process.exit(1);
});
