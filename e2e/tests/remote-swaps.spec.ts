import { existsSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '../test';
import { redeployRemote } from './redeploy';

/**
 * The tests that change a remote's build on disk while the site runs: a redeploy seen by an open
 * page and by the server, and a remote that is down. Both sites serve the same `dist` folders, so
 * these run last and alone (the project `remote-swaps` of playwright.config.ts).
 */

const root = join(__dirname, '..', '..');

/** The HTML the server sends for a page, as a browser asks for it (issue 9). */
async function serverHtml(request: APIRequestContext, path: string) {
  const response = await request.get(path, { headers: { accept: 'text/html' } });
  return { status: response.status(), html: await response.text() };
}

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
    await expect(async () => expect((await serverHtml(request, '/')).html).toContain('تازه‌ترین نوشته‌های نسخه نو')).toPass({ timeout: 10_000 });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'تازه‌ترین نوشته‌های نسخه نو' })).toBeVisible();
    expect(statSync(shellIndex).mtimeMs).toBe(shellBuiltAt);
    expect(await (await request.get('/api/site-information')).json()).toEqual(health);
  } finally {
    restore();
  }
  // Rolled back: the server renders the first build again, and so does the browser.
  await expect(async () => expect((await serverHtml(request, '/')).html).toContain('تازه‌ترین نوشته‌ها<')).toPass({ timeout: 10_000 });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'تازه‌ترین نوشته‌ها' })).toBeVisible();
  expect(existsSync(join(root, 'remotes/content/dist/mf-manifest.json'))).toBe(true);
});

test('a remote redeployed while the page is open: the shell offers a reload and shows the new version', async ({ page }) => {
  test.setTimeout(240_000);
  // The page's clock, to step past the watcher's 30 s between checks on navigation.
  await page.clock.install();
  // The client-rendered app (a server-rendered page's links load each page anew, issue 9).
  await page.goto('/login');
  const nav = page.getByRole('banner').getByRole('navigation');
  await nav.getByRole('link', { name: 'نوشته‌ها' }).click();
  await expect(page.getByRole('heading', { name: 'نوشته‌ها', level: 1 })).toBeVisible();
  const restore = redeployRemote('content', {
    from: "newestPosts: 'تازه‌ترین نوشته‌ها'",
    to: "newestPosts: 'تازه‌ترین نوشته‌های نسخه نو'",
  });
  try {
    // The visit to the posts checked the builds; the next check on navigation comes 30 s later.
    await page.clock.fastForward('00:31');
    // Navigating checks for a newer build: the shell offers a reload …
    await nav.getByRole('link', { name: 'دوره‌ها' }).click();
    await expect(page.getByText('نسخه تازه‌ای از سایت منتشر شده است', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'بارگذاری دوباره' })).toBeVisible();
    // … and reloads by itself at the next navigation, once, with the guard's time recorded.
    await Promise.all([page.waitForEvent('load'), page.getByRole('banner').getByRole('link', { name: 'آکادمی نوشتار' }).click()]);
    await expect(page.getByRole('heading', { name: 'تازه‌ترین نوشته‌های نسخه نو' })).toBeVisible();
    const reloadedAt = await page.evaluate(() => Number(sessionStorage.getItem('shell:automatic-reload-at')));
    expect(Date.now() - reloadedAt).toBeLessThan(60_000);
  } finally {
    restore();
  }
});

test('a remote that is down leaves its area to the browser, and the rest still renders on the server', async ({ request }) => {
  const dist = join(root, 'remotes/content/dist');
  const away = join(root, 'e2e/.artifacts/content-dist-away');
  renameSync(dist, away);
  try {
    // The server checks a remote's manifest at most every second.
    await expect(async () => {
      const { status, html } = await serverHtml(request, '/');
      expect(status).toBe(200);
      expect(html).not.toContain('تازه‌ترین نوشته‌ها');
      expect(html).toContain('تازه‌ترین دوره‌ها');
    }).toPass({ timeout: 10_000 });
  } finally {
    renameSync(away, dist);
  }
  await expect(async () => {
    expect((await serverHtml(request, '/')).html).toContain('تازه‌ترین نوشته‌ها');
  }).toPass({ timeout: 10_000 });
});
