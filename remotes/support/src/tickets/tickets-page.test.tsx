/** @jest-environment-options {"url": "http://127.0.0.1:25151"} */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Ticket } from '@shop/contracts';
import { formatJalaliDate } from '@shop/format';
import { aUser, currentLocation, expectSentAfterUndoWindow, renderPage, startApiServer, useFakeClock } from '@shop/test-utils';
import supportModule from '../module';
import { aTicket } from './ticket-fixture';
import TicketsPage from './tickets-page';

// A stateful fake of the tickets API, so a read/unread action shows up in the next list.
let tickets: Ticket[] = [];

const seed = () => [
  aTicket({ id: 1 }),
  aTicket({
    id: 2,
    user_id: 8,
    user_name: 'علی رضایی',
    user_email: 'ali@example.com',
    user_mobile: null,
    title: 'پرسش درباره خرید',
    text: 'آیا به جلسه‌های بعدی هم دسترسی دارم؟',
    is_read: true,
    created_at: '2026-11-21T08:30:00Z',
  }),
];

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25151, ({ method, url, json }) => {
    if (method === 'POST' && url.pathname === '/api/dashboard/contact-us/bulk') {
      const { action, ids } = json as { action: 'read' | 'unread'; ids: number[] };
      for (const ticket of tickets) if (ids.includes(ticket.id)) ticket.is_read = action === 'read';
      const done = action === 'read' ? 'خوانده‌شده' : 'خوانده‌نشده';
      return { message: `${ids.length.toLocaleString('fa-IR')} پیام ${done} علامت خورد.`, data: { action, ids, changed: ids } };
    }
    if (method === 'GET' && url.pathname === '/api/dashboard/contact-us') {
      const status = url.searchParams.get('status') ?? 'all';
      const q = url.searchParams.get('q') ?? '';
      const page = Number(url.searchParams.get('page') ?? 1);
      if (page === 2) {
        return { data: [aTicket({ id: 50, title: 'تیکت صفحه دوم' })], meta: { current_page: 2, last_page: 2, per_page: 10, total: 11 } };
      }
      const found = tickets.filter(
        (ticket) => (status === 'all' || ticket.is_read === (status === 'read')) && (ticket.title.includes(q) || ticket.text.includes(q)),
      );
      const many = status === 'all' && !q;
      return { data: found, meta: { current_page: 1, last_page: many ? 2 : 1, per_page: 10, total: many ? 11 : found.length } };
    }
    const action = /^\/api\/dashboard\/contact-us\/(\d+)\/(read|unread)$/.exec(url.pathname);
    const ticket = action && tickets.find((candidate) => candidate.id === Number(action[1]));
    if (method !== 'POST' || !action || !ticket) return undefined;
    ticket.is_read = action[2] === 'read';
    return { data: ticket };
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  tickets = seed();
});

const listCalls = () => api.seen.filter((r) => r.method === 'GET' && r.url.pathname === '/api/dashboard/contact-us').map((r) => r.url.searchParams);
const actions = () => api.seen.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.url.pathname}`);
const card = (title: string) => screen.getByRole('heading', { level: 3, name: title }).closest('article')!;
const renderTickets = (url = '/dashboard/contact-us') =>
  renderPage(<TicketsPage />, { url, path: '/dashboard/contact-us', user: aUser({ status: 'super' }) });

describe('TicketsPage (/dashboard/contact-us)', () => {
  it('is a dashboard route behind show-tickets, in the navigation', () => {
    expect(supportModule.dashboardRoutes.find((route) => route.path === '/dashboard/contact-us')?.permission).toBe('show-tickets');
    expect(supportModule.dashboardNav).toContainEqual({ label: 'تیکت‌ها', path: '/dashboard/contact-us', permission: 'show-tickets', icon: 'SupportAgent' });
  });

  it('lists tickets with sender, LTR contacts, title, Jalali date and time, read chip and text', async () => {
    renderTickets();
    expect(screen.getByRole('heading', { level: 1, name: 'تیکت‌ها' })).toBeTruthy();
    await screen.findByRole('heading', { level: 3, name: 'مشکل در پخش پادکست' });
    const first = card('مشکل در پخش پادکست');
    expect(within(first).getByText(/سارا محمدی/)).toBeTruthy();
    expect(within(first).getByText('sara@example.com').getAttribute('dir')).toBe('ltr');
    expect(within(first).getByText('۰۹۱۲ ۱۲۳ ۴۵۶۷').getAttribute('dir')).toBe('ltr');
    expect(within(first).getByText('قسمت دوم پادکست روی گوشی من پخش نمی‌شود.')).toBeTruthy();
    expect(within(first).getByText(formatJalaliDate('2026-11-22T11:00:00Z', { withTime: true }))).toBeTruthy();
    expect(within(first).getByText('خوانده‌نشده')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'علامت خوانده‌شده' })).toBeTruthy();
    const second = card('پرسش درباره خرید');
    expect(within(second).getByText('خوانده‌شده')).toBeTruthy();
    expect(within(second).getByText('بدون شماره موبایل')).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'علامت خوانده‌نشده' })).toBeTruthy();
    const [query] = listCalls();
    expect(query!.get('status')).toBe('all');
    expect(query!.get('page')).toBe('1');
    expect(query!.has('q')).toBe(false);
  });

  it('offers «خروجی CSV» of the read state and the search (issue 26)', async () => {
    renderTickets('/dashboard/contact-us?status=unread&q=pay');
    const link = await screen.findByRole('link', { name: 'خروجی CSV تیکت‌ها' });
    expect([link.getAttribute('href'), link.hasAttribute('download')]).toEqual(['/api/dashboard/contact-us/export?status=unread&q=pay', true]);
  });

  it('filters by read state, kept in the URL and sent as the status query', async () => {
    const user = userEvent.setup();
    renderTickets();
    await screen.findByRole('heading', { level: 3, name: 'مشکل در پخش پادکست' });
    await user.click(screen.getByRole('button', { name: 'خوانده‌نشده' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/contact-us?status=unread'));
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'پرسش درباره خرید' })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'خوانده‌شده' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/contact-us?status=read'));
    expect(await screen.findByRole('heading', { level: 3, name: 'پرسش درباره خرید' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'همه' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/contact-us'));
    expect(listCalls().map((p) => p.get('status'))).toEqual(['all', 'unread', 'read']);
  });

  it('marks a ticket read and unread with a POST, and the list follows', async () => {
    const user = userEvent.setup();
    renderTickets('/dashboard/contact-us?status=unread');
    await screen.findByRole('heading', { level: 3, name: 'مشکل در پخش پادکست' });
    await user.click(within(card('مشکل در پخش پادکست')).getByRole('button', { name: 'علامت خوانده‌شده' }));
    expect(await screen.findByText('تیکت خوانده‌شده علامت خورد.')).toBeTruthy();
    expect(await screen.findByText('تیکت خوانده‌نشده‌ای وجود ندارد.')).toBeTruthy();
    expect(actions()).toEqual(['POST /api/dashboard/contact-us/1/read']);

    await user.click(screen.getByRole('button', { name: 'خوانده‌شده' }));
    await screen.findByRole('heading', { level: 3, name: 'مشکل در پخش پادکست' });
    await user.click(within(card('مشکل در پخش پادکست')).getByRole('button', { name: 'علامت خوانده‌نشده' }));
    expect(await screen.findByText('تیکت خوانده‌نشده علامت خورد.')).toBeTruthy();
    expect(actions()).toEqual(['POST /api/dashboard/contact-us/1/read', 'POST /api/dashboard/contact-us/1/unread']);
    // The read list's refresh leaves it: waited for here, so it never lands in the next test's calls.
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: 'مشکل در پخش پادکست' })).toBeNull());
  });

  describe('bulk marks wait 10 seconds for «بازگردانی» (issue 32 item 5)', () => {
    const setup = useFakeClock();
    const posts = () => api.seen.filter((r) => r.method === 'POST').map((r) => r.json);

    it('selects tickets («همه در این صفحه») and marks them read or unread in one request, sent after the window', async () => {
      const user = setup();
      renderTickets();
      await screen.findByRole('heading', { level: 3, name: 'مشکل در پخش پادکست' });
      await user.click(screen.getByRole('checkbox', { name: 'همه در این صفحه' }));
      const toolbar = screen.getByRole('toolbar', { name: 'عملیات روی موارد انتخاب‌شده' });
      expect(within(toolbar).getByText('۲ مورد انتخاب شده')).toBeTruthy();
      await user.click(within(toolbar).getByRole('button', { name: 'علامت خوانده‌شده' }));
      expect(await screen.findByText('۲ پیام خوانده‌شده علامت خورد.')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'بازگردانی' })).toBeTruthy();
      expect(screen.queryByRole('toolbar')).toBeNull();
      // Under «همه» the marked tickets stay in the list, so they stay on screen while the mark waits.
      expect(within(card('مشکل در پخش پادکست')).getByText('خوانده‌نشده')).toBeTruthy();
      await expectSentAfterUndoWindow(posts, [{ action: 'read', ids: [1, 2] }]);
      await waitFor(() => expect(within(card('مشکل در پخش پادکست')).getByText('خوانده‌شده')).toBeTruthy());
      await waitFor(() => expect(screen.queryByRole('button', { name: 'بازگردانی' })).toBeNull());

      await user.click(screen.getByRole('checkbox', { name: 'انتخاب «تیکت «پرسش درباره خرید» از علی رضایی»' }));
      await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'علامت خوانده‌نشده' }));
      expect(await screen.findByText('۱ پیام خوانده‌نشده علامت خورد.')).toBeTruthy();
      act(() => jest.advanceTimersByTime(10_000));
      await waitFor(() => expect(within(card('پرسش درباره خرید')).getByText('خوانده‌نشده')).toBeTruthy());
      expect(posts()).toEqual([
        { action: 'read', ids: [1, 2] },
        { action: 'unread', ids: [2] },
      ]);
    });

    it('under «خوانده‌نشده» the marked tickets leave at once; «بازگردانی» brings them back and nothing is sent', async () => {
      const user = setup();
      renderTickets('/dashboard/contact-us?status=unread');
      await screen.findByRole('heading', { level: 3, name: 'مشکل در پخش پادکست' });
      await user.click(screen.getByRole('checkbox', { name: 'همه در این صفحه' }));
      await user.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'علامت خوانده‌شده' }));
      expect(await screen.findByText('۱ پیام خوانده‌شده علامت خورد.')).toBeTruthy();
      expect(screen.queryByRole('heading', { level: 3, name: 'مشکل در پخش پادکست' })).toBeNull();
      expect(screen.getByText('تیکت خوانده‌نشده‌ای وجود ندارد.')).toBeTruthy();
      await user.click(screen.getByRole('button', { name: 'بازگردانی' }));
      expect(await screen.findByRole('heading', { level: 3, name: 'مشکل در پخش پادکست' })).toBeTruthy();
      act(() => jest.advanceTimersByTime(15_000));
      expect(posts()).toEqual([]);
    });
  });

  it('searches once typing pauses, and pages, both in the URL', async () => {
    const user = userEvent.setup();
    renderTickets();
    await screen.findByRole('heading', { level: 3, name: 'مشکل در پخش پادکست' });
    await user.click(screen.getByRole('button', { name: 'صفحه ۲' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/contact-us?page=2'));
    expect(await screen.findByRole('heading', { level: 3, name: 'تیکت صفحه دوم' })).toBeTruthy();
    await user.type(screen.getByRole('searchbox', { name: 'جست‌وجوی تیکت‌ها' }), 'خرید');
    await waitFor(() => expect(currentLocation()).toBe(`/dashboard/contact-us?q=${encodeURIComponent('خرید')}`));
    expect(await screen.findByRole('heading', { level: 3, name: 'پرسش درباره خرید' })).toBeTruthy();
    expect(listCalls().map((p) => [p.get('page'), p.get('q')])).toEqual([
      ['1', null],
      ['2', null],
      ['1', 'خرید'],
    ]);
  });
});
