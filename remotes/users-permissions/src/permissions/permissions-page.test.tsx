/** @jest-environment-options {"url": "http://127.0.0.1:25195"} */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PermissionDetail } from '@shop/contracts';
import { deleteOnList } from '@shop/dashboard-ui';
import { aUser, clickWithUndo, currentLocation, expectSentAfterUndoWindow, renderPage, startApiServer, undoAndExpectNothingSent, useFakeClock } from '@shop/test-utils';
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

const renderList = (url = '/dashboard/permissions', state?: unknown) =>
  renderPage(<PermissionsPage />, { url, path: '/dashboard/permissions', user: aUser({ status: 'super' }), state });
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

  describe('undoable delete (issue 32 item 5)', () => {
    const setup = useFakeClock();
    const deletes = () => api.seen.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname);

    it('deletes a permission without a dialog, after the 10-second «بازگردانی» window', async () => {
      const user = setup();
      renderList();
      const button = within(await rowOf('manage-reports')).getByRole('button', { name: 'حذف «manage-reports»' });
      await clickWithUndo(user, button, 'دسترسی «manage-reports» از همه کاربرانش گرفته و حذف شد.');
      expect(screen.queryByText('manage-reports')).toBeNull();
      await expectSentAfterUndoWindow(deletes, ['/api/dashboard/permissions/20']);
      await waitFor(() => expect(api.seen.filter((r) => r.method === 'GET')).toHaveLength(2));
      expect(screen.queryByText('manage-reports')).toBeNull();
    });

    it('deletes the permission an edit page handed over, with the same window, and forgets the hand-over', async () => {
      setup();
      renderList('/dashboard/permissions', deleteOnList(initialPermissions()[1]));
      const toast = (await screen.findByText('دسترسی «manage-reports» از همه کاربرانش گرفته و حذف شد.')).closest<HTMLElement>('[role="alert"]')!;
      expect(within(toast).getByRole('button', { name: 'بازگردانی' })).toBeTruthy();
      await screen.findByText('show-users — کاربران');
      expect(screen.queryByText('manage-reports')).toBeNull();
      await expectSentAfterUndoWindow(deletes, ['/api/dashboard/permissions/20']);
      expect(currentLocation()).toBe('/dashboard/permissions');
    });

    it('keeps a handed-over permission whose delete is undone', async () => {
      const user = setup();
      renderList('/dashboard/permissions', deleteOnList(initialPermissions()[1]));
      await screen.findByText('دسترسی «manage-reports» از همه کاربرانش گرفته و حذف شد.');
      await undoAndExpectNothingSent(user, deletes);
      expect(await screen.findByText('manage-reports')).toBeTruthy();
    });

    it('brings a builtin permission back and shows the server’s reason', async () => {
      const user = setup();
      renderList();
      await user.click(within(await rowOf('show-users — کاربران')).getByRole('button', { name: 'حذف «show-users»' }));
      expect(screen.queryByText('show-users — کاربران')).toBeNull();
      act(() => jest.advanceTimersByTime(10_000));
      const reason = await screen.findByText(BUILTIN_REFUSAL);
      expect(reason.closest('[role="alert"]')!.querySelector('#notistack-snackbar')).toBeNull();
      expect(screen.getByText('show-users — کاربران')).toBeTruthy();
    });
  });
});
