/** @jest-environment-options {"url": "http://127.0.0.1:25196"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PermissionDetail, User } from '@shop/contracts';
import { aUser, currentLocation, renderPage, startApiServer, type RecordedRequest } from '@shop/test-utils';
import PermissionFormPage from './permission-form-page';

const BUILTIN_REFUSAL = 'این دسترسی در کد سایت بررسی می‌شود؛ حذف یا تغییر نام آن بخشی از داشبورد را از کار می‌اندازد.';
const staff: User[] = [
  aUser({ id: 12, full_name: 'نگار کارمند', email: 'negar@example.com', status: 'staff' }),
  aUser({ id: 14, full_name: 'رضا کارمند', email: 'reza@example.com', status: 'staff' }),
  aUser({ id: 15, full_name: 'رضا صادقی', email: 'sadeghi@example.com', status: 'staff' }),
];
const initialPermissions = (): PermissionDetail[] => [
  { id: 1, name: 'show-users', is_builtin: true, users: [{ id: 12, full_name: 'نگار کارمند', email: 'negar@example.com' }] },
  { id: 20, name: 'manage-reports', is_builtin: false, users: [] },
];
let permissions = initialPermissions();
let assignAnswer: { status: number; body: unknown } | null = null;

const holder = (user: User) => ({ id: user.id, full_name: user.full_name, email: user.email });

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25196, ({ method, url, json }) => {
    if (url.pathname === '/api/dashboard/users' && method === 'GET') {
      const q = url.searchParams.get('q') ?? '';
      const found = staff.filter((user) => url.searchParams.get('status') === 'staff' && (user.full_name.includes(q) || user.email.includes(q)));
      return { data: found, meta: { current_page: 1, last_page: 1, per_page: 10, total: found.length } };
    }
    if (url.pathname === '/api/dashboard/permissions' && method === 'POST') {
      const created = { id: 21, name: (json as { name: string }).name, is_builtin: false, users: [] };
      permissions.push(created);
      return { status: 201, body: { data: created } };
    }
    const one = /^\/api\/dashboard\/permissions\/(\d+)(\/users(?:\/(\d+))?)?$/.exec(url.pathname);
    if (!one) return undefined;
    const permission = permissions.find((p) => p.id === Number(one[1]));
    if (!permission) return undefined;
    if (one[2] && method === 'POST') {
      if (assignAnswer) return assignAnswer;
      permission.users.push(holder(staff.find((user) => user.id === (json as { user_id: number }).user_id)!));
      return { data: permission };
    }
    if (one[3] && method === 'DELETE') {
      permission.users = permission.users.filter((user) => user.id !== Number(one[3]));
      return { data: permission };
    }
    if (method === 'PUT') {
      if (permission.is_builtin) return { status: 422, body: { message: BUILTIN_REFUSAL } };
      permission.name = (json as { name: string }).name;
      return { data: permission };
    }
    return { data: permission };
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  permissions = initialPermissions();
  assignAnswer = null;
});

const superCaller = aUser({ id: 1, status: 'super' });
const renderEdit = (id: number, caller: User = superCaller) =>
  renderPage(<PermissionFormPage />, { url: `/dashboard/permissions/${id}`, path: '/dashboard/permissions/:editPermissionId', user: caller });
const writes = (): RecordedRequest[] => api.seen.filter((r) => r.method !== 'GET');
const nameField = () => screen.getByRole('textbox', { name: 'نام دسترسی' }) as HTMLInputElement;
const holders = () => screen.getByRole('table', { name: 'کاربران این دسترسی' });

describe('add permission (/dashboard/permissions/add-permission)', () => {
  it('checks the name with the shared rule, creates it and opens its page', async () => {
    renderPage(<PermissionFormPage />, { url: '/dashboard/permissions/add-permission', user: superCaller });
    await userEvent.type(nameField(), 'Manage Reports');
    await userEvent.tab();
    expect(await screen.findByText('نام دسترسی فقط باید شامل حروف کوچک انگلیسی و رقم باشد که با یک خط تیره از هم جدا شوند')).toBeTruthy();
    await userEvent.clear(nameField());
    await userEvent.type(nameField(), 'manage-invoices');
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/permissions/21'));
    expect(await screen.findByText('دسترسی افزوده شد.')).toBeTruthy();
    expect(writes().map((r) => [r.method, r.url.pathname, r.json])).toEqual([['POST', '/api/dashboard/permissions', { name: 'manage-invoices' }]]);
  });
});

describe('edit permission (/dashboard/permissions/:editPermissionId)', () => {
  it('keeps a builtin permission’s name fixed and says why', async () => {
    renderEdit(1);
    expect(await screen.findByDisplayValue('show-users')).toBeTruthy();
    expect(nameField().disabled).toBe(true);
    expect(screen.getByText(/این دسترسی در کد سایت بررسی می‌شود؛ تغییر نام آن بخشی از داشبورد را از کار می‌اندازد/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'ذخیره' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('سیستمی')).toBeTruthy();
  });

  it('renames a permission of its own', async () => {
    renderEdit(20);
    expect(await screen.findByDisplayValue('manage-reports')).toBeTruthy();
    await userEvent.clear(nameField());
    await userEvent.type(nameField(), 'manage-reports-2');
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByText('نام دسترسی ذخیره شد.')).toBeTruthy();
    expect(writes().map((r) => [r.method, r.url.pathname, r.json])).toEqual([['PUT', '/api/dashboard/permissions/20', { name: 'manage-reports-2' }]]);
  });

  it('lists the holders and adds a staff user found by the picker', async () => {
    renderEdit(1);
    const table = await waitFor(holders);
    expect(within(table).getAllByRole('cell').slice(0, 3).map((cell) => cell.textContent)).toEqual(['۱۲', 'نگار کارمند', 'negar@example.com']);
    const picker = screen.getByRole('combobox', { name: 'افزودن کاربر کارمند' });
    await userEvent.type(picker, 'رضا');
    await waitFor(() => expect(api.seen.some((r) => r.url.pathname === '/api/dashboard/users' && r.url.searchParams.get('q') === 'رضا')).toBe(true));
    const asked = api.seen.find((r) => r.url.searchParams.get('q') === 'رضا')!.url.searchParams;
    expect(asked.get('status')).toBe('staff');
    await userEvent.click(await screen.findByRole('option', { name: 'رضا کارمند (reza@example.com)' }));
    expect(await screen.findByText('کاربر به این دسترسی افزوده شد.')).toBeTruthy();
    expect(writes().map((r) => [r.method, r.url.pathname, r.json])).toEqual([['POST', '/api/dashboard/permissions/1/users', { user_id: 14 }]]);
    expect(await within(holders()).findByText('رضا کارمند')).toBeTruthy();
  });

  it('does not offer those who hold it already', async () => {
    renderEdit(1);
    await waitFor(holders);
    await userEvent.type(screen.getByRole('combobox', { name: 'افزودن کاربر کارمند' }), 'کارمند');
    await waitFor(() => expect(api.seen.some((r) => r.url.searchParams.get('q') === 'کارمند')).toBe(true));
    expect(await screen.findByRole('option', { name: 'رضا کارمند (reza@example.com)' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: 'نگار کارمند (negar@example.com)' })).toBeNull();
  });

  it('shows the server’s refusal of an assignment', async () => {
    assignAnswer = { status: 422, body: { message: 'دسترسی فقط به کاربران کارمند داده می‌شود.' } };
    renderEdit(20);
    await screen.findByDisplayValue('manage-reports');
    await userEvent.type(screen.getByRole('combobox', { name: 'افزودن کاربر کارمند' }), 'صادقی');
    await userEvent.click(await screen.findByRole('option', { name: 'رضا صادقی (sadeghi@example.com)' }));
    expect((await screen.findByRole('alert')).textContent).toBe('دسترسی فقط به کاربران کارمند داده می‌شود.');
    expect(within(holders()).getByText('هیچ کاربری این دسترسی را ندارد.')).toBeTruthy();
  });

  it('removes a holder with «برداشتن»', async () => {
    renderEdit(1);
    await userEvent.click(await screen.findByRole('button', { name: 'برداشتن «نگار کارمند» از این دسترسی' }));
    expect(await screen.findByText('کاربر از این دسترسی برداشته شد.')).toBeTruthy();
    await waitFor(() => expect(within(holders()).queryByText('نگار کارمند')).toBeNull());
    expect(writes().map((r) => [r.method, r.url.pathname])).toEqual([['DELETE', '/api/dashboard/permissions/1/users/12']]);
  });

  it('tells a caller who cannot list users why there is no picker', async () => {
    renderEdit(1, aUser({ id: 2, status: 'staff', permissions: [{ id: 9, name: 'manage-permissions' }] }));
    await waitFor(holders);
    expect(screen.getByText('برای جست‌وجوی کارمندان به دسترسی show-users هم نیاز دارید.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'افزودن کاربر کارمند' })).toBeNull();
    expect(api.seen.filter((r) => r.url.pathname === '/api/dashboard/users')).toHaveLength(0);
  });

  it('deletes on the list, with its undo window: «حذف دسترسی» asks nothing, sends nothing and opens the list (issue 32 item 5)', async () => {
    renderEdit(20);
    await userEvent.click(await screen.findByRole('button', { name: 'حذف دسترسی' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/permissions'));
    expect(writes()).toEqual([]);
  });
});
