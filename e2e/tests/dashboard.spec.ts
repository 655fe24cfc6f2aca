import { expect, test } from '../test';
import { ACCOUNTS, logIn } from './accounts';

test('a visitor is sent to /login from the dashboard, and back there once signed in (issue 32 item 7)', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  await expect(page.getByText('برای استفاده از این امکان ابتدا وارد حساب خود شوید.')).toBeVisible();
  await page.getByLabel('ایمیل').fill(ACCOUNTS.staff.email);
  await page.getByLabel('رمز عبور', { exact: true }).fill(ACCOUNTS.staff.password);
  await page.getByRole('button', { name: 'ورود', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 10_000 });
});

test('an ordinary user is turned away from the dashboard', async ({ page }) => {
  await logIn(page, 'user');
  await page.goto('/dashboard');
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByText('شما به این بخش دسترسی ندارید.')).toBeVisible();
});

test('the super user opens the dashboard and the users list', async ({ page }) => {
  await logIn(page, 'super');
  await page.getByRole('link', { name: 'داشبورد' }).click();
  await expect(page.getByRole('heading', { name: /خوش آمدید/ })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'داشبورد' });
  await nav.getByRole('link', { name: 'کاربران' }).click();
  await expect(page).toHaveURL(/\/dashboard\/users/);
  await expect(page.getByRole('cell', { name: 'user@example.com' })).toBeVisible();
  await page.screenshot({ path: '.artifacts/dashboard-users.png', fullPage: true });
});

test('staff without show-users cannot open the users list', async ({ page }) => {
  await logIn(page, 'staff');
  await page.goto('/dashboard');
  const nav = page.getByRole('navigation', { name: 'داشبورد' });
  await expect(nav.getByRole('link', { name: 'داشبورد' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'کاربران' })).toHaveCount(0);
  await page.goto('/dashboard/users');
  await page.waitForURL((url) => url.pathname === '/dashboard');
  await expect(page.getByText('شما به این بخش دسترسی ندارید.')).toBeVisible();
});
