import { expect, type Page } from '@playwright/test';

/** The three demo accounts of DESIGN.md "Demo data and accounts". */
export const ACCOUNTS = {
  super: { email: 'super@example.com', password: 'Super12345' },
  staff: { email: 'staff@example.com', password: 'Staff12345' },
  user: { email: 'user@example.com', password: 'User12345' },
} as const;

/** Logs in through the /login form by email and waits for the 3-second redirect to / (SPEC §4). */
export async function logIn(page: Page, account: keyof typeof ACCOUNTS): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('ایمیل').fill(ACCOUNTS[account].email);
  await page.getByLabel('رمز عبور', { exact: true }).fill(ACCOUNTS[account].password);
  await page.getByRole('button', { name: 'ورود', exact: true }).click();
  await expect(page.getByText('خوش آمدید!')).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
  await expect(page.getByRole('link', { name: 'پروفایل' })).toBeVisible();
}
