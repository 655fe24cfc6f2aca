import { expect, test, type Browser, type Page } from '../test';
import { logIn, registerFreshUser } from './accounts';

/** A 4×3 PNG (made with sharp), so the upload is a real image the server can decode and re-encode. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAADCAIAAAA7ljmRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVQImWPgL8uDIwacHADZ0QtllttJ8wAAAABJRU5ErkJggg==',
  'base64',
);

async function signedInPage(browser: Browser, account: 'super' | 'staff' | 'user'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, account);
  return page;
}

test('a signed-in reader likes a post once; the count and state survive a reload', async ({ page }) => {
  await registerFreshUser(page);
  await page.goto('/posts/2');
  const like = page.getByRole('button', { name: /^پسندیدن، / });
  const before = Number((await like.getAttribute('aria-label'))!.match(/([۰-۹]+) پسند/)![1]!.replace(/[۰-۹]/g, (d) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(d))));
  await like.click();
  const liked = page.getByRole('button', { name: /^پسندیده‌اید، / });
  await expect(liked).toBeVisible();
  const after = String(before + 1).replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);
  await expect(liked).toHaveAccessibleName(`پسندیده‌اید، ${after} پسند`);
  await page.reload();
  await expect(page.getByRole('button', { name: `پسندیده‌اید، ${after} پسند` })).toBeVisible();
});

test('a comment shows publicly only after staff approve it, and its link scrolls to it', async ({ browser }) => {
  const text = `دیدگاه آزمایشی ${Date.now()}: این نوشته خیلی به کارم آمد.`;
  const reader = await signedInPage(browser, 'user');
  await reader.goto('/posts/3');
  await reader.getByLabel('متن دیدگاه').fill(text);
  await reader.getByRole('button', { name: 'ارسال دیدگاه' }).click();
  await expect(reader.getByText('دیدگاه شما ثبت شد و پس از تأیید نمایش داده می‌شود.')).toBeVisible();
  await reader.reload();
  await expect(reader.getByText(text)).toHaveCount(0);
  await reader.context().close();

  const staff = await signedInPage(browser, 'staff');
  await staff.goto('/dashboard/comments/posts');
  const card = staff.locator('article', { hasText: text });
  await expect(card).toBeVisible();
  const href = await card.getByRole('link').first().getAttribute('href');
  expect(href).toMatch(/^\/posts\/3#comment-\d+$/);
  await card.getByRole('button', { name: 'تأیید' }).click();
  await expect(staff.getByText('دیدگاه تأیید شد.')).toBeVisible();
  await staff.screenshot({ path: '.artifacts/dashboard-comments.png', fullPage: true });
  await staff.context().close();

  const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 600 } })).newPage();
  await visitor.goto(href!);
  const comment = visitor.locator(`#${href!.split('#')[1]}`);
  await expect(comment).toContainText(text);
  await expect(comment).toBeInViewport();
  await visitor.context().close();
});

test('staff add a post with an image and it appears on /posts', async ({ browser }) => {
  const staff = await signedInPage(browser, 'staff');
  const title = `نوشته تازه ${Date.now()}`;
  await staff.goto('/dashboard/posts/add-post');
  await staff.getByLabel('عنوان', { exact: true }).fill(title);
  await staff.getByLabel('نامک (در نشانی صفحه)').fill(`fresh-post-${Date.now()}`);
  // The text in the rich-text editor (issue 32 item 4): bold from the toolbar; typed tags stay text.
  const description = staff.getByRole('textbox', { name: 'متن', exact: true });
  await description.click();
  await staff.keyboard.type('متن نوشته تازه با ');
  await staff.getByRole('toolbar', { name: 'ابزارهای قالب‌بندی' }).getByRole('button', { name: 'درشت' }).click();
  // The button hands the focus back to the text on the next frame.
  await expect(description).toBeFocused();
  await staff.keyboard.type('تصویر');
  await staff.keyboard.press('Control+B');
  await staff.keyboard.type('. <script>alert(1)</script>');
  await staff.locator('input[type="file"]').first().setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await staff.getByRole('button', { name: 'ذخیره' }).click();
  await expect(staff.getByText('نوشته ذخیره شد.')).toBeVisible();
  await staff.goto('/posts');
  const card = staff.locator('main a[href^="/posts/"]', { hasText: title });
  await expect(card).toBeVisible();
  await expect(card.locator('img')).toHaveAttribute('src', /^\/media\/.+\.webp$/);
  await card.click();
  await expect(staff.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(staff.locator('article strong', { hasText: 'تصویر' })).toBeVisible();
  await expect(staff.locator('article')).toContainText('. <script>alert(1)</script>');
  expect(await staff.locator('article script').count()).toBe(0);
  await staff.context().close();
});

test('search with Arabic letters and digits finds the Persian title', async ({ page }) => {
  await page.goto('/');
  // Arabic kaf (ك) and yeh (ي) where the title has Persian ک and ی.
  await page.getByRole('searchbox', { name: 'جست‌وجو در سایت' }).fill('تاريخ شمسي');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=/);
  await expect(page.getByRole('link', { name: 'کار با تاریخ شمسی در برنامه‌ها' })).toBeVisible();
  await page.screenshot({ path: '.artifacts/search.png', fullPage: true });
});

test('a comment link opened in a new tab scrolls to the comment and highlights it (issue 22 item 4)', async ({ browser, request }) => {
  // A post of the demo data with an approved comment, found through the API.
  const posts = (await (await request.get('/api/posts?per_page=50')).json()).data as { id: number }[];
  let link: string | undefined;
  for (const post of posts) {
    const comments = (await (await request.get(`/api/posts/${post.id}/comments`)).json()).data as { id: number }[];
    if (comments.length > 0) {
      link = `/posts/${post.id}#comment-${comments[comments.length - 1]!.id}`;
      break;
    }
  }
  expect(link, 'a demo post with an approved comment').toBeDefined();
  // A fresh context: the page is loaded as a document (server-rendered, islands), not navigated to.
  const context = await browser.newContext({ viewport: { width: 375, height: 700 } });
  const visitor = await context.newPage();
  await visitor.goto(link!);
  const comment = visitor.locator(`#${link!.split('#')[1]}`);
  await expect(comment).toHaveAttribute('data-highlighted', 'true');
  await expect(comment).toBeFocused();
  await expect(comment).toBeInViewport();
  await visitor.screenshot({ path: '.artifacts/layout-comment-link.png' });
  await context.close();
});
