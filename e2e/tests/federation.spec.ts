import { expect, test } from '../test';

test('a remote whose files are blocked shows a Persian fallback and the rest still works', async ({ page }) => {
  await page.route('**/remotes/content/**', (route) => route.abort());
  // A server-rendered page still shows the remote's area: it is HTML until used (issue 9).
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'تازه‌ترین نوشته‌ها' })).toBeVisible();
  // In the client-rendered app, the remote's area shows the notice.
  await page.goto('/login');
  const nav = page.getByRole('banner').getByRole('navigation');
  await nav.getByRole('link', { name: 'نوشته‌ها' }).click();
  const fallback = page.locator('[data-remote-fallback="content"]').first();
  await expect(fallback).toBeVisible();
  await expect(fallback).toContainText('این بخش در حال حاضر در دسترس نیست');
  // Other remotes' pages and the shell still work.
  await nav.getByRole('link', { name: 'دوره‌ها' }).click();
  await expect(page.locator('main a[href^="/products/"]').first()).toBeVisible();
  await nav.getByRole('link', { name: 'نوشته‌ها' }).click();
  await expect(page.locator('[data-remote-fallback="content"]')).toBeVisible();
  // Once the remote is reachable again, the retry button brings the area back.
  await page.unroute('**/remotes/content/**');
  await page.getByRole('button', { name: 'تلاش دوباره' }).click();
  await expect(page.getByRole('heading', { name: 'نوشته‌ها', level: 1 })).toBeVisible();
});
