import { expect, test } from '../test';
import { readSmsCode } from './outbox';

/** Persian digits of a Latin digit string. */
const persian = (digits: string) => digits.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!);

// Issue 26 "Sign-in by SMS code": the demo user signs in by a code read from the SMS outbox.
test('the demo user signs in by an SMS code, typed in Persian digits, and comes back to where they were going', async ({ page }) => {
  await page.goto('/login?redirect=%2Fprofile');
  await page.getByRole('tab', { name: 'ورود با کد پیامکی' }).click();
  await page.getByLabel('شماره موبایل').fill('۰۹۱۲ ۱۲۳ ۴۵۶۷');
  const since = Date.now() - 1000;
  await page.getByRole('button', { name: 'ارسال کد' }).click();
  await expect(page.getByText(/یک کد ۶ رقمی به آن پیامک شد/)).toBeVisible();
  await expect(page.getByRole('button', { name: /ارسال دوباره تا [۰-۹]+ ثانیه دیگر/ })).toBeDisabled();

  const code = await readSmsCode('+989121234567', since);
  await page.getByLabel('کد ۶ رقمی').fill(persian(code));
  await page.getByRole('button', { name: 'ورود', exact: true }).click();
  await expect(page.getByText('خوش آمدید!')).toBeVisible();
  await expect(page).toHaveURL(/\/profile/);
});

test('a wrong code shows the Persian refusal under the field', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'ورود با کد پیامکی' }).click();
  await page.getByLabel('شماره موبایل').fill('09351112233');
  await page.getByRole('button', { name: 'ارسال کد' }).click();
  await expect(page.getByText(/یک کد ۶ رقمی به آن پیامک شد/)).toBeVisible();
  await page.getByLabel('کد ۶ رقمی').fill('123456');
  await page.getByRole('button', { name: 'ورود', exact: true }).click();
  await expect(page.locator('#field-code-helper-text')).toHaveText('کد وارد شده درست نیست یا دیگر معتبر نیست؛ آن را بررسی کنید یا کد تازه‌ای درخواست کنید.');
  await expect(page).toHaveURL(/\/login$/);
});
