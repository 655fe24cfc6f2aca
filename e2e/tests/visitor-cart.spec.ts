import { expect, test, type Browser, type Page } from '../test';
import { ACCOUNTS } from './accounts';

/**
 * Issue 25, a visitor's cart: a visitor fills a cart on the server-rendered course pages (the
 * header counts it), «پرداخت» asks them to sign in, and once they register or log in they are
 * back on the cart, merged into their own (none twice, none they own).
 */

const JS_COURSE = 'دوره مقدماتی جاوااسکریپت';

interface Course {
  id: number;
  title: string;
}

/** Paid, active courses of the public list. */
async function paidCourses(page: Page): Promise<Course[]> {
  const list = await (await page.request.get('/api/products?per_page=50')).json();
  return (list.data as Array<Course & { price: number }>).filter((course) => course.price > 0).map(({ id, title }) => ({ id, title }));
}

async function visitorPage(browser: Browser, width: number): Promise<Page> {
  return (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
}

/** Adds a course from its (server-rendered) page as a visitor, and waits for the page to say so. */
async function addFromCoursePage(page: Page, course: Course): Promise<void> {
  await page.goto(`/products/${course.id}`);
  await expect(page.getByRole('heading', { level: 1, name: course.title })).toBeVisible();
  await page.getByRole('button', { name: 'افزودن به سبد خرید' }).click();
  await expect(page.getByText('این دوره در سبد خرید شماست.')).toBeVisible();
}

/** The titles listed on /shopping-cart. */
async function cartTitles(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'دوره‌های سبد خرید' });
  await expect(list).toBeVisible();
  return list.getByRole('listitem').locator('a').allTextContents();
}

test('a visitor fills a cart, «پرداخت» asks them to sign in, they register and find the cart merged', async ({ browser }) => {
  const page = await visitorPage(browser, 1280);
  const [first, second] = (await paidCourses(page)).slice(0, 2) as [Course, Course];

  await addFromCoursePage(page, first);
  await expect(page.getByRole('button', { name: 'سبد خرید، ۱ دوره' })).toBeVisible();
  await addFromCoursePage(page, second);
  await expect(page.getByRole('button', { name: 'سبد خرید، ۲ دوره' })).toBeVisible();
  await page.screenshot({ path: '.artifacts/visitor-cart-course-1280.png' });

  // Back on the first course later: its page is every visitor's, the «in the cart» is theirs.
  await page.goto(`/products/${first.id}`);
  await expect(page.getByText('این دوره در سبد خرید شماست.')).toBeVisible();
  // Another visitor's page of the same course says nothing of it.
  const stranger = await visitorPage(browser, 1280);
  await stranger.goto(`/products/${first.id}`);
  await stranger.getByRole('button', { name: 'افزودن به سبد خرید' }).hover();
  await expect(stranger.getByRole('link', { name: 'سبد خرید', exact: true })).toBeVisible();
  await expect(stranger.getByText('این دوره در سبد خرید شماست.')).toHaveCount(0);
  await stranger.context().close();

  await page.getByRole('button', { name: 'سبد خرید، ۲ دوره' }).click();
  await page.getByRole('menuitem', { name: 'مشاهده سبد خرید' }).click();
  await page.waitForURL((url) => url.pathname === '/shopping-cart');
  expect(await cartTitles(page)).toEqual([first.title, second.title]);
  await page.screenshot({ path: '.artifacts/visitor-cart-1280.png', fullPage: true });

  await page.getByRole('button', { name: 'پرداخت', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/shopping-cart');
  await expect(page.getByRole('status').filter({ hasText: 'ابتدا وارد حساب خود شوید' })).toBeVisible();

  await page.getByRole('main').getByRole('link', { name: 'ثبت‌نام', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/register');
  expect(new URL(page.url()).searchParams.get('redirect')).toBe('/shopping-cart');
  await page.getByLabel('نام و نام خانوادگی').fill('مهمان خریدار');
  await page.getByLabel('ایمیل').fill(`guest-${Date.now()}@example.com`);
  await page.getByLabel('رمز عبور', { exact: true }).fill('Guest12345');
  await page.getByLabel('تکرار رمز عبور').fill('Guest12345');
  await page.getByRole('button', { name: 'ثبت‌نام', exact: true }).click();
  await expect(page.getByText('به صفحه‌ای که در آن بودید برمی‌گردید', { exact: false })).toBeVisible();

  await page.waitForURL((url) => url.pathname === '/shopping-cart', { timeout: 10_000 });
  await expect(page.getByRole('link', { name: 'پروفایل' })).toBeVisible();
  expect(await cartTitles(page)).toEqual([first.title, second.title]);
  await expect(page.getByRole('button', { name: 'سبد خرید، ۲ دوره' })).toBeVisible();
  // The visitor's cookies went with the merge.
  const names = (await page.context().cookies()).map((cookie) => cookie.name);
  expect(names).not.toContain('visitor_cart');
  expect(names).not.toContain('visitor_cart_hint');
  await page.context().close();
});

test('a visitor’s cart merged at login drops the course the user owns, and the header count follows without a reload (375 px)', async ({ browser }) => {
  const page = await visitorPage(browser, 375);
  const courses = await paidCourses(page);
  const owned = courses.find((course) => course.title === JS_COURSE)!;
  const other = courses.filter((course) => course.id !== owned.id).at(-1)!;

  await addFromCoursePage(page, owned);
  await addFromCoursePage(page, other);
  await expect(page.getByRole('button', { name: 'سبد خرید، ۲ دوره' })).toBeVisible();
  await page.screenshot({ path: '.artifacts/visitor-cart-course-375.png' });
  await page.goto('/shopping-cart');
  expect(await cartTitles(page)).toEqual([owned.title, other.title]);
  await page.screenshot({ path: '.artifacts/visitor-cart-375.png', fullPage: true });

  await page.getByRole('button', { name: 'پرداخت', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/login');
  await page.getByLabel('ایمیل').fill(ACCOUNTS.user.email);
  await page.getByLabel('رمز عبور', { exact: true }).fill(ACCOUNTS.user.password);
  await page.getByRole('button', { name: 'ورود', exact: true }).click();
  await expect(page.getByText('خوش آمدید!')).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/shopping-cart', { timeout: 10_000 });

  const titles = await cartTitles(page);
  expect(titles).toContain(other.title);
  expect(titles).not.toContain(owned.title);
  expect(new Set(titles).size).toBe(titles.length);
  const count = new Intl.NumberFormat('fa-IR').format(titles.length);
  await expect(page.getByRole('button', { name: `سبد خرید، ${count} دوره` })).toBeVisible();
  await page.screenshot({ path: '.artifacts/visitor-cart-merged-375.png', fullPage: true });
  await page.context().close();
});
