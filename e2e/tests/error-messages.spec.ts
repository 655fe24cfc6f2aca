import { expect, test, type Page } from '@playwright/test';
import { logIn } from './accounts';

/**
 * Issue 22 item 11: one error, one message, the most specific one. A screen that shows a failed
 * request's reason itself (a refusal, a form's alert, a field) gets no second toast from the
 * shell's error catalogue.
 */

/** The toasts on screen (notistack's message element). */
const toasts = (page: Page) => page.locator('#notistack-snackbar');

/** Waits until the catalogue has had its chance to toast (it waits a tick for the screen's `catch`). */
async function settle(page: Page): Promise<void> {
  await page.waitForTimeout(1_000);
}

test('deleting a user who bought a course says why once (issue 22 item 11)', async ({ page }) => {
  await logIn(page, 'super');
  await page.goto('/dashboard/users?q=user@example.com');
  const row = page.getByRole('row').filter({ hasText: 'user@example.com' });
  await row.getByRole('button', { name: /^حذف «/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'حذف', exact: true }).click();
  const reason = 'این عملیات معتبر نیست: این کاربر دوره خریده است و حذف نمی‌شود.';
  await expect(page.getByText(reason)).toBeVisible();
  await settle(page);
  await expect(page.getByText(/این عملیات معتبر نیست/)).toHaveCount(1);
  await expect(toasts(page)).toHaveCount(0);
});

test('giving a user a course they already have says so once (issue 22 item 11)', async ({ page }) => {
  await logIn(page, 'super');
  await page.goto('/dashboard/financial-info/list-of-products-added-to-users/add-product');
  await page.getByLabel('جست‌وجوی کاربر (ایمیل، نام یا موبایل)').fill('user@example.com');
  await page.getByRole('combobox', { name: 'کاربر' }).click();
  await page.getByRole('option', { name: /user@example\.com/ }).click();
  await page.getByRole('combobox', { name: 'دوره' }).click();
  await page.getByRole('option', { name: 'دوره مقدماتی جاوااسکریپت' }).click();
  await page.getByRole('button', { name: 'ذخیره' }).click();
  const reason = 'این کاربر این دوره را از قبل دارد.';
  await expect(page.getByText(reason).first()).toBeVisible();
  await settle(page);
  await expect(page.getByText(reason)).toHaveCount(1);
  await expect(toasts(page)).toHaveCount(0);
});
