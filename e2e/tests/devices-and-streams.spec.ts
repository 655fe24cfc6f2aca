import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '../test';
import { apiAs, logIn, type Credentials } from './accounts';
import { newCourseWithLesson, sessionHydrated, uploadLessonAsStaff, verifyEmail } from './learning';

/**
 * Issue 38 items 1 and 2 in a real Chromium: one buyer plays a lesson in one browser, then in
 * another; the first player stops and says why (one stream at a time), within a segment or two.
 * Then a fourth browser of the same account meets the device limit, with the others listed in
 * Persian, removes one from that screen and plays. A two-minute audio lesson of its own (ffmpeg
 * makes it, the site processes it): the demo video is a single segment, which a player holds whole.
 */

const SUPERSEDED = 'پخش این درس متوقف شد، چون با همین حساب درسی در دستگاه یا صفحه‌ای دیگر پخش شد.';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A 120-second tone as MP3, made by ffmpeg in a folder of its own. */
function lessonAudio(): string {
  const audio = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-lesson-')), 'lesson.mp3');
  execFileSync('ffmpeg', ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=120', '-c:a', 'libmp3lame', '-b:a', '64k', audio]);
  return audio;
}

/** A new browser of `buyer` on the lesson's page, its island hydrated; the first one opens the verification mail's link (a session asks for a verified email). */
async function browserOf(browser: Browser, buyer: Credentials, url: string, { verify = false } = {}): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await logIn(page, buyer);
  if (verify) await verifyEmail(page, buyer.email);
  await page.goto(url);
  await sessionHydrated(page);
  return page;
}

test('a second browser takes the lesson over and the first says why it stopped; a fourth meets the device limit and frees a place', async ({ browser }) => {
  test.setTimeout(240_000);
  const staff = await apiAs('super');
  const buyer = await apiAs('new');
  const tag = Date.now();
  const title = `درس شنیداری ${tag}`;
  const { productId, sessionId } = await newCourseWithLesson(
    staff.api,
    { title: `دوره پخش ${tag}`, slug: `streams-${tag}`, description: '<p>دوره آزمون دستگاه‌ها.</p>' },
    { title, slug: `lesson-${tag}`, description: '<p>یک درس دو دقیقه‌ای.</p>' },
  );

  // Staff upload the lesson on its page, and the site processes it to HLS.
  const dashboard = await uploadLessonAsStaff(browser, sessionId, lessonAudio(), /^صوت آماده پخش است؛ مدت: ۰۲:۰۰$/, 90_000);
  await dashboard.context().close();
  const given = await staff.api.post('/api/dashboard/financial-info/list-of-products-added-to-users', { data: { user_id: buyer.userId, product_id: productId } });
  expect(given.status()).toBe(201);

  const url = `/products/${productId}/${sessionId}`;
  const region = `پخش جلسه: ${title}`;
  const first = await browserOf(browser, buyer.credentials, url, { verify: true });
  const firstPlayer = first.getByRole('region', { name: region });
  await firstPlayer.getByRole('button', { name: 'پخش', exact: true }).click();
  await expect(firstPlayer.getByTestId('player-current')).not.toHaveText('۰۰:۰۰', { timeout: 15_000 });

  // The same buyer in another browser: its page starts a stream, which takes over.
  const second = await browserOf(browser, buyer.credentials, url);
  const secondPlayer = second.getByRole('region', { name: region });
  await secondPlayer.getByRole('button', { name: 'پخش', exact: true }).click();
  await expect(secondPlayer.getByTestId('player-current')).not.toHaveText('۰۰:۰۰', { timeout: 15_000 });
  // The first stops within a segment (6 s) or two, and says why.
  await expect(firstPlayer.getByText(SUPERSEDED)).toBeVisible({ timeout: 20_000 });
  await expect(firstPlayer.getByRole('button', { name: 'پخش در این دستگاه' })).toBeVisible();
  await expect(first.locator('audio')).toHaveCount(0);
  await first.screenshot({ path: '.artifacts/stream-superseded.png' });
  await expect(secondPlayer.getByTestId('player-current')).not.toHaveText('۰۰:۰۰');

  // A third device, an iPhone, through the API; then a fourth browser is one too many.
  const iphone = await buyer.api.post(`/api/product-sessions/${sessionId}/playback`, {
    headers: { 'x-device-key': `e2e-iphone-${tag}-000000000000`, 'user-agent': SAFARI_IPHONE },
    data: {},
  });
  expect(iphone.status(), await iphone.text()).toBe(200);
  const fourth = await browserOf(browser, buyer.credentials, url);
  await expect(fourth.getByText('این دستگاه تازه است و سقف دستگاه‌های شما پر شده است')).toBeVisible();
  await expect(fourth.getByText(/^درس‌های شما حداکثر روی ۳ دستگاه پخش می‌شوند و این دستگاه تازه است\. دستگاه‌های حساب شما: .*Safari روی iOS \(آخرین پخش: [۰-۹]+ \S+ ۱۴[۰-۹]{2}، ساعت [۰-۹:]+\)/)).toBeVisible();
  await expect(fourth.getByText('در ۳۰ روز گذشته هنوز ۲ بار می‌توانید دستگاهی را حذف کنید.')).toBeVisible();
  await expect(fourth.locator('audio')).toHaveCount(0);
  await fourth.screenshot({ path: '.artifacts/device-limit.png', fullPage: true });
  await fourth.getByRole('button', { name: 'حذف Safari روی iOS' }).click();
  const fourthPlayer = fourth.getByRole('region', { name: region });
  await expect(fourthPlayer.getByRole('button', { name: 'پخش', exact: true })).toBeVisible();
  await expect(fourth.getByText('این دستگاه تازه است و سقف دستگاه‌های شما پر شده است')).toHaveCount(0);
  const devices = ((await (await buyer.api.get('/api/devices')).json()) as { data: { devices: Array<{ name: string }>; removals_left: number } }).data;
  expect(devices.devices).toHaveLength(3);
  expect(devices.removals_left).toBe(1);
});
