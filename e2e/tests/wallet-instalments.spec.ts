import { expect, test } from '../test';
import { registerFreshUser } from './accounts';

/** The demo course with a 3-part plan (issue 36 item 2: 40 % now, a part every 30 days). */
const COURSE = 'دوره مقدماتی جاوااسکریپت';

/**
 * Issue 36 items 2 and 3, as a new buyer: the demo gift card HEDIEH100 into the wallet from the
 * profile; the demo course bought in parts (the schedule seen before paying, the first part paid at the
 * sandbox, the profile's schedule); then another course checked out paying part from the wallet, the
 * gateway asked only for the rest, and the wallet's entries with their Jalali dates.
 */
test('a gift card into the wallet, a course bought in parts, and a checkout paid partly from the wallet', async ({ page }) => {
  await registerFreshUser(page);

  // The gift card, typed in lower case with Persian digits.
  await page.goto('/profile#wallet');
  await page.getByLabel('کد کارت هدیه').fill('hedieh۱۰۰');
  await page.getByRole('button', { name: 'افزودن به کیف پول' }).click();
  await expect(page.getByText('۱۰۰٬۰۰۰ تومان به کیف پول شما افزوده شد.')).toBeVisible();
  await expect(page.getByText('کارت هدیه HEDIEH100')).toBeVisible();

  // The course in parts: the whole schedule before paying, the first part «امروز».
  const products = (await (await page.request.get('/api/products?per_page=50')).json()) as { data: { id: number; title: string; price: number }[] };
  const course = products.data.find((product) => product.title === COURSE)!;
  await page.goto(`/products/${course.id}`);
  await page.getByRole('button', { name: 'خرید اقساطی' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('امروز', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('row')).toHaveCount(4);
  await dialog.screenshot({ path: '.artifacts/instalment-plan.png' });
  const [gateway] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'پرداخت قسط اول (۱۹۶٬۰۰۰ تومان)' }).click()]);
  await expect(gateway.getByText('۱۹۶٬۰۰۰')).toBeVisible();
  await gateway.getByRole('link', { name: 'پرداخت', exact: true }).click();
  await gateway.waitForURL(/\/shopping-cart\?payment=paid&order_id=\d+/);
  await gateway.close();
  await expect(page.getByText('قسط پرداخت شد و دسترسی شما به دوره برقرار است.')).toBeVisible();
  await page.goto('/profile#instalments');
  await expect(page.getByText('۱ از ۳ قسط پرداخت شده', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'پرداخت قسط' })).toHaveCount(1);

  // Another course, paid partly from the wallet.
  const other = products.data.find((product) => product.title !== COURSE && product.price > 100_000)!;
  await page.goto(`/products/${other.id}`);
  await page.getByRole('button', { name: 'افزودن به سبد خرید' }).click();
  await expect(page.getByText('این دوره در سبد خرید شماست.')).toBeVisible();
  await page.goto('/shopping-cart');
  await page.getByLabel('پرداخت از کیف پول').check();
  await expect(page.getByText('از کیف پول', { exact: false }).first()).toBeVisible();
  await page.screenshot({ path: '.artifacts/cart-wallet.png', fullPage: true });
  const rest = other.price - 100_000;
  const [second] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'پرداخت', exact: true }).click()]);
  await expect(second.getByText(rest.toLocaleString('fa-IR'))).toBeVisible();
  await second.getByRole('link', { name: 'پرداخت', exact: true }).click();
  await second.waitForURL(/\/shopping-cart\?payment=paid/);
  await second.close();
  await expect(page.getByText('پرداخت با موفقیت انجام شد و دوره‌ها به حساب شما افزوده شد.')).toBeVisible();

  await page.goto('/profile#wallet');
  await expect(page.getByText('۰ تومان', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/^پرداخت سفارش/)).toBeVisible();
});
