import { expect, test, type Browser, type Page } from '../test';
import { logIn } from './accounts';

/**
 * Issue 26 "Bulk moderation": a moderator (the demo staff, show-comments) approves several
 * pending comments at once, deletes one and takes it back with «بازگردانی», and deletes
 * another and lets it go; the delete, and since issue 32 item 5 the approve too, is sent after 10 seconds.
 */

async function signedInPage(browser: Browser, account: 'super' | 'staff' | 'user', width = 1280): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  await logIn(page, account);
  return page;
}

/** Posts comments on /posts/3 as the signed-in reader of `page`, through the API with its CSRF cookie. */
async function postComments(page: Page, texts: string[]): Promise<void> {
  await page.request.get('/sanctum/csrf-cookie');
  const csrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value);
  const headers = { 'X-XSRF-TOKEN': csrf };
  const info = await page.request.post('/api/auth/logged-in-user-info', { headers });
  const userId = ((await info.json()) as { data: { user: { id: number } } }).data.user.id;
  for (const text of texts) {
    const response = await page.request.post('/api/comments', {
      headers,
      data: { user_id: userId, parent_id: 0, text, commentable_id: 3, commentable_type: 'post' },
    });
    expect(response.status()).toBe(201);
  }
}

test('a moderator approves several comments at once, undoes a delete and lets another go', async ({ browser }) => {
  const stamp = `انبوه-${Date.now()}`;
  const [first, second, kept, gone] = ['یکم', 'دوم', 'سوم', 'چهارم'].map((word) => `دیدگاه ${word} ${stamp}`);
  const reader = await signedInPage(browser, 'user');
  await postComments(reader, [first!, second!, kept!, gone!]);
  await reader.context().close();

  const staff = await signedInPage(browser, 'staff');
  // The page's clock, to step through each 10-second undo window instead of waiting it out.
  await staff.clock.install();
  await staff.goto(`/dashboard/comments/posts?q=${encodeURIComponent(stamp)}`);
  const card = (text: string) => staff.locator('article', { hasText: text });
  await expect(card(gone!)).toBeVisible();
  await expect(staff.locator('article')).toHaveCount(4);

  // Two rows selected: the toolbar counts them and approves both in one request.
  await card(first!).getByRole('checkbox').check();
  await card(second!).getByRole('checkbox').check();
  const toolbar = staff.getByRole('toolbar', { name: 'عملیات روی موارد انتخاب‌شده' });
  await expect(toolbar).toContainText('۲ مورد انتخاب شده');
  await staff.screenshot({ path: '.artifacts/bulk-moderation-1280.png', fullPage: true });
  const approved = staff.waitForResponse((r) => r.url().endsWith('/api/dashboard/comments/bulk') && r.request().method() === 'POST', { timeout: 15_000 });
  await toolbar.getByRole('button', { name: 'تأیید' }).click();
  // The rows leave at once with «بازگردانی»; the approve goes when the window ends.
  await expect(staff.getByText('۲ دیدگاه تأیید شد.')).toBeVisible();
  await expect(staff.locator('article')).toHaveCount(2);
  await expect(toolbar).toHaveCount(0);
  await staff.clock.fastForward('00:10');
  expect((await approved).status()).toBe(200);
  await expect(staff.getByRole('button', { name: 'بازگردانی' })).toHaveCount(0);

  // A delete hides the row at once; «بازگردانی» brings it back and nothing is sent.
  const sent: string[] = [];
  staff.on('request', (request) => {
    if (request.method() !== 'GET' && request.url().includes('/api/dashboard/comments')) sent.push(request.postData() ?? '');
  });
  await card(kept!).getByRole('button', { name: 'حذف' }).click();
  await expect(card(kept!)).toHaveCount(0);
  await expect(staff.getByText('۱ دیدگاه و پاسخ‌هایش حذف شد.')).toBeVisible();
  await expect(staff.getByText('۱ دیدگاه', { exact: true })).toBeVisible();
  await staff.waitForTimeout(500);
  await staff.screenshot({ path: '.artifacts/bulk-moderation-undo-1280.png' });
  await staff.getByRole('button', { name: 'بازگردانی' }).click();
  await expect(card(kept!)).toBeVisible();
  await staff.clock.fastForward('00:11');
  // A request the window's end would send leaves within a few turns; none may.
  await staff.waitForTimeout(500);
  expect(sent).toEqual([]);

  // Another delete, left alone: not sent within its 10 seconds, sent at their end, gone after a reload.
  const deleted = staff.waitForResponse((r) => r.url().endsWith('/api/dashboard/comments/bulk') && r.request().method() === 'POST', { timeout: 15_000 });
  await card(gone!).getByRole('button', { name: 'حذف' }).click();
  await expect(card(gone!)).toHaveCount(0);
  // The page's time still flows as well: 8 s ahead leaves the window's end a moment away.
  await staff.clock.fastForward('00:08');
  await staff.waitForTimeout(500);
  expect(sent).toEqual([]);
  await staff.clock.fastForward('00:02');
  expect((await deleted).status()).toBe(200);
  expect(sent.map((body) => JSON.parse(body) as { action: string })).toEqual([{ action: 'delete', ids: [expect.any(Number)] }]);
  await staff.reload();
  await expect(card(kept!)).toBeVisible();
  await expect(card(gone!)).toHaveCount(0);
  await staff.context().close();

  // The approved comments are public; the deleted one never will be.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/posts/3');
  await expect(visitor.getByText(first!)).toBeVisible();
  await expect(visitor.getByText(second!)).toBeVisible();
  await expect(visitor.getByText(gone!)).toHaveCount(0);
  await visitor.context().close();
});

test('the selection toolbar and the undo notice fit a phone, and super marks tickets read in bulk', async ({ browser }) => {
  const phone = await signedInPage(browser, 'super', 375);
  await phone.goto('/dashboard/comments');
  await expect(phone.locator('article').first()).toBeVisible();
  await phone.getByRole('checkbox', { name: 'همه در این صفحه' }).check();
  await expect(phone.getByRole('toolbar', { name: 'عملیات روی موارد انتخاب‌شده' })).toBeVisible();
  const width = await phone.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await phone.screenshot({ path: '.artifacts/bulk-moderation-375.png', fullPage: true });

  await phone.goto('/dashboard/contact-us');
  await expect(phone.locator('article').first()).toBeVisible();
  await phone.getByRole('checkbox', { name: 'همه در این صفحه' }).check();
  const toolbar = phone.getByRole('toolbar', { name: 'عملیات روی موارد انتخاب‌شده' });
  await toolbar.getByRole('button', { name: 'علامت خوانده‌شده' }).click();
  await expect(phone.getByText(/پیام خوانده‌شده علامت خورد\./)).toBeVisible();
  await phone.screenshot({ path: '.artifacts/bulk-tickets-375.png', fullPage: true });
  await phone.context().close();
});
