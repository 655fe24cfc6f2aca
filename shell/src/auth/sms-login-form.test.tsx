/**
 * @jest-environment-options {"url": "http://127.0.0.1:45026/login"}
 */
import { createServer, type Server } from 'node:http';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore, Provider } from '@shop/api-client';
import { AppThemeProvider } from '@shop/ui-kit';
import { MemoryRouter } from '@shop/router';
import LoginPage from '../pages/login-page';

// A real HTTP server stands in for the API: it answers the SMS calls the way the server does.
let server: Server;
const calls: Array<{ url: string; body: Record<string, string> }> = [];
let codeAnswers = 0;
beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, string>;
      calls.push({ url: req.url ?? '', body });
      const send = (status: number, answer: object, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'Retry-After', ...headers });
        res.end(JSON.stringify(answer));
      };
      if (req.url === '/api/auth/sms-code') {
        codeAnswers += 1;
        if (codeAnswers > 1) return send(429, { message: 'برای این شماره به‌تازگی کدی فرستاده شده است؛ ۴۲ ثانیه دیگر دوباره تلاش کنید.' }, { 'Retry-After': '42' });
        return send(200, { message: 'فرستاده شد' });
      }
      if (req.url === '/api/auth/sms-login') {
        if (body.code !== '۱۲۳۴۵۶') return send(422, { message: 'کد وارد شده درست نیست یا دیگر معتبر نیست؛ آن را بررسی کنید یا کد تازه‌ای درخواست کنید.', errors: { code: ['کد وارد شده درست نیست یا دیگر معتبر نیست؛ آن را بررسی کنید یا کد تازه‌ای درخواست کنید.'] } });
        return send(200, { token: 't', message: 'ok', data: { user: { id: 3, full_name: 'کاربر', status: 'ordinary', permissions: [] } } });
      }
      return send(404, { message: 'یافت نشد' });
    });
  });
  await new Promise<void>((resolve) => server.listen(45026, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function renderLogin() {
  render(
    <Provider store={makeStore()}>
      <AppThemeProvider>
        <MemoryRouter>
          <LoginPage />
        </MemoryRouter>
      </AppThemeProvider>
    </Provider>,
  );
}

describe('LoginPage «ورود با کد پیامکی»', () => {
  it('refuses a mobile in a wrong form before asking for a code', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('tab', { name: 'ورود با کد پیامکی' }));
    await user.type(screen.getByLabelText('شماره موبایل'), '۰۲۱۸۸۷۷۶۶۵۵');
    await user.click(screen.getByRole('button', { name: 'ارسال کد' }));
    expect(await screen.findByText('شماره موبایل معتبر نیست')).toBeTruthy();
    expect(calls.filter((c) => c.url === '/api/auth/sms-code')).toHaveLength(0);
  });

  it('asks for a code for the number in E.164, counts down before «ارسال دوباره», shows a wrong code and signs in with Persian digits', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('tab', { name: 'ورود با کد پیامکی' }));
    await user.type(screen.getByLabelText('شماره موبایل'), '۰۹۱۲۱۲۳۴۵۶۷');
    await user.click(screen.getByRole('button', { name: 'ارسال کد' }));
    expect(await screen.findByText(/یک کد ۶ رقمی به آن پیامک شد/)).toBeTruthy();
    expect(calls.at(-1)).toEqual({ url: '/api/auth/sms-code', body: { mobile: '+989121234567', purpose: 'login' } });

    const resend = screen.getByRole('button', { name: /ارسال دوباره تا [۰-۹]+ ثانیه دیگر/ });
    expect(resend.hasAttribute('disabled')).toBe(true);

    await user.type(screen.getByLabelText('کد ۶ رقمی'), '۶۵۴۳۲۱');
    await user.click(screen.getByRole('button', { name: 'ورود' }));
    expect(await screen.findByText('کد وارد شده درست نیست یا دیگر معتبر نیست؛ آن را بررسی کنید یا کد تازه‌ای درخواست کنید.')).toBeTruthy();

    await user.clear(screen.getByLabelText('کد ۶ رقمی'));
    await user.type(screen.getByLabelText('کد ۶ رقمی'), '۱۲۳۴۵۶');
    await user.click(screen.getByRole('button', { name: 'ورود' }));
    expect(await screen.findByText(/خوش آمدید!/)).toBeTruthy();
    expect(calls.at(-1)).toEqual({ url: '/api/auth/sms-login', body: { mobile: '+989121234567', code: '۱۲۳۴۵۶' } });
  });

  it("enables «ارسال دوباره» when the countdown ends and shows the server's wait message", async () => {
    jest.useFakeTimers({ advanceTimers: true });
    try {
      const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
      renderLogin();
      await user.click(screen.getByRole('tab', { name: 'ورود با کد پیامکی' }));
      await user.type(screen.getByLabelText('شماره موبایل'), '09121234567');
      codeAnswers = 0;
      await user.click(screen.getByRole('button', { name: 'ارسال کد' }));
      await screen.findByText(/یک کد ۶ رقمی به آن پیامک شد/);
      for (let i = 0; i < 60; i += 1) await act(async () => void jest.advanceTimersByTime(1000));
      const resend = await screen.findByRole('button', { name: 'ارسال دوباره' });
      await waitFor(() => expect(resend.hasAttribute('disabled')).toBe(false));
      await user.click(resend);
      expect(await screen.findByText(/۴۲ ثانیه دیگر دوباره تلاش کنید/)).toBeTruthy();
    } finally {
      jest.useRealTimers();
    }
  });
});
