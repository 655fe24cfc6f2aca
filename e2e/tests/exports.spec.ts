import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '../test';
import { logIn } from './accounts';

/**
 * Clicks the «خروجی CSV» link named `name`, checks the saved file's name (`<file>-<Jalali date>.csv`)
 * and its UTF-8 BOM, and answers its text after the BOM.
 */
async function downloadCsv(page: Page, name: string, file: string): Promise<string> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${file}-14\\d{2}-\\d{2}-\\d{2}\\.csv$`));
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return bytes.subarray(3).toString('utf8');
}

/**
 * Issue 25 "Exports", end to end: a staff member (super) exports the paid orders from the
 * dashboard's «خروجی CSV»; the browser saves the attachment (the auth cookie went with the plain
 * link), and the file starts with the UTF-8 BOM and keeps the Persian course title intact.
 */
test('a staff member exports the paid orders and the file opens with its Persian text intact', async ({ page }) => {
  await logIn(page, 'super');
  await page.goto('/dashboard/financial-info/orders?payment_status=paid');
  await expect(page.getByRole('table', { name: 'سفارش‌ها' })).toBeVisible();

  const lines = (await downloadCsv(page, 'خروجی CSV سفارش‌ها', 'orders')).trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^شماره سفارش,نام خریدار,ایمیل خریدار,/);
  // user@example.com's bought course (README "Demo accounts"), as written.
  expect(lines.some((line) => line.includes('دوره مقدماتی جاوااسکریپت') && line.includes('user@example.com'))).toBe(true);
  // The list's filter holds: every paid order, and only those.
  const listed = await (await page.request.get('/api/dashboard/financial-info/orders?payment_status=paid')).json();
  expect(lines).toHaveLength(listed.meta.total + 1);
  expect(lines.slice(1).every((line) => line.includes(',پرداخت‌شده,'))).toBe(true);
});

/**
 * Issue 26 "Exports": a moderator (the demo staff member, show-comments) exports the pending
 * comments; the file starts with the BOM and keeps the demo's Persian comment intact. The users and
 * tickets lists show their «خروجی CSV» too (screenshots at 375 and 1280 px in .artifacts).
 */
test('a moderator exports the pending comments and the file opens with its Persian text intact', async ({ page }) => {
  await logIn(page, 'staff');
  await page.goto('/dashboard/comments');
  await expect(page.getByText('این دیدگاه هنوز در انتظار تأیید است.')).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `.artifacts/comments-${width}.png`, fullPage: true });
  }

  const text = await downloadCsv(page, 'خروجی CSV دیدگاه‌ها', 'comments');
  expect(text.split('\r\n')[0]).toMatch(/^شناسه دیدگاه,وضعیت,نوع محتوا,/);
  expect(text).toContain('این دیدگاه هنوز در انتظار تأیید است.');
  expect(text).not.toContain(',تأییدشده,');
});

test('the users and tickets lists offer «خروجی CSV» with their filters', async ({ page }) => {
  await logIn(page, 'super');
  for (const [path, name, expected] of [
    ['/dashboard/users?status=staff', 'خروجی CSV کاربران', '/api/dashboard/users/export?sort=-created_at&status=staff'],
    ['/dashboard/contact-us?status=unread', 'خروجی CSV تیکت‌ها', '/api/dashboard/contact-us/export?status=unread'],
  ] as const) {
    await page.goto(path);
    const link = page.getByRole('link', { name });
    await expect(link).toHaveAttribute('href', expected);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `.artifacts/${path.split('/')[2]!.split('?')[0]}-${width}.png`, fullPage: true });
    }
  }
});
