// `npm run bench`: how much JavaScript (gzip) the home page loads before it is interactive,
// per file and in total, against the 250 KB gzip budget (DESIGN.md, TOOLCHAIN.md).
//
// Method: a real browser (Debian Chromium through playwright-core) opens `/` in a fresh
// context (empty cache), waits for the network to go quiet and for the home page's slots to
// render, then waits for the network to go quiet again. Every script response seen until then
// is counted. Each body is gzipped here with zlib level 9, so the number does not depend on
// whether or how the server compresses (its own transfer size is shown beside it).
//
// The report is the product, not a pass/fail test: the exit code is 0 whatever the total,
// 1 when the site never answered, 2 when the browser could not run.
//
// Then, when DATABASE_URL is set, the commerce figures on PostgreSQL (issue 6 "Performance"):
// `npm run bench:commerce -w server` seeds 200 000 orders into BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/bench, created when missing, its schema rebuilt) and
// reports the orders list p50/p99 and each sales summary period (server/scripts/bench-commerce.ts);
// and the API figures (issue 9 "The API near the ceiling"): `npm run bench:api -w server` serves the
// demo data from BENCH_API_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench_api,
// rebuilt on every run) and measures GET /api/posts, /api/posts/:id, /api/products and /api/search
// against a bare Fastify server sending the same bytes (server/scripts/bench-api.ts).
//
// Environment:
//   BENCH_URL            measure this site (e.g. http://localhost:8080); otherwise `npm start`
//                        is spawned at the repository root and stopped at the end
//   BENCH_PORT           port for that `npm start` (default 8080)
//   BENCH_READY_SELECTOR elements that show the home page's slots rendered (default `main section`)
//   BENCH_READY_COUNT    how many of them (default 3: the hero and two slots)
//   BENCH_READY_TIMEOUT  ms to wait for them (default 20000)
//   CHROME_PATH          browser binary (default /usr/bin/chromium)
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, constants as zlibConstants } from 'node:zlib';
import { chromium } from 'playwright-core';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const RESULTS_DIR = join(ROOT, 'bench-results');
const RESULTS_FILE = join(RESULTS_DIR, 'home-js.json');
const START_LOG = join(RESULTS_DIR, 'npm-start.log');

const KB = 1024;
const BUDGET_KB = 250;
const BUDGET_BYTES = BUDGET_KB * KB;
const START_TIMEOUT_MS = 5 * 60_000;
const QUIET_MS = 500;
const IDLE_CAP_MS = 30_000;

const READY_SELECTOR = process.env.BENCH_READY_SELECTOR || 'main section';
const READY_COUNT = Number(process.env.BENCH_READY_COUNT || 3);
const READY_TIMEOUT_MS = Number(process.env.BENCH_READY_TIMEOUT || 20_000);
const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const kb = (bytes) => (bytes / KB).toFixed(1);
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
 * Starts `npm start` (builds what is missing, then serves everything) and waits until the API
 * answers. Returns { base, stop }; `stop` ends the whole process group.
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
    if (await siteAnswers(base)) {
      log(`site ready at ${base} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
      return { base, stop };
    }
    if (Date.now() - lastNote > 30_000) {
      lastNote = Date.now();
      log(`still waiting for ${base}/api/site-information (${Math.round((Date.now() - started) / 1000)} s)…`);
    }
    await sleep(1_000);
  }
  console.error(`[bench] the site did not answer within ${START_TIMEOUT_MS / 60_000} minutes:\n${tail(START_LOG)}`);
  await stop();
  return null;
}

// ---------------------------------------------------------------------------------------
// The measurement.

/** Which app a URL belongs to: `remotes/<name>` or `shell` (or the host for other origins). */
function appOf(url, base) {
  const parsed = new URL(url);
  if (parsed.origin !== new URL(base).origin) return parsed.host;
  const match = /^\/remotes\/([^/]+)\//.exec(parsed.pathname);
  return match ? `remotes/${match[1]}` : 'shell';
}

function shortName(url, base) {
  const parsed = new URL(url);
  return parsed.origin === new URL(base).origin ? parsed.pathname + parsed.search : url;
}

async function measure(base) {
  let browser;
  try {
    browser = await chromium.launch({ executablePath: CHROME_PATH, headless: true, args: CHROME_FLAGS });
  } catch (error) {
    console.error(`[bench] could not launch ${CHROME_PATH}: ${error.message}`);
    return null;
  }
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'fa-IR' });
    const page = await context.newPage();

    // Network activity, for our own idle detection (Playwright's `networkidle` fires once).
    const inflight = new Set();
    let lastActivity = 0;
    const touch = () => {
      lastActivity = Date.now();
    };
    page.on('request', (request) => {
      inflight.add(request);
      touch();
    });
    page.on('requestfinished', (request) => {
      inflight.delete(request);
      touch();
    });
    page.on('requestfailed', (request) => {
      inflight.delete(request);
      touch();
    });
    const waitForIdle = async () => {
      const cap = Date.now() + IDLE_CAP_MS;
      while (Date.now() < cap) {
        if (inflight.size === 0 && Date.now() - lastActivity >= QUIET_MS) return true;
        await sleep(50);
      }
      return false;
    };

    const scripts = [];
    const failed = [];
    page.on('response', (response) => {
      const request = response.request();
      const type = response.headers()['content-type'] ?? '';
      if (request.resourceType() !== 'script' && !/javascript|ecmascript/i.test(type)) return;
      scripts.push({ response, at: Date.now() });
    });
    page.on('requestfailed', (request) => {
      if (request.resourceType() === 'script') failed.push({ url: request.url(), error: request.failure()?.errorText });
    });
    const httpErrors = [];
    page.on('response', (response) => {
      if (response.status() >= 400) httpErrors.push({ url: response.url(), status: response.status() });
    });
    const consoleErrors = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(String(error)));

    const url = new URL('/', base).href;
    const t0 = Date.now();
    touch();
    const navigation = await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });
    if (!navigation || !navigation.ok()) log(`warning: ${url} answered ${navigation?.status() ?? 'nothing'}`);
    const firstIdle = await waitForIdle();
    const firstIdleMs = lastActivity - t0;

    let readyMs = null;
    try {
      await page.waitForFunction(
        ({ selector, count }) => document.querySelectorAll(selector).length >= count,
        { selector: READY_SELECTOR, count: READY_COUNT },
        { timeout: READY_TIMEOUT_MS, polling: 100 },
      );
      readyMs = Date.now() - t0;
    } catch {
      log(`warning: fewer than ${READY_COUNT} × \`${READY_SELECTOR}\` after ${READY_TIMEOUT_MS / 1000} s; measuring what loaded`);
    }
    const secondIdle = await waitForIdle();
    const networkIdleMs = lastActivity - t0;
    const readyCount = await page.evaluate((selector) => document.querySelectorAll(selector).length, READY_SELECTOR);
    const paint = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return {
        domContentLoadedMs: nav ? Math.round(nav.domContentLoadedEventEnd) : null,
        loadMs: nav ? Math.round(nav.loadEventEnd) : null,
        firstContentfulPaintMs: fcp ? Math.round(fcp.startTime) : null,
      };
    });

    // Bodies: from the browser (the exact bytes it ran); a plain fetch as a fallback.
    const seen = new Set();
    const files = [];
    for (const { response, at } of scripts) {
      const fileUrl = response.url();
      if (seen.has(fileUrl)) continue;
      seen.add(fileUrl);
      let body;
      try {
        body = await response.body();
      } catch {
        try {
          body = Buffer.from(await (await fetch(fileUrl)).arrayBuffer());
        } catch (error) {
          failed.push({ url: fileUrl, error: `body unavailable: ${error.message}` });
          continue;
        }
      }
      let transferBytes = null;
      try {
        const sizes = await response.request().sizes();
        transferBytes = sizes.responseBodySize;
      } catch {
        // unknown
      }
      const headers = response.headers();
      files.push({
        url: fileUrl,
        file: shortName(fileUrl, base),
        app: appOf(fileUrl, base),
        status: response.status(),
        gzipBytes: gzipSync(body, { level: zlibConstants.Z_BEST_COMPRESSION }).length,
        decodedBytes: body.length,
        transferBytes,
        contentEncoding: headers['content-encoding'] ?? null,
        cacheControl: headers['cache-control'] ?? null,
        loadedAtMs: at - t0,
      });
    }
    files.sort((a, b) => b.gzipBytes - a.gzipBytes);
    await context.close();
    return {
      url,
      browser: `Chromium ${browser.version()}`,
      files,
      failed,
      httpErrors,
      consoleErrors,
      timings: {
        firstNetworkIdleMs: firstIdleMs,
        slotsRenderedMs: readyMs,
        networkIdleMs,
        networkWentIdle: firstIdle && secondIdle,
        ...paint,
      },
      ready: { selector: READY_SELECTOR, wanted: READY_COUNT, found: readyCount },
    };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------------------
// The report.

function report(result) {
  const { files } = result;
  const total = (key) => files.reduce((sum, file) => sum + (file[key] ?? 0), 0);
  const totals = { gzipBytes: total('gzipBytes'), decodedBytes: total('decodedBytes'), transferBytes: total('transferBytes') };
  const byApp = {};
  for (const file of files) byApp[file.app] = (byApp[file.app] ?? 0) + file.gzipBytes;
  const within = totals.gzipBytes <= BUDGET_BYTES;
  const margin = Math.abs(BUDGET_BYTES - totals.gzipBytes);
  const verdict = within
    ? `within the ${BUDGET_KB} KB gzip budget (${kb(margin)} KB to spare)`
    : `OVER the ${BUDGET_KB} KB gzip budget by ${kb(margin)} KB`;

  const rows = files.map((file) => [
    kb(file.gzipBytes),
    kb(file.decodedBytes),
    file.transferBytes == null ? '?' : `${kb(file.transferBytes)}${file.contentEncoding ? ` ${file.contentEncoding}` : ''}`,
    file.app,
    file.file,
  ]);
  const header = ['gzip KB', 'raw KB', 'served KB', 'app', 'file'];
  const footer = [kb(totals.gzipBytes), kb(totals.decodedBytes), kb(totals.transferBytes), '', `TOTAL (${files.length} files)`];
  const widths = header.map((_, i) => Math.max(...[header, ...rows, footer].map((row) => String(row[i]).length)));
  const line = (row) =>
    row.map((cell, i) => (i < 3 ? String(cell).padStart(widths[i]) : String(cell).padEnd(widths[i]))).join('  ').trimEnd();
  const rule = widths.map((w) => '-'.repeat(w)).join('  ');

  const t = result.timings;
  const out = [
    '',
    `JavaScript loaded by the home page before it is interactive — ${result.url}`,
    `(${result.browser}, fresh context; gzip = zlib level 9 of each body; 1 KB = 1024 B; "served" = bytes on the wire as the server sent them)`,
    '',
    line(header),
    rule,
    ...rows.map(line),
    rule,
    line(footer),
    '',
    `by app (gzip): ${Object.entries(byApp)
      .sort((a, b) => b[1] - a[1])
      .map(([app, bytes]) => `${app} ${kb(bytes)} KB`)
      .join(', ')}`,
    `timings: first contentful paint ${t.firstContentfulPaintMs ?? '?'} ms, DOMContentLoaded ${t.domContentLoadedMs ?? '?'} ms, ` +
      `slots rendered ${t.slotsRenderedMs ?? 'not within the cap'}${t.slotsRenderedMs == null ? '' : ' ms'} ` +
      `(${result.ready.found} × \`${result.ready.selector}\`), network idle (last request done) ${t.networkIdleMs} ms` +
      (t.networkWentIdle ? '' : ' (never quiet: capped)'),
    '',
    `VERDICT: ${kb(totals.gzipBytes)} KB gzip — ${verdict}`,
  ];
  if (result.failed.length) out.push('', 'scripts that failed:', ...result.failed.map((f) => `  ${f.url}: ${f.error}`));
  if (result.httpErrors.length) {
    out.push('', 'requests answered with an error:', ...result.httpErrors.map((e) => `  ${e.status} ${shortName(e.url, result.url)}`));
  }
  if (result.consoleErrors.length) {
    out.push('', `console errors (${result.consoleErrors.length}):`, ...result.consoleErrors.slice(0, 10).map((e) => `  ${e.slice(0, 300)}`));
  }
  console.log(out.join('\n'));

  mkdirSync(RESULTS_DIR, { recursive: true });
  const json = {
    measuredAt: new Date().toISOString(),
    url: result.url,
    browser: result.browser,
    method: 'script responses until slots rendered and network idle; gzip = zlib level 9 of each decoded body',
    budget: { gzipKB: BUDGET_KB, gzipBytes: BUDGET_BYTES },
    total: { ...totals, gzipKB: Number(kb(totals.gzipBytes)), files: files.length },
    withinBudget: within,
    verdict,
    byApp,
    timings: result.timings,
    ready: result.ready,
    files,
    failed: result.failed,
    httpErrors: result.httpErrors,
    consoleErrors: result.consoleErrors,
  };
  writeFileSync(RESULTS_FILE, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`\n[bench] written ${RESULTS_FILE}`);
}

// ---------------------------------------------------------------------------------------

async function benchHomeJs() {
  let site;
  if (process.env.BENCH_URL) {
    site = { base: process.env.BENCH_URL, stop: async () => {} };
    if (!(await siteAnswers(site.base))) log(`warning: ${site.base}/api/site-information does not answer 200; measuring anyway`);
  } else {
    site = await startSite();
    if (!site) return 1;
  }
  try {
    const result = await measure(site.base);
    if (!result) return 2;
    report(result);
    return 0;
  } finally {
    await site.stop();
  }
}

/** The PostgreSQL figures, when DATABASE_URL is set: commerce (bench-commerce.ts), then the API (bench-api.ts). */
function benchPostgres() {
  if (!process.env.DATABASE_URL) {
    log('DATABASE_URL is not set: skipping the PostgreSQL figures (orders list p99, sales summaries, API against its ceiling)');
    return 0;
  }
  let code = 0;
  for (const script of ['bench:commerce', 'bench:api']) {
    const result = spawnSync('npm', ['run', script, '--workspace', 'server'], { cwd: ROOT, stdio: 'inherit' });
    code ||= result.status ?? 1;
  }
  return code;
}

async function main() {
  const homeCode = await benchHomeJs();
  return benchPostgres() || homeCode;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error('[bench] failed:', error);
    process.exit(2);
  },
);
