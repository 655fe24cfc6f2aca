import { expect, test } from '../test';
import { ACCOUNTS, logIn } from './accounts';
import { readMail } from './outbox';

/**
 * Issue 25, receipts: the demo user buys a course in the sandbox gateway, gets the receipt mail,
 * opens the receipt from the profile's orders, finds its number and amounts (the VAT they include:
 * issue 36 item 5), and prints it on one
 * A4 page; the profile's mail switch turns the win-back reminders off.
 */

/** A paid demo course that user@example.com does not own and no other browser test buys. */
const COURSE = 'کارگاه نود جی‌اس و ساخت API';

const toPersian = (text: string) => text.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);

test('the demo user pays in the sandbox gateway and opens the receipt from the profile: number, amounts, one A4 page', async ({ browser }) => {
  const user = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await logIn(user, 'user');
  const list = (await (await user.request.get('/api/products?per_page=50')).json()) as { data: Array<{ id: number; title: string }> };
  const course = list.data.find((product) => product.title === COURSE)!;

  await user.goto(`/products/${course.id}`);
  await user.getByRole('button', { name: 'افزودن به سبد خرید' }).click();
  await expect(user.getByText('این دوره در سبد خرید شماست.')).toBeVisible();
  await user.goto('/shopping-cart');
  const [gateway] = await Promise.all([user.waitForEvent('popup'), user.getByRole('button', { name: 'پرداخت', exact: true }).click()]);
  await expect(gateway.getByText('۱٬۵۹۰٬۰۰۰')).toBeVisible();
  await gateway.getByRole('link', { name: 'پرداخت', exact: true }).click();
  await gateway.waitForURL(/\/shopping-cart\?payment=paid&order_id=\d+/);
  const orderId = Number(new URL(gateway.url()).searchParams.get('order_id'));
  await gateway.close();

  const order = ((await (await user.request.get(`/api/orders/${orderId}`)).json()) as { data: { receipt_number: string; payments: Array<{ status: string; ref_id: string | null }> } }).data;
  expect(order.receipt_number).toMatch(/^\d{4}-\d{6}$/);
  const number = toPersian(order.receipt_number);
  const refId = order.payments.find((attempt) => attempt.status === 'paid')!.ref_id!;

  // The receipt mail, in the outbox of the embedded default.
  const mail = await readMail(ACCOUNTS.user.email, new RegExp(number));
  expect(mail.subject).toContain('رسید خرید');
  expect(mail.text).toContain('۱٬۵۹۰٬۰۰۰ تومان');
  // The demo site's VAT rate, 10 %, kept with the order: 1 590 000 × 10 / 110 (issue 36 item 5).
  expect(mail.text).toContain('شامل مالیات بر ارزش افزوده (۱۰٪): ۱۴۴٬۵۴۵ تومان');
  expect(mail.text).toContain(`/orders/${orderId}/receipt`);

  // The profile's orders link the receipt.
  await user.goto('/profile#buyed-products');
  const orders = user.getByRole('list', { name: 'سفارش‌ها' });
  await expect(orders.getByText(`شماره رسید ${number}`)).toBeVisible();
  await user.screenshot({ path: '.artifacts/profile-orders-1280.png', fullPage: true });
  await user.setViewportSize({ width: 375, height: 800 });
  await expect(orders.getByText(`شماره رسید ${number}`)).toBeVisible();
  expect(await user.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  await user.screenshot({ path: '.artifacts/profile-orders-375.png', fullPage: true });
  await user.setViewportSize({ width: 1280, height: 900 });
  await orders.getByRole('link', { name: `رسید سفارش ${toPersian(String(orderId))}` }).click();
  await user.waitForURL(`**/orders/${orderId}/receipt`);

  const receipt = user.getByRole('article', { name: 'رسید خرید' });
  await expect(receipt.getByText(number)).toBeVisible();
  await expect(receipt.getByRole('row', { name: new RegExp(`${COURSE}.*۱٬۵۹۰٬۰۰۰ تومان`) })).toBeVisible();
  await expect(receipt.getByText('مبلغ پرداخت‌شده').locator('..')).toContainText('۱٬۵۹۰٬۰۰۰ تومان');
  await expect(receipt.getByText('شامل مالیات بر ارزش افزوده (۱۰٪)').locator('..')).toContainText('۱۴۴٬۵۴۵ تومان');
  // The sandbox's reference has Latin letters: shown as it is.
  await expect(receipt.getByText('شماره پیگیری درگاه').locator('..')).toContainText(refId);
  await expect(user.getByRole('button', { name: 'چاپ' })).toBeVisible();
  await user.screenshot({ path: '.artifacts/receipt-1280.png', fullPage: true });

  await user.setViewportSize({ width: 375, height: 800 });
  await expect(receipt.getByText(number)).toBeVisible();
  const overflow = await user.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await user.screenshot({ path: '.artifacts/receipt-375.png', fullPage: true });

  // In print: the receipt alone, on one A4 page.
  await user.emulateMedia({ media: 'print' });
  await expect(user.getByRole('button', { name: 'چاپ' })).toBeHidden();
  await expect(user.locator('header').first()).toBeHidden();
  await expect(receipt).toBeVisible();
  const pdf = await user.pdf({ format: 'A4', preferCSSPageSize: true });
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
});

test('the profile turns the unpaid-order reminders off, and a page asks before the mail link unsubscribes', async ({ browser }) => {
  const user = await (await browser.newContext({ viewport: { width: 375, height: 800 } })).newPage();
  await logIn(user, 'user');
  await user.goto('/profile#home');
  const toggle = user.getByRole('switch', { name: 'یادآوری سفارش‌های پرداخت‌نشده' });
  await expect(toggle).toBeChecked();
  await toggle.scrollIntoViewIfNeeded();
  await user.screenshot({ path: '.artifacts/mail-preferences-375.png', fullPage: true });
  await toggle.click();
  await expect(user.getByText('تنظیمات ایمیل ذخیره شد.')).toBeVisible();
  await expect(toggle).not.toBeChecked();
  await user.reload();
  await expect(user.getByRole('switch', { name: 'یادآوری سفارش‌های پرداخت‌نشده' })).not.toBeChecked();
  await user.getByRole('switch', { name: 'یادآوری سفارش‌های پرداخت‌نشده' }).click();
  await expect(user.getByRole('switch', { name: 'یادآوری سفارش‌های پرداخت‌نشده' })).toBeChecked();

  // A broken unsubscribe link says so in Persian.
  const broken = await user.goto('/api/mail/unsubscribe?token=1.unpaid-order-reminder.forged');
  expect(broken!.status()).toBe(400);
  await expect(user.getByText('این پیوند لغو دریافت ایمیل معتبر نیست.', { exact: false })).toBeVisible();
});
