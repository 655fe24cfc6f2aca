import { expect, test, type Browser, type Page } from '../test';
import { logIn } from './accounts';

/**
 * Issue 22 items 7 and 8: the forms' inputs read as the lists do, in Tehran time and Persian
 * digits, whatever the staff member's computer says, and typing any digits still works.
 */

/** The page's CSRF token (a fresh cookie first). */
async function csrfOf(page: Page): Promise<string> {
  await page.request.get('/sanctum/csrf-cookie');
  const cookies = await page.context().cookies();
  return decodeURIComponent(cookies.find((c) => c.name === 'XSRF-TOKEN')!.value);
}

/** Sends a write to the API from the page's browser context (its cookies and CSRF token). */
async function apiWrite(page: Page, method: 'POST' | 'PUT', url: string, data: unknown) {
  const response = await page.request.fetch(url, { method, headers: { 'X-XSRF-TOKEN': await csrfOf(page) }, data });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { data: Record<string, unknown> };
}

/** A signed-in super in a browser whose clock runs in `timezoneId`. */
async function superIn(browser: Browser, timezoneId: string): Promise<Page> {
  const context = await browser.newContext({ timezoneId });
  const page = await context.newPage();
  await logIn(page, 'super');
  return page;
}

/** The Tehran wall time of an instant as the site writes it: «۰۳:۱۵». */
function tehranClock(instant: Date): string {
  return new Intl.DateTimeFormat('fa-IR', { timeZone: 'Asia/Tehran', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);
}

/** The Tehran calendar day of an instant, as `YYYY-MM-DD` (Gregorian, Latin digits). */
function tehranDay(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran', year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** Latin digits, which no value a person reads may show (issue 22 item 8). */
const LATIN_DIGIT = /[0-9]/;

for (const timezoneId of ['UTC', 'America/New_York']) {
  test(`an announcement's form shows and saves Tehran time in a browser set to ${timezoneId} (issue 22 item 7)`, async ({ browser }) => {
    const page = await superIn(browser, timezoneId);
    // 23:45 UTC three days ahead: 03:15 the next day in Tehran, another day and hour in the browser.
    const expiry = new Date();
    expiry.setUTCDate(expiry.getUTCDate() + 3);
    expiry.setUTCHours(23, 45, 0, 0);
    const title = `اطلاعیه ساعت ${Date.now()}`;
    const created = await apiWrite(page, 'POST', '/api/dashboard/announcements', { title, text: 'متن آزمایشی', status: 'inactive', expired_at: expiry.toISOString() });
    const id = created.data.id as number;

    await page.goto('/dashboard/announcements');
    const row = page.getByRole('row').filter({ hasText: title });
    const listed = (await row.locator('time').textContent())!;
    expect(listed).toContain(tehranClock(expiry));

    await page.goto(`/dashboard/announcements/${id}`);
    const hours = page.getByRole('spinbutton', { name: 'ساعت‌ها' });
    await expect(hours).toHaveText('۰۳');
    await expect(page.getByRole('spinbutton', { name: 'دقیقه‌ها' })).toHaveText('۱۵');
    await expect(page.getByText(`اطلاعیه تا ${listed} نشان داده می‌شود.`)).toBeVisible();
    const field = page.getByRole('group', { name: 'تاریخ و ساعت انقضا' });
    expect(await field.textContent()).not.toMatch(LATIN_DIGIT);

    // Pick 10:30 (Tehran) of the same day, in Latin digits as a Latin keyboard gives them.
    await hours.click();
    await page.keyboard.type('10');
    await page.getByRole('spinbutton', { name: 'دقیقه‌ها' }).click();
    await page.keyboard.type('30');
    await expect(hours).toHaveText('۱۰');
    await page.getByRole('button', { name: 'ذخیره' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/announcements');

    const saved = await page.request.get(`/api/dashboard/announcements/${id}`);
    const stored = new Date(((await saved.json()) as { data: { expired_at: string } }).data.expired_at);
    expect(tehranClock(stored)).toBe('۱۰:۳۰');
    expect(tehranDay(stored)).toBe(tehranDay(expiry));
    await page.context().close();
  });
}

/** The values and placeholders of every text input on the page, with their labels, for a failure message. */
async function inputTexts(page: Page): Promise<string[]> {
  return page.locator('input:not([type=hidden]):not([type=file]):not([type=checkbox]):not([type=radio]), textarea').evaluateAll((fields) =>
    fields.flatMap((field) => {
      const input = field as HTMLInputElement;
      return [input.value, input.placeholder].filter(Boolean).map((text) => `${input.name || input.id}: ${text}`);
    }),
  );
}

/** Fails when an input on the page shows a Latin digit in its value or placeholder (issue 22 item 8). */
async function expectNoLatinDigits(page: Page): Promise<void> {
  expect((await inputTexts(page)).filter((text) => LATIN_DIGIT.test(text.split(': ').slice(1).join(': ')))).toEqual([]);
}

/** The Persian digits of a Latin number; `arabic` for Arabic-Indic ones. */
function eastern(latin: string, arabic = false): string {
  return latin.replace(/\d/g, (digit) => String.fromCharCode((arabic ? 0x0660 : 0x06f0) + Number(digit)));
}

test('the profile shows the mobile in Persian and saves it from any digits (issue 22 item 8)', async ({ page }) => {
  await logIn(page, 'user');
  await page.goto('/profile');
  // The field, not the chip beside the number above it («وضعیت شماره موبایل: …»).
  const mobile = page.getByRole('textbox', { name: 'شماره موبایل' });
  await expect(mobile).toHaveValue('۰۹۱۲ ۱۲۳ ۴۵۶۷');
  await expectNoLatinDigits(page);
  const stored = async () => {
    const answer = await page.request.post('/api/auth/logged-in-user-info', { headers: { 'X-XSRF-TOKEN': await csrfOf(page) } });
    return ((await answer.json()) as { data: { user: { mobile: string } } }).data.user.mobile;
  };
  for (const [typed, expected] of [
    ['09351234567', '+989351234567'],
    [eastern('09121234567'), '+989121234567'],
    [eastern('09351234567', true), '+989351234567'],
    ['09121234567', '+989121234567'],
  ] as const) {
    await mobile.fill(typed);
    await expect(mobile).not.toHaveValue(LATIN_DIGIT);
    await page.getByRole('button', { name: 'ذخیره مشخصات' }).click();
    await expect.poll(stored).toBe(expected);
    await expect(mobile).toHaveValue(eastern(expected.replace('+98', '0').replace(/^(\d{4})(\d{3})(\d{4})$/, '$1 $2 $3')));
  }
});

test('the dashboard shows mobiles, prices and dates in Persian digits and saves what the API expects (issue 22 item 8)', async ({ page }) => {
  await logIn(page, 'super');
  // The user form: user@example.com's mobile in the national form.
  await page.goto('/dashboard/users?q=user@example.com');
  await page.getByRole('row').filter({ hasText: 'user@example.com' }).getByRole('link', { name: /^ویرایش/ }).click();
  await expect(page.getByLabel('شماره موبایل (اختیاری)')).toHaveValue('۰۹۱۲ ۱۲۳ ۴۵۶۷');
  await expectNoLatinDigits(page);

  // Site information: the contact phone.
  await page.goto('/dashboard/site-information');
  await expect(page.getByLabel('شماره تماس')).toHaveValue(/^[۰-۹ ]+$/);
  await expectNoLatinDigits(page);

  // The course form: the price grouped, typed back in Persian digits and saved as an integer.
  const products = await page.request.get('/api/dashboard/products?per_page=100');
  const course = ((await products.json()) as { data: Array<{ id: number; title: string; price: number }> }).data.find((p) => p.title === 'دوره مقدماتی جاوااسکریپت')!;
  await page.goto(`/dashboard/products/${course.id}`);
  const price = page.getByLabel('قیمت (تومان)');
  await expect(price).toHaveValue(new Intl.NumberFormat('fa-IR').format(course.price));
  await expectNoLatinDigits(page);
  await price.fill(eastern('512000'));
  await expect(price).toHaveValue('۵۱۲٬۰۰۰');
  await page.getByRole('button', { name: 'ذخیره' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/products');
  const saved = await page.request.get(`/api/dashboard/products/${course.id}`);
  expect(((await saved.json()) as { data: { price: unknown } }).data.price).toBe(512000);
  await page.goto(`/dashboard/products/${course.id}`);
  await price.fill(String(course.price));
  await expect(price).toHaveValue(new Intl.NumberFormat('fa-IR').format(course.price));
  await page.getByRole('button', { name: 'ذخیره' }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard/products');

  // An empty date field: Persian placeholders, no «YYYY/MM/DD hh:mm».
  await page.goto('/dashboard/announcements/add-announcement');
  const field = page.getByRole('group', { name: 'تاریخ و ساعت انقضا' });
  await expect(field).toBeVisible();
  expect(await field.textContent()).not.toMatch(/[A-Za-z0-9]/);
});

test('a course session plays in the site’s Persian player (issue 22 item 8)', async ({ page }) => {
  await logIn(page, 'user');
  const products = await page.request.get('/api/products?per_page=100');
  const course = ((await products.json()) as { data: Array<{ id: number; title: string }> }).data.find((p) => p.title === 'دوره مقدماتی جاوااسکریپت')!;
  await page.goto(`/products/${course.id}`);
  await page.locator(`a[href^="/products/${course.id}/"]`).first().click();
  const player = page.getByRole('region', { name: /^پخش جلسه: / });
  await expect(player).toBeVisible();
  await expect(page.locator('audio[controls], video[controls]')).toHaveCount(0);
  await expect(player.getByTestId('player-duration')).not.toHaveText('۰۰:۰۰');
  await page.screenshot({ path: '.artifacts/forms-session-player.png' });
  expect(await player.textContent()).not.toMatch(LATIN_DIGIT);
  await player.getByRole('button', { name: 'پخش' }).click();
  await expect(player.getByTestId('player-current')).not.toHaveText('۰۰:۰۰', { timeout: 5_000 });
  expect(await player.textContent()).not.toMatch(LATIN_DIGIT);
});
