import { expect, test, type Browser, type Page } from '../test';
import { logIn, registerFreshUser } from './accounts';
import { readMail } from './outbox';

async function signedInPage(browser: Browser, account: 'staff' | 'user'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, account);
  return page;
}

/** Approves the comment whose text is `text` on the dashboard's posts comments; answers its anchor (`comment-<id>`). */
async function approveOnDashboard(browser: Browser, text: string): Promise<string> {
  const staff = await signedInPage(browser, 'staff');
  await staff.goto('/dashboard/comments/posts');
  const card = staff.locator('article', { hasText: text });
  await expect(card).toBeVisible();
  const href = await card.getByRole('link').first().getAttribute('href');
  await card.getByRole('button', { name: 'تأیید' }).click();
  await expect(staff.getByText('دیدگاه تأیید شد.')).toBeVisible();
  await staff.context().close();
  return href!.split('#')[1]!;
}

test('a reader whose comment gets a reply receives the mail and its link opens the highlighted reply (issue 26)', async ({ browser }) => {
  // A new reader, verified by the link of the outbox, comments on a post.
  const reader = await (await browser.newContext({ viewport: { width: 375, height: 740 } })).newPage();
  const email = await registerFreshUser(reader);
  const verification = await readMail(email, /verification\?token=/);
  await reader.goto(/(https?:\/\/\S+\/verification\?token=[^\s"<]+)/.exec(verification.text ?? '')![1]!);
  await expect(reader.getByRole('heading', { name: 'ایمیل شما تأیید شد' })).toBeVisible();
  const question = `پرسش خواننده ${Date.now()}: این روش در پروژه‌های بزرگ هم جواب می‌دهد؟`;
  await reader.goto('/posts/3');
  await reader.getByLabel('متن دیدگاه').fill(question);
  await reader.getByRole('button', { name: 'ارسال دیدگاه' }).click();
  await expect(reader.getByText('دیدگاه شما ثبت شد و پس از تأیید نمایش داده می‌شود.')).toBeVisible();

  // Staff approve it: the reader is told, with a link to the comment.
  const questionAnchor = await approveOnDashboard(browser, question);
  const approved = await readMail(email, new RegExp(`#${questionAnchor}\\b`));
  expect(approved.subject).toContain('دیدگاه شما تأیید شد');

  // Another user replies; the reply waits for staff, then the reader gets the reply mail.
  const replier = await signedInPage(browser, 'user');
  await replier.goto(`/posts/3#${questionAnchor}`);
  const thread = replier.locator(`#${questionAnchor}`);
  await thread.getByRole('button', { name: /^پاسخ به / }).click();
  const answer = `پاسخ ${Date.now()}: بله، با چند نکته که در ادامه نوشته‌ام.`;
  await replier.getByLabel('متن پاسخ').fill(answer);
  await replier.getByRole('button', { name: 'ارسال پاسخ' }).click();
  await expect(replier.getByText('دیدگاه شما ثبت شد و پس از تأیید نمایش داده می‌شود.')).toBeVisible();
  await replier.context().close();
  const replyAnchor = await approveOnDashboard(browser, answer);

  const mail = await readMail(email, new RegExp(`#${replyAnchor}\\b`));
  expect(mail.subject).toContain('پاسخ تازه به دیدگاه شما');
  expect(mail.html).toContain('dir="rtl"');
  expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  const link = new RegExp(`(https?://\\S+/posts/3#${replyAnchor})\\b`).exec(mail.text ?? '')![1]!;
  // The mail itself, as a narrow mail client shows it: right to left, no sideways scrolling.
  const mailView = await (await browser.newContext({ viewport: { width: 375, height: 740 } })).newPage();
  await mailView.setContent(mail.html || '');
  await expect(mailView.getByRole('link', { name: 'دیدن پاسخ' })).toHaveAttribute('href', link);
  expect(await mailView.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await mailView.screenshot({ path: '.artifacts/reply-notification-mail-375.png', fullPage: true });
  await mailView.context().close();

  // The reader follows the link: the page scrolls to the reply and highlights it.
  for (const width of [375, 1280]) {
    await reader.setViewportSize({ width, height: 740 });
    await reader.goto('/');
    await reader.goto(link);
    const reply = reader.locator(`#${replyAnchor}`);
    await expect(reply).toContainText(answer);
    await expect(reply).toHaveAttribute('data-highlighted', 'true');
    await expect(reply).toBeInViewport();
    expect(await reader.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await reader.screenshot({ path: `.artifacts/reply-notification-${width}.png` });
  }
  await reader.context().close();
});
