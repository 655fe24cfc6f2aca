/** @jest-environment-options {"url": "http://127.0.0.1:25405/dashboard"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, currentLocation, startApiServer } from '@shop/test-utils';
import { renderInShell } from '../testing/render-in-shell';
import { RequireDashboard } from '../auth/guards';
import { DashboardLayout } from './dashboard-layout';

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25405, ({ url, method }) =>
    method === 'POST' && url.pathname === '/api/auth/logout' ? { message: 'با موفقیت از حساب کاربری خارج شدید.' } : undefined,
  );
});
afterAll(() => api.close());

function renderDashboard() {
  const layout = (
    <RequireDashboard>
      <DashboardLayout />
    </RequireDashboard>
  );
  return renderInShell('/dashboard', { '/dashboard': layout, '/': <p>صفحه اصلی سایت</p> }, aUser({ status: 'super', full_name: 'مدیر سایت', email: 'super@example.com' }));
}

describe('the dashboard header account menu', () => {
  it('shows the name and email, links the profile and the site, and logs out through the one logout path', async () => {
    const user = userEvent.setup();
    const { store } = renderDashboard();
    await user.click(screen.getByRole('button', { name: 'حساب کاربری' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('مدیر سایت')).toBeTruthy();
    expect(within(menu).getByText('super@example.com')).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'پروفایل' }).getAttribute('href')).toBe('/profile#home');
    expect(within(menu).getByRole('menuitem', { name: 'بازگشت به سایت' }).getAttribute('href')).toBe('/');

    await user.click(within(menu).getByRole('menuitem', { name: 'خروج' }));
    expect(await screen.findByText('از حساب خود خارج شدید. تا چند لحظه دیگر به صفحه اصلی می‌روید.')).toBeTruthy();
    expect(api.seen.map((r) => `${r.method} ${r.url.pathname}`)).toContain('POST /api/auth/logout');
    expect(store.getState().auth.user).not.toBeNull();
    await waitFor(() => expect(currentLocation()).toBe('/'), { timeout: 5000 });
    expect(store.getState().auth.user).toBeNull();
    expect(screen.getByText('صفحه اصلی سایت')).toBeTruthy();
    expect(screen.queryByText('برای استفاده از این امکان ابتدا وارد حساب خود شوید.')).toBeNull();
  });

  it('opens the profile from the menu', async () => {
    const user = userEvent.setup();
    renderDashboard();
    await user.click(screen.getByRole('button', { name: 'حساب کاربری' }));
    await user.click(await screen.findByRole('menuitem', { name: 'پروفایل' }));
    await waitFor(() => expect(currentLocation()).toBe('/profile#home'));
  });
});
