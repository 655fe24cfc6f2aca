/**
 * @jest-environment-options {"url": "http://127.0.0.1:45007/register"}
 */
import { createServer, type Server } from 'node:http';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation } from '@shop/test-utils';
import { renderInShell } from '../testing/render-in-shell';
import RegisterPage from './register-page';
import VerificationPage from './verification-page';

// A real HTTP server stands in for the API: it answers registration the way the server does.
let server: Server;
const calls: string[] = [];
const bodies: Array<Record<string, string>> = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    calls.push(`${req.method} ${req.url}`);
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, string>;
      bodies.push(body);
      const send = (status: number, answer: object) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(answer));
      };
      if (req.url === '/api/auth/register') {
        return send(201, { token: 't', message: 'ok', data: { user: { id: 9, full_name: 'مهمان', mobile: body.mobile ?? null, is_mobile_verified: false, status: 'ordinary', permissions: [] } } });
      }
      if (req.url === '/api/auth/sms-code') return send(200, { message: 'فرستاده شد' });
      if (req.url === '/api/auth/verify-mobile') {
        if (body.code !== '۱۲۳۴۵۶') return send(422, { message: 'کد وارد شده درست نیست یا دیگر معتبر نیست؛ آن را بررسی کنید یا کد تازه‌ای درخواست کنید.', errors: { code: ['کد وارد شده درست نیست یا دیگر معتبر نیست؛ آن را بررسی کنید یا کد تازه‌ای درخواست کنید.'] } });
        return send(200, { message: 'شماره موبایل شما تأیید شد.' });
      }
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(45007, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('RegisterPage', () => {
  it('keeps the return of a visitor sent to sign in (issue 25): the login link carries it, and the new account goes back there', async () => {
    const user = userEvent.setup();
    renderInShell('/register?redirect=%2Fshopping-cart', { '/register': <RegisterPage /> }, null);
    expect(screen.getByRole('link', { name: 'ورود' }).getAttribute('href')).toBe('/login?redirect=%2Fshopping-cart');
    await user.type(screen.getByLabelText('نام و نام خانوادگی'), 'مهمان خریدار');
    await user.type(screen.getByLabelText('ایمیل'), 'guest@example.com');
    await user.type(screen.getByLabelText('رمز عبور'), 'Secret123');
    await user.type(screen.getByLabelText('تکرار رمز عبور'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'ثبت‌نام' }));
    expect(await screen.findByText('حساب شما ساخته شد و پیوند تأیید به ایمیلتان فرستاده شد. تا چند لحظه دیگر به صفحه‌ای که در آن بودید برمی‌گردید.')).toBeTruthy();
    await waitFor(() => expect(currentLocation()).toBe('/shopping-cart'), { timeout: 5_000 });
    expect(calls).toContain('POST /api/auth/register');
  });

  /**
   * Fills the form with a mobile typed in Persian digits and sends it: the new user leaves /register
   * for /verification, as SPEC §4 says (issue 32 item 7), where the mobile is offered for verifying.
   */
  async function registerWithMobile(user: ReturnType<typeof userEvent.setup>) {
    const { store } = renderInShell('/register', { '/register': <RegisterPage />, '/verification': <VerificationPage /> }, null);
    await user.type(screen.getByLabelText('نام و نام خانوادگی'), 'مهمان پیامکی');
    await user.type(screen.getByLabelText('ایمیل'), 'sms-guest@example.com');
    await user.type(screen.getByLabelText('شماره موبایل (اختیاری)'), '۰۹۱۲۳۳۳۴۴۵۵');
    await user.type(screen.getByLabelText('رمز عبور'), 'Secret123');
    await user.type(screen.getByLabelText('تکرار رمز عبور'), 'Secret123');
    await user.click(screen.getByRole('button', { name: 'ثبت‌نام' }));
    await waitFor(() => expect(currentLocation()).toBe('/verification?msg=email-verification-has-been-sent'), { timeout: 5_000 });
    expect(screen.getByText(/پیوند تأیید به ایمیل شما فرستاده شد/)).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'تأیید شماره موبایل' })).toBeTruthy();
    return store;
  }

  it('goes on to /verification, which offers to verify the mobile by an SMS code (issue 26): a wrong code under its field, the right one marks it verified', async () => {
    const user = userEvent.setup();
    const store = await registerWithMobile(user);
    expect(screen.getByText(/یک کد ۶ رقمی به شماره «۰۹۱۲ ۳۳۳ ۴۴۵۵» پیامک می‌شود/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'ارسال کد' }));
    expect(await screen.findByText(/یک کد ۶ رقمی به شماره «۰۹۱۲ ۳۳۳ ۴۴۵۵» پیامک شد/)).toBeTruthy();
    expect(bodies.at(-1)).toEqual({ mobile: '+989123334455', purpose: 'verify-mobile' });
    expect(screen.queryByRole('button', { name: 'تغییر شماره' })).toBeNull();

    await user.type(screen.getByLabelText('کد ۶ رقمی'), '۵۵۵۵۵۵');
    await user.click(screen.getByRole('button', { name: 'تأیید شماره' }));
    expect(await screen.findByText('کد وارد شده درست نیست یا دیگر معتبر نیست؛ آن را بررسی کنید یا کد تازه‌ای درخواست کنید.')).toBeTruthy();
    await user.clear(screen.getByLabelText('کد ۶ رقمی'));
    await user.type(screen.getByLabelText('کد ۶ رقمی'), '۱۲۳۴۵۶');
    await user.click(screen.getByRole('button', { name: 'تأیید شماره' }));
    expect(await screen.findByText('شماره موبایل شما تأیید شد.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'تأیید شماره موبایل' })).toBeNull());
    expect(store.getState().auth.user?.is_mobile_verified).toBe(true);
    expect(currentLocation()).toBe('/verification?msg=email-verification-has-been-sent');
  });

  it('lets «بعداً» close the offer, sending no code', async () => {
    const user = userEvent.setup();
    const before = calls.length;
    await registerWithMobile(user);
    await user.click(screen.getByRole('button', { name: 'بعداً' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'تأیید شماره موبایل' })).toBeNull());
    expect(currentLocation()).toBe('/verification?msg=email-verification-has-been-sent');
    expect(calls.slice(before).filter((call) => call.includes('sms-code') || call.includes('verify-mobile'))).toEqual([]);
  });
});
