import { expect, test, type Page } from '../test';
import { logIn } from './accounts';

/**
 * Issue 22 item 11: one error, one message, the most specific one. A screen that shows a failed
 * request's reason itself (a refusal, a form's alert, a field) gets no second toast from the
 * shell's error catalogue.
 */

/** The toasts on screen (notistack's message element). */
const toasts = (page: Page) => page.locator('#notistack-snackbar');

/**
 * Every error message on screen once the catalogue has had its chance to toast (it waits a tick
 * for the screen's `catch`): alerts, field errors and toasts, read once (a retrying assertion
 * would pass when a second toast has faded away).
 */
async function messagesOnScreen(page: Page): Promise<{ all: string[]; toasts: string[] }> {
  await page.waitForTimeout(1_000);
  const all = await page.locator('[role=alert], .MuiFormHelperText-root.Mui-error').allTextContents();
  return { all, toasts: await toasts(page).allTextContents() };
}

test('deleting a user who bought a course says why once (issue 22 item 11)', async ({ page }) => {
  await logIn(page, 'super');
  await page.goto('/dashboard/users?q=user@example.com');
  const row = page.getByRole('row').filter({ hasText: 'user@example.com' });
  await row.getByRole('button', { name: /^حذف «/ }).click();
  // No dialog since issue 32 item 5: the row waits out the 10-second «بازگردانی» window, then the DELETE is refused.
  await expect(row).toHaveCount(0);
  const reason = 'این عملیات معتبر نیست: این کاربر دوره خریده است و حذف نمی‌شود.';
  await expect(page.getByText(reason)).toBeVisible({ timeout: 15_000 });
  await expect(row).toBeVisible();
  // One message, the specific one: no «این عملیات معتبر نیست.» toast beside it.
  expect(await messagesOnScreen(page)).toEqual({ all: [reason], toasts: [] });
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
  await expect(page.getByText(reason)).toBeVisible();
  // Under the course field, with the form's own summary above its buttons; no «اطلاعات وارد شده معتبر نیست.» toast.
  expect(await messagesOnScreen(page)).toEqual({ all: [reason, 'لطفاً خطاهای مشخص‌شده را برطرف کنید.'], toasts: [] });
});
