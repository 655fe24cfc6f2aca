/** @jest-environment-options {"url": "http://127.0.0.1:45105"} */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { User } from '@shop/contracts';
import { formatJalaliDate } from '@shop/format';
import { aUser, currentLocation, renderPage, startApiServer } from '@shop/test-utils';
import UsersPage from './users-page';

const people: User[] = [
  aUser({ id: 1, full_name: 'سارا محمدی', email: 'sara@example.com', mobile: '+989121234567', status: 'ordinary', created_at: '2025-03-01T08:00:00Z' }),
  aUser({ id: 2, full_name: 'علی رضایی', email: 'ali@example.com', mobile: null, status: 'staff', is_email_verified: false, created_at: '2025-04-01T08:00:00Z' }),
  aUser({ id: 3, full_name: 'مدیر سایت', email: 'super@example.com', status: 'super', created_at: '2025-01-01T08:00:00Z' }),
];

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(45105, ({ url }) => {
    if (url.pathname !== '/api/dashboard/users') return undefined;
    const q = url.searchParams.get('q') ?? '';
    const page = Number(url.searchParams.get('page') ?? 1);
    if (page === 2) {
      return { data: [aUser({ id: 20, full_name: 'کاربر صفحه دوم' })], meta: { current_page: 2, last_page: 2, per_page: 15, total: 16 } };
    }
    const found = people.filter((p) => p.full_name.includes(q) || p.email.includes(q));
    return { data: found, meta: { current_page: 1, last_page: q ? 1 : 2, per_page: 15, total: q ? found.length : 16 } };
  });
});
afterAll(() => api.close());
beforeEach(() => api.seen.splice(0));

const usersAsked = () => api.seen.filter((r) => r.url.pathname === '/api/dashboard/users').map((r) => r.url.searchParams);
const renderUsers = (url = '/dashboard/users') => renderPage(<UsersPage />, { url, path: '/dashboard/users', user: aUser({ status: 'super' }) });

describe('UsersPage (/dashboard/users)', () => {
  it('shows one row per user with Persian type, verification and Jalali date, newest first', async () => {
    renderUsers();
    const row = (await screen.findByText('سارا محمدی')).closest('tr')!;
    const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual(['سارا محمدی', 'sara@example.com', '+۹۸۹۱۲۱۲۳۴۵۶۷', 'کاربر عادی', 'بله', formatJalaliDate('2025-03-01T08:00:00Z')]);
    expect(within(row).getByText('+۹۸۹۱۲۱۲۳۴۵۶۷').getAttribute('dir')).toBe('ltr');
    const ali = within(screen.getByText('علی رضایی').closest('tr')!).getAllByRole('cell').map((cell) => cell.textContent);
    expect(ali.slice(2, 5)).toEqual(['—', 'کارمند', 'خیر']);
    expect(screen.getByText('مدیر کل')).toBeTruthy();
    expect(screen.getByText('۱۶ کاربر')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'تاریخ عضویت' }).getAttribute('aria-sort')).toBe('descending');
    expect(usersAsked()[0]!.get('sort')).toBe('-created_at');
    expect(usersAsked()[0]!.get('page')).toBe('1');
  });

  it('searches once typing pauses and keeps q in the URL', async () => {
    renderUsers();
    await screen.findByText('سارا محمدی');
    const box = screen.getByRole('searchbox', { name: 'جست‌وجوی کاربران' });
    for (const text of ['س', 'سا', 'سار', 'سارا']) fireEvent.change(box, { target: { value: text } });
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/users?q=%D8%B3%D8%A7%D8%B1%D8%A7'));
    await waitFor(() => expect(screen.queryByText('علی رضایی')).toBeNull());
    expect(screen.getByText('سارا محمدی')).toBeTruthy();
    expect(usersAsked().map((p) => p.get('q'))).toEqual([null, 'سارا']);
  });

  it('says so when the search finds nobody', async () => {
    renderUsers('/dashboard/users?q=nobody');
    expect(await screen.findByText('کاربری با این مشخصات پیدا نشد.')).toBeTruthy();
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('nobody');
  });

  it('sorts by a column header, ascending then descending, in the URL', async () => {
    renderUsers();
    await screen.findByText('سارا محمدی');
    fireEvent.click(screen.getByRole('button', { name: 'نام' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/users?sort=full_name'));
    await waitFor(() => expect(screen.getByRole('columnheader', { name: 'نام' }).getAttribute('aria-sort')).toBe('ascending'));
    fireEvent.click(screen.getByRole('button', { name: 'نام' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/users?sort=-full_name'));
    await waitFor(() => expect(usersAsked().map((p) => p.get('sort'))).toEqual(['-created_at', 'full_name', '-full_name']));
  });

  it('pages with Persian page numbers and keeps the page in the URL', async () => {
    renderUsers('/dashboard/users?sort=email');
    await screen.findByText('سارا محمدی');
    const second = screen.getByRole('button', { name: 'صفحه ۲' });
    expect(second.textContent).toBe('۲');
    fireEvent.click(second);
    expect(await screen.findByText('کاربر صفحه دوم')).toBeTruthy();
    expect(currentLocation()).toBe('/dashboard/users?sort=email&page=2');
    expect(usersAsked()[1]!.get('page')).toBe('2');
    expect(usersAsked()[1]!.get('sort')).toBe('email');
  });
});
