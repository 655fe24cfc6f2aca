import { cpSync, existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

const root = join(__dirname, '..', '..');

test('a remote whose files are blocked shows a Persian fallback and the rest still works', async ({ page }) => {
  await page.route('**/remotes/content/**', (route) => route.abort());
  await page.goto('/');
  const fallback = page.locator('[data-remote-fallback="content"]').first();
  await expect(fallback).toBeVisible();
  await expect(fallback).toContainText('این بخش در حال حاضر در دسترس نیست');
  // Other remotes' slots and the shell still work.
  await expect(page.getByRole('heading', { name: 'تازه‌ترین دوره‌ها' })).toBeVisible();
  await page.getByRole('link', { name: 'دوره‌ها' }).first().click();
  await expect(page.locator('main a[href^="/products/"]').first()).toBeVisible();
  await page.goto('/posts');
  await expect(page.locator('[data-remote-fallback="content"]')).toBeVisible();
  // Once the remote is reachable again, the retry button brings the area back.
  await page.unroute('**/remotes/content/**');
  await page.getByRole('button', { name: 'تلاش دوباره' }).click();
  await expect(page.getByRole('heading', { name: 'نوشته‌ها', level: 1 })).toBeVisible();
});

test('a remote rebuilt alone is served at once, without rebuilding or restarting the shell', async ({ page, request }) => {
  test.setTimeout(240_000);
  const dist = join(root, 'remotes/content/dist');
  const copy = join(root, 'e2e/.artifacts/content-rebuild');
  const kept = join(root, 'e2e/.artifacts/content-dist-original');
  const shellIndex = join(root, 'shell/dist/index.html');
  const shellBuiltAt = statSync(shellIndex).mtimeMs;
  const health = await (await request.get('/api/site-information')).json();

  // Build a changed copy of the content remote (sources untouched) and swap its output in.
  rmSync(copy, { recursive: true, force: true });
  cpSync(join(root, 'remotes/content'), copy, { recursive: true, filter: (path) => !path.includes('/dist') });
  // The copy sits elsewhere in the tree: point its tsconfig at the shared base directly.
  writeFileSync(join(copy, 'tsconfig.json'), JSON.stringify({ extends: join(root, 'tsconfig.base.json'), include: ['src'] }));
  const strings = join(copy, 'src/strings.ts');
  writeFileSync(strings, readFileSync(strings, 'utf8').replace("newestPosts: 'تازه‌ترین نوشته‌ها'", "newestPosts: 'تازه‌ترین نوشته‌های نسخه نو'"));
  execFileSync(join(root, 'node_modules/.bin/webpack'), ['--mode', 'production'], { cwd: copy, stdio: 'pipe' });
  rmSync(kept, { recursive: true, force: true });
  renameSync(dist, kept);
  renameSync(join(copy, 'dist'), dist);
  try {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'تازه‌ترین نوشته‌های نسخه نو' })).toBeVisible();
    expect(statSync(shellIndex).mtimeMs).toBe(shellBuiltAt);
    expect(await (await request.get('/api/site-information')).json()).toEqual(health);
  } finally {
    rmSync(dist, { recursive: true, force: true });
    renameSync(kept, dist);
    rmSync(copy, { recursive: true, force: true });
  }
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'تازه‌ترین نوشته‌ها' })).toBeVisible();
  expect(existsSync(join(dist, 'mf-manifest.json'))).toBe(true);
});
