import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page, type Response } from '../test';
import { apiAs, logIn } from './accounts';
import { newCourseWithLesson, sessionHydrated, uploadLessonAsStaff, verifyEmail } from './learning';

/**
 * Issue 38 item 3 in a real Chromium: a lesson of a course with the forensic watermark on is
 * processed into A and B segments; its buyer plays it in the Persian player (hls.js), which fetches
 * the versions their playlist names, while the other version of each is refused. Then staff send a
 * copy made from what the buyer's playlist serves on /dashboard/forensics and read the result: a
 * 40-second copy names nobody and says why in Persian (a copy of three minutes or more names its
 * account: the API test and `npm run bench:forensics` prove that part, and the revocation).
 */

/** A 40-second 640×360 lesson with moving picture and sound, made by ffmpeg in a folder of its own. */
function lessonFiles(): { dir: string; video: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-forensic-'));
  const video = path.join(dir, 'lesson.mp4');
  execFileSync('ffmpeg', [
    '-v', 'error',
    '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=40',
    '-f', 'lavfi', '-i', 'sine=frequency=440:duration=40',
    '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', video,
  ]);
  return { dir, video };
}

/** A segment of a marked rendition as the media route serves it: `…/hls/<rendition>/[b/]segNNNNN.ts?<signed query>`. */
const SEGMENT = /\/hls\/([a-z0-9_-]+)\/(b\/)?(seg\d+\.ts)\?/i;

/** `url` of one version of a segment pointing at the other one, with the same signed query. */
function otherVersion(url: string): string {
  return url.replace(SEGMENT, (_all, rendition: string, b: string | undefined, file: string) => `/hls/${rendition}/${b ? '' : 'b/'}${file}?`);
}

/** Records the lesson's media playlists and segments a page fetches, with their answers. */
function recordMedia(page: Page): { playlists: Response[]; segments: Response[] } {
  const media = { playlists: [] as Response[], segments: [] as Response[] };
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (!pathname.startsWith('/api/media/lessons/')) return;
    if (/\/hls\/[^/]+\/index\.m3u8$/.test(pathname)) media.playlists.push(response);
    else if (SEGMENT.test(response.url())) media.segments.push(response);
  });
  return media;
}

test('a marked lesson plays in the Persian player, its unnamed versions refused; a short leaked copy names nobody and says why', async ({ browser }) => {
  test.setTimeout(240_000);
  const staff = await apiAs('super');
  const buyer = await apiAs('new');
  const tag = Date.now();
  const files = lessonFiles();
  const title = `درس نشانه‌دار ${tag}`;
  const { productId, sessionId } = await newCourseWithLesson(
    staff.api,
    { title: `دوره نشانه‌دار ${tag}`, slug: `forensic-${tag}`, description: '<p>دوره آزمون نشانهٔ پنهان.</p>' },
    { title, slug: `marked-${tag}`, description: '<p>درسی چهل‌ثانیه‌ای.</p>' },
  );
  const course = ((await (await staff.api.get(`/api/dashboard/products/${productId}`)).json()) as { data: { forensic_watermark: boolean } }).data;
  expect(course.forensic_watermark).toBe(true);

  // Staff upload the lesson on its page; the site makes its A and B segments.
  const dashboard = await uploadLessonAsStaff(browser, sessionId, files.video, /^ویدیو آماده پخش است؛ مدت: ۰۰:(۳۹|۴۰)$/, 120_000);
  expect((await staff.api.post('/api/dashboard/financial-info/list-of-products-added-to-users', { data: { user_id: buyer.userId, product_id: productId } })).status()).toBe(201);

  // The buyer plays it: the player fetches the versions their playlist names, each answered.
  const player = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await logIn(player, buyer.credentials);
  await verifyEmail(player, buyer.credentials.email);
  const media = recordMedia(player);
  await player.goto(`/products/${productId}/${sessionId}`);
  await sessionHydrated(player);
  const region = player.getByRole('region', { name: `پخش جلسه: ${title}` });
  await region.getByRole('button', { name: 'پخش', exact: true }).click();
  await expect(region.getByTestId('player-current')).toHaveText('۰۰:۰۲', { timeout: 20_000 });
  await region.getByRole('button', { name: 'توقف' }).click();
  const playlist = media.playlists.find((response) => response.url().includes('/hls/360p/'));
  expect(playlist, 'the 360p media playlist was fetched').toBeDefined();
  const uris = (await playlist!.text()).split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
  expect(uris).toHaveLength(7);
  expect(uris.every((uri) => /^(b\/)?seg\d{5}\.ts\?viewer=/.test(uri))).toBe(true);
  expect(media.segments.length).toBeGreaterThan(0);
  for (const segment of media.segments) {
    expect(segment.status(), segment.url()).toBe(200);
    // Both versions of one segment would make a copy that names nobody: the other one is refused.
    expect((await player.request.get(otherVersion(segment.url()))).status(), otherVersion(segment.url())).toBe(404);
  }

  // A copy of what the buyer's playlist serves: its segments joined, re-encoded smaller.
  const parts: string[] = [];
  for (const [index, uri] of uris.entries()) {
    const part = path.join(files.dir, `part-${index}.ts`);
    const answer = await player.request.get(new URL(uri, playlist!.url()).toString());
    expect(answer.status()).toBe(200);
    fs.writeFileSync(part, await answer.body());
    parts.push(part);
  }
  const copy = path.join(files.dir, 'leaked.mp4');
  execFileSync('ffmpeg', ['-v', 'error', '-i', `concat:${parts.join('|')}`, '-vf', 'scale=480:-2', '-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '300k', '-c:a', 'aac', copy]);

  // Staff send it on /dashboard/forensics and read the result.
  await dashboard.goto('/dashboard/forensics');
  const form = dashboard.getByRole('form', { name: 'فرستادن نسخهٔ نشت‌کرده' });
  await form.getByRole('combobox', { name: 'دوره' }).click();
  await dashboard.getByRole('option', { name: `دوره نشانه‌دار ${tag}` }).click();
  await form.getByRole('combobox', { name: 'جلسه' }).click();
  await dashboard.getByRole('option', { name: title }).click();
  await form.getByLabel('فایل ویدیو').setInputFiles(copy);
  await expect(form.getByText('leaked.mp4')).toBeVisible();
  await form.getByRole('button', { name: 'فرستادن و شناسایی' }).click();
  await expect(dashboard.getByRole('heading', { name: `شناسایی نسخهٔ «${title}»` })).toBeVisible({ timeout: 30_000 });
  await expect(dashboard.getByText('از این نسخه نمی‌توان گفت از کدام حساب است')).toBeVisible({ timeout: 90_000 });
  await expect(dashboard.getByText('هیچ حسابی نام برده نشد تا کسی به اشتباه متهم نشود.')).toBeVisible();
  await expect(dashboard.getByText(/نشانهٔ پنهان در آن بسنده نیست/)).toBeVisible();
  await expect(dashboard.getByRole('button', { name: 'لغو دسترسی این حساب' })).toHaveCount(0);
  await dashboard.screenshot({ path: '.artifacts/forensic-cannot-say.png', fullPage: true });
  fs.rmSync(files.dir, { recursive: true, force: true });
});
