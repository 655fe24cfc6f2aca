/** @jest-environment-options {"url": "http://127.0.0.1:25105"} */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@shop/contracts';
import { formatJalaliDate } from '@shop/format';
import { aUser, clickWithUndo, currentLocation, expectSentAfterUndoWindow, renderPage, startApiServer, undoAndExpectNothingSent, useFakeClock } from '@shop/test-utils';
import UsersPage from './users-page';

const HOW_FOUND = 'از طریق جست‌وجو در گوگل و سپس معرفی یکی از دوستانم که دوره‌ها را دیده بود';
const initialPeople = (): User[] => [
  aUser({ id: 1, full_name: 'سارا محمدی', email: 'sara@example.com', mobile: '+989121234567', status: 'ordinary', way_of_knowing_our_website: HOW_FOUND, created_at: '2025-03-01T08:00:00Z' }),
  aUser({
    id: 2, full_name: 'علی رضایی', email: 'ali@example.com', mobile: null, status: 'staff', is_email_verified: false,
    write_comment_status: 'temporarily-barred', comment_barred_until: '2026-11-22T11:00:00Z', created_at: '2025-04-01T08:00:00Z',
  }),
  aUser({ id: 3, full_name: 'مدیر سایت', email: 'super@example.com', status: 'super', write_comment_status: 'barred', created_at: '2025-01-01T08:00:00Z' }),
];
let people = initialPeople();
let deleteAnswer: { status: number; body: unknown } = { status: 200, body: { message: 'کاربر حذف شد.' } };

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25105, ({ method, url }) => {
    const one = /^\/api\/dashboard\/users\/(\d+)$/.exec(url.pathname);
    if (one && method === 'DELETE') {
      if (deleteAnswer.status === 200) people = people.filter((p) => p.id !== Number(one[1]));
      return deleteAnswer;
    }
    if (url.pathname !== '/api/dashboard/users') return undefined;
    const q = url.searchParams.get('q') ?? '';
    const page = Number(url.searchParams.get('page') ?? 1);
    if (page === 2) {
      return { data: [aUser({ id: 20, full_name: 'کاربر صفحه دوم' })], meta: { current_page: 2, last_page: 2, per_page: 15, total: 16 } };
    }
    const status = url.searchParams.get('status');
    const found = people.filter((p) => (p.full_name.includes(q) || p.email.includes(q)) && (!status || p.status === status));
    const filtered = q || status;
    return { data: found, meta: { current_page: 1, last_page: filtered ? 1 : 2, per_page: 15, total: filtered ? found.length : 16 } };
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  people = initialPeople();
  deleteAnswer = { status: 200, body: { message: 'کاربر حذف شد.' } };
});

const usersAsked = () => api.seen.filter((r) => r.url.pathname === '/api/dashboard/users').map((r) => r.url.searchParams);
const renderUsers = (url = '/dashboard/users', caller: User = aUser({ id: 3, status: 'super' })) =>
  renderPage(<UsersPage />, { url, path: '/dashboard/users', user: caller });
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

describe('UsersPage (/dashboard/users)', () => {
  it('shows one row per user: Persian type, verification, comment status with a bar’s end, how-found and Jalali date', async () => {
    renderUsers();
    const row = await rowOf('سارا محمدی');
    const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(0, 8)).toEqual(['سارا محمدی', 'sara@example.com', '۰۹۱۲ ۱۲۳ ۴۵۶۷', 'کاربر عادی', 'بله', 'مجاز', HOW_FOUND, formatJalaliDate('2025-03-01T08:00:00Z')]);
    expect(within(row).getByText('۰۹۱۲ ۱۲۳ ۴۵۶۷').getAttribute('dir')).toBe('ltr');
    // The how-found answer is cut to one line; the whole text is its tooltip.
    expect(within(row).getByLabelText(HOW_FOUND).className).toMatch(/noWrap/);
    const ali = within(await rowOf('علی رضایی')).getAllByRole('cell').map((cell) => cell.textContent);
    expect(ali.slice(2, 7)).toEqual(['—', 'کارمند', 'خیر', `موقتاً غیرمجاز${`تا ${formatJalaliDate('2026-11-22T11:00:00Z', { withTime: true })}`}`, '—']);
    expect(formatJalaliDate('2026-11-22T11:00:00Z', { withTime: true })).toBe('۱ آذر ۱۴۰۵، ساعت ۱۴:۳۰');
    expect(within(await rowOf('مدیر سایت')).getByText('غیرمجاز (دائمی)')).toBeTruthy();
    expect(screen.getByText('۱۶ کاربر')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'تاریخ عضویت' }).getAttribute('aria-sort')).toBe('descending');
    expect(usersAsked()[0]!.get('sort')).toBe('-created_at');
    expect(usersAsked()[0]!.get('page')).toBe('1');
  });

  it('links to the add form and to both restricted lists, and each row to its edit form', async () => {
    renderUsers();
    await screen.findByText('سارا محمدی');
    expect(screen.getByRole('link', { name: 'افزودن کاربر' }).getAttribute('href')).toBe('/dashboard/users/add-user');
    expect(screen.getByRole('link', { name: 'محدودیت دائمی دیدگاه' }).getAttribute('href')).toBe(
      '/dashboard/users/list-users-restricted-from-posting-comments-permanently',
    );
    expect(screen.getByRole('link', { name: 'محدودیت موقت دیدگاه' }).getAttribute('href')).toBe(
      '/dashboard/users/list-users-restricted-from-posting-comments-temporarily',
    );
    expect(screen.getByRole('link', { name: 'ویرایش «علی رضایی»' }).getAttribute('href')).toBe('/dashboard/users/2');
    // The signed-in super user cannot delete themself.
    expect((screen.getByRole('button', { name: 'حذف «مدیر سایت»' }) as HTMLButtonElement).disabled).toBe(true);
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

  it('filters by type, verification and comment status in the URL and the request, back to page 1', async () => {
    renderUsers('/dashboard/users?page=2');
    await screen.findByText('کاربر صفحه دوم');
    await userEvent.click(screen.getByRole('combobox', { name: 'نوع کاربر' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'کارمند' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/users?status=staff'));
    expect(await screen.findByText('علی رضایی')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('سارا محمدی')).toBeNull());
    await userEvent.click(screen.getByRole('combobox', { name: 'تأیید ایمیل' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'تأیید نشده' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'وضعیت دیدگاه' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'موقتاً غیرمجاز' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/users?status=staff&verified=no&write_comment_status=temporarily-barred'));
    await waitFor(() => expect(usersAsked().at(-1)!.get('write_comment_status')).toBe('temporarily-barred'));
    const last = usersAsked().at(-1)!;
    expect([last.get('status'), last.get('verified'), last.get('page')]).toEqual(['staff', 'no', '1']);
    // «همه» removes a filter.
    await userEvent.click(screen.getByRole('combobox', { name: 'نوع کاربر' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'همه' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/users?verified=no&write_comment_status=temporarily-barred'));
  });

  it('offers «خروجی CSV» of the filters and the sort (issue 26)', async () => {
    renderUsers('/dashboard/users?q=sara&status=staff&sort=full_name');
    const link = await screen.findByRole('link', { name: 'خروجی CSV کاربران' });
    expect([link.getAttribute('href'), link.hasAttribute('download')]).toEqual(['/api/dashboard/users/export?q=sara&sort=full_name&status=staff', true]);
  });

  it('reads the filters from the URL on load and ignores unknown values', async () => {
    renderUsers('/dashboard/users?status=staff&verified=maybe&write_comment_status=barred');
    await screen.findByText('علی رضایی');
    const first = usersAsked()[0]!;
    expect([first.get('status'), first.get('verified'), first.get('write_comment_status')]).toEqual(['staff', null, 'barred']);
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

  describe('undoable delete (issue 32 item 5)', () => {
    const setup = useFakeClock();
    const deletes = () => api.seen.filter((r) => r.method === 'DELETE').map((r) => r.url.pathname);

    it('deletes a user without a dialog: the row leaves at once, and the DELETE goes after 10 seconds', async () => {
      const user = setup();
      renderUsers();
      await clickWithUndo(user, within(await rowOf('علی رضایی')).getByRole('button', { name: 'حذف «علی رضایی»' }), 'حساب «علی رضایی» با پسندها و دیدگاه‌هایش حذف شد.');
      expect(screen.queryByText('علی رضایی')).toBeNull();
      expect(screen.getByText('۱۵ کاربر')).toBeTruthy();
      await expectSentAfterUndoWindow(deletes, ['/api/dashboard/users/2']);
      await waitFor(() => expect(usersAsked()).toHaveLength(2));
      expect(screen.queryByText('علی رضایی')).toBeNull();
    });

    it('«بازگردانی» keeps the user and sends nothing', async () => {
      const user = setup();
      renderUsers();
      await user.click(within(await rowOf('علی رضایی')).getByRole('button', { name: 'حذف «علی رضایی»' }));
      await screen.findByRole('button', { name: 'بازگردانی' });
      await undoAndExpectNothingSent(user, deletes);
      expect(await screen.findByText('علی رضایی')).toBeTruthy();
      expect(screen.getByText('۱۶ کاربر')).toBeTruthy();
    });

    it('brings a buyer’s row back when the server answers 405, and says the operation is not valid', async () => {
      deleteAnswer = { status: 405, body: { message: 'این عملیات معتبر نیست.' } };
      const user = setup();
      renderUsers();
      await user.click(within(await rowOf('سارا محمدی')).getByRole('button', { name: 'حذف «سارا محمدی»' }));
      expect(screen.queryByText('سارا محمدی')).toBeNull();
      act(() => jest.advanceTimersByTime(10_000));
      const reason = await screen.findByText('این عملیات معتبر نیست: این کاربر دوره خریده است و حذف نمی‌شود.');
      expect(reason.closest('[role="alert"]')!.querySelector('#notistack-snackbar')).toBeNull();
      expect(screen.getByText('سارا محمدی')).toBeTruthy();
      expect(usersAsked()).toHaveLength(1);
    });
  });

  it('gives a staff caller no actions on a super user’s row', async () => {
    renderUsers('/dashboard/users', aUser({ id: 2, status: 'staff', permissions: [{ id: 1, name: 'show-users' }] }));
    const superRow = await rowOf('مدیر سایت');
    expect(within(superRow).queryByRole('button')).toBeNull();
    expect(within(superRow).queryByRole('link')).toBeNull();
    expect(within(await rowOf('سارا محمدی')).getByRole('button', { name: 'محدودیت دیدگاه «سارا محمدی»' })).toBeTruthy();
  });

  it('opens the comment restriction dialog of a row, loaded on demand', async () => {
    renderUsers();
    await userEvent.click(within(await rowOf('علی رضایی')).getByRole('button', { name: 'محدودیت دیدگاه «علی رضایی»' }));
    const dialog = await screen.findByRole('dialog', { name: 'وضعیت دیدگاه «علی رضایی»' });
    expect((within(dialog).getByRole('radio', { name: 'موقتاً غیرمجاز تا …' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'انصراف' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
