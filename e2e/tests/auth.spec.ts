import { expect, test } from '../test';
import { logIn, logInByForm, submitLoginForm } from './accounts';

test('each demo account logs in; only staff and super see the dashboard link', async ({ browser }) => {
  for (const [account, dashboard] of [['super', true], ['staff', true], ['user', false]] as const) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await logInByForm(page, account);
    await expect(page.getByRole('link', { name: 'داشبورد' })).toHaveCount(dashboard ? 1 : 0);
    await context.close();
  }
});

test('login by mobile number, with Persian digits', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('tab', { name: 'با شماره موبایل' }).click();
  await page.getByLabel('شماره موبایل').fill('۰۹۱۲۱۲۳۴۵۶۷');
  await page.getByLabel('رمز عبور', { exact: true }).fill('User12345');
  await submitLoginForm(page);
});

test('a wrong password shows the Persian login failure', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('ایمیل').fill('user@example.com');
  await page.getByLabel('رمز عبور', { exact: true }).fill('Wrong12345');
  await page.getByRole('button', { name: 'ورود', exact: true }).click();
  await expect(page.getByText('کاربری با این مشخصات یافت نشد.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('register shows field errors in Persian, then creates the account and goes to verification', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('ایمیل').fill('not-an-email');
  await page.getByLabel('رمز عبور', { exact: true }).fill('short');
  await page.getByLabel('نام و نام خانوادگی').click();
  await expect(page.getByText('ایمیل باید یک نشانی ایمیل معتبر باشد')).toBeVisible();
  await expect(page.getByText(/رمز عبور باید دست‌کم ۸ نویسه/)).toBeVisible();

  const email = `new-${Date.now()}@example.com`;
  await page.getByLabel('نام و نام خانوادگی').fill('سارا احمدی');
  await page.getByLabel('ایمیل').fill(email);
  await page.getByLabel('رمز عبور', { exact: true }).fill('Sara12345');
  await page.getByLabel('تکرار رمز عبور').fill('Sara12345');
  await page.getByLabel('از کجا با ما آشنا شدید؟ (اختیاری)').fill('از طریق یک دوست');
  await page.getByRole('button', { name: 'ثبت‌نام', exact: true }).click();
  await expect(page.getByText('حساب شما ساخته شد.', { exact: false })).toBeVisible();
  await page.waitForURL(/\/verification\?msg=email-verification-has-been-sent/, { timeout: 10_000 });
  await expect(page.getByText('پیوند تأیید به ایمیل شما فرستاده شد', { exact: false })).toBeVisible();
});

test('logout clears the session after the 3-second delay', async ({ page }) => {
  await logIn(page, 'user');
  await page.getByRole('button', { name: 'خروج' }).click();
  await expect(page.getByText('از حساب خود خارج شدید', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'ورود' })).toBeVisible({ timeout: 10_000 });
  await page.reload();
  await expect(page.getByRole('link', { name: 'ورود' })).toBeVisible();
});
