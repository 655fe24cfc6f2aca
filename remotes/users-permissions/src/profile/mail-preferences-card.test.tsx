/** @jest-environment-options {"url": "http://127.0.0.1:25732"} */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, renderPage, startApiServer } from '@shop/test-utils';
import { MailPreferencesCard } from './mail-preferences-card';

let wanted = true;
let failPut = false;
let api: Awaited<ReturnType<typeof startApiServer>>;
/** Every kind as the server answers it: the reminder as `wanted`, the others on. */
const preferences = () => ({
  'unpaid-order-reminder': wanted,
  'comment-approved': true,
  'comment-reply': true,
  'pending-comments-digest': true,
  'new-ticket': true,
});
beforeAll(async () => {
  api = await startApiServer(25732, ({ method, url, json }) => {
    if (url.pathname !== '/api/profile/mail-preferences') return undefined;
    if (method === 'PUT') {
      if (failPut) return { status: 422, body: { message: 'اطلاعات وارد شده معتبر نیست.', errors: {} } };
      wanted = (json as Record<string, boolean>)['unpaid-order-reminder']!;
      return { message: 'تنظیمات ایمیل ذخیره شد.', data: preferences() };
    }
    return { data: preferences() };
  });
});
afterAll(() => api.close());
beforeEach(() => {
  wanted = true;
  failPut = false;
  api.seen.splice(0);
});

const open = (staff = false) => renderPage(<MailPreferencesCard staff={staff} />, { url: '/profile#home', path: '/profile', user: aUser() });
const writes = () => api.seen.filter((r) => r.method === 'PUT').map((r) => r.json);

describe('MailPreferencesCard (/profile#home)', () => {
  it('shows one Persian switch per kind of mail, as the server has it, and saves each change at once', async () => {
    open();
    const toggle = await screen.findByRole('switch', { name: 'یادآوری سفارش‌های پرداخت‌نشده' });
    expect(screen.getByRole('heading', { name: 'ایمیل‌های اطلاع‌رسانی' })).toBeTruthy();
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(toggle.getAttribute('aria-describedby')).toBe('mail-kind-unpaid-order-reminder');
    expect(screen.getByText('اگر سفارشی را نیمه‌کاره رها کنید، یک بار یادآوری می‌شود.')).toBeTruthy();

    await userEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
    expect(writes()).toEqual([{ 'unpaid-order-reminder': false }]);
    expect(await screen.findByText('تنظیمات ایمیل ذخیره شد.')).toBeTruthy();

    await userEvent.click(toggle);
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(true));
    expect(writes()).toEqual([{ 'unpaid-order-reminder': false }, { 'unpaid-order-reminder': true }]);
  });

  it('shows the comment switches to everyone and the staff digests to staff only (issue 26)', async () => {
    open();
    await screen.findByRole('switch', { name: 'پاسخ به دیدگاه‌های من' });
    expect(screen.getByRole('switch', { name: 'تأیید دیدگاه‌های من' })).toBeTruthy();
    expect(screen.queryByRole('switch', { name: 'خلاصه دیدگاه‌های در انتظار تأیید' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'پیام‌های تازه تماس با ما' })).toBeNull();
    expect(screen.getAllByRole('switch')).toHaveLength(3);
  });

  it('shows every switch to staff', async () => {
    open(true);
    expect(await screen.findByRole('switch', { name: 'خلاصه دیدگاه‌های در انتظار تأیید' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'پیام‌های تازه تماس با ما' })).toBeTruthy();
    expect(screen.getAllByRole('switch')).toHaveLength(5);
  });

  it('keeps the switch as the server has it when saving fails', async () => {
    failPut = true;
    open();
    const toggle = await screen.findByRole('switch', { name: 'یادآوری سفارش‌های پرداخت‌نشده' });
    await userEvent.click(toggle);
    await waitFor(() => expect(writes()).toHaveLength(1));
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    expect((toggle as HTMLInputElement).checked).toBe(true);
  });
});
