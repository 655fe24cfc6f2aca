import { expect, type Page } from '@playwright/test';

/** The three demo accounts of DESIGN.md "Demo data and accounts". */
export const ACCOUNTS = {
  super: { email: 'super@example.com', password: 'Super12345' },
  staff: { email: 'staff@example.com', password: 'Staff12345' },
  user: { email: 'user@example.com', password: 'User12345' },
} as const;

/**
 * Signs the page's browser context in as `account` the way the login form does, through the API
 * (the CSRF cookie, then `POST /api/auth/login`, whose auth cookie lands in the context), and opens
 * the home page signed in: the tests that need an account do not each wait out the form's 3-second
 * redirect. The form itself is {@link logInByForm}, which auth.spec.ts runs for every account.
 */
export async function logIn(page: Page, account: keyof typeof ACCOUNTS): Promise<void> {
  await page.request.get('/sanctum/csrf-cookie');
  const csrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value);
  const response = await page.request.post('/api/auth/login', {
    headers: { 'X-XSRF-TOKEN': csrf },
    data: { email: ACCOUNTS[account].email, password: ACCOUNTS[account].password },
  });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'پروفایل' })).toBeVisible();
}

/** Logs in through the /login form by email and waits for the 3-second redirect to / (SPEC §4). */
export async function logInByForm(page: Page, account: keyof typeof ACCOUNTS): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('ایمیل').fill(ACCOUNTS[account].email);
  await page.getByLabel('رمز عبور', { exact: true }).fill(ACCOUNTS[account].password);
  await page.getByRole('button', { name: 'ورود', exact: true }).click();
  await expect(page.getByText('خوش آمدید!')).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
  await expect(page.getByRole('link', { name: 'پروفایل' })).toBeVisible();
}

/**
 * Registers a new account through the API inside the page's browser context (CSRF cookie,
 * then `POST /api/auth/register`), so the context is signed in as a user with no history.
 * Answers the account's email (its verification mail is in the outbox).
 */
export async function registerFreshUser(page: Page): Promise<string> {
  await page.request.get('/sanctum/csrf-cookie');
  const cookies = await page.context().cookies();
  const csrf = decodeURIComponent(cookies.find((c) => c.name === 'XSRF-TOKEN')!.value);
  const stamp = Date.now();
  const response = await page.request.post('/api/auth/register', {
    headers: { 'X-XSRF-TOKEN': csrf },
    data: { full_name: 'خواننده تازه', email: `reader-${stamp}@example.com`, password: 'Reader12345', password_confirmation: 'Reader12345' },
  });
  expect(response.status()).toBe(201);
  return `reader-${stamp}@example.com`;
}
