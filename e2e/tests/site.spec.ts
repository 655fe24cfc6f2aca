import { expect, test, type Browser, type Page } from '../test';
import { logIn } from './accounts';

/** A page signed in as `account` in its own browser context. */
async function signedIn(browser: Browser, account: 'super' | 'user'): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await logIn(page, account);
  return page;
}

/** Sets the «sending tickets» switch on the site-information page and saves. */
async function setTicketsSwitch(admin: Page, on: boolean): Promise<void> {
  await admin.goto('/dashboard/site-information');
  await expect(admin.getByRole('heading', { level: 1, name: 'اطلاعات سایت' })).toBeVisible();
  const tickets = admin.getByRole('switch', { name: 'ارسال تیکت' });
  await expect(tickets).toBeVisible();
  await tickets.setChecked(on);
  await admin.getByRole('button', { name: 'ذخیره', exact: true }).click();
  await expect(admin.getByText('اطلاعات سایت ذخیره شد.')).toBeVisible();
}

test('super switches tickets off and a user sees «tickets closed»; on again, the form is back', async ({ browser }) => {
  const admin = await signedIn(browser, 'super');
  const user = await signedIn(browser, 'user');
  await setTicketsSwitch(admin, false);
  try {
    await user.goto('/contact-us');
    await expect(user.getByText('ارسال تیکت در حال حاضر بسته است.', { exact: false })).toBeVisible();
    await expect(user.getByLabel('موضوع')).toHaveCount(0);
  } finally {
    await setTicketsSwitch(admin, true);
  }
  await user.reload();
  await expect(user.getByLabel('موضوع')).toBeVisible();
});

test('super publishes an announcement that a visitor sees and closes for good', async ({ browser }) => {
  const stamp = Date.now();
  const title = `اطلاعیه آزمایشی ${stamp}`;
  // Its own text too, so that a run again on the same site (--repeat-each) finds this one alone.
  const text = `ثبت‌نام دوره تازه از امروز آغاز شد (${stamp}).`;
  const admin = await signedIn(browser, 'super');
  await admin.goto('/dashboard/announcements');
  await admin.getByRole('link', { name: 'افزودن اطلاعیه' }).click();
  await admin.getByLabel('عنوان').fill(title);
  await admin.getByLabel('متن اطلاعیه').fill(text);
  await admin.getByRole('button', { name: 'یک هفته' }).click();
  await admin.getByRole('button', { name: 'ذخیره', exact: true }).click();
  await expect(admin.getByText('اطلاعیه ذخیره شد.')).toBeVisible();

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/posts');
  const banner = visitor.getByRole('region', { name: 'اطلاعیه‌های سایت' });
  await expect(banner.getByText(title)).toBeVisible();
  await expect(banner.getByText(text)).toBeVisible();
  await banner.getByRole('button', { name: `بستن اطلاعیه «${title}»` }).click();
  await expect(visitor.getByText(title)).toHaveCount(0);
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'نوشته‌ها', level: 1 })).toBeVisible();
  await expect(visitor.getByText(title)).toHaveCount(0);
});

test('super edits the terms in the rich-text editor and the public page shows them', async ({ browser }) => {
  const heading = `قانون تازه ${Date.now()}`;
  const admin = await signedIn(browser, 'super');
  await admin.goto('/dashboard/terms-and-conditions');
  const editor = admin.locator('[contenteditable="true"]');
  await expect(editor).toBeVisible();
  await editor.click();
  await admin.keyboard.press('Control+End');
  await admin.keyboard.press('Enter');
  await admin.keyboard.type(heading);
  await admin.getByRole('button', { name: 'ذخیره', exact: true }).click();
  await expect(admin.getByText('قوانین و مقررات ذخیره شد.')).toBeVisible();

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto('/terms-and-conditions');
  await expect(visitor.getByText(heading)).toBeVisible();
});
