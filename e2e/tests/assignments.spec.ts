import { expect, test } from '../test';
import { apiAs, logIn } from './accounts';
import { checkAccessibility, type Found } from './axe';
import { openSessionAsBuyer, ownDemoCourse, sessionHydrated } from './learning';
import { readMail } from './outbox';

/**
 * Issue 37 item 3 in the browser: a buyer of the demo course sends its assignment (a text and a
 * file by the resumable upload; a file of a type it does not take is refused in Persian), staff
 * open it from their mail, download the file and grade it below the pass score with feedback; the
 * buyer reads the grade and the feedback on the session page and in their mail, sends again, and
 * the second grade passes them: the session is done. The demo assignment takes js, zip, txt and
 * pdf files, passes at 60 and may be sent again until passed.
 */

const CODE = 'export const sumEven = (numbers) => numbers.filter((n) => n % 2 === 0).reduce((sum, n) => sum + n, 0);\n';

test('a buyer sends the assignment with a file, staff grade it from the queue, and a second answer passes', async ({ browser }) => {
  const staff = await apiAs('super');
  const buyer = await apiAs('new');
  const { courseId, sessions } = await ownDemoCourse(staff.api, buyer);
  const assignment = sessions.find(({ kind }) => kind === 'assignment')!;
  expect(assignment).toBeDefined();
  const found: Found = {};

  const page = await openSessionAsBuyer(browser, buyer.credentials, courseId, assignment.id);
  const panel = page.getByRole('region', { name: 'تکلیف' });
  await expect(panel.getByText('نمرهٔ قبولی: ۶۰ از ۱۰۰')).toBeVisible();
  await expect(panel.getByText('پسوندهای پذیرفته: js، zip، txt، pdf')).toBeVisible();

  // A file of a type the assignment does not take is refused by the server, in Persian.
  const files = panel.getByRole('group', { name: 'فایل‌ها' });
  await files.locator('input[type=file]').setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ not a real program') });
  await expect(files.getByRole('alert')).toContainText('پسوند');
  await files.getByRole('alert').getByRole('button').click();
  await files.locator('input[type=file]').setInputFiles({ name: 'sum-even.js', mimeType: 'text/javascript', buffer: Buffer.from(CODE) });
  await expect(files.getByRole('link', { name: 'sum-even.js' })).toBeVisible();
  await panel.getByRole('textbox', { name: 'متن پاسخ' }).fill('تابع را با آرایهٔ خالی و آرایهٔ [۱، ۲، ۳، ۴] آزمودم.');
  await checkAccessibility(page, 'assignment form', found);
  await page.screenshot({ path: '.artifacts/assignment-form.png', fullPage: true });
  await panel.getByRole('button', { name: 'فرستادن پاسخ' }).click();
  const first = panel.getByRole('listitem', { name: 'پاسخ ۱' });
  await expect(first.getByText('در انتظار نمره')).toBeVisible();
  await expect(first.getByRole('link', { name: 'sum-even.js' })).toBeVisible();
  // Sent, with one waiting for its grade: no form until staff grade it.
  await expect(panel.getByRole('form')).toHaveCount(0);

  // Staff: the mail of the submission leads to its grading page.
  const overview = (await (await buyer.api.get(`/api/product-sessions/${assignment.id}/assignment`)).json()) as { data: { submissions: Array<{ id: number }> } };
  const submissionId = overview.data.submissions[0]!.id;
  const staffMail = await readMail(staff.credentials.email, new RegExp(`/dashboard/assignments/${submissionId}\\b`));
  const staffPage = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await logIn(staffPage, 'super');
  await staffPage.goto('/dashboard/assignments');
  // Waiting for its grade, it is listed with a link to grade it.
  const row = staffPage.getByRole('row').filter({ has: staffPage.locator(`a[href$="/dashboard/assignments/${submissionId}"]`) });
  await expect(row.getByText('در انتظار نمره')).toBeVisible();
  await checkAccessibility(staffPage, 'assignments queue', found);
  await staffPage.screenshot({ path: '.artifacts/assignment-queue.png', fullPage: true });
  await staffPage.goto(new URL(/(https?:\/\/\S+\/dashboard\/assignments\/\d+)/.exec(staffMail.text ?? '')![1]!).pathname);
  const answer = staffPage.getByRole('region', { name: 'پاسخ دانشجو' });
  await expect(answer.getByText('تابع را با آرایهٔ خالی')).toBeVisible();
  // The file downloads through the link signed for this staff member, byte for byte.
  const download = await staffPage.request.get((await answer.getByRole('link', { name: 'sum-even.js' }).getAttribute('href'))!);
  expect(download.status()).toBe(200);
  expect(await download.text()).toBe(CODE);
  const grading = staffPage.getByRole('form', { name: 'بررسی پاسخ تکلیف' });
  await grading.getByLabel('نمره (از ۱۰۰)').fill('۴۵');
  await grading.getByLabel('بازخورد').fill('برای آرایهٔ خالی صفر برنمی‌گرداند؛ یک آزمون برای آن بنویسید.');
  await checkAccessibility(staffPage, 'assignment grading', found);
  await staffPage.screenshot({ path: '.artifacts/assignment-grading.png', fullPage: true });
  await grading.getByRole('button', { name: 'ثبت نمره' }).click();
  await expect(staffPage.getByText('۴۵ — مردود')).toBeVisible();

  // The buyer: the grade and feedback, by mail and on the page, and the form to send again.
  await readMail(buyer.credentials.email, /۴۵ از ۱۰۰/);
  await page.reload();
  await sessionHydrated(page);
  await expect(first.getByText('نمره: ۴۵ از ۱۰۰')).toBeVisible();
  await expect(first.getByText('مردود')).toBeVisible();
  await expect(first.getByText('برای آرایهٔ خالی صفر برنمی‌گرداند')).toBeVisible();
  await page.screenshot({ path: '.artifacts/assignment-failed.png', fullPage: true });
  await panel.getByRole('textbox', { name: 'متن پاسخ' }).fill('حالا برای آرایهٔ خالی صفر برمی‌گرداند؛ آزمونش را هم نوشتم.');
  await panel.getByRole('button', { name: 'فرستادن پاسخ' }).click();
  await expect(panel.getByRole('listitem', { name: 'پاسخ ۲' }).getByText('در انتظار نمره')).toBeVisible();

  const resent = (await (await buyer.api.get(`/api/product-sessions/${assignment.id}/assignment`)).json()) as { data: { submissions: Array<{ id: number; number: number }> } };
  await staffPage.goto(`/dashboard/assignments/${resent.data.submissions.find(({ number }) => number === 2)!.id}`);
  await grading.getByLabel('نمره (از ۱۰۰)').fill('95');
  await grading.getByRole('button', { name: 'ثبت نمره' }).click();
  await expect(staffPage.getByText('۹۵ — قبول')).toBeVisible();

  await page.reload();
  await sessionHydrated(page);
  await expect(panel.getByText('در این تکلیف قبول شده‌اید.')).toBeVisible();
  await expect(panel.getByRole('listitem', { name: 'پاسخ ۲' }).getByText('نمره: ۹۵ از ۱۰۰')).toBeVisible();
  // Passed under «until passed»: no form to send again, and the session is done on the course page.
  await expect(panel.getByRole('form')).toHaveCount(0);
  await page.screenshot({ path: '.artifacts/assignment-passed.png', fullPage: true });
  const course = (await (await buyer.api.get(`/api/products/${courseId}`)).json()) as { data: { sessions: Array<{ id: number; is_done: boolean }> } };
  expect(course.data.sessions.find(({ id }) => id === assignment.id)!.is_done).toBe(true);
  expect(found).toEqual({});
});
