// Lighthouse over the public pages (issue 9 "Figures, each reported by `npm run bench`"):
// `npm run bench` installs this package on first use and runs this file with BENCH_URL set.
//
// Pages: home `/`, the newest post, podcast and course (ids from /api/posts, /api/podcasts,
// /api/products). Each page is audited BENCH_LIGHTHOUSE_RUNS times (default 3) with Lighthouse's
// default config: the mobile preset (Moto G Power screen, 4× CPU slowdown, slow 4G) with
// simulated throttling, all four categories. One Debian Chromium (CHROME_PATH) serves every run;
// Lighthouse empties the cache and storage before each one. Each figure is the median of the
// runs, taken figure by figure.
//
// "JavaScript before interactive": the script requests of the network-requests audit (everything
// the page fetched with resourceType Script, status < 400, until Lighthouse saw the network and the
// CPU go quiet), each body gzipped here at zlib level 9 and summed. Gzip of the body rather than
// Lighthouse's transferSize, because the server sends Chromium brotli and the targets are in gzip;
// this is the figure `npm run bench` printed before Lighthouse came in, so before and after compare.
// Lighthouse's transferSize (as served, headers included) is kept beside it in the JSON.
//
// The report is the product: the exit code is 0 whatever the figures; 1 when the site does not
// answer, 2 when the browser could not run. Writes bench-results/lighthouse.json.
//
// Environment: BENCH_URL (required), BENCH_LIGHTHOUSE_RUNS (3), CHROME_PATH (/usr/bin/chromium).
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync, constants as zlibConstants } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RESULTS_FILE = join(ROOT, 'bench-results', 'lighthouse.json');
const KB = 1024;
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS) || 3);
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
const LIGHTHOUSE_VERSION = createRequire(import.meta.url)('lighthouse/package.json').version;

/**
 * The figures of one run, how each is shown, and its target (issue 9 "Targets on the Lighthouse
 * mobile preset"). `js` has a target on home and a post only.
 */
const FIGURES = [
  { key: 'performance', label: 'Performance', unit: '', digits: 0, target: { min: 95 } },
  { key: 'accessibility', label: 'Accessibility', unit: '', digits: 0, target: { min: 100 } },
  { key: 'bestPractices', label: 'Best practices', unit: '', digits: 0, target: { min: 100 } },
  { key: 'seo', label: 'SEO', unit: '', digits: 0, target: { min: 100 } },
  { key: 'tbtMs', label: 'Total blocking time', unit: ' ms', digits: 0, target: { max: 100 } },
  { key: 'lcpS', label: 'Largest contentful paint', unit: ' s', digits: 2, target: { max: 1.8 } },
  { key: 'cls', label: 'Cumulative layout shift', unit: '', digits: 3, target: { max: 0.02 } },
  { key: 'fcpS', label: 'First contentful paint', unit: ' s', digits: 2, target: null },
  { key: 'jsKB', label: 'JS before interactive (gzip)', unit: ' KB', digits: 1, target: null },
];
const JS_TARGET_KB = { home: 60, post: 80 };

const log = (message) => console.log(`[lighthouse] ${message}`);

/** The median of numbers (mean of the middle two for an even count); null for none. */
function median(values) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Which app a script belongs to: `remotes/<name>`, `shell`, or another origin's host. */
function appOf(url, base) {
  const parsed = new URL(url);
  if (parsed.origin !== new URL(base).origin) return parsed.host;
  const match = /^\/remotes\/([^/]+)\//.exec(parsed.pathname);
  return match ? `remotes/${match[1]}` : 'shell';
}

/** The pages to audit: home and the newest item of each public list that has one. */
async function pagesOf(base) {
  const pages = [{ name: 'home', path: '/' }];
  for (const [name, list, route] of [
    ['post', '/api/posts', '/posts'],
    ['podcast', '/api/podcasts', '/podcasts'],
    ['course', '/api/products', '/products'],
  ]) {
    const response = await fetch(new URL(`${list}?per_page=1`, base), { signal: AbortSignal.timeout(10_000) });
    const body = response.ok ? await response.json() : null;
    const id = body?.data?.[0]?.id;
    if (id === undefined) log(`warning: ${list} answered ${response.status} with no item: no ${name} page to audit`);
    else pages.push({ name, path: `${route}/${id}` });
  }
  return pages;
}

/** gzip level 9 of each script body, by URL (fetched once: the files are the same on every run). */
const gzipCache = new Map();
async function gzipBytesOf(url) {
  if (!gzipCache.has(url)) {
    gzipCache.set(
      url,
      fetch(url, { signal: AbortSignal.timeout(30_000) })
        .then((response) => response.arrayBuffer())
        .then((body) => gzipSync(Buffer.from(body), { level: zlibConstants.Z_BEST_COMPRESSION }).length),
    );
  }
  return gzipCache.get(url);
}

/** The figures and script files of one Lighthouse result. */
async function figuresOf(lhr, base) {
  const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
  const value = (id) => lhr.audits[id]?.numericValue ?? null;
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script' && /^https?:/.test(item.url) && item.statusCode > 0 && item.statusCode < 400,
  );
  const files = [];
  for (const item of scripts) {
    files.push({
      url: item.url,
      app: appOf(item.url, base),
      gzipBytes: await gzipBytesOf(item.url),
      transferBytes: item.transferSize ?? null,
      decodedBytes: item.resourceSize ?? null,
    });
  }
  const sum = (key) => files.reduce((total, file) => total + (file[key] ?? 0), 0);
  return {
    figures: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      tbtMs: value('total-blocking-time'),
      lcpS: value('largest-contentful-paint') == null ? null : value('largest-contentful-paint') / 1000,
      cls: value('cumulative-layout-shift'),
      fcpS: value('first-contentful-paint') == null ? null : value('first-contentful-paint') / 1000,
      jsKB: sum('gzipBytes') / KB,
    },
    js: { files: files.length, gzipBytes: sum('gzipBytes'), transferBytes: sum('transferBytes'), decodedBytes: sum('decodedBytes') },
    files,
    // Audits that did not pass, outside performance (whose weighted audits are the metrics above).
    failing: Object.entries(lhr.categories).flatMap(([category, { auditRefs }]) =>
      (category === 'performance' ? [] : auditRefs)
        .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score !== null && lhr.audits[ref.id]?.score < 1)
        .map((ref) => `${category}: ${ref.id}`),
    ),
  };
}

/** A figure's target on a page, or null. */
function targetOf(figure, page) {
  if (figure.key === 'jsKB') return JS_TARGET_KB[page] === undefined ? null : { max: JS_TARGET_KB[page] };
  return figure.target;
}

function show(figure, value) {
  return value == null ? '?' : `${value.toFixed(figure.digits)}${figure.unit}`;
}

function verdictOf(target, value) {
  if (!target || value == null) return '';
  return (target.min !== undefined ? value >= target.min : value <= target.max) ? 'ok' : 'MISS';
}

/** One page's table: each figure's median, its target, the runs, and ok / MISS. */
function table(page) {
  const header = ['figure', 'median', 'target', `runs (${page.runs.length})`, ''];
  const rows = FIGURES.map((figure) => {
    const target = targetOf(figure, page.name);
    const median = page.median[figure.key];
    return [
      figure.label,
      show(figure, median),
      !target ? '—' : target.min === 100 ? '100' : `${target.min !== undefined ? '≥' : '≤'} ${target.min ?? target.max}${figure.unit}`,
      page.runs.map((run) => show({ ...figure, unit: '' }, run.figures[figure.key])).join('  '),
      verdictOf(target, median),
    ];
  });
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i].length)));
  const line = (row) => row.map((cell, i) => (i === 1 ? cell.padStart(widths[i]) : cell.padEnd(widths[i]))).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

async function main() {
  const base = process.env.BENCH_URL;
  if (!base) {
    console.error('[lighthouse] BENCH_URL is not set');
    return 1;
  }
  let pages;
  try {
    pages = await pagesOf(base);
  } catch (error) {
    console.error(`[lighthouse] ${base} does not answer: ${error.message}`);
    return 1;
  }

  let chrome;
  try {
    chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  } catch (error) {
    console.error(`[lighthouse] could not launch ${CHROME_PATH}: ${error.message}`);
    return 2;
  }
  // The user agent says Chrome/<major>.0.0.0; the DevTools endpoint gives the full version.
  const browser = await fetch(`http://127.0.0.1:${chrome.port}/json/version`)
    .then((response) => response.json())
    .then((version) => version.Browser)
    .catch(() => null);
  const load = loadavg()[0];
  if (load > availableParallelism() / 2) {
    log(`warning: load average ${load.toFixed(1)} on ${availableParallelism()} cores: other work inflates TBT and LCP (Lighthouse scales the CPU time it sees by 4)`);
  }
  try {
    for (const page of pages) {
      page.url = new URL(page.path, base).href;
      page.runs = [];
      page.errors = [];
      // A failed run (Lighthouse's trace now and then misses the navigation's start) is run again,
      // up to RUNS more times, so each median has its RUNS runs.
      for (let attempt = 1; page.runs.length < RUNS && attempt <= 2 * RUNS; attempt += 1) {
        const run = page.runs.length + 1;
        const started = Date.now();
        let lhr;
        try {
          lhr = (await lighthouse(page.url, { port: chrome.port, output: 'json', logLevel: 'error' }))?.lhr;
        } catch (error) {
          lhr = { runtimeError: { message: error.message } };
        }
        if (!lhr || lhr.runtimeError) {
          page.errors.push(lhr?.runtimeError?.message ?? 'no result');
          log(`${page.name} run ${run}: ${page.errors.at(-1)} (run again)`);
          continue;
        }
        page.runs.push(await figuresOf(lhr, base));
        const { figures } = page.runs.at(-1);
        log(
          `${page.name} run ${run}/${RUNS} (${((Date.now() - started) / 1000).toFixed(0)} s): performance ${figures.performance}, ` +
            `TBT ${Math.round(figures.tbtMs)} ms, LCP ${figures.lcpS?.toFixed(2)} s, JS ${figures.jsKB.toFixed(1)} KB`,
        );
      }
      page.median = Object.fromEntries(
        FIGURES.map(({ key }) => [key, median(page.runs.map((run) => run.figures[key]).filter((v) => v != null))]),
      );
    }
  } finally {
    chrome.kill();
  }

  const out = [
    '',
    `Lighthouse ${LIGHTHOUSE_VERSION}, mobile preset (simulated throttling), ${browser ?? 'Chromium'}; median of ${RUNS} runs per figure; load average ${load.toFixed(1)} at the start`,
    'JS before interactive = script requests of the network-requests audit, each body gzipped at level 9 (1 KB = 1024 B)',
  ];
  for (const page of pages) {
    out.push('', `${page.name} — ${page.url}`, table(page));
    const byApp = {};
    for (const file of page.runs.at(-1)?.files ?? []) byApp[file.app] = (byApp[file.app] ?? 0) + file.gzipBytes;
    const apps = Object.entries(byApp).sort((a, b) => b[1] - a[1]);
    if (apps.length) out.push(`scripts by app (gzip KB, last run): ${apps.map(([app, bytes]) => `${app} ${(bytes / KB).toFixed(1)}`).join(', ')}`);
    const failing = [...new Set(page.runs.flatMap((run) => run.failing))];
    if (failing.length) out.push(`audits not passed in some run: ${failing.join(', ')}`);
    if (page.errors.length) out.push(`runs that failed: ${page.errors.join('; ')}`);
  }
  console.log(out.join('\n'));

  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  const json = {
    measuredAt: new Date().toISOString(),
    base,
    lighthouse: LIGHTHOUSE_VERSION,
    browser,
    loadAverageAtStart: load,
    preset: 'default config: mobile, simulated throttling',
    runs: RUNS,
    method: {
      median: 'per figure, over the runs that completed',
      jsKB: 'network-requests audit, resourceType Script, status < 400: sum of zlib level 9 gzip of each decoded body; transferBytes = Lighthouse transferSize as served',
    },
    targets: Object.fromEntries(FIGURES.map((figure) => [figure.key, figure.target])),
    jsTargetKB: JS_TARGET_KB,
    pages: pages.map((page) => ({
      name: page.name,
      url: page.url,
      median: page.median,
      runs: page.runs,
      errors: page.errors,
    })),
  };
  writeFileSync(RESULTS_FILE, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`\n[lighthouse] written ${RESULTS_FILE}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error('[lighthouse] failed:', error);
    process.exit(2);
  },
);
