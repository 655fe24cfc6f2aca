// The player's JavaScript (issue 24 "Figures"): what a buyer's browser loads only on a session
// page, in KB brotli. Signs in as the demo user (who owns the course whose first session is the
// demo's video lesson), opens that course's page in one fresh browser context and the lesson's
// page in another, and reports the scripts the lesson page loaded that neither the course page (an
// islands page) nor the profile (a page of the whole app, shell entry included) loaded in fresh
// contexts of their own: the player and hls.js. Each is compressed here with brotli at quality 11,
// so the figure does not depend on how the server compressed it. Written to bench-results/player.json.
//
// Environment: BENCH_URL (the running site, required), CHROME_PATH (default /usr/bin/chromium).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { chromium } from '@playwright/test';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BASE = process.env.BENCH_URL;
const DEMO_USER = { email: 'user@example.com', password: 'User12345' };
const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const brotli = (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** A browser context signed in as the demo user (XSRF cookie, then the login API). */
async function signedInContext(browser) {
  const context = await browser.newContext({ baseURL: BASE });
  await context.request.get('/sanctum/csrf-cookie');
  const xsrf = decodeURIComponent((await context.cookies()).find((c) => c.name === 'XSRF-TOKEN').value);
  const login = await context.request.post('/api/auth/login', { headers: { 'X-XSRF-TOKEN': xsrf }, data: DEMO_USER });
  if (!login.ok()) throw new Error(`demo login answered ${login.status()}`);
  return context;
}

/** The demo user's course holding a ready video lesson, and that session's id. */
async function lessonPage(context) {
  const bought = (await (await context.request.get('/api/bought-products')).json()).data;
  for (const product of bought) {
    const detail = (await (await context.request.get(`/api/products/${product.id}`)).json()).data;
    for (const session of detail.sessions) {
      const answer = (await (await context.request.get(`/api/product-sessions/${session.id}`)).json()).data;
      if (answer.media) return { coursePath: `/products/${product.id}`, sessionPath: `/products/${product.id}/${session.id}` };
    }
  }
  throw new Error('the demo user owns no course with a ready lesson (is the demo lesson seeded?)');
}

/** The scripts a fresh signed-in context loads for `path` until the network is idle: URL → body. */
async function scriptsOf(browser, path) {
  const context = await signedInContext(browser);
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script' || !response.ok()) return;
    try {
      scripts.set(response.url(), await response.body());
    } catch {
      // A response the page dropped before its body was read: not loaded.
    }
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  if (path.split('/').length > 3) await page.locator('video').first().waitFor({ timeout: 30_000 });
  else if (path === '/profile') await page.getByRole('tab').first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await context.close();
  return scripts;
}

async function main() {
  if (!BASE) throw new Error('BENCH_URL is required');
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: FLAGS });
  try {
    const { coursePath, sessionPath } = await lessonPage(await signedInContext(browser));
    const course = await scriptsOf(browser, coursePath);
    const profile = await scriptsOf(browser, '/profile');
    const session = await scriptsOf(browser, sessionPath);
    const onlyOnSession = [...session].filter(([url]) => !course.has(url) && !profile.has(url));
    const files = onlyOnSession.map(([url, body]) => ({ file: new URL(url).pathname, brotli_kb: kb(brotli(body)) }));
    const total = (scripts) => kb([...scripts.values()].reduce((sum, body) => sum + brotli(body), 0));
    const result = {
      course_page: coursePath,
      session_page: sessionPath,
      player_kb_brotli: kb(onlyOnSession.reduce((sum, [, body]) => sum + brotli(body), 0)),
      files,
      course_page_js_kb_brotli: total(course),
      session_page_js_kb_brotli: total(session),
    };
    console.log(`[bench] player JavaScript loaded only on a session page: ${result.player_kb_brotli} KB brotli`);
    for (const file of files) console.log(`[bench]   ${file.file}: ${file.brotli_kb} KB`);
    console.log(`[bench] all JavaScript: course page ${result.course_page_js_kb_brotli} KB, session page ${result.session_page_js_kb_brotli} KB brotli`);
    mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
    writeFileSync(join(ROOT, 'bench-results', 'player.json'), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error('[bench] player figure failed:', error);
  process.exit(2);
});
