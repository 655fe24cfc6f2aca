import { expect, test } from '../test';
import { logIn } from './accounts';

/**
 * Issue 26 "Audit log", end to end: the super user changes a post's title in the dashboard, opens
 * the audit log from the navigation, filters by entity and sees the entry: who, what, and the
 * title before and after. The page fits 375 px without sideways scrolling.
 */
test('the super user changes a post and finds the change, before and after, in the audit log', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, 'super');
  const [post] = (await (await page.request.get('/api/dashboard/posts?per_page=1&sort=-created_at')).json()).data as Array<{ id: number; title: string }>;
  const newTitle = `${post!.title} ویرایش ${Date.now()}`;
  // The log shows digits in Persian.
  const persian = (text: string) => text.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);

  await page.goto(`/dashboard/posts/${post!.id}`);
  const title = page.getByLabel('عنوان', { exact: true });
  await expect(title).toHaveValue(post!.title);
  await title.fill(newTitle);
  await page.getByRole('button', { name: 'ذخیره' }).click();
  await expect(page.getByText('نوشته ذخیره شد.')).toBeVisible();

  await page.goto('/dashboard');
  await page.getByRole('navigation', { name: 'داشبورد' }).getByRole('link', { name: 'دفتر رویدادها' }).click();
  await expect(page).toHaveURL(/\/dashboard\/audit-log$/);
  await expect(page.getByRole('heading', { name: 'دفتر رویدادها' })).toBeVisible();

  await page.getByRole('combobox', { name: 'نوع مورد' }).click();
  await page.getByRole('option', { name: 'نوشته', exact: true }).click();
  await expect(page).toHaveURL(/entity_type=post/);
  const table = page.getByRole('table', { name: 'دفتر رویدادها' });
  const entityLink = page.getByRole('link', { name: new RegExp(`^باز کردن نوشته ${persian(String(post!.id))}$`) });
  const link = table.locator(entityLink).first();
  await expect(link).toBeVisible();
  const row = table.getByRole('row').filter({ has: entityLink }).first();
  await expect(row).toContainText('مدیر سایت');
  await expect(row).toContainText('ویرایش');
  await expect(table.locator('del', { hasText: persian(post!.title) }).first()).toBeVisible();
  await expect(table.locator('ins', { hasText: persian(newTitle) }).first()).toBeVisible();
  await page.screenshot({ path: '.artifacts/audit-log-1280.png', fullPage: true });

  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(table.locator('ins').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: '.artifacts/audit-log-375.png', fullPage: true });

  // The entry's link opens the post's dashboard page.
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/posts/${post!.id}$`));
});

test('staff never see the audit log', async ({ page }) => {
  await logIn(page, 'staff');
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'داشبورد' });
  await expect(nav.getByRole('link', { name: 'داشبورد' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'دفتر رویدادها' })).toHaveCount(0);
  await page.goto('/dashboard/audit-log');
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByText('شما به این بخش دسترسی ندارید.')).toBeVisible();
  expect((await page.request.get('/api/dashboard/audit-log')).status()).toBe(403);
});
