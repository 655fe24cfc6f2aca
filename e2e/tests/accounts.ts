import { expect, request, type APIRequestContext, type Page, type Request, type Response } from '@playwright/test';
import { siteOfTest } from '../sites';

/** The three demo accounts of DESIGN.md "Demo data and accounts". */
export const ACCOUNTS = {
  super: { email: 'super@example.com', password: 'Super12345' },
  staff: { email: 'staff@example.com', password: 'Staff12345' },
  user: { email: 'user@example.com', password: 'User12345' },
} as const;

/** An account's sign-in: a demo account's or one a test registered ({@link apiAs}). */
export interface Credentials {
  email: string;
  password: string;
}

/**
 * The device key (issue 38: a browser profile's key in localStorage) every browser of a demo account
 * shares in the tests: a lesson plays on at most three devices per account, and the demo accounts
 * sign in from a new browser in test after test. A test of the device limit uses its own account.
 */
const DEMO_DEVICE_KEYS: Record<keyof typeof ACCOUNTS, string> = {
  super: 'e2e-demo-device-of-super-account',
  staff: 'e2e-demo-device-of-staff-account',
  user: 'e2e-demo-device-of-user-account0',
};

/**
 * Signs the page's browser context in as `account` (a demo account, or the credentials of one a
 * test registered) the way the login form does, through the API (the CSRF cookie, then
 * `POST /api/auth/login`, whose auth cookie lands in the context), and opens the home page signed in: the tests that need an account do not each wait out the form's 3-second
 * redirect. The form itself is {@link logInByForm}, which auth.spec.ts runs for every account.
 * A demo account's browser gets that account's one device key ({@link DEMO_DEVICE_KEYS}).
 */
export async function logIn(page: Page, account: keyof typeof ACCOUNTS | Credentials): Promise<void> {
  const { email, password } = typeof account === 'string' ? ACCOUNTS[account] : account;
  if (typeof account === 'string') {
    await page.context().addInitScript((key) => window.localStorage.setItem('shop-device-key', key), DEMO_DEVICE_KEYS[account]);
  }
  await page.request.get('/sanctum/csrf-cookie');
  const csrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')!.value);
  const response = await page.request.post('/api/auth/login', { headers: { 'X-XSRF-TOKEN': csrf }, data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'پروفایل' })).toBeVisible();
}

/**
 * Clicks the login form's «ورود» and waits for the welcome toast. When it does not come, fails with
 * the sign-in requests the page sent and the answers it got meanwhile (method, path, status), so a
 * lost click, an answer that never came and a refusal tell themselves apart in the report (issue 33
 * item 3: one such failure in ci7 left only a screenshot).
 */
export async function submitLoginForm(page: Page): Promise<void> {
  const heard: string[] = [];
  const isAuth = (url: string) => /\/api\/auth\/|\/sanctum\/csrf-cookie/.test(new URL(url).pathname);
  const onRequest = (request: Request) => isAuth(request.url()) && heard.push(`→ ${request.method()} ${new URL(request.url()).pathname}`);
  const onResponse = (response: Response) =>
    isAuth(response.url()) && heard.push(`← ${response.request().method()} ${new URL(response.url()).pathname} ${response.status()}`);
  page.on('request', onRequest);
  page.on('response', onResponse);
  try {
    await page.getByRole('button', { name: 'ورود', exact: true }).click();
    await expect(page.getByText('خوش آمدید!')).toBeVisible();
  } catch (error) {
    throw new Error(`no welcome after «ورود»; sign-in requests and answers meanwhile: ${heard.join('; ') || 'none'}`, { cause: error });
  } finally {
    page.off('request', onRequest);
    page.off('response', onResponse);
  }
}

/** Logs in through the /login form by email and waits for the 3-second redirect to / (SPEC §4). */
export async function logInByForm(page: Page, account: keyof typeof ACCOUNTS): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('ایمیل').fill(ACCOUNTS[account].email);
  await page.getByLabel('رمز عبور', { exact: true }).fill(ACCOUNTS[account].password);
  await submitLoginForm(page);
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

/**
 * An API client signed in by bearer token, outside any browser: `super`, or a new account with no
 * history. Answers the client, the account's id, and its credentials (for {@link logIn} in a browser).
 */
export async function apiAs(who: 'super' | 'new'): Promise<{ api: APIRequestContext; userId: number; credentials: Credentials }> {
  const plain = await request.newContext({ baseURL: siteOfTest() });
  await plain.get('/sanctum/csrf-cookie');
  const csrf = decodeURIComponent((await plain.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')!.value);
  const credentials = who === 'super' ? ACCOUNTS.super : { email: `graduate-${Date.now()}@example.com`, password: 'Reader12345' };
  const answer =
    who === 'super'
      ? await plain.post('/api/auth/login', { headers: { 'X-XSRF-TOKEN': csrf }, data: credentials })
      : await plain.post('/api/auth/register', {
          headers: { 'X-XSRF-TOKEN': csrf },
          data: { full_name: 'نرگس دانش‌آموخته', ...credentials, password_confirmation: credentials.password },
        });
  expect(answer.ok()).toBe(true);
  const { token, data } = (await answer.json()) as { token: string; data: { user: { id: number } } };
  await plain.dispose();
  return { api: await request.newContext({ baseURL: siteOfTest(), extraHTTPHeaders: { authorization: `Bearer ${token}` } }), userId: data.user.id, credentials };
}
