/**
 * `npm run bench:load` (issue 10 "Load and faults"): the scale-out deployment of the two-instance
 * test (test/scale-out/deployment.ts: two compiled server processes on one scratch PostgreSQL
 * database, Redis, s3rver and Debian's nginx running docker/nginx/gateway.conf), serving the built
 * front ends (SERVE_STATIC; `npm run build` at the root first when a build is missing), under
 * - VISITORS (200) concurrent visitors, each sending its next request a think time after the last
 *   one answered (THINK_MS: uniform between half and one and a half of it, 1 s by default; 0 sends
 *   back to back, 200 connections never idle): server-rendered pages (home, /posts, /posts/:id,
 *   /podcasts/:id, /products, /products/:id, as a browser asks for them), the API (/api/posts,
 *   /api/posts/:id, /api/search?q=…) and media (cover images, and podcast audio by Range, as
 *   players ask for it);
 * - CHECKOUTS_PER_SECOND (10) purchases started on schedule whatever the answers (open loop), each
 *   by its own signed-in user (cookie auth, XSRF header): the CSRF cookie, add a course to the cart,
 *   checkout, the hidden form to the sandbox gateway, its pay page, and the verify callback;
 * for SECONDS (60), after one request of each kind to each instance (warm servers). Each visitor
 * and buyer sends its own client address in X-Forwarded-For, which the instances believe from nginx
 * on this host (TRUST_PROXY=loopback), so per-IP counters are per visitor; the global and checkout
 * rate limits are raised through the environment. A request unanswered after 30 s is an error.
 *
 * The load runs in a child process (this file, forked; bench-load-generator.ts), so the load generator shares neither the
 * event loop of s3rver (in this process) nor the servers'. Latency is per request, from sending to
 * the last byte of the answer, in Node's HDR histograms (perf_hooks.createHistogram).
 *
 * Reports requests/s, p50/p99 per endpoint group, network errors, non-2xx answers other than the
 * expected 303s of the payment flow, and then from the database: every checkout whose verify was
 * acknowledged (303 to `payment=paid`) must be paid exactly once (order paid, one paid attempt, no
 * other paid order of that buyer). Then each instance's resident memory (VmRSS, and its peak
 * VmHWM, from /proc/<pid>/status; V8's heap from its /metrics), and the CPU seconds each part used
 * during the run beside the machine's (other work shares it). Targets (PASS/FAIL): zero errors,
 * zero unexpected answers, every checkout acknowledged, zero lost or doubled purchases, VmRSS
 * ≤ 400 MB per instance. Writes `bench-results/load.json` at the repository root; exit code 1 when
 * a target failed.
 *
 * Environment: BENCH_LOAD_SECONDS (60), BENCH_LOAD_VISITORS (200), BENCH_LOAD_THINK_MS (1000),
 * BENCH_LOAD_CHECKOUTS_PER_SECOND (10); DATABASE_URL names the PostgreSQL server the scratch
 * database is made on (default postgres://postgres@127.0.0.1:5432/postgres); Redis at
 * 127.0.0.1:6379.
 */
import { fork, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import type { Paginated, Podcast, Post, Product } from '@shop/contracts';
import { REMOTE_NAMES } from '@shop/contracts';
import { hashPassword } from '../src/lib/passwords';
import { hashToken } from '../src/modules/users/access-tokens';
import { REPO_ROOT } from '../src/settings';
import { startDeployment, type Deployment } from '../test/scale-out/deployment';
import { REQUEST_TIMEOUT_MS, runLoad, SEARCHES, type Acknowledged, type Buyer, type LoadPlan, type LoadResult } from './bench-load-generator';

const SECONDS = Number(process.env.BENCH_LOAD_SECONDS || 60);
const VISITORS = Number(process.env.BENCH_LOAD_VISITORS || 200);
const CHECKOUTS_PER_SECOND = Number(process.env.BENCH_LOAD_CHECKOUTS_PER_SECOND || 10);
const THINK_MS = Number(process.env.BENCH_LOAD_THINK_MS ?? 1000);
/** Issue 10: each instance's resident memory after the run. */
const RSS_TARGET_MB = 400;
const log = (message: string) => console.log(`[bench:load] ${message}`);

// ---------------------------------------------------------------------------------------------
// The parent: deployment, plan, checks, report.

/** Builds the front ends when a build the server needs is missing (server rendering reads them). */
function ensureFrontEndsBuilt(): void {
  const needed = [
    path.join(REPO_ROOT, 'shell', 'dist', 'index.html'),
    path.join(REPO_ROOT, 'shell', 'dist', 'server'),
    ...REMOTE_NAMES.map((name) => path.join(REPO_ROOT, 'remotes', name, 'dist', 'server', 'mf-manifest.json')),
  ];
  const missing = needed.filter((file) => !fs.existsSync(file));
  if (!missing.length) return;
  log(`front ends not built (${path.relative(REPO_ROOT, missing[0]!)} missing): npm run build…`);
  const build = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('npm run build failed');
}

/** The site's ids and media paths, read through the gateway. */
async function siteContent(origin: string): Promise<Omit<LoadPlan, 'origin' | 'seconds' | 'visitors' | 'thinkMs' | 'checkoutsPerSecond' | 'buyers'>> {
  const list = async <T>(url: string) => {
    const response = await fetch(origin + url, { headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return ((await response.json()) as Paginated<T>).data;
  };
  const [posts, podcasts, products] = await Promise.all([
    list<Post>('/api/posts?per_page=50'),
    list<Podcast>('/api/podcasts?per_page=50'),
    list<Product>('/api/products?per_page=50'),
  ]);
  const images = [...posts, ...podcasts, ...products].flatMap((item) => (item.image ? [item.image] : []));
  const audio = podcasts.flatMap((podcast) => (podcast.file ? [podcast.file] : []));
  const paidProducts = products.filter((product) => product.price > 0).map((product) => product.id);
  if (!posts.length || !podcasts.length || !paidProducts.length || !images.length || !audio.length) {
    throw new Error('the demo seed lacks posts, podcasts, paid courses, images or audio');
  }
  return { posts: posts.map((p) => p.id), podcasts: podcasts.map((p) => p.id), products: products.map((p) => p.id), paidProducts, images, audio };
}

/**
 * Asks each instance directly for every page and API path of the mix once, so that the run measures
 * warm servers (the first page an instance renders loads the remotes' server bundles).
 */
async function warmUp(deployment: Deployment, content: Awaited<ReturnType<typeof siteContent>>): Promise<void> {
  const pages = ['/', '/posts', `/posts/${content.posts[0]}`, `/podcasts/${content.podcasts[0]}`, '/products', `/products/${content.products[0]}`];
  const api = ['/api/posts', `/api/posts/${content.posts[0]}`, `/api/search?q=${encodeURIComponent(SEARCHES[0]!)}`, content.images[0]!];
  for (const instance of deployment.instances) {
    for (const url of pages) await fetch(instance.origin + url, { headers: { accept: 'text/html' } }).then((response) => response.text());
    for (const url of api) await fetch(instance.origin + url).then((response) => response.arrayBuffer());
  }
}

/**
 * Signed-in buyers made directly in the database (set-up, not measured): verified users with one
 * password hash between them and a personal access token each (stored as its sha256, as the app does).
 */
async function createBuyers(databaseUrl: string, count: number): Promise<Buyer[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const run = randomBytes(4).toString('hex');
    const passwordHash = await hashPassword(randomBytes(12).toString('hex'));
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO users (full_name, email, password_hash, email_verified_at)
       SELECT 'خریدار آزمون بار ' || n, 'load-' || $1 || '-' || n || '@example.com', $2, now()
       FROM generate_series(1, $3::int) AS n ORDER BY n RETURNING id`,
      [run, passwordHash, count],
    );
    const buyers = rows.map((row) => ({ id: row.id, token: randomBytes(40).toString('base64url') }));
    await client.query(
      `INSERT INTO personal_access_tokens (user_id, token_hash, expires_at)
       SELECT * FROM unnest($1::int[], $2::text[], array_fill(now() + interval '1 day', ARRAY[$3::int]))`,
      [buyers.map((b) => b.id), buyers.map((b) => hashToken(b.token)), buyers.length],
    );
    return buyers;
  } finally {
    await client.end();
  }
}

/** Checks every acknowledged purchase in the database: paid, one paid attempt, one paid order per buyer. */
async function checkPurchases(databaseUrl: string, acknowledged: Acknowledged[], buyers: Buyer[]) {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number; user_id: number; payment_status: string; paid_attempts: number }>(
      `SELECT o.id, o.user_id, o.payment_status,
              (SELECT count(*)::int FROM payments p WHERE p.order_id = o.id AND p.status = 'paid') AS paid_attempts
       FROM orders o WHERE o.id = ANY($1::int[])`,
      [acknowledged.map((a) => a.orderId)],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const lost = acknowledged.filter((a) => {
      const row = byId.get(a.orderId);
      return !row || row.user_id !== a.userId || row.payment_status !== 'paid' || row.paid_attempts !== 1;
    });
    const doubled = await client.query<{ user_id: number; paid: number }>(
      `SELECT user_id, count(*)::int AS paid FROM orders
       WHERE user_id = ANY($1::int[]) AND payment_status = 'paid' GROUP BY user_id HAVING count(*) > 1`,
      [buyers.map((b) => b.id)],
    );
    const paidInDatabase = await client.query<{ paid: number }>(
      `SELECT count(*)::int AS paid FROM orders WHERE user_id = ANY($1::int[]) AND payment_status = 'paid'`,
      [buyers.map((b) => b.id)],
    );
    return {
      acknowledged: acknowledged.length,
      paidAsAcknowledged: acknowledged.length - lost.length,
      lost: lost.map((a) => a.orderId),
      buyersPaidTwice: doubled.rows.map((row) => row.user_id),
      paidOrdersOfBuyers: paidInDatabase.rows[0]!.paid,
    };
  } finally {
    await client.end();
  }
}

/** VmRSS and VmHWM (peak) of a process, in MB. */
function memoryOf(pid: number): { rssMb: number; peakRssMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rssMb: Math.round(kb('VmRSS') / 102.4) / 10, peakRssMb: Math.round(kb('VmHWM') / 102.4) / 10 };
}

/** Clock ticks a second of /proc's CPU times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far; 0 when it is gone. */
function cpuSecondsOf(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** Process ids of `pid`'s children. */
function childrenOf(pid: number): number[] {
  try {
    return fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/** Process ids of every process named `name` (PostgreSQL's backends are all `postgres`). */
function processesNamed(name: string): number[] {
  return fs.readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).map(Number).filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === name;
    } catch {
      return false;
    }
  });
}

/** CPU seconds the whole machine spent busy (all cores; /proc/stat: everything but idle and iowait). */
function machineBusySeconds(): number {
  const [, ...times] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  const total = times.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return (total - times[3]! - times[4]!) / TICKS_PER_SECOND;
}

/** V8's heap (used and total) and the memory outside it, in MB, from an instance's `/metrics` (prom-client). */
async function heapOf(origin: string): Promise<{ heapUsedMb: number; heapTotalMb: number; externalMb: number } | null> {
  const text = await fetch(`${origin}/metrics`).then((response) => (response.ok ? response.text() : ''), () => '');
  const mb = (metric: string) => {
    const bytes = new RegExp(`^${metric}(?:\\{[^}]*\\})? (\\d+(?:\\.\\d+)?(?:e\\+\\d+)?)$`, 'm').exec(text)?.[1];
    return bytes === undefined ? NaN : Math.round(Number(bytes) / 104857.6) / 10;
  };
  if (!text) return null;
  return { heapUsedMb: mb('nodejs_heap_size_used_bytes'), heapTotalMb: mb('nodejs_heap_size_total_bytes'), externalMb: mb('nodejs_external_memory_bytes') };
}

/** How many request lines an instance logged. */
function loggedRequests(output: string): number {
  let count = 0;
  for (let at = output.indexOf('"msg":"request completed"'); at !== -1; at = output.indexOf('"msg":"request completed"', at + 1)) count++;
  return count;
}

/** Runs the plan in a forked copy of this file. */
function runLoadInChild(plan: LoadPlan): Promise<LoadResult & { generatorCpuSeconds: number }> {
  return new Promise((resolve, reject) => {
    const child = fork(__filename, ['--load-generator'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    let result: (LoadResult & { generatorCpuSeconds: number }) | undefined;
    child.on('message', (message) => (result = { ...(message as LoadResult), generatorCpuSeconds: cpuSecondsOf(child.pid!) }));
    child.on('error', reject);
    // 'close', not 'exit': the IPC channel may still deliver the result after the exit.
    child.on('close', (code) => (result ? resolve(result) : reject(new Error(`the load generator exited with ${code} and no result`))));
    child.send(plan);
  });
}

async function main(): Promise<void> {
  process.env.DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres';
  ensureFrontEndsBuilt();
  const loadBefore = os.loadavg();
  log('starting two server instances (PostgreSQL, Redis, s3rver) behind nginx…');
  const setupStarted = Date.now();
  let deployment: Deployment | undefined;
  try {
    deployment = await startDeployment({
      instances: 2,
      env: {
        SERVE_STATIC: 'true',
        RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000000',
        RATE_LIMIT_CHECKOUT_PER_MINUTE: '1000000',
      },
    });
    const origin = deployment.gateway.origin;
    const content = await siteContent(origin);
    await warmUp(deployment, content);
    const buyers = await createBuyers(deployment.databaseUrl, Math.ceil(SECONDS * CHECKOUTS_PER_SECOND) + CHECKOUTS_PER_SECOND);
    log(`ready in ${((Date.now() - setupStarted) / 1000).toFixed(0)} s: ${origin}, instances ${deployment.instances.map((i) => i.port).join(' and ')}`);
    const before = deployment.instances.map((instance) => loggedRequests(instance.output()));
    // CPU seconds of each part during the run: the machine is shared, and the figures say how much
    // of it the deployment got.
    const gatewayPids = () => [deployment!.gateway.pid, ...childrenOf(deployment!.gateway.pid)];
    const cpuOf = () => ({
      machine: machineBusySeconds(),
      instances: deployment!.instances.map((instance) => cpuSecondsOf(instance.child.pid!)),
      nginx: gatewayPids().reduce((sum, pid) => sum + cpuSecondsOf(pid), 0),
      postgres: processesNamed('postgres').reduce((sum, pid) => sum + cpuSecondsOf(pid), 0),
      redis: processesNamed('redis-server').reduce((sum, pid) => sum + cpuSecondsOf(pid), 0),
      benchProcess: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
    });
    const cpuBefore = cpuOf();
    const cpuWindowStarted = performance.now();
    log(`${VISITORS} visitors (think time ${THINK_MS} ms) and ${CHECKOUTS_PER_SECOND} checkouts/s for ${SECONDS} s…`);
    const plan = { origin, seconds: SECONDS, visitors: VISITORS, thinkMs: THINK_MS, checkoutsPerSecond: CHECKOUTS_PER_SECOND, ...content, buyers };
    const result = await runLoadInChild(plan);
    // Requests whose visitor gave up (timeouts) are still being answered: memory and CPU are read
    // once both instances have logged no new request for 2 s (at most 120 s).
    const settleStarted = Date.now();
    for (let last = '', stableSince = Date.now(); Date.now() - stableSince < 2000 && Date.now() - settleStarted < 120_000; ) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const now = deployment.instances.map((instance) => loggedRequests(instance.output())).join();
      if (now !== last) [last, stableSince] = [now, Date.now()];
    }
    const settleSeconds = Math.round((Date.now() - settleStarted) / 100) / 10;
    const cpuAfter = cpuOf();
    const cpuWindowSeconds = (performance.now() - cpuWindowStarted) / 1000;
    const round = (value: number) => Math.round(value * 10) / 10;
    const cpu = {
      windowSeconds: round(cpuWindowSeconds),
      machineBusy: round(cpuAfter.machine - cpuBefore.machine),
      instances: cpuAfter.instances.map((value, index) => round(value - cpuBefore.instances[index]!)),
      nginx: round(cpuAfter.nginx - cpuBefore.nginx),
      postgresAllDatabases: round(cpuAfter.postgres - cpuBefore.postgres),
      redis: round(cpuAfter.redis - cpuBefore.redis),
      loadGenerator: round(result.generatorCpuSeconds),
      s3rverAndLogs: round(cpuAfter.benchProcess - cpuBefore.benchProcess),
    };
    const memory = await Promise.all(
      deployment.instances.map(async (instance) => ({ ...memoryOf(instance.child.pid!), heap: await heapOf(instance.origin) })),
    );
    const perInstance = deployment.instances.map((instance, index) => loggedRequests(instance.output()) - before[index]!);
    const purchases = await checkPurchases(deployment.databaseUrl, result.checkouts.acknowledged, buyers);
    const loadAfter = os.loadavg();

    const requests = result.groups.reduce((sum, g) => sum + g.requests, 0);
    const errors = result.groups.reduce((sum, g) => sum + g.errors, 0);
    const unexpected = result.groups.reduce((sum, g) => sum + g.unexpected, 0);
    const targets = [
      { target: 'network errors = 0', value: errors, pass: errors === 0 },
      { target: 'unexpected non-2xx answers = 0 (303s of the payment flow expected)', value: unexpected, pass: unexpected === 0 },
      {
        target: `every checkout acknowledged (${CHECKOUTS_PER_SECOND}/s started on schedule)`,
        value: `${purchases.acknowledged} of ${result.checkouts.started}`,
        pass: result.checkouts.failed === 0 && purchases.acknowledged === result.checkouts.started,
      },
      { target: 'lost purchases = 0 (acknowledged, not paid exactly once)', value: purchases.lost.length, pass: purchases.lost.length === 0 },
      { target: 'buyers with two paid orders = 0', value: purchases.buyersPaidTwice.length, pass: purchases.buyersPaidTwice.length === 0 },
      ...memory.map((m, index) => ({
        target: `instance ${index + 1} VmRSS after the run ≤ ${RSS_TARGET_MB} MB`,
        value: `${m.rssMb} MB (peak ${m.peakRssMb} MB)`,
        detail: m.heap ? `V8 heap ${m.heap.heapUsedMb} MB used of ${m.heap.heapTotalMb} MB, external ${m.heap.externalMb} MB` : undefined,
        pass: m.rssMb <= RSS_TARGET_MB,
      })),
    ];

    const pad = (value: string | number, width: number) => String(value).padStart(width);
    const msOf = (value: number | null, digits = 1) => (value === null ? '—' : value.toFixed(digits));
    const out = [
      '',
      `Load through nginx (docker/nginx/gateway.conf) on two server instances — ${VISITORS} visitors (think time ${THINK_MS} ms) + ${CHECKOUTS_PER_SECOND} checkouts/s for ${result.durationSeconds.toFixed(1)} s`,
      `load average of the machine (1 min) before: ${loadBefore[0]!.toFixed(2)}, after: ${loadAfter[0]!.toFixed(2)} (${os.cpus().length} cores; everything runs here: nginx, both servers, PostgreSQL, Redis, s3rver, the load)`,
      '',
      `${'endpoint group'.padEnd(34)} ${pad('requests', 9)} ${pad('req/s', 7)} ${pad('p50 ms', 8)} ${pad('p99 ms', 8)} ${pad('max ms', 8)} ${pad('errors', 7)} ${pad('unexp.', 7)}`,
      ...result.groups.map(
        (g) =>
          `${g.group.padEnd(34)} ${pad(g.requests, 9)} ${pad(g.requestsPerSecond.toFixed(1), 7)} ${pad(msOf(g.p50Ms), 8)} ${pad(msOf(g.p99Ms), 8)} ${pad(msOf(g.maxMs, 0), 8)} ${pad(g.errors, 7)} ${pad(g.unexpected, 7)}`,
      ),
      `${'all'.padEnd(34)} ${pad(requests, 9)} ${pad((requests / result.durationSeconds).toFixed(1), 7)}`,
      '',
      `requests logged per instance: ${perInstance.join(' / ')} (answered to the load generator: ${requests - errors}; the instances were idle ${settleSeconds} s after the load ended)`,
      `CPU seconds during the run: machine ${cpu.machineBusy} of ${round(cpu.windowSeconds * os.cpus().length)} in ${cpu.windowSeconds} s (load generator's start included); instances ${cpu.instances.join(' / ')}, nginx ${cpu.nginx}, PostgreSQL (all databases) ${cpu.postgresAllDatabases}, Redis ${cpu.redis}, load generator ${cpu.loadGenerator}, s3rver and log reading ${cpu.s3rverAndLogs}; the rest is other work on the machine`,
      `checkouts: ${result.checkouts.started} started (start lag p99 ${result.checkouts.startLagP99Ms} ms, max ${result.checkouts.startLagMaxMs} ms), ${purchases.acknowledged} acknowledged, ${result.checkouts.failed} failed; in the database ${purchases.paidAsAcknowledged} of them paid exactly once, ${purchases.paidOrdersOfBuyers} paid orders of the buyers in all`,
      ...(result.checkouts.failures.length ? ['failed checkouts (first 20):', ...result.checkouts.failures.map((f) => `  ${f}`)] : []),
      ...(result.errorSamples.length ? ['network errors (first 20):', ...result.errorSamples.map((e) => `  ${e}`)] : []),
      ...(result.unexpectedSamples.length ? ['unexpected answers (first 20):', ...result.unexpectedSamples.map((e) => `  ${e}`)] : []),
      '',
      `${'target'.padEnd(70)} ${'measured'.padEnd(28)} verdict`,
      ...targets.map((t) => `${t.target.padEnd(70)} ${String(t.value).padEnd(28)} ${t.pass ? 'PASS' : 'FAIL'}${'detail' in t && t.detail ? `  (${t.detail})` : ''}`),
    ];
    console.log(out.join('\n'));

    const resultsDir = path.join(REPO_ROOT, 'bench-results');
    fs.mkdirSync(resultsDir, { recursive: true });
    const json = {
      measuredAt: new Date().toISOString(),
      seconds: result.durationSeconds,
      visitors: VISITORS,
      thinkMs: THINK_MS,
      checkoutsPerSecond: CHECKOUTS_PER_SECOND,
      requestTimeoutMs: REQUEST_TIMEOUT_MS,
      loadAverage: { before: loadBefore[0], after: loadAfter[0] },
      requests,
      requestsPerSecond: requests / result.durationSeconds,
      requestsPerInstance: perInstance,
      settleSeconds,
      cpuSeconds: cpu,
      groups: result.groups,
      checkouts: { ...result.checkouts, acknowledged: purchases.acknowledged },
      purchases,
      memory: memory.map((m, index) => ({ instance: index + 1, ...m, targetMb: RSS_TARGET_MB })),
      targets,
      errorSamples: result.errorSamples,
      unexpectedSamples: result.unexpectedSamples,
    };
    fs.writeFileSync(path.join(resultsDir, 'load.json'), `${JSON.stringify(json, null, 2)}\n`);
    log(`written ${path.join(resultsDir, 'load.json')}`);
    process.exitCode = targets.every((t) => t.pass) ? 0 : 1;
  } finally {
    await deployment?.stop();
  }
}

if (process.argv.includes('--load-generator')) {
  process.once('message', (plan) => {
    runLoad(plan as LoadPlan).then(
      (result) => process.send!(result, () => process.exit(0)),
      (error: unknown) => {
        console.error('[bench:load] the load generator failed:', error);
        process.exit(1);
      },
    );
  });
} else {
  main().catch((error: unknown) => {
    console.error('[bench:load] failed:', error);
    process.exit(1);
  });
}
