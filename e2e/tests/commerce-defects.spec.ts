import { expect, request, test, type Browser, type Locator, type Page } from '../test';
import { ACCOUNTS, logIn, submitLoginForm } from './accounts';
import { siteOfTest } from '../sites';

/**
 * Issue 22, the commerce area: the dashboard's order page (item 1), the daily sales charts'
 * labels (items 5 and 6), a payment cancelled at the gateway seen from the cart (item 9) and a
 * visitor's add to cart (item 12; since issue 25 into a visitor's cart, merged at login).
 */

const PASSWORD = 'Reader12345';

async function signedInPage(browser: Browser, account: keyof typeof ACCOUNTS, width = 1280, timezoneId?: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height: 900 }, ...(timezoneId ? { timezoneId } : {}) })).newPage();
  await logIn(page, account);
  return page;
}

/** A new account made through the API, outside any page: its email (password {@link PASSWORD}). */
async function newAccount(): Promise<string> {
  const api = await request.newContext({ baseURL: siteOfTest() });
  await api.get('/sanctum/csrf-cookie');
  const csrf = decodeURIComponent((await api.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value);
  const email = `buyer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const response = await api.post('/api/auth/register', {
    headers: { 'X-XSRF-TOKEN': csrf },
    data: { full_name: 'خریدار تازه', email, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(response.status()).toBe(201);
  await api.dispose();
  return email;
}

/** Logs in through the /login form with a made account; stays on the page the login leads to. */
async function submitLogin(page: Page, email: string): Promise<void> {
  await page.getByLabel('ایمیل').fill(email);
  await page.getByLabel('رمز عبور', { exact: true }).fill(PASSWORD);
  await submitLoginForm(page);
}

/** A paid, active course from the public list. */
async function paidCourse(page: Page): Promise<{ id: number; title: string }> {
  const list = await (await page.request.get('/api/products?per_page=50')).json();
  const course = list.data.find((p: { price: number }) => p.price > 0);
  return { id: course.id, title: course.title };
}

/** A new buyer signed in through the form, with a paid course in the cart, on /shopping-cart. */
async function buyerAtCart(browser: Browser): Promise<{ page: Page; email: string; course: { id: number; title: string } }> {
  const email = await newAccount();
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto('/login');
  await submitLogin(page, email);
  await page.waitForURL((url) => url.pathname === '/');
  const course = await paidCourse(page);
  await page.goto(`/products/${course.id}`);
  await page.getByRole('button', { name: 'افزودن به سبد خرید' }).click();
  await expect(page.getByText('این دوره در سبد خرید شماست.')).toBeVisible();
  await page.goto('/shopping-cart');
  return { page, email, course };
}

/** Today's date in Tehran, as the site writes it («۵ آذر ۱۴۰۵»). */
function tehranToday(): string {
  return new Intl.DateTimeFormat('fa-IR-u-ca-persian-nu-arabext', { timeZone: 'Asia/Tehran', year: 'numeric', month: 'long', day: 'numeric' }).format(new Date());
}

/** The shown date labels of the chart in `chart` (its x axis), each with its box, and the chart's box. */
async function dateLabels(chart: Locator) {
  const svg = chart.locator('svg').first();
  await expect(svg.locator('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel').first()).toBeAttached();
  return svg.evaluate((element) => {
    const surface = element.getBoundingClientRect();
    const labels = [...element.querySelectorAll('.MuiChartsAxis-directionX .MuiChartsAxis-tickLabel')]
      .map((label) => ({ text: (label.textContent ?? '').trim(), box: label.getBoundingClientRect() }))
      .filter((label) => label.text !== '')
      .map(({ text, box }) => ({ text, left: box.left, right: box.right }));
    return { labels, left: surface.left, right: surface.right };
  });
}

/** One label a day at most, none repeated, none overlapping another, none cut by the chart's box. */
function expectReadableDates(found: Awaited<ReturnType<typeof dateLabels>>, days: number) {
  const texts = found.labels.map((label) => label.text);
  expect(texts.length).toBeGreaterThan(1);
  expect(texts.length).toBeLessThanOrEqual(days);
  expect(new Set(texts).size).toBe(texts.length);
  for (const label of found.labels) {
    expect(label.left).toBeGreaterThanOrEqual(found.left - 0.5);
    expect(label.right).toBeLessThanOrEqual(found.right + 0.5);
  }
  const sorted = [...found.labels].sort((a, b) => a.left - b.left);
  for (let i = 1; i < sorted.length; i += 1) expect(sorted[i]!.left).toBeGreaterThanOrEqual(sorted[i - 1]!.right);
}

test('staff open an order from the orders list: buyer, items with both prices, payment attempts, and its status edit (item 1)', async ({ browser }) => {
  // An order with an attempt cancelled at the gateway, made by a new buyer.
  const { page: buyer, email, course } = await buyerAtCart(browser);
  const [gateway] = await Promise.all([buyer.waitForEvent('popup'), buyer.getByRole('button', { name: 'پرداخت', exact: true }).click()]);
  await gateway.getByRole('link', { name: 'انصراف' }).click();
  await gateway.waitForURL(/order_id=\d+/);
  const orderId = Number(new URL(gateway.url()).searchParams.get('order_id'));
  await buyer.context().close();

  const staff = await signedInPage(browser, 'super');
  await staff.goto(`/dashboard/financial-info/orders?q=${encodeURIComponent(email)}`);
  await staff.getByRole('link', { name: `جزئیات سفارش ${orderId.toLocaleString('fa-IR', { useGrouping: false })}` }).click();
  await staff.waitForURL(`**/dashboard/financial-info/orders/${orderId}`);
  await expect(staff.getByText('۴۰۴')).toHaveCount(0);
  await expect(staff.getByText(email)).toBeVisible();
  const items = staff.getByRole('table', { name: 'دوره' });
  await expect(items.getByRole('columnheader', { name: 'قیمت خرید' })).toBeVisible();
  await expect(items.getByRole('columnheader', { name: 'قیمت فعلی' })).toBeVisible();
  await expect(items.getByText(course.title)).toBeVisible();
  const attempts = staff.getByRole('table', { name: 'تلاش‌های پرداخت' });
  await expect(attempts.getByText('لغو در درگاه')).toBeVisible();
  await expect(attempts.getByText('درگاه آزمایشی')).toBeVisible();
  await staff.screenshot({ path: '.artifacts/order-detail-1280.png', fullPage: true });

  // Staff set it paid, then back.
  const status = staff.getByRole('form', { name: 'وضعیت پرداخت' });
  await status.getByLabel('وضعیت پرداخت').click();
  await staff.getByRole('option', { name: 'پرداخت‌شده' }).click();
  await status.getByRole('button', { name: 'ذخیره وضعیت' }).click();
  await expect(staff.getByText('وضعیت پرداخت ذخیره شد.')).toBeVisible();
  expect((await (await staff.request.get(`/api/dashboard/financial-info/orders/${orderId}`)).json()).data.payment_status).toBe('paid');
  await status.getByLabel('وضعیت پرداخت').click();
  await staff.getByRole('option', { name: 'پرداخت‌نشده' }).click();
  await status.getByRole('button', { name: 'ذخیره وضعیت' }).click();
  await expect.poll(async () => (await (await staff.request.get(`/api/dashboard/financial-info/orders/${orderId}`)).json()).data.payment_status).toBe('unpaid');

  await staff.setViewportSize({ width: 375, height: 800 });
  await staff.reload();
  await expect(staff.getByRole('table', { name: 'تلاش‌های پرداخت' })).toBeVisible();
  await staff.screenshot({ path: '.artifacts/order-detail-375.png', fullPage: true });
  await staff.context().close();
});

test('the daily sales charts name each Tehran day once, uncut, with today last, whatever the browser zone (items 5 and 6)', async ({ browser }) => {
  for (const width of [1280, 375]) {
    // A browser far west of Tehran: its own date is a day behind for most of Tehran's day.
    const staff = await signedInPage(browser, 'super', width, 'America/Los_Angeles');
    await staff.goto('/dashboard/financial-info?period=three-months');
    const sales = staff.getByRole('region', { name: 'گزارش فروش' });
    await expect(sales.getByRole('heading', { name: 'نمودار روزانه' })).toBeVisible({ timeout: 20_000 });
    const daily = sales.locator('h3:has-text("نمودار روزانه") + *');
    const summary = await (await staff.request.get('/api/dashboard/financial-info/sales?period=three-months')).json();
    const found = await dateLabels(daily);
    expectReadableDates(found, summary.series.length);
    // In a right-to-left page the newest day is the leftmost: today in Tehran.
    expect([...found.labels].sort((a, b) => a.left - b.left)[0]!.text).toBe(tehranToday());
    await daily.scrollIntoViewIfNeeded();
    await staff.screenshot({ path: `.artifacts/daily-chart-${width}.png`, fullPage: true });

    await staff.goto('/dashboard');
    const home = staff.getByRole('figure', { name: 'فروش ناخالص ۳۰ روز گذشته' });
    await expect(home.locator('svg').first()).toBeVisible({ timeout: 20_000 });
    const homeLabels = await dateLabels(home);
    expectReadableDates(homeLabels, 30);
    expect([...homeLabels.labels].sort((a, b) => a.left - b.left)[0]!.text).toBe(tehranToday());
    await home.scrollIntoViewIfNeeded();
    await staff.screenshot({ path: `.artifacts/home-chart-${width}.png`, fullPage: true });
    await staff.context().close();
  }
});

test('a payment cancelled at the gateway shows in the cart tab at once and on a later visit; paying again works (item 9)', async ({ browser }) => {
  const { page: cart } = await buyerAtCart(browser);

  const [gateway] = await Promise.all([cart.waitForEvent('popup'), cart.getByRole('button', { name: 'پرداخت', exact: true }).click()]);
  await expect(cart.getByText('در انتظار پرداخت…')).toBeVisible();
  await gateway.getByRole('link', { name: 'انصراف' }).click();
  await gateway.waitForURL(/\/shopping-cart\?payment=failed&order_id=\d+/);
  const cancelled = 'پرداخت در درگاه لغو شد. سفارش شما پرداخت‌نشده باقی ماند؛ می‌توانید دوباره تلاش کنید.';
  await expect(gateway.getByText(cancelled)).toBeVisible();
  // The cart tab is told by the gateway tab, sooner than its next poll.
  await expect(cart.getByText(cancelled)).toBeVisible({ timeout: 2_500 });
  await expect(cart.getByText('در انتظار پرداخت…')).toHaveCount(0);
  const orderId = new URL(gateway.url()).searchParams.get('order_id');
  await gateway.close();

  // A later visit shows the order as it is.
  await cart.goto(`/shopping-cart?order_id=${orderId}`);
  await expect(cart.getByRole('alert').filter({ hasText: cancelled })).toBeVisible();
  await cart.screenshot({ path: '.artifacts/cart-cancelled.png', fullPage: true });

  // «تلاش دوباره»: a new attempt, waited for, then paid.
  const [again] = await Promise.all([cart.waitForEvent('popup'), cart.getByRole('button', { name: 'تلاش دوباره' }).click()]);
  await expect(cart.getByText('در انتظار پرداخت…')).toBeVisible();
  await again.getByRole('link', { name: 'پرداخت', exact: true }).click();
  await again.waitForURL(/payment=paid/);
  await expect(cart.getByText('پرداخت با موفقیت انجام شد و دوره‌ها به حساب شما افزوده شد.')).toBeVisible({ timeout: 2_500 });
  await cart.context().close();
});

test('a visitor who adds a course to the cart finds it there, without being sent to log in, and keeps it once logged in (item 12; issue 25)', async ({ browser }) => {
  const email = await newAccount();
  const visitor = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const course = await paidCourse(visitor);
  await visitor.goto(`/products/${course.id}`);
  await visitor.getByRole('button', { name: 'افزودن به سبد خرید' }).click();
  await expect(visitor.getByText('این دوره در سبد خرید شماست.')).toBeVisible();
  expect(new URL(visitor.url()).pathname).toBe(`/products/${course.id}`);

  await visitor.goto('/login');
  await submitLogin(visitor, email);
  await visitor.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
  const cartItems = (await (await visitor.request.get('/api/cart')).json()).data.items as Array<{ product_id: number }>;
  expect(cartItems.map((item) => item.product_id)).toEqual([course.id]);

  // Only paths of this site are followed after login.
  const other = await (await browser.newContext()).newPage();
  await other.goto('/login?redirect=//evil.example/');
  await submitLogin(other, email);
  await other.waitForURL((url) => url.origin === siteOfTest() && url.pathname === '/', { timeout: 10_000 });
  await other.context().close();
  await visitor.context().close();
});
