// The first start of a fresh clone (issue 33 "Figures"): clones the repository's committed HEAD
// into a temporary folder, installs it, and runs `npm start` there on an empty data folder (PGlite),
// timing each step: the clone, `npm install`, and from the end of the install the first answer of
// `/` with its server-rendered page (every remote's part in it), of `/posts`, and of `/dashboard`
// working in a browser as super (the welcome and the users link of the last remote). Then it opens
// every public page once (lists, each listed item, the static pages, a search) and reads the
// server's resident memory. It prints the last `.ci/run`'s step table (bench-results/ci-steps.tsv,
// written by `.ci/run`), and each figure beside the one before issue 33. Written to
// bench-results/cold-start.json. A report, not a test: the exit code is 1 only when a step failed.
//
// Environment: BENCH_COLD_PORT (default 8095), CHROME_PATH (default /usr/bin/chromium),
// BENCH_KEEP (set: leave the temporary clones in place), BENCH_COLD_REFERENCE (a commit: it is timed
// the same way first, and each figure of HEAD is also given as a ratio to the reference's, taken
// minutes apart on the same machine, which shared machines' varying speed would otherwise hide).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RESULTS_DIR = join(ROOT, 'bench-results');
const PORT = process.env.BENCH_COLD_PORT ?? '8095';
const BASE = `http://localhost:${PORT}`;
const SUPER = { email: 'super@example.com', password: 'Super12345' };
const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];
/** No step may take longer than this, ms. */
const STEP_TIMEOUT_MS = 10 * 60_000;

/** The figures issue 33 was filed with (a fresh 2-core machine), and its targets. */
const BEFORE = { install_s: 75, first_page_s: 199, rss_mb: '557–624', ci_s: 2400 };
const TARGETS = { first_page_s: 45, rss_mb: 350, ci_s: 1200 };

const log = (message) => console.log(`[cold-start] ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => Math.round(ms / 100) / 10;

/** Runs a command to its end in `cwd` with its output in `logFile`; answers the seconds it took. */
function timed(command, args, cwd, logFile) {
  const started = Date.now();
  const out = openSync(logFile, 'w');
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', out, out], timeout: STEP_TIMEOUT_MS });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}); see ${logFile}`);
  return seconds(Date.now() - started);
}

/** The page's HTML when it answers 200, else null. */
async function html(path) {
  try {
    const response = await fetch(`${BASE}${path}`, { signal: AbortSignal.timeout(10_000) });
    const body = await response.text();
    return response.status === 200 ? body : null;
  } catch {
    return null;
  }
}

/** Polls until `check` answers true; answers the ms since `since`. */
async function until(check, since, what) {
  while (Date.now() - since < STEP_TIMEOUT_MS) {
    if (await check()) return Date.now() - since;
    await sleep(250);
  }
  throw new Error(`${what} did not come within ${STEP_TIMEOUT_MS / 60_000} minutes`);
}

/**
 * The home page as the server renders it with every remote built: the newest posts (content) and
 * courses (commerce) as links, and the islands of commerce and support, which only a server render
 * writes (in the markup of every commit since issue 9, so that a reference commit is timed alike).
 */
const homeRendered = (page) =>
  page !== null &&
  page.includes('href="/posts/') &&
  page.includes('href="/products/') &&
  page.includes('&quot;owner&quot;:&quot;commerce&quot;') &&
  page.includes('&quot;owner&quot;:&quot;support&quot;');

/** The dashboard works in a browser for super: the welcome, and the users link of users-permissions. */
async function dashboardWorks(browser) {
  const context = await browser.newContext({ baseURL: BASE, locale: 'fa-IR' });
  try {
    await context.request.get('/sanctum/csrf-cookie');
    const xsrf = decodeURIComponent((await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
    const login = await context.request.post('/api/auth/login', { headers: { 'X-XSRF-TOKEN': xsrf }, data: SUPER });
    if (!login.ok()) return false;
    const page = await context.newPage();
    await page.goto('/dashboard');
    await page.getByRole('heading', { name: /خوش آمدید/ }).waitFor({ timeout: 5_000 });
    await page.getByRole('navigation', { name: 'داشبورد' }).getByRole('link', { name: 'کاربران' }).waitFor({ timeout: 5_000 });
    return true;
  } catch {
    return false;
  } finally {
    await context.close();
  }
}

/** Every public page once: the lists, each item of their first 50, the static pages and a search. */
async function visitPublicPages() {
  const paths = ['/', '/posts', '/podcasts', '/products', '/frequently-asked-questions', '/terms-and-conditions', '/about-me', '/contact-us', '/search?q=%D8%AC%D8%A7%D9%88%D8%A7'];
  for (const list of ['posts', 'podcasts', 'products']) {
    const items = (await (await fetch(`${BASE}/api/${list}?per_page=50`)).json()).data;
    for (const item of items) paths.push(`/${list}/${item.id}`);
  }
  for (const path of paths) await html(path);
  return paths.length;
}

/** The pid of the compiled server started in `clone`, from /proc. */
function serverPid(clone) {
  const entry = join(clone, 'server', 'dist', 'main.js');
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(entry)) return Number(pid);
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

/** Resident memory of a process, MB. */
function residentMb(pid) {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return Math.round(kb / 1024);
}

/**
 * What holds the server's resident memory, MB, from its `/metrics` (prom-client's Node figures):
 * the V8 heap (as reserved, and of it in use), the memory outside it (PGlite's WebAssembly memory,
 * buffers) and the rest of `rssMb` (code, the runtime's native allocations). Null without metrics.
 */
async function memoryHolders(rssMb) {
  try {
    const text = await (await fetch(`${BASE}/metrics`, { signal: AbortSignal.timeout(10_000) })).text();
    const mb = (name) => Math.round(Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1]) / 1048576);
    const held = { v8_heap_mb: mb('nodejs_heap_size_total_bytes'), v8_heap_used_mb: mb('nodejs_heap_size_used_bytes'), outside_heap_mb: mb('nodejs_external_memory_bytes') };
    return { ...held, rest_mb: rssMb - held.v8_heap_mb - held.outside_heap_mb };
  } catch {
    return null;
  }
}

/** The last `.ci/run`'s steps, as `.ci/run` wrote them: [{ step, seconds, outcome }]. */
function lastCiSteps() {
  const file = join(RESULTS_DIR, 'ci-steps.tsv');
  if (!existsSync(file)) return null;
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [step, secs, outcome] = line.split('\t');
      return { step, seconds: Number(secs), outcome };
    });
}

/**
 * Clones `ref` of this repository, installs it and times its first start; answers the figures
 * (seconds, MB). Each clone runs in a temporary folder of its own, removed afterwards unless
 * BENCH_KEEP is set.
 * @throws when a step fails or times out.
 */
async function coldStart(ref) {
  const work = mkdtempSync(join(tmpdir(), 'shop-cold-start-'));
  const clone = join(work, 'site');
  const result = { ref };
  let site = null;
  let browser = null;
  try {
    log(`cloning ${ref} into ${clone}`);
    result.clone_s = timed('git', ['clone', '--quiet', ROOT, clone], work, join(work, 'clone.log'));
    timed('git', ['checkout', '--quiet', ref], clone, join(work, 'checkout.log'));
    log(`installing (log: ${join(work, 'install.log')})…`);
    result.install_s = timed('npm', ['install', '--no-audit', '--no-fund'], clone, join(work, 'install.log'));
    log(`installed in ${result.install_s} s; starting \`npm start\` on ${BASE} with an empty data folder…`);

    const installed = Date.now();
    const out = openSync(join(work, 'start.log'), 'w');
    site = spawn('npm', ['start'], {
      cwd: clone,
      env: { ...process.env, PORT, DATA_DIR: join(work, 'data'), DATABASE_URL: '', REDIS_URL: '' },
      stdio: ['ignore', out, out],
      detached: true,
    });
    result.first_page_s = seconds(await until(async () => homeRendered(await html('/')), installed, 'the server-rendered home page'));
    log(`/ answered with its server-rendered page ${result.first_page_s} s after the install`);
    result.posts_s = seconds(await until(async () => (await html('/posts')) !== null, installed, '/posts'));
    browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: FLAGS });
    result.dashboard_s = seconds(await until(() => dashboardWorks(browser), installed, 'the dashboard'));
    log(`/posts after ${result.posts_s} s, the dashboard working after ${result.dashboard_s} s`);

    result.pages_visited = await visitPublicPages();
    await sleep(2_000);
    const pid = serverPid(clone);
    result.rss_mb = pid === null ? null : residentMb(pid);
    result.held_by = await memoryHolders(result.rss_mb);
    log(`resident memory after ${result.pages_visited} public pages: ${result.rss_mb} MB`);
    return result;
  } finally {
    await browser?.close();
    if (site) {
      try {
        process.kill(-site.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await sleep(3_000);
    }
    if (!process.env.BENCH_KEEP) rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const reference = process.env.BENCH_COLD_REFERENCE ? await coldStart(process.env.BENCH_COLD_REFERENCE) : null;
  const result = { when: new Date().toISOString(), before: BEFORE, targets: TARGETS, ...(await coldStart('HEAD')), reference };
  result.ci = lastCiSteps();
  writeFileSync(join(RESULTS_DIR, 'cold-start.json'), `${JSON.stringify(result, null, 2)}\n`);
  /** `now` beside the reference's figure and the ratio, when there is a reference. */
  const paired = (key) => {
    const now = result[key];
    const then = reference?.[key];
    return then ? `${now} (${then} at ${reference.ref}: ×${(now / then).toFixed(2)})` : now;
  };
  const row = (name, now, before, target) => console.log(`  ${name.padEnd(40)} ${String(now).padStart(8)}   ${String(before).padStart(9)}   ${target ?? ''}`);
  console.log(`\nCold start (bench-results/cold-start.json)\n  ${'figure'.padEnd(40)} ${'now'.padStart(8)}   ${'before'.padStart(9)}   target`);
  row('clone, s', result.clone_s, '—');
  row('npm install, s', paired('install_s'), BEFORE.install_s);
  row('/ server-rendered after the install, s', paired('first_page_s'), BEFORE.first_page_s, `≤ ${TARGETS.first_page_s}`);
  row('/posts after the install, s', paired('posts_s'), '—');
  row('/dashboard working after the install, s', paired('dashboard_s'), '—');
  row('resident memory after every public page, MB', paired('rss_mb'), BEFORE.rss_mb, `≤ ${TARGETS.rss_mb}`);
  const held = result.held_by;
  if (held) {
    console.log(`  held by: the V8 heap ${held.v8_heap_mb} MB (${held.v8_heap_used_mb} in use), outside it (PGlite's WebAssembly memory, buffers) ${held.outside_heap_mb} MB, the rest (code, native allocations) ${held.rest_mb} MB`);
  }
  if (result.ci) {
    console.log('\nThe last .ci/run (bench-results/ci-steps.tsv):');
    for (const { step, seconds: secs, outcome } of result.ci) console.log(`  ${step.padEnd(44)} ${String(secs).padStart(6)} s  ${outcome}`);
    const total = result.ci.reduce((sum, step) => sum + step.seconds, 0);
    console.log(`  ${'total'.padEnd(44)} ${String(total).padStart(6)} s   (before: about ${BEFORE.ci_s} s; target ≤ ${TARGETS.ci_s} s)`);
  } else {
    console.log('\nNo .ci/run on record here (bench-results/ci-steps.tsv): run .ci/run for its step table.');
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(`[cold-start] ${error.message}`);
    process.exit(1);
  },
);
