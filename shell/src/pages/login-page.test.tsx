/**
 * @jest-environment-options {"url": "http://127.0.0.1:45001/login"}
 */
import { createServer, type Server } from 'node:http';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore, Provider } from '@shop/api-client';
import { AppThemeProvider } from '@shop/ui-kit';
import { MemoryRouter } from '@shop/router';
import LoginPage from './login-page';

// A real HTTP server stands in for the API: it answers the login call the way the server does.
let server: Server;
const bodies: unknown[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as { email?: string; mobile?: string; password?: string };
      bodies.push(body);
      const ok = body.password === 'User12345';
      res.writeHead(ok ? 200 : 422, { 'Content-Type': 'application/json', 'Access-Control-Allow-Origin': '*' });
      res.end(
        JSON.stringify(
          ok
            ? { token: 't', message: 'ok', data: { user: { id: 3, full_name: 'کاربر', status: 'ordinary', permissions: [] } } }
            : { message: 'کاربری با این مشخصات یافت نشد.', errors: { email: ['کاربری با این مشخصات یافت نشد.'] } },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(45001, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function renderLogin(url = '/login') {
  render(
    <Provider store={makeStore()}>
      <AppThemeProvider>
        <MemoryRouter initialEntries={[url]}>
          <LoginPage />
        </MemoryRouter>
      </AppThemeProvider>
    </Provider>,
  );
}

describe('LoginPage', () => {
  it('shows Persian field errors on blur (SPEC §5)', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('ایمیل'), 'not-an-email');
    await user.click(screen.getByLabelText('رمز عبور'));
    await user.tab();
    expect(await screen.findByText('ایمیل باید یک نشانی ایمیل معتبر باشد')).toBeTruthy();
    expect(await screen.findByText('رمز عبور الزامی است')).toBeTruthy();
  });

  it('shows the server refusal under the field, and succeeds with the right password', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('ایمیل'), 'user@example.com');
    await user.type(screen.getByLabelText('رمز عبور'), 'Wrong12345');
    await user.click(screen.getByRole('button', { name: 'ورود' }));
    expect(await screen.findByText('کاربری با این مشخصات یافت نشد.')).toBeTruthy();
    await user.clear(screen.getByLabelText('رمز عبور'));
    await user.type(screen.getByLabelText('رمز عبور'), 'User12345');
    await user.click(screen.getByRole('button', { name: 'ورود' }));
    expect(await screen.findByText(/خوش آمدید!/)).toBeTruthy();
    await waitFor(() => expect(bodies.at(-1)).toEqual({ email: 'user@example.com', password: 'User12345' }));
  });

  it('passes the return of a visitor sent here (their cart, issue 25) on to the register page', () => {
    renderLogin('/login?redirect=%2Fshopping-cart');
    expect(screen.getByRole('link', { name: 'ثبت‌نام' }).getAttribute('href')).toBe('/register?redirect=%2Fshopping-cart');
  });

  it('links «فراموشی رمز عبور» to /reset-password', () => {
    renderLogin();
    expect(screen.getByRole('link', { name: 'فراموشی رمز عبور' }).getAttribute('href')).toBe('/reset-password');
  });

  it('switches to mobile and sends the number as typed, Persian digits included', async () => {
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('tab', { name: 'با شماره موبایل' }));
    await user.type(screen.getByLabelText('شماره موبایل'), '۰۹۱۲۳۴۵۶۷۸۹');
    await user.type(screen.getByLabelText('رمز عبور'), 'User12345');
    await user.click(screen.getByRole('button', { name: 'ورود' }));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ password: 'User12345' }));
    expect((bodies.at(-1) as { mobile: string }).mobile).toBe('+989123456789');
  });
});
