/** @jest-environment-options {"url": "http://127.0.0.1:25402/"} */
import { createServer, type Server } from 'node:http';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, currentLocation } from '@shop/test-utils';
import { renderInShell } from '../testing/render-in-shell';
import { RequireDashboard } from '../auth/guards';
import ResendVerificationEmailPage from './resend-verification-email-page';

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

// A real HTTP server plays the API; unlike `startApiServer` it can send the Retry-After header.
let next: Answer;
let verifiedOnServer = false;
const calls: string[] = [];
let server: Server;
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      calls.push(req.url ?? '');
      const answer: Answer =
        req.url === '/api/auth/resend-verification-email'
          ? next
          : req.url === '/api/auth/logged-in-user-info'
            ? { status: 200, body: { data: { user: aUser({ is_email_verified: verifiedOnServer }), buyedProducts: [] } } }
            : { status: 404, body: { message: 'یافت نشد' } };
      res.writeHead(answer.status, { 'Content-Type': 'application/json; charset=utf-8', ...answer.headers });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(25402, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  calls.splice(0);
  verifiedOnServer = false;
  next = { status: 200, body: { message: 'ایمیل تأیید برای شما فرستاده شد؛ صندوق ایمیل خود را ببینید.' } };
});

const TOO_MANY = 'تعداد درخواست‌ها بیش از حد مجاز است؛ لطفاً کمی بعد دوباره تلاش کنید.';
const routes = { '/resend-verification-email': <ResendVerificationEmailPage /> };
const resendButton = () => screen.getByRole('button', { name: 'ارسال دوباره ایمیل تأیید' }) as HTMLButtonElement;

describe('/resend-verification-email', () => {
  it('sends the email again and says to which address, then rests the button', async () => {
    const user = userEvent.setup();
    renderInShell('/resend-verification-email', routes, aUser({ is_email_verified: false, email: 'new@example.com' }));
    expect(screen.getByText(/ایمیل new@example.com هنوز تأیید نشده است/)).toBeTruthy();
    await user.click(resendButton());
    expect(await screen.findByText(/ایمیل تأیید به نشانی new@example.com فرستاده شد/)).toBeTruthy();
    expect(resendButton().disabled).toBe(true);
    expect(calls).toEqual(['/api/auth/resend-verification-email']);
  });

  it('on 429 says how long to wait (Retry-After), disables the button, and raises no other toast', async () => {
    next = { status: 429, body: { message: TOO_MANY }, headers: { 'Retry-After': '42' } };
    const user = userEvent.setup();
    renderInShell('/resend-verification-email', routes, aUser({ is_email_verified: false }));
    await user.click(resendButton());
    expect(await screen.findByText('لطفاً کمی صبر کنید؛ ۴۲ ثانیه دیگر دوباره تلاش کنید.')).toBeTruthy();
    expect(resendButton().disabled).toBe(true);
    expect(screen.queryByText(/تعداد درخواست‌ها/)).toBeNull();
  });

  it('on 429 without a readable Retry-After asks to wait in general', async () => {
    next = { status: 429, body: { message: TOO_MANY } };
    const user = userEvent.setup();
    renderInShell('/resend-verification-email', routes, aUser({ is_email_verified: false }));
    await user.click(resendButton());
    expect(await screen.findByText('لطفاً کمی صبر کنید و چند لحظه دیگر دوباره تلاش کنید.')).toBeTruthy();
    expect(resendButton().disabled).toBe(true);
  });

  it('tells a verified user so, with a link home, and sends nothing', () => {
    renderInShell('/resend-verification-email', routes, aUser({ is_email_verified: true }));
    expect(screen.getByRole('heading', { name: 'ایمیل شما قبلاً تأیید شده است' })).toBeTruthy();
    expect(screen.queryByText(/تأیید نشده/)).toBeNull();
    expect(screen.getByRole('link', { name: 'بازگشت به صفحه اصلی' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'ارسال دوباره ایمیل تأیید' })).toBeNull();
  });

  it('when the server says already verified (422), reads the user again and says so', async () => {
    next = { status: 422, body: { message: 'ایمیل شما قبلاً تأیید شده است.' } };
    verifiedOnServer = true;
    const user = userEvent.setup();
    const { store } = renderInShell('/resend-verification-email', routes, aUser({ is_email_verified: false }));
    await user.click(resendButton());
    expect(await screen.findByRole('heading', { name: 'ایمیل شما قبلاً تأیید شده است' })).toBeTruthy();
    expect(store.getState().auth.user?.is_email_verified).toBe(true);
    expect(screen.queryByText('اطلاعات وارد شده معتبر نیست؛ لطفاً دقت کنید.')).toBeNull();
  });

  it('asks a visitor to log in', () => {
    renderInShell('/resend-verification-email', routes, null);
    expect(screen.getByText('برای ارسال دوباره ایمیل تأیید ابتدا وارد حساب خود شوید.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ورود به حساب' }).getAttribute('href')).toBe('/login');
  });

  it('SPEC §6: staff with an unverified email are sent here from the dashboard, and can resend', async () => {
    const user = userEvent.setup();
    const staff = aUser({ status: 'staff', is_email_verified: false, permissions: [{ id: 1, name: 'manage-posts' }] });
    renderInShell('/dashboard', { ...routes, '/dashboard': <RequireDashboard><p>داشبورد</p></RequireDashboard> }, staff);
    expect(await screen.findByText('ایمیل شما تأیید نشده است. ابتدا ایمیل خود را تأیید کنید.')).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe('/resend-verification-email'));
    await user.click(resendButton());
    expect(await screen.findByText(/ایمیل تأیید به نشانی sara@example.com فرستاده شد/)).toBeTruthy();
  });
});
