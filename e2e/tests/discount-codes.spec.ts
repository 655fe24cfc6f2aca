import { expect, test, type Browser, type Page } from '../test';
import { logIn } from './accounts';

/** A paid demo course user@example.com does not own, and no other browser test buys. */
const COURSE = 'تست‌نویسی در جاوااسکریپت';
/** The code staff create in this run (typed lower-case; stored upper-case). */
const CODE = 'E2ETEST25';

async function signedInPage(browser: Browser, account: 'super' | 'user', width = 1280): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  await logIn(page, account);
  return page;
}

/** Screenshots of the page at 1280 px and at 375 px (a phone), full length. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `.artifacts/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `.artifacts/${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * Issue 25, discount codes end to end: staff (super) create a 25 % code in the dashboard; the
 * demo user adds a course, is refused the expired demo code YALDA, applies the new code, sees the
 * new total, pays that amount in the sandbox gateway; the paid order and the code's list show
 * the discount.
 */
test('staff create a discount code; a user applies it and pays the discounted total', async ({ browser }) => {
  const staff = await signedInPage(browser, 'super');
  await staff.goto('/dashboard/discount-codes');
  await expect(staff.getByRole('heading', { level: 1, name: 'کدهای تخفیف' })).toBeVisible();
  await expect(staff.getByRole('link', { name: 'WELCOME20', exact: true })).toBeVisible();
  await staff.getByRole('link', { name: 'افزودن کد تخفیف' }).click();
  await staff.waitForURL('**/dashboard/discount-codes/add-discount-code');
  // Bad input first: spaces and Persian letters are refused on the field, in Persian.
  await staff.getByRole('textbox', { name: 'کد تخفیف' }).fill('کد یلدا');
  await staff.getByRole('textbox', { name: 'درصد تخفیف' }).fill('25');
  await staff.getByRole('button', { name: 'ذخیره' }).click();
  await expect(staff.getByText('کد تخفیف فقط باید شامل حروف انگلیسی و رقم باشد (بدون فاصله)')).toBeVisible();
  await shoot(staff, 'discount-code-form');
  await staff.getByRole('textbox', { name: 'کد تخفیف' }).fill(CODE.toLowerCase());
  await staff.getByRole('textbox', { name: 'سقف کل استفاده' }).fill('10');
  await staff.getByRole('button', { name: 'ذخیره' }).click();
  await staff.waitForURL((url) => url.pathname === '/dashboard/discount-codes');
  const row = staff.getByRole('row').filter({ has: staff.getByRole('link', { name: CODE, exact: true }) });
  await expect(row).toContainText('۲۵٪');
  await expect(row).toContainText('۰ / ۱۰');

  const user = await signedInPage(browser, 'user');
  const list = await (await user.request.get('/api/products?per_page=50')).json();
  const productId = list.data.find((p: { title: string }) => p.title === COURSE).id as number;
  await user.goto(`/products/${productId}`);
  await user.getByRole('button', { name: 'افزودن به سبد خرید' }).click();
  await expect(user.getByText('این دوره در سبد خرید شماست.')).toBeVisible();
  await user.goto('/shopping-cart');
  await expect(user.getByLabel('جمع کل')).toHaveText('۶۹۰٬۰۰۰ تومان');

  // The expired demo code is refused under the field, in the words of an unknown one (issue 31 item 2).
  const codeField = user.getByRole('textbox', { name: 'کد تخفیف' });
  await codeField.fill('yalda');
  await user.getByRole('button', { name: 'اعمال' }).click();
  await expect(user.getByText('این کد تخفیف معتبر نیست.')).toBeVisible();

  await codeField.fill(CODE.toLowerCase());
  await user.getByRole('button', { name: 'اعمال' }).click();
  await expect(user.getByLabel(`تخفیف (کد ${CODE})`)).toHaveText('− ۱۷۲٬۵۰۰ تومان');
  await expect(user.getByLabel('جمع سبد')).toHaveText('۶۹۰٬۰۰۰ تومان');
  await expect(user.getByLabel('جمع کل')).toHaveText('۵۱۷٬۵۰۰ تومان');
  await expect(user.locator('main').getByText('تخفیف‌خورده')).toBeVisible();
  await shoot(user, 'discount-cart');

  // The gateway is asked for the total after the discount.
  const [gateway] = await Promise.all([user.waitForEvent('popup'), user.getByRole('button', { name: 'پرداخت', exact: true }).click()]);
  await expect(gateway.getByText('۵۱۷٬۵۰۰')).toBeVisible();
  await gateway.getByRole('link', { name: 'پرداخت', exact: true }).click();
  await gateway.waitForURL(/\/shopping-cart\?payment=paid&order_id=\d+/);
  const orderId = Number(new URL(gateway.url()).searchParams.get('order_id'));
  await expect(gateway.getByText('پرداخت با موفقیت انجام شد و دوره‌ها به حساب شما افزوده شد.')).toBeVisible();
  const order = (await (await gateway.request.get(`/api/orders/${orderId}`)).json()).data;
  expect(order).toMatchObject({ payment_status: 'paid', discount_code: CODE, discount_amount: 172_500, total_price: 517_500 });
  await gateway.context().close();

  // Staff see the use and the money given, and the order with its discount.
  await staff.reload();
  await expect(row).toContainText('۱ / ۱۰');
  await expect(row).toContainText('۱۷۲٬۵۰۰ تومان');
  await shoot(staff, 'discount-codes-list');
  await row.getByRole('link', { name: '۱ / ۱۰' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: `سفارش‌های کد «${CODE}»` })).toBeVisible();
  await expect(staff.getByRole('row').nth(1)).toContainText('۵۱۷٬۵۰۰ تومان');
  await shoot(staff, 'discount-code-uses');
  await staff.goto(`/dashboard/financial-info/orders/${orderId}`);
  await expect(staff.getByText(`${CODE} — ۱۷۲٬۵۰۰ تومان`)).toBeVisible();
  await staff.context().close();
});
