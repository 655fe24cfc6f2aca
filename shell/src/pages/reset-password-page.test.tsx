/** @jest-environment-options {"url": "http://127.0.0.1:25403/"} */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation, startApiServer } from '@shop/test-utils';
import { renderInShell } from '../testing/render-in-shell';
import ResetPasswordPage from './reset-password-page';

const CODE_WRONG = 'کد وارد شده درست نیست یا دیگر معتبر نیست؛ آن را بررسی کنید یا کد تازه‌ای درخواست کنید.';
const CODE_EXPIRED = 'این کد منقضی شده یا قبلاً استفاده شده است؛ کد تازه‌ای درخواست کنید.';

// The API as the contract says: forgot-password answers the same for everyone; reset-password
// takes the code 246810, refuses 111111 with a field error and 999999 as expired (message only).
let forgotAnswer: unknown;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25403, ({ url, json }) => {
    if (url.pathname === '/api/auth/forgot-password') return forgotAnswer;
    if (url.pathname === '/api/auth/sms-code') return { message: 'اگر حساب و شماره‌ای باشد، کد پیامک شد.' };
    if (url.pathname === '/api/auth/sms-reset-password') {
      const { code } = json as { code: string };
      if (code === '۶۵۴۳۲۱') return { message: 'رمز عبور شما تغییر کرد؛ با رمز تازه وارد شوید.' };
      return { status: 422, body: { message: CODE_WRONG, errors: { code: [CODE_WRONG] } } };
    }
    if (url.pathname !== '/api/auth/reset-password') return undefined;
    const { code } = json as { code: string };
    if (code === '246810') return { message: 'رمز عبور شما تغییر کرد؛ با رمز تازه وارد شوید.' };
    if (code === '999999') return { status: 422, body: { message: CODE_EXPIRED } };
    return { status: 422, body: { message: CODE_WRONG, errors: { code: [CODE_WRONG] } } };
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  forgotAnswer = { message: 'اگر حسابی با این مشخصات وجود داشته باشد، کد بازیابی به ایمیل آن فرستاده شد.' };
});

const bodies = (path: string) => api.seen.filter((r) => r.url.pathname === path).map((r) => r.json);
const routes = { '/reset-password': <ResetPasswordPage /> };

async function askForCode(user: ReturnType<typeof userEvent.setup>, email = 'user@example.com') {
  await user.type(screen.getByLabelText('ایمیل'), email);
  await user.click(screen.getByRole('button', { name: 'ارسال کد' }));
  await screen.findByLabelText('کد ۶ رقمی');
}

describe('/reset-password', () => {
  it('step 1 asks for an email or a mobile in Persian, and sends the mobile as E.164', async () => {
    const user = userEvent.setup();
    renderInShell('/reset-password', routes, null);
    await user.click(screen.getByRole('button', { name: 'ارسال کد' }));
    expect(await screen.findByText('ایمیل یا شماره موبایل را وارد کنید')).toBeTruthy();
    await user.type(screen.getByLabelText('ایمیل'), 'not-an-email');
    await user.tab();
    expect(await screen.findByText('ایمیل باید یک نشانی ایمیل معتبر باشد')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'با شماره موبایل' }));
    await user.type(screen.getByLabelText('شماره موبایل'), '۰۹۱۲۳۴۵۶۷۸۹');
    await user.click(screen.getByRole('button', { name: 'ارسال کد' }));
    expect(await screen.findByText(/اگر حسابی با «۰۹۱۲ ۳۴۵ ۶۷۸۹» وجود داشته باشد/)).toBeTruthy();
    expect(bodies('/api/auth/forgot-password')).toEqual([{ mobile: '+989123456789' }]);
  });

  it('step 2 validates in Persian, shows a wrong code under its field, then resets and goes to /login after 3 s', async () => {
    const user = userEvent.setup();
    renderInShell('/reset-password', routes, null);
    await askForCode(user);
    expect(screen.getByText(/اگر حسابی با «user@example.com» وجود داشته باشد، یک کد ۶ رقمی/)).toBeTruthy();
    expect(bodies('/api/auth/forgot-password')).toEqual([{ email: 'user@example.com' }]);

    await user.type(screen.getByLabelText('کد ۶ رقمی'), '۱۲۳');
    await user.type(screen.getByLabelText('رمز عبور تازه'), 'short');
    await user.type(screen.getByLabelText('تکرار رمز عبور تازه'), 'other');
    await user.tab();
    expect(await screen.findByText('کد باید ۶ رقم باشد')).toBeTruthy();
    expect(screen.getByText('رمز عبور باید دست‌کم ۸ نویسه و شامل حروف بزرگ و کوچک انگلیسی و عدد باشد')).toBeTruthy();
    expect(screen.getByText('رمز عبور و تکرار آن یکسان نیست')).toBeTruthy();

    // Persian digits are accepted and sent as Latin ones.
    await user.clear(screen.getByLabelText('کد ۶ رقمی'));
    await user.type(screen.getByLabelText('کد ۶ رقمی'), '۱۱۱۱۱۱');
    await user.clear(screen.getByLabelText('رمز عبور تازه'));
    await user.type(screen.getByLabelText('رمز عبور تازه'), 'NewPass123');
    await user.clear(screen.getByLabelText('تکرار رمز عبور تازه'));
    await user.type(screen.getByLabelText('تکرار رمز عبور تازه'), 'NewPass123');
    await user.click(screen.getByRole('button', { name: 'تغییر رمز عبور' }));
    expect(await screen.findByText(CODE_WRONG)).toBeTruthy();
    expect(screen.getByLabelText('کد ۶ رقمی').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('اطلاعات وارد شده معتبر نیست؛ لطفاً دقت کنید.')).toBeNull();

    await user.clear(screen.getByLabelText('کد ۶ رقمی'));
    await user.type(screen.getByLabelText('کد ۶ رقمی'), '۲۴۶۸۱۰');
    await user.click(screen.getByRole('button', { name: 'تغییر رمز عبور' }));
    expect(await screen.findByText('رمز عبور شما تغییر کرد. تا چند لحظه دیگر به صفحه ورود می‌روید.')).toBeTruthy();
    expect(bodies('/api/auth/reset-password')).toEqual([
      { email: 'user@example.com', code: '111111', password: 'NewPass123', password_confirmation: 'NewPass123' },
      { email: 'user@example.com', code: '246810', password: 'NewPass123', password_confirmation: 'NewPass123' },
    ]);
    expect(currentLocation()).toBe('/reset-password');
    await waitFor(() => expect(currentLocation()).toBe('/login'), { timeout: 5000 });
  });

  it('shows an expired code as an alert and «ارسال دوباره کد» goes back to step 1 with the email kept', async () => {
    const user = userEvent.setup();
    renderInShell('/reset-password', routes, null);
    await askForCode(user);
    await user.type(screen.getByLabelText('کد ۶ رقمی'), '999999');
    await user.type(screen.getByLabelText('رمز عبور تازه'), 'NewPass123');
    await user.type(screen.getByLabelText('تکرار رمز عبور تازه'), 'NewPass123');
    await user.click(screen.getByRole('button', { name: 'تغییر رمز عبور' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CODE_EXPIRED);

    await user.click(screen.getByRole('button', { name: 'ارسال دوباره کد' }));
    expect((screen.getByLabelText('ایمیل') as HTMLInputElement).value).toBe('user@example.com');
    await user.click(screen.getByRole('button', { name: 'ارسال کد' }));
    expect(await screen.findByLabelText('کد ۶ رقمی')).toBeTruthy();
    expect(bodies('/api/auth/forgot-password')).toHaveLength(2);
  });

  it('asks to wait on 429, with no extra toast', async () => {
    forgotAnswer = { status: 429, body: { message: 'تعداد درخواست‌ها بیش از حد مجاز است؛ لطفاً کمی بعد دوباره تلاش کنید.' } };
    const user = userEvent.setup();
    renderInShell('/reset-password', routes, null);
    await user.type(screen.getByLabelText('ایمیل'), 'user@example.com');
    await user.click(screen.getByRole('button', { name: 'ارسال کد' }));
    expect((await screen.findByRole('alert')).textContent).toBe('لطفاً کمی صبر کنید و چند لحظه دیگر دوباره تلاش کنید.');
    expect(screen.queryByText(/تعداد درخواست‌ها/)).toBeNull();
    expect(screen.queryByLabelText('کد ۶ رقمی')).toBeNull();
  });

  it('«بازیابی با کد پیامکی» (issue 26): a verified mobile, the 6-digit SMS code and the new password, then /login after 3 s', async () => {
    const user = userEvent.setup();
    renderInShell('/reset-password', routes, null);
    await user.click(screen.getByRole('tab', { name: 'بازیابی با کد پیامکی' }));
    await user.type(screen.getByLabelText('شماره موبایل'), '۰۹۱۲ ۳۳۳ ۴۴۵۵');
    await user.click(screen.getByRole('button', { name: 'ارسال کد' }));
    expect(await screen.findByText(/اگر حسابی با شماره تأییدشده «۰۹۱۲ ۳۳۳ ۴۴۵۵» وجود داشته باشد/)).toBeTruthy();
    expect(bodies('/api/auth/sms-code')).toEqual([{ mobile: '+989123334455', purpose: 'reset-password' }]);

    await user.type(screen.getByLabelText('کد ۶ رقمی'), '۱۱۱۱۱۱');
    await user.type(screen.getByLabelText('رمز عبور تازه'), 'Fresh1234');
    await user.type(screen.getByLabelText('تکرار رمز عبور تازه'), 'Fresh1234');
    await user.click(screen.getByRole('button', { name: 'تغییر رمز عبور' }));
    expect(await screen.findByText(CODE_WRONG)).toBeTruthy();

    await user.clear(screen.getByLabelText('کد ۶ رقمی'));
    await user.type(screen.getByLabelText('کد ۶ رقمی'), '۶۵۴۳۲۱');
    await user.click(screen.getByRole('button', { name: 'تغییر رمز عبور' }));
    expect(await screen.findByText('رمز عبور شما تغییر کرد. تا چند لحظه دیگر به صفحه ورود می‌روید.')).toBeTruthy();
    expect(bodies('/api/auth/sms-reset-password').at(-1)).toEqual({ mobile: '+989123334455', code: '۶۵۴۳۲۱', password: 'Fresh1234', password_confirmation: 'Fresh1234' });
    await waitFor(() => expect(currentLocation()).toBe('/login'), { timeout: 5_000 });
  });
});
