// `npm run bench`: the figures of issue 9, each reported, none enforced.
//
// 1. The public pages in Lighthouse (bench/lighthouse/run.mjs): home, the newest post, podcast and
//    course, 3 runs each on Lighthouse's mobile preset in Debian Chromium, one table per page with
//    each figure's median beside its target (performance, accessibility, best practices, SEO, TBT,
//    LCP, CLS, FCP, and the JavaScript before interactive in KB gzip), written to
//    bench-results/lighthouse.json. Lighthouse 12.8 lives in its own package there, outside the
//    workspaces (TOOLCHAIN.md: its dependency tree breaks `npm ci`), installed on first use.
//    Then, on the same site, the player's JavaScript (issue 24): the scripts a buyer's browser
//    loads only on a lesson's page, in KB brotli (bench/player/run.mjs, bench-results/player.json).
//
// 2. When DATABASE_URL is set, the commerce figures on PostgreSQL (issue 6 "Performance"):
//    `npm run bench:commerce -w server` seeds 200 000 orders into BENCH_DATABASE_URL (default
//    postgres://postgres@127.0.0.1:5432/bench, created when missing, its schema rebuilt) and
//    reports the orders list p50/p99, each sales summary period, the CSV export of every order
//    (issue 25: wall time and resident memory growth, targets 15 s and 64 MB), then the p99 of
//    applying a discount code and checking out with 20 buyers at once (issue 25)
//    (server/scripts/bench-commerce.ts);
//    and the API figures (issue 9 "The API near the ceiling"): `npm run bench:api -w server` serves the
//    demo data from BENCH_API_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench_api,
//    rebuilt on every run) and measures GET /api/posts, /api/posts/:id, /api/products and /api/search
//    against a bare Fastify server sending the same bytes (server/scripts/bench-api.ts);
//    and the learning analytics (issue 37 item 6): `npm run bench:learning -w server` seeds one course of
//    20 sessions and a 10-question quiz with 10 000 buyers into BENCH_LEARNING_DATABASE_URL (default
//    postgres://postgres@127.0.0.1:5432/bench_learning, rebuilt on every run) and times a course's
//    learning analytics beside `select count(*)` over the progress table (target: median ≤ 1 s),
//    written to bench-results/learning.json (server/scripts/bench-learning.ts).
//
// 3. The fault figures (issue 23): `npm run bench:faults -w server` stops a PostgreSQL cluster of its
//    own for 30 s under two instances behind the gateway (needs Debian's postgresql, nginx and the
//    local Redis), written to bench-results/faults.json; its code is 1 when a target is missed.
//
// 4. The upload figures (issue 24): `npm run bench:upload -w server` sends a 1 GB resumable lesson
//    upload to the compiled server in 32 MB pieces and reports its resident memory before and at the
//    peak (target: a rise of at most 64 MB) and the throughput, written to bench-results/upload.json.
//
// 5. The fuzz figures (issue 10 "Bad input"): `npm run bench:fuzz -w server` runs the OpenAPI-driven
//    fuzzer of server/test/fuzz at ten times the count of `npm test` on PGlite and prints the requests
//    sent, their outcomes by status and case class, and the duration (server/scripts/bench-fuzz.ts;
//    FUZZ_RUNS and FUZZ_SEED change the count and the seed), written to bench-results/fuzz.json.
//
// 6. The transcode figures (issue 24): `npm run bench:transcode -w server` renders a 10-minute 1080p
//    clip once (kept in bench-results/), has the compiled server process it as a lesson, and reports
//    the wall time and the public API pages' p99 at rest and while it transcodes (target: at most
//    twice), written to bench-results/transcode.json (server/scripts/bench-transcode.ts; needs ffmpeg).
//
// 7. The forensic watermark (issue 38 item 3): `npm run bench:forensics -w server` transcodes a 720p clip
//    with and without B segments (time, bytes and PSNR), then leaks 50 copies of 3–4 minutes of a lesson
//    from buyers' playlists (re-encoded, scaled, cropped by 10 %, a corner blurred; 5 of them two buyers
//    mixed) and identifies each among 10 000 accounts: the identification rate (target ≥ 9 in 10) and the
//    wrong names (target 0), with copies beyond the list apart, written to
//    bench-results/forensics.json (server/scripts/bench-forensics.ts; needs ffmpeg).
//
// 8. The segment figure (issue 38 item 2): `npm run bench:streams -w server` times a buyer's lesson
//    segment (its signature against the caller's token, its stream against the registry, in process and
//    in the local Redis) beside a bare route sending the same bytes and that route with the two queries
//    a segment cost before (the signed-in caller looked up), as ratios in one run, on PGlite; written to
//    bench-results/streams.json (server/scripts/bench-streams.ts).
//
// 9. The cold start (issue 33): `npm run bench:cold-start` clones HEAD, installs it and times its first
//    `npm start` on an empty data folder to the server-rendered home page, /posts and a working
//    dashboard, then the server's resident memory after every public page once, beside the figures
//    before issue 33 and the last `.ci/run`'s step table (bench/cold-start/run.mjs,
//    bench-results/cold-start.json).
//
// The report is the product, not a pass/fail test: Lighthouse's and the commerce and API figures
// never change the exit code. It is 1 when the site never answered, 2 when Lighthouse could not be
// installed or the browser could not run, and a server bench's own code when it could not run or,
// for the benches that hold a bound (faults and upload: a target missed; fuzz: a bug found), 1.
//
// Environment:
//   BENCH_URL              measure this site (e.g. http://localhost:8080); otherwise `npm start`
//                          is spawned at the repository root and stopped at the end
//   BENCH_PORT             port for that `npm start` (default 8080)
//   BENCH_LIGHTHOUSE_RUNS  Lighthouse runs per page (default 3)
//   CHROME_PATH            browser binary (default /usr/bin/chromium)
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_DIR = join(ROOT, 'bench-results');
const START_LOG = join(RESULTS_DIR, 'npm-start.log');
const LIGHTHOUSE_DIR = join(ROOT, 'bench', 'lighthouse');
const START_TIMEOUT_MS = 5 * 60_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message) => console.log(`[bench] ${message}`);

// ---------------------------------------------------------------------------------------
// The site: BENCH_URL, or `npm start` in its own process group.

/** True when GET <base>/api/site-information answers 200. */
async function siteAnswers(base) {
  try {
    const response = await fetch(new URL('/api/site-information', base), { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.status === 200;
  } catch {
    return false;
  }
}

function tail(file, lines = 30) {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Starts `npm start` (serves at once and builds what is missing) and waits until the whole site is
 * up. Returns { base, stop }; `stop` ends the whole process group.
 */
async function startSite() {
  const port = process.env.BENCH_PORT || '8080';
  const base = `http://localhost:${port}`;
  if (await siteAnswers(base)) {
    log(`a site already answers at ${base}: measuring it (set BENCH_URL to choose explicitly)`);
    return { base, stop: async () => {} };
  }
  mkdirSync(RESULTS_DIR, { recursive: true });
  const out = openSync(START_LOG, 'w');
  log(`starting \`npm start\` on port ${port} (log: ${START_LOG}); the first start builds the apps…`);
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...process.env, PORT: port },
    stdio: ['ignore', out, out],
    detached: true, // own process group: npm, node scripts/start.mjs and the server stop together
  });
  let exited = null;
  child.on('exit', (code, signal) => {
    exited = { code, signal };
  });

  const stop = async () => {
    if (exited) return;
    const group = -child.pid;
    const signalGroup = (signal) => {
      try {
        process.kill(group, signal);
      } catch {
        // already gone
      }
    };
    signalGroup('SIGTERM');
    for (let waited = 0; !exited && waited < 10_000; waited += 100) await sleep(100);
    if (!exited) signalGroup('SIGKILL');
    log('stopped `npm start`');
  };
  const onSignal = (signal) => {
    void stop().then(() => process.exit(signal === 'SIGINT' ? 130 : 143));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  const started = Date.now();
  let lastNote = started;
  while (Date.now() - started < START_TIMEOUT_MS) {
    if (exited) {
      console.error(`[bench] \`npm start\` exited (code ${exited.code}, signal ${exited.signal}) before the site answered:\n${tail(START_LOG)}`);
      return null;
    }
    // The server answers while the front ends still build: the line scripts/start.mjs prints once
    // every one is in place.
    if (readFileSync(START_LOG, 'utf8').includes('[start] the whole site is up')) {
      log(`site ready at ${base} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return { base, stop };
    }
    if (Date.now() - lastNote > 30_000) {
      lastNote = Date.now();
      log(`still waiting for the whole site at ${base} (${Math.round((Date.now() - started) / 1000)} s)…`);
    }
    await sleep(1_000);
  }
  console.error(`[bench] the site did not answer within ${START_TIMEOUT_MS / 60_000} minutes:\n${tail(START_LOG)}`);
  await stop();
  return null;
}

// ---------------------------------------------------------------------------------------
// Lighthouse, in its own package.

/** Installs bench/lighthouse's pinned packages when they are missing. True when they are there. */
function ensureLighthouse() {
  if (existsSync(join(LIGHTHOUSE_DIR, 'node_modules', 'lighthouse', 'package.json'))) return true;
  log('installing Lighthouse in bench/lighthouse (first run)…');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: LIGHTHOUSE_DIR, stdio: 'inherit' });
  return result.status === 0;
}

/** Runs bench/lighthouse/run.mjs against `base`; resolves its exit code. */
function runLighthouse(base) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(LIGHTHOUSE_DIR, 'run.mjs')], {
      cwd: ROOT,
      env: { ...process.env, BENCH_URL: base },
      stdio: 'inherit',
    });
    child.on('error', (error) => {
      console.error(`[bench] could not run Lighthouse: ${error.message}`);
      resolve(2);
    });
    child.on('exit', (code) => resolve(code ?? 2));
  });
}

/** Runs bench/player/run.mjs against `base` (issue 24: the player's JavaScript); resolves its exit code. */
function runPlayer(base) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'bench', 'player', 'run.mjs')], {
      cwd: ROOT,
      env: { ...process.env, BENCH_URL: base },
      stdio: 'inherit',
    });
    child.on('error', () => resolve(2));
    child.on('exit', (code) => resolve(code ?? 2));
  });
}

/** The figures measured in a browser against the running site: Lighthouse, then the player's JavaScript. */
async function benchPages() {
  const lighthouse = ensureLighthouse();
  if (!lighthouse) console.error('[bench] `npm install` in bench/lighthouse failed: skipping the Lighthouse figures');
  let site;
  if (process.env.BENCH_URL) {
    site = { base: process.env.BENCH_URL, stop: async () => {} };
    if (!(await siteAnswers(site.base))) log(`warning: ${site.base}/api/site-information does not answer 200; measuring anyway`);
  } else {
    site = await startSite();
    if (!site) return 1;
  }
  try {
    const lighthouseCode = lighthouse ? await runLighthouse(site.base) : 2;
    const playerCode = await runPlayer(site.base);
    return lighthouseCode || playerCode;
  } finally {
    await site.stop();
  }
}

/** The PostgreSQL figures, when DATABASE_URL is set: commerce (bench-commerce.ts), the learning analytics (bench-learning.ts), then the API (bench-api.ts). */
function benchPostgres() {
  if (!process.env.DATABASE_URL) {
    log('DATABASE_URL is not set: skipping the PostgreSQL figures (orders list p99, sales summaries, API against its ceiling)');
    return 0;
  }
  let code = 0;
  for (const script of ['bench:commerce', 'bench:learning', 'bench:api']) {
    const result = spawnSync('npm', ['run', script, '--workspace', 'server'], { cwd: ROOT, stdio: 'inherit' });
    code ||= result.status ?? 1;
  }
  return code;
}

/** The fuzz figures (bench-fuzz.ts): requests sent and their outcomes; 1 when a property failed. */
function benchFuzz() {
  const result = spawnSync('npm', ['run', 'bench:fuzz', '--workspace', 'server'], { cwd: ROOT, stdio: 'inherit' });
  return result.status ?? 1;
}

/**
 * The fault figures (bench-faults.ts, issue 23): PostgreSQL of its own stopped for 30 s under two
 * instances behind the gateway; recovery time, answers during the outage, lost writes.
 */
function benchFaults() {
  const result = spawnSync('npm', ['run', 'bench:faults', '--workspace', 'server'], { cwd: ROOT, stdio: 'inherit' });
  return result.status ?? 1;
}

/**
 * The upload figures (bench-upload.ts, issue 24): a 1 GB resumable lesson upload and the server's
 * resident memory meanwhile; 1 when it rose by more than 64 MB.
 */
function benchUpload() {
  const result = spawnSync('npm', ['run', 'bench:upload', '--workspace', 'server'], { cwd: ROOT, stdio: 'inherit' });
  return result.status ?? 1;
}

/** The transcode figures (bench-transcode.ts, issue 24): wall time of a 10-minute 1080p lesson, pages' p99 meanwhile. */
function benchTranscode() {
  const result = spawnSync('npm', ['run', 'bench:transcode', '--workspace', 'server'], { cwd: ROOT, stdio: 'inherit' });
  return result.status ?? 1;
}

/**
 * The forensic watermark's figures (bench-forensics.ts, issue 38 item 3): identification rate and wrong
 * names over 50 leaked copies among 10 000 accounts; transcode time and storage with A/B against without.
 */
function benchForensics() {
  const result = spawnSync('npm', ['run', 'bench:forensics', '--workspace', 'server'], { cwd: ROOT, stdio: 'inherit' });
  return result.status ?? 1;
}

/** The segment figures (bench-streams.ts, issue 38 item 2): the added time per segment request as a ratio. */
function benchStreams() {
  const result = spawnSync('npm', ['run', 'bench:streams', '--workspace', 'server'], { cwd: ROOT, stdio: 'inherit' });
  return result.status ?? 1;
}

/** The cold-start figures (bench/cold-start/run.mjs, issue 33); 1 when a step could not run. */
function benchColdStart() {
  const result = spawnSync(process.execPath, [join(ROOT, 'bench', 'cold-start', 'run.mjs')], { cwd: ROOT, stdio: 'inherit' });
  return result.status ?? 1;
}

async function main() {
  const coldStartCode = benchColdStart();
  const pagesCode = await benchPages();
  const postgresCode = benchPostgres();
  const faultsCode = benchFaults();
  const uploadCode = benchUpload();
  const transcodeCode = benchTranscode();
  const forensicsCode = benchForensics();
  const streamsCode = benchStreams();
  return benchFuzz() || uploadCode || transcodeCode || forensicsCode || streamsCode || faultsCode || postgresCode || pagesCode || coldStartCode;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error('[bench] failed:', error);
    process.exit(2);
  },
);
