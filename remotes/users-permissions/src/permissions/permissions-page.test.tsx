/** @jest-environment-options {"url": "http://127.0.0.1:25195"} */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PermissionDetail } from '@shop/contracts';
import { aUser, currentLocation, renderPage, startApiServer } from '@shop/test-utils';
import PermissionsPage from './permissions-page';

const BUILTIN_REFUSAL = 'این دسترسی در کد سایت بررسی می‌شود؛ حذف یا تغییر نام آن بخشی از داشبورد را از کار می‌اندازد.';
const initialPermissions = (): PermissionDetail[] => [
  {
    id: 1, name: 'show-users', is_builtin: true,
    users: [{ id: 12, full_name: 'نگار کارمند', email: 'negar@example.com' }, { id: 14, full_name: 'رضا کارمند', email: 'reza@example.com' }],
  },
  { id: 20, name: 'manage-reports', is_builtin: false, users: [] },
];
let permissions = initialPermissions();

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25195, ({ method, url }) => {
    const one = /^\/api\/dashboard\/permissions\/(\d+)$/.exec(url.pathname);
    if (one && method === 'DELETE') {
      const target = permissions.find((p) => p.id === Number(one[1]))!;
      if (target.is_builtin) return { status: 422, body: { message: BUILTIN_REFUSAL } };
      permissions = permissions.filter((p) => p !== target);
      return { message: 'دسترسی حذف شد.' };
    }
    if (url.pathname !== '/api/dashboard/permissions') return undefined;
    const q = url.searchParams.get('q') ?? '';
    const found = permissions.filter((p) => p.name.includes(q));
    return { data: found, meta: { current_page: 1, last_page: 1, per_page: 20, total: found.length } };
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  permissions = initialPermissions();
});

const renderList = (url = '/dashboard/permissions') => renderPage(<PermissionsPage />, { url, path: '/dashboard/permissions', user: aUser({ status: 'super' }) });
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('PermissionsPage (/dashboard/permissions)', () => {
  it('lists each permission with what it opens, a «سیستمی» chip for builtin ones and its holders count', async () => {
    renderList();
    const builtin = await rowOf('show-users — کاربران');
    expect(within(builtin).getByText('سیستمی')).toBeTruthy();
    expect(within(builtin).getByRole('link', { name: 'show-users — کاربران' }).getAttribute('href')).toBe('/dashboard/permissions/1');
    const custom = await rowOf('manage-reports');
    expect(within(custom).queryByText('سیستمی')).toBeNull();
    expect(within(custom).getByText('هیچ کاربری این دسترسی را ندارد.')).toBeTruthy();
    expect(screen.getByText('۲ دسترسی')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'افزودن دسترسی' }).getAttribute('href')).toBe('/dashboard/permissions/add-permission');
  });

  it('opens and closes the list of a permission’s users: id, full name and email', async () => {
    renderList();
    const toggle = within(await rowOf('show-users — کاربران')).getByRole('button', { name: '۲ کاربر' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    const holders = screen.getByRole('list', { name: 'کاربرانِ دارای «show-users»' });
    expect(within(holders).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '۱۲ — نگار کارمندnegar@example.com',
      '۱۴ — رضا کارمندreza@example.com',
    ]);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(toggle);
    expect(screen.queryByRole('list', { name: 'کاربرانِ دارای «show-users»' })).toBeNull();
  });

  it('searches the names with q in the URL', async () => {
    renderList();
    await screen.findByText('manage-reports');
    fireEvent.change(screen.getByRole('searchbox', { name: 'جست‌وجوی دسترسی‌ها' }), { target: { value: 'reports' } });
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/permissions?q=reports'));
    await waitFor(() => expect(screen.queryByText('show-users — کاربران')).toBeNull());
    expect(api.seen.at(-1)!.url.searchParams.get('q')).toBe('reports');
  });

  it('deletes a permission after confirmation', async () => {
    renderList();
    await userEvent.click(within(await rowOf('manage-reports')).getByRole('button', { name: 'حذف «manage-reports»' }));
    const dialog = screen.getByRole('dialog', { name: 'حذف شود؟' });
    expect(within(dialog).getByText('دسترسی «manage-reports» از همه کاربرانش گرفته و حذف می‌شود. این کار بازگشت‌پذیر نیست.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'حذف' }));
    expect(await screen.findByText('دسترسی حذف شد.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('manage-reports')).toBeNull());
  });

  it('keeps a builtin permission and shows the server’s reason', async () => {
    renderList();
    await userEvent.click(within(await rowOf('show-users — کاربران')).getByRole('button', { name: 'حذف «show-users»' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'حذف شود؟' })).getByRole('button', { name: 'حذف' }));
    expect((await screen.findByRole('alert')).textContent).toBe(BUILTIN_REFUSAL);
    expect(screen.getByText('show-users — کاربران')).toBeTruthy();
  });
});
