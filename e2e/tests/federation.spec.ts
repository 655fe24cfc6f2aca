import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { redeployRemote } from './redeploy';

const root = join(__dirname, '..', '..');

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

test('a remote rebuilt alone is served at once, by the browser and the server, without rebuilding or restarting the shell', async ({ page, request }) => {
  test.setTimeout(240_000);
  const shellIndex = join(root, 'shell/dist/index.html');
  const shellBuiltAt = statSync(shellIndex).mtimeMs;
  const health = await (await request.get('/api/site-information')).json();

  const restore = redeployRemote('content', {
    from: "newestPosts: 'تازه‌ترین نوشته‌ها'",
    to: "newestPosts: 'تازه‌ترین نوشته‌های نسخه نو'",
  });
  try {
    // The server renders with the new build too, without a restart (issue 9): it checks a
    // remote's manifest at most every second.
    await expect(async () => {
      const html = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
      expect(html).toContain('تازه‌ترین نوشته‌های نسخه نو');
    }).toPass({ timeout: 10_000 });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'تازه‌ترین نوشته‌های نسخه نو' })).toBeVisible();
    expect(statSync(shellIndex).mtimeMs).toBe(shellBuiltAt);
    expect(await (await request.get('/api/site-information')).json()).toEqual(health);
  } finally {
    restore();
  }
  // Rolled back: the server renders the first build again, and so does the browser.
  await expect(async () => {
    const html = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('تازه‌ترین نوشته‌ها<');
  }).toPass({ timeout: 10_000 });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'تازه‌ترین نوشته‌ها' })).toBeVisible();
  expect(existsSync(join(root, 'remotes/content/dist/mf-manifest.json'))).toBe(true);
});
