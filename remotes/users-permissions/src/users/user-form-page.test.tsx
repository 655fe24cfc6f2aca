/** @jest-environment-options {"url": "http://127.0.0.1:25192"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PermissionDetail, User } from '@shop/contracts';
import { aUser, currentLocation, renderPage, startApiServer, type RecordedRequest } from '@shop/test-utils';
import UserFormPage from './user-form-page';

const aPermission = (id: number, name: string, is_builtin = true): PermissionDetail => ({ id, name, is_builtin, users: [] });
const permissions = [aPermission(1, 'show-users'), aPermission(2, 'show-comments'), aPermission(5, 'manage-posts'), aPermission(20, 'manage-reports', false)];
const editedStaff = aUser({
  id: 12, full_name: 'نگار کارمند', email: 'negar@example.com', mobile: '+989351112233', status: 'staff',
  permissions: [{ id: 2, name: 'show-comments' }],
});
let saveAnswer: { status: number; body: unknown } | null = null;
/** The user's devices that play lessons (issue 38), until a reset empties them. */
let devices = [
  { id: 41, name: 'Chrome روی Windows', created_at: '2026-10-01T08:00:00Z', last_used_at: '2026-11-20T10:30:00Z' },
  { id: 42, name: 'Safari روی iOS', created_at: '2026-10-05T08:00:00Z', last_used_at: '2026-11-18T18:00:00Z' },
];

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25192, ({ method, url, json }) => {
    if (url.pathname === '/api/dashboard/permissions' && method === 'GET') {
      return { data: permissions, meta: { current_page: 1, last_page: 1, per_page: 50, total: permissions.length } };
    }
    if (url.pathname === '/api/dashboard/users/12' && method === 'GET') return { data: editedStaff };
    if (url.pathname === '/api/dashboard/users/12/devices' && method === 'GET') return { data: devices };
    if (url.pathname === '/api/dashboard/users/12/devices' && method === 'DELETE') {
      devices = [];
      return { message: 'همه دستگاه‌های این کاربر حذف شدند و پخش‌هایش متوقف شد.' };
    }
    if (/^\/api\/dashboard\/users(\/12)?$/.test(url.pathname) && (method === 'POST' || method === 'PUT')) {
      return saveAnswer ?? { status: method === 'POST' ? 201 : 200, body: { data: { ...editedStaff, ...(json as object) } } };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  saveAnswer = null;
});

const superCaller = aUser({ id: 1, status: 'super', full_name: 'مدیر سایت' });
const staffCaller = aUser({ id: 2, status: 'staff', permissions: [{ id: 1, name: 'show-users' }] });
const renderForm = (url: string, caller: User) =>
  renderPage(<UserFormPage />, { url, path: url.endsWith('add-user') ? '/dashboard/users/add-user' : '/dashboard/users/:editUserId', user: caller });
const writes = (): RecordedRequest[] => api.seen.filter((r) => r.method === 'POST' || r.method === 'PUT');
const permissionsAsked = () => api.seen.filter((r) => r.url.pathname === '/api/dashboard/permissions');
const text = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const password = () => screen.getByLabelText('رمز عبور') as HTMLInputElement;
const typeSelect = () => screen.getByRole('combobox', { name: 'نوع کاربر' });
const chooseType = async (label: string) => {
  await userEvent.click(typeSelect());
  await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: label }));
};

describe('add user (/dashboard/users/add-user)', () => {
  it('lets a super user make a staff user with permissions, listed only for the staff type', async () => {
    renderForm('/dashboard/users/add-user', superCaller);
    expect(typeSelect().textContent).toBe('کاربر عادی');
    expect(screen.queryByRole('group', { name: 'دسترسی‌ها' })).toBeNull();
    expect(permissionsAsked()).toHaveLength(0);

    await userEvent.type(text('نام و نام خانوادگی'), 'رضا کارمند');
    await userEvent.type(text('ایمیل'), 'reza@example.com');
    await userEvent.type(text('شماره موبایل (اختیاری)'), '۰۹۱۲۰۰۰۱۱۲۲');
    await userEvent.type(password(), 'Staff12345');
    await chooseType('کارمند');
    const group = await screen.findByRole('group', { name: 'دسترسی‌ها' });
    expect((await within(group).findAllByRole('checkbox')).length).toBe(4);
    expect(permissionsAsked()[0]!.url.searchParams.get('per_page')).toBe('50');
    expect(within(group).getAllByRole('checkbox').map((box) => (box.closest('label') as HTMLElement).textContent)).toEqual([
      'show-users — کاربران', 'show-comments — دیدگاه‌ها', 'manage-posts — نوشته‌ها', 'manage-reports',
    ]);
    await userEvent.click(within(group).getByRole('checkbox', { name: 'show-users — کاربران' }));
    await userEvent.click(within(group).getByRole('checkbox', { name: 'manage-reports' }));
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));

    await waitFor(() => expect(currentLocation()).toBe('/dashboard/users'));
    expect(await screen.findByText('کاربر ذخیره شد.')).toBeTruthy();
    expect(writes()[0]!.method).toBe('POST');
    expect(writes()[0]!.url.pathname).toBe('/api/dashboard/users');
    expect(writes()[0]!.json).toEqual({
      full_name: 'رضا کارمند', email: 'reza@example.com', mobile: '+989120001122', password: 'Staff12345', status: 'staff', permission_ids: [1, 20],
    });
  });

  it('drops the chosen permissions when the type goes back to ordinary', async () => {
    renderForm('/dashboard/users/add-user', superCaller);
    await userEvent.type(text('نام و نام خانوادگی'), 'کاربر تازه');
    await userEvent.type(text('ایمیل'), 'new@example.com');
    await userEvent.type(password(), 'User12345');
    await chooseType('کارمند');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'show-comments — دیدگاه‌ها' }));
    await chooseType('کاربر عادی');
    expect(screen.queryByRole('group', { name: 'دسترسی‌ها' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.json).toMatchObject({ status: 'ordinary', permission_ids: [] });
  });

  it('requires a password on add and checks the fields on blur in Persian', async () => {
    renderForm('/dashboard/users/add-user', superCaller);
    await userEvent.type(text('ایمیل'), 'not-an-email');
    await userEvent.tab();
    expect(await screen.findByText('ایمیل باید یک نشانی ایمیل معتبر باشد')).toBeTruthy();
    expect(screen.getByText('دست‌کم ۸ نویسه، با حروف بزرگ و کوچک انگلیسی و عدد.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByText('رمز عبور الزامی است')).toBeTruthy();
    expect(screen.getByText('نام و نام خانوادگی الزامی است')).toBeTruthy();
    expect(writes()).toHaveLength(0);
  });

  it('shows the type locked to ordinary for a staff caller, without permissions', async () => {
    renderForm('/dashboard/users/add-user', staffCaller);
    expect(typeSelect().getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('فقط مدیر کل می‌تواند نوع کاربر را تغییر دهد.')).toBeTruthy();
    await userEvent.type(text('نام و نام خانوادگی'), 'کاربر تازه');
    await userEvent.type(text('ایمیل'), 'new@example.com');
    await userEvent.type(password(), 'User12345');
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.json).toMatchObject({ status: 'ordinary', permission_ids: [] });
    expect(permissionsAsked()).toHaveLength(0);
  });
});

describe('edit user (/dashboard/users/:editUserId)', () => {
  it('fills the form, keeps the password when left empty and sends PUT', async () => {
    renderForm('/dashboard/users/12', superCaller);
    expect(await screen.findByDisplayValue('نگار کارمند')).toBeTruthy();
    expect(text('شماره موبایل (اختیاری)').value).toBe('۰۹۳۵ ۱۱۱ ۲۲۳۳');
    expect(password().value).toBe('');
    expect(screen.getByText('برای تغییر نکردن خالی بگذارید')).toBeTruthy();
    expect(typeSelect().textContent).toBe('کارمند');
    const group = await screen.findByRole('group', { name: 'دسترسی‌ها' });
    expect(((await within(group).findByRole('checkbox', { name: 'show-comments — دیدگاه‌ها' })) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(group).getByRole('checkbox', { name: 'show-comments — دیدگاه‌ها' }));
    await userEvent.click(within(group).getByRole('checkbox', { name: 'manage-posts — نوشته‌ها' }));
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/users'));
    expect(writes()[0]!.method).toBe('PUT');
    expect(writes()[0]!.url.pathname).toBe('/api/dashboard/users/12');
    expect(writes()[0]!.json).toEqual({
      full_name: 'نگار کارمند', email: 'negar@example.com', mobile: '+989351112233', status: 'staff', permission_ids: [5],
    });
    // The save refreshes the permission list (its holders changed); waiting for that request keeps
    // it from arriving during the next test, which counts permission requests.
    await waitFor(() => expect(permissionsAsked()).toHaveLength(2));
  });

  it('lets a staff caller edit the details but not the type or the permissions', async () => {
    renderForm('/dashboard/users/12', staffCaller);
    expect(await screen.findByDisplayValue('نگار کارمند')).toBeTruthy();
    expect(typeSelect().getAttribute('aria-disabled')).toBe('true');
    expect(screen.queryByRole('group', { name: 'دسترسی‌ها' })).toBeNull();
    await userEvent.clear(text('نام و نام خانوادگی'));
    await userEvent.type(text('نام و نام خانوادگی'), 'نگار احمدی');
    await userEvent.type(password(), 'Newpass123');
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.json).toEqual({
      full_name: 'نگار احمدی', email: 'negar@example.com', mobile: '+989351112233', password: 'Newpass123', status: 'staff', permission_ids: [2],
    });
    expect(permissionsAsked()).toHaveLength(0);
  });

  it('shows the server’s 422 under the fields and stays on the form', async () => {
    saveAnswer = { status: 422, body: { message: 'اطلاعات وارد شده معتبر نیست.', errors: { email: ['این ایمیل قبلاً ثبت شده است.'] } } };
    renderForm('/dashboard/users/12', superCaller);
    expect(await screen.findByDisplayValue('نگار کارمند')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره' }));
    expect(await screen.findByText('این ایمیل قبلاً ثبت شده است.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('لطفاً خطاهای مشخص‌شده را برطرف کنید.');
    expect(currentLocation()).toBe('/dashboard/users/12');
  });

  it('lists the user’s devices that play lessons and resets them after a confirmation (issue 38)', async () => {
    renderForm('/dashboard/users/12', staffCaller);
    const card = await screen.findByRole('region', { name: 'دستگاه‌های پخش درس' });
    const table = await within(card).findByRole('table', { name: 'دستگاه‌های پخش درس' });
    const rows = within(table).getAllByRole('row').map((row) => row.textContent);
    expect(rows[1]).toMatch(/^Chrome روی Windows[۰-۹]+ مهر ۱۴۰۵، ساعت [۰-۹:]+[۰-۹]+ آبان ۱۴۰۵، ساعت [۰-۹:]+$/);
    expect(rows).toHaveLength(3);
    await userEvent.click(within(card).getByRole('button', { name: 'بازنشانی دستگاه‌ها' }));
    const dialog = await screen.findByRole('dialog', { name: 'بازنشانی دستگاه‌های این کاربر؟' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'بازنشانی دستگاه‌ها' }));
    expect(await within(card).findByText('هنوز درسی روی دستگاهی پخش نکرده است.')).toBeTruthy();
    expect(api.seen.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname)).toEqual(['/api/dashboard/users/12/devices']);
  });
});
