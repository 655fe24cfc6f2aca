import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';

const root = join(__dirname, '..', '..');

/** The HTML the server sends for a page, as a browser asks for it (issue 9). */
async function serverHtml(request: APIRequestContext, path: string) {
  const response = await request.get(path, { headers: { accept: 'text/html' } });
  return { status: response.status(), html: await response.text() };
}

test('public pages arrive server-rendered with their content and the state they used', async ({ request }) => {
  const posts = await (await request.get('/api/posts')).json();
  const post = posts.data[0];
  const list = await serverHtml(request, '/posts');
  expect(list.status).toBe(200);
  expect(list.html).toContain(post.title);
  expect(list.html).toContain('id="preloaded-state"');

  const detail = await serverHtml(request, `/posts/${post.id}`);
  expect(detail.status).toBe(200);
  expect(detail.html).toContain(post.title);

  const home = await serverHtml(request, '/');
  // Every remote's area on the home page: content's posts, commerce's courses, support's about-me.
  for (const heading of ['تازه‌ترین نوشته‌ها', 'تازه‌ترین دوره‌ها']) expect(home.html).toContain(heading);

  expect((await serverHtml(request, '/posts/999999')).status).toBe(404);
});

test('the browser attaches to a server-rendered page without fetching its data again', async ({ page }) => {
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/auth/logged-in-user-info') apiCalls.push(url.pathname);
  });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('401')) errors.push(message.text());
  });
  await page.goto('/posts');
  await expect(page.getByRole('heading', { name: 'نوشته‌ها', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(apiCalls).toEqual([]);
  expect(errors).toEqual([]);
  // Attached: the list's controls work in the browser.
  const oldest = page.getByRole('button', { name: 'قدیمی‌ترین' });
  await oldest.click();
  await expect(oldest).toHaveAttribute('aria-pressed', 'true');
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
