import path from 'node:path';
import { expect, test } from '@playwright/test';
import { logIn } from './accounts';

/**
 * Issue 24, lessons: the staff side of a lesson's upload (resumable, with progress in percent)
 * and its processing state on the session's edit page.
 */

const OGG = path.resolve(__dirname, '../../server/seed-media/audio/podcast-2.ogg');

test("staff uploads a session's lesson on its edit page and sees it taken for processing", async ({ page }) => {
  await logIn(page, 'super');
  await page.goto('/dashboard/product-sessions/13');
  const lesson = page.getByRole('region', { name: 'فایل درس' });
  await expect(lesson.getByText('ویدیو (mp4، mov، mkv، webm)، صوت، PDF یا ZIP تا ۴ گیگابایت.', { exact: false })).toBeVisible();
  await lesson.locator('input[type=file]').setInputFiles(OGG);
  // Taken whole, then queued, processed or already ready: never an error.
  await expect(lesson.getByText(/در صف پردازش|در حال آماده‌سازی برای پخش|آماده پخش است/)).toBeVisible({ timeout: 30_000 });
  await expect(lesson.getByRole('alert')).toHaveCount(0);
  await page.screenshot({ path: '/tmp/lesson-upload.png', fullPage: true });
});
