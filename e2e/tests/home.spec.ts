import { expect, test } from '../test';

test('home renders right-to-left in Persian with every slot filled', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fa');
  await expect(page.getByRole('heading', { name: 'تازه‌ترین نوشته‌ها' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'تازه‌ترین دوره‌ها' })).toBeVisible();
  // Six newest posts from the demo data, each a card with a Jalali date in Persian digits.
  const posts = page.getByRole('region', { name: 'تازه‌ترین نوشته‌ها' }).locator('a[href^="/posts/"]');
  await expect(posts).toHaveCount(6);
  await expect(posts.first().locator('time')).toHaveText(/^[۰-۹]+ [\u0600-\u06FF]+ ۱۴[۰-۹]{2}$/);
  // The body really is laid out right to left: the site name sits at the right edge.
  const brand = await page.getByRole('link', { name: 'آکادمی نوشتار' }).first().boundingBox();
  expect(brand!.x).toBeGreaterThan(page.viewportSize()!.width / 2);
  await page.screenshot({ path: '.artifacts/home.png', fullPage: true });
  expect(errors).toEqual([]);
});

test('on a phone the home page fits the screen: banner, footer links and contact details included', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'اطلاعیه‌های سایت' })).toBeVisible();
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'کانال آموزشی', exact: false })).toBeVisible();
  await expect(footer.getByText('۰۹۱۲ ۳۴۵ ۶۷۸۹')).toBeVisible();
  // Nothing pushes the page sideways (a hidden «opens in a new tab» text once did).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('posts list and detail, with the filter and page kept in the URL', async ({ page }) => {
  await page.goto('/posts');
  await expect(page.getByRole('heading', { name: 'نوشته‌ها', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'قدیمی‌ترین' }).click();
  await expect(page).toHaveURL(/filter=oldest/);
  await page.getByRole('button', { name: 'صفحه ۲' }).click();
  await expect(page).toHaveURL(/page=2/);
  // The pagination marks page 2 once its posts have arrived.
  await expect(page.getByRole('button', { name: 'صفحه ۲' })).toHaveAttribute('aria-current', 'page');
  const first = page.locator('main a[href^="/posts/"]').first();
  const title = (await first.locator('h3').textContent())!;
  await first.click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
});

test('products list and detail show prices in tomans', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByText(/تومان|رایگان/).first()).toBeVisible();
  await page.locator('main a[href^="/products/"]').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/تومان|رایگان/).first()).toBeVisible();
});

test('FAQ, about-me and terms pages', async ({ page }) => {
  await page.goto('/frequently-asked-questions');
  await expect(page.getByRole('tab').first()).toBeVisible();
  await page.goto('/terms-and-conditions');
  await expect(page.locator('main')).toContainText(/[\u0600-\u06FF]{3,}/);
});

test('an unknown page shows the Persian 404 page; an unknown API path answers JSON 404', async ({ page, request }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'صفحه پیدا نشد' })).toBeVisible();
  await page.goto('/posts/999999');
  await expect(page.getByRole('heading', { name: 'صفحه پیدا نشد' })).toBeVisible();
  const response = await request.get('/api/no-such-endpoint');
  expect(response.status()).toBe(404);
  expect((await response.json()).message).toMatch(/[\u0600-\u06FF]/);
});
