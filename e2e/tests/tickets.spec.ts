import { expect, test } from '../test';
import { logIn } from './accounts';

test('the demo user sends a ticket from /contact-us; the super user finds it and marks it read', async ({ browser }) => {
  const stamp = Date.now();
  const title = `پرسش آزمایشی ${stamp}`;
  const text = `سلام، این پیام آزمایشی شماره ${stamp} از صفحه تماس با ما است.`;

  const user = await (await browser.newContext()).newPage();
  await logIn(user, 'user');
  await user.goto('/contact-us');
  await expect(user.getByRole('heading', { level: 1, name: 'تماس با ما' })).toBeVisible();
  await user.getByLabel('موضوع').fill(title);
  await user.getByLabel('متن پیام').fill(text);
  await user.getByRole('button', { name: 'ارسال پیام' }).click();
  await expect(user.getByText('پیام شما ثبت شد؛ به‌زودی پاسخ می‌دهیم.')).toBeVisible();
  await expect(user.getByLabel('موضوع')).toHaveValue('');
  await expect(user.getByLabel('متن پیام')).toHaveValue('');
  await user.context().close();

  const admin = await (await browser.newContext()).newPage();
  await logIn(admin, 'super');
  await admin.goto('/dashboard/contact-us');
  await expect(admin.getByRole('heading', { level: 1, name: 'تیکت‌ها' })).toBeVisible();
  await admin.getByRole('button', { name: 'خوانده‌نشده', exact: true }).click();
  await expect(admin).toHaveURL(/\/dashboard\/contact-us\?status=unread$/);
  const card = admin.locator('article', { hasText: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText(text);
  await expect(card).toContainText('کاربر نمونه');
  await expect(card.getByText('user@example.com')).toHaveAttribute('dir', 'ltr');
  await card.getByRole('button', { name: 'علامت خوانده‌شده' }).click();
  await expect(admin.getByText('تیکت خوانده‌شده علامت خورد.')).toBeVisible();
  await expect(admin.locator('article', { hasText: title })).toHaveCount(0);

  await admin.getByRole('button', { name: 'خوانده‌شده', exact: true }).click();
  await expect(admin).toHaveURL(/\/dashboard\/contact-us\?status=read$/);
  const readCard = admin.locator('article', { hasText: title });
  await expect(readCard).toBeVisible();
  await expect(readCard.getByRole('button', { name: 'علامت خوانده‌نشده' })).toBeVisible();
  await admin.screenshot({ path: '.artifacts/dashboard-tickets.png', fullPage: true });
  await admin.context().close();
});
