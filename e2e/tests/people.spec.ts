import { expect, test, type Browser, type Page } from '../test';
import { logIn } from './accounts';
import { readMail } from './outbox';

/** A new page in its own browser context (its own cookies). */
async function freshPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

/** Registers through the /register form; the page ends signed in on /verification. */
async function registerThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('نام و نام خانوادگی').fill('خواننده آزمایشی');
  await page.getByLabel('ایمیل').fill(email);
  await page.getByLabel('رمز عبور', { exact: true }).fill(password);
  await page.getByLabel('تکرار رمز عبور').fill(password);
  await page.getByRole('button', { name: 'ثبت‌نام', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/verification', { timeout: 10_000 });
}

test('a new reader registers, opens the link from the outbox, and comments', async ({ page }) => {
  const email = `new-reader-${Date.now()}@example.com`;
  await registerThroughForm(page, email, 'Reader12345');
  const mail = await readMail(email, /verification\?token=/);
  expect(mail.html).toContain('dir="rtl"');
  const link = /(https?:\/\/\S+\/verification\?token=[^\s"<]+)/.exec(mail.text ?? '')![1]!;
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'ایمیل شما تأیید شد' })).toBeVisible();

  const text = `دیدگاه خواننده تازه ${Date.now()}`;
  await page.goto('/posts/3');
  await page.getByLabel('متن دیدگاه').fill(text);
  await page.getByRole('button', { name: 'ارسال دیدگاه' }).click();
  await expect(page.getByText('دیدگاه شما ثبت شد و پس از تأیید نمایش داده می‌شود.')).toBeVisible();

  // The same link again: already verified.
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'ایمیل شما قبلاً تأیید شده است' })).toBeVisible();
});

test('a reader resets a forgotten password with the code from the mail', async ({ browser }) => {
  const email = `forgetful-${Date.now()}@example.com`;
  const registering = await freshPage(browser);
  await registerThroughForm(registering, email, 'Reader12345');
  await registering.context().close();

  const page = await freshPage(browser);
  await page.goto('/login');
  await page.getByRole('link', { name: 'فراموشی رمز عبور' }).click();
  await page.waitForURL((url) => url.pathname === '/reset-password');
  // The login page, which has an «ایمیل» field too, stays on screen until the reset page's code arrives.
  await expect(page.getByRole('heading', { name: 'بازیابی رمز عبور' })).toBeVisible();
  await page.getByLabel('ایمیل').fill(email);
  await page.getByRole('button', { name: 'ارسال کد' }).click();
  const mail = await readMail(email, /\b\d{6}\b/);
  const code = /\b(\d{6})\b/.exec(mail.text ?? '')![1]!;
  // Typed in Persian digits, as a Persian keyboard gives them.
  await page.getByLabel('کد ۶ رقمی').fill(code.replace(/\d/g, (d) => '۰۱۲۳۴۵۶۷۸۹'[Number(d)]!));
  await page.getByLabel('رمز عبور تازه', { exact: true }).fill('Renewed12345');
  await page.getByLabel('تکرار رمز عبور تازه').fill('Renewed12345');
  await page.getByRole('button', { name: 'تغییر رمز عبور' }).click();
  await expect(page.getByText('رمز عبور شما تغییر کرد.', { exact: false }).first()).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/login', { timeout: 10_000 });

  await page.getByLabel('ایمیل').fill(email);
  await page.getByLabel('رمز عبور', { exact: true }).fill('Renewed12345');
  await page.getByRole('button', { name: 'ورود', exact: true }).click();
  await expect(page.getByText('خوش آمدید!')).toBeVisible();
  await page.context().close();
});

test('super bars a reader for one day, the reader is refused in Persian, and super frees them', async ({ browser }) => {
  const admin = await freshPage(browser);
  await logIn(admin, 'super');
  await admin.goto('/dashboard/users?q=user@example.com');
  const row = admin.getByRole('row', { name: /user@example\.com/ });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: /^محدودیت دیدگاه/ }).click();
  const dialog = admin.getByRole('dialog');
  await dialog.getByLabel('موقتاً غیرمجاز تا …').check();
  await dialog.getByRole('button', { name: 'یک روز' }).click();
  await admin.screenshot({ path: '.artifacts/comment-restriction.png' });
  await dialog.getByRole('button', { name: 'ذخیره' }).click();
  await expect(admin.getByText('وضعیت دیدگاه کاربر ذخیره شد.').first()).toBeVisible();
  await admin.screenshot({ path: '.artifacts/dashboard-users.png', fullPage: true });

  const reader = await freshPage(browser);
  await logIn(reader, 'user');
  await reader.goto('/posts/3');
  await expect(reader.getByText(/امکان ثبت دیدگاه برای حساب شما تا .+ بسته شده است\./)).toBeVisible();
  await expect(reader.getByLabel('متن دیدگاه')).toHaveCount(0);

  await admin.goto('/dashboard/users/list-users-restricted-from-posting-comments-temporarily');
  const barred = admin.getByRole('row', { name: /user@example\.com/ });
  await expect(barred).toBeVisible();
  await barred.getByRole('button', { name: /^آزاد کردن/ }).click();
  await expect(admin.getByRole('row', { name: /user@example\.com/ })).toHaveCount(0);
  await admin.context().close();

  await reader.reload();
  await expect(reader.getByLabel('متن دیدگاه')).toBeVisible();
  await reader.context().close();
});

test('super creates a permission and assigns staff a section, and staff sees it', async ({ browser }) => {
  const admin = await freshPage(browser);
  await logIn(admin, 'super');
  const name = `manage-reports-${Date.now()}`;
  await admin.goto('/dashboard/permissions/add-permission');
  await admin.getByRole('textbox', { name: 'نام دسترسی' }).fill(name);
  await admin.getByRole('button', { name: /ذخیره|افزودن/ }).first().click();
  await expect(admin.getByText('دسترسی افزوده شد.').first()).toBeVisible();

  // The new permission and the podcasts section go to the staff account.
  for (const permission of [name, 'manage-podcasts']) {
    await admin.goto(`/dashboard/permissions?q=${permission}`);
    await admin.getByRole('row', { name: new RegExp(permission) }).getByRole('link', { name: /^ویرایش/ }).click();
    await admin.getByLabel('افزودن کاربر کارمند').fill('staff@');
    await admin.getByRole('option', { name: /staff@example\.com/ }).click();
    await expect(admin.getByText('کاربر به این دسترسی افزوده شد.').first()).toBeVisible();
    await expect(admin.getByRole('row', { name: /staff@example\.com/ })).toBeVisible();
  }
  await admin.context().close();

  const staff = await freshPage(browser);
  await logIn(staff, 'staff');
  await staff.goto('/dashboard');
  await staff.getByRole('link', { name: 'پادکست‌ها' }).first().click();
  await staff.waitForURL((url) => url.pathname === '/dashboard/podcasts');
  await expect(staff.getByRole('heading', { name: 'پادکست‌ها' }).first()).toBeVisible();
  await staff.context().close();
});
