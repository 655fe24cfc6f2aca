/** @jest-environment-options {"url": "http://127.0.0.1:25793"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DashboardInstalment, User } from '@shop/contracts';
import { formatMobile } from '@shop/format';
import { aUser, currentLocation, renderPage, startApiServer } from '@shop/test-utils';
import commerceModule from '../../module';
import InstalmentsPage from './instalments-page';

const sara = { id: 7, full_name: 'سارا محمدی', email: 'sara@example.com', mobile: '+989121234567' };
const ali = { id: 8, full_name: 'علی رضایی', email: 'ali@example.com', mobile: null };
const aPart = (overrides: Partial<DashboardInstalment>): DashboardInstalment => ({
  id: 31, number: 2, amount: 147000, due_at: '2026-12-22T08:00:00Z', state: 'overdue', paid_at: null, order_id: null,
  purchase_id: 12, product: { id: 1, title: 'دوره جامع تایپ‌اسکریپت' }, user: sara, purchase_status: 'active', parts: 3, ...overrides,
});
const initialParts = (): DashboardInstalment[] => [
  aPart({ id: 41, number: 2, amount: 130000, due_at: '2026-11-07T08:00:00Z', state: 'paused', purchase_id: 14, product: { id: 2, title: 'کارگاه گیت' }, user: ali }),
  aPart({}),
  aPart({ id: 32, number: 3, due_at: '2027-01-21T08:00:00Z', state: 'upcoming' }),
];

let parts: DashboardInstalment[] = [];
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25793, ({ method, url }) => {
    if (url.pathname === '/api/dashboard/financial-info/instalments' && method === 'GET') {
      const state = url.searchParams.get('state');
      const q = url.searchParams.get('q') ?? '';
      const found = parts.filter((part) => (!state || part.state === state) && (part.user.full_name.includes(q) || part.user.email.includes(q)));
      return { data: found, meta: { current_page: 1, last_page: 1, per_page: 20, total: found.length } };
    }
    const cancel = /^\/api\/dashboard\/financial-info\/instalment-purchases\/(\d+)\/cancel$/.exec(url.pathname);
    if (cancel && method === 'POST') {
      parts = parts.filter((part) => part.purchase_id !== Number(cancel[1]));
      return { message: 'خرید اقساطی لغو شد و دسترسی خریدار به دوره پایان یافت.', data: {} };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  parts = initialParts();
});

const renderList = (user: User = aUser({ status: 'super' }), url = '/dashboard/financial-info/instalments') =>
  renderPage(<InstalmentsPage />, { url, path: '/dashboard/financial-info/instalments', user });
const table = () => screen.getByRole('table', { name: 'اقساط' });
const rows = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
const listAsked = () => api.seen.filter((r) => r.method === 'GET').map((r) => Object.fromEntries(r.url.searchParams));

describe('instalments (/dashboard/financial-info/instalments, issue 36 item 2)', () => {
  it('lists each part to be paid: buyer, course, «۲ از ۳», amount, Jalali due date and state', async () => {
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(within(table()).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['خریدار', 'دوره', 'قسط', 'مبلغ', 'سررسید', 'وضعیت', 'عملیات']);
    const [paused, overdue, upcoming] = rows();
    expect(paused!.slice(0, 6)).toEqual(['علی رضاییali@example.com', 'کارگاه گیت', '۲ از ۳', '۱۳۰٬۰۰۰ تومان', '۱۶ آبان ۱۴۰۵', 'دسترسی متوقف']);
    expect(overdue!.slice(0, 6)).toEqual([`سارا محمدیsara@example.com${formatMobile(sara.mobile)}`, 'دوره جامع تایپ‌اسکریپت', '۲ از ۳', '۱۴۷٬۰۰۰ تومان', '۱ دی ۱۴۰۵', 'معوق']);
    expect(upcoming!.slice(2, 6)).toEqual(['۳ از ۳', '۱۴۷٬۰۰۰ تومان', '۱ بهمن ۱۴۰۵', 'سررسید نشده']);
    expect(screen.getByText('۳ قسط').getAttribute('role')).toBe('status');
  });

  it('filters by state in the URL and searches by buyer', async () => {
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const filter = screen.getByRole('group', { name: 'وضعیت قسط' });
    expect(within(filter).getAllByRole('button').map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['همه', 'true'], ['سررسید نشده', 'false'], ['معوق', 'false'], ['دسترسی متوقف', 'false'],
    ]);
    await userEvent.click(within(filter).getByRole('button', { name: 'معوق' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/financial-info/instalments?status=overdue'));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]![5]).toBe('معوق');
    await userEvent.click(within(filter).getByRole('button', { name: 'دسترسی متوقف' }));
    await waitFor(() => expect(rows()[0]![1]).toBe('کارگاه گیت'));
    await userEvent.click(within(filter).getByRole('button', { name: 'همه' }));
    await waitFor(() => expect(rows()).toHaveLength(3));

    await userEvent.type(screen.getByRole('searchbox', { name: 'جست‌وجوی خریدار' }), 'سارا');
    await waitFor(() => expect(rows()).toHaveLength(2));
    // «همه» again is the list already fetched.
    expect(listAsked().map((query) => [query.state ?? '', query.q ?? ''])).toEqual([['', ''], ['overdue', ''], ['paused', ''], ['', 'سارا']]);
  });

  it('cancels a purchase only after a confirmation that says access ends at once and paid parts are not refunded', async () => {
    renderList();
    await waitFor(() => expect(rows()).toHaveLength(3));
    const cancelAli = screen.getByRole('button', { name: 'لغو خرید اقساطی «کارگاه گیت» برای علی رضایی' });
    await userEvent.click(cancelAli);
    let dialog = await screen.findByRole('dialog', { name: 'لغو خرید اقساطی «کارگاه گیت» برای علی رضایی؟' });
    expect(within(dialog).getByText(/همین حالا پایان می‌یابد/).textContent).toContain('قسط‌های پرداخت‌شده بازگردانده نمی‌شوند');
    await userEvent.click(within(dialog).getByRole('button', { name: 'انصراف' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.seen.filter((r) => r.method === 'POST')).toEqual([]);

    await userEvent.click(cancelAli);
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'لغو خرید اقساطی' }));
    expect(await screen.findByText('خرید اقساطی لغو شد و دسترسی خریدار به دوره پایان یافت.')).toBeTruthy();
    expect(api.seen.filter((r) => r.method === 'POST').map((r) => r.url.pathname)).toEqual(['/api/dashboard/financial-info/instalment-purchases/14/cancel']);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows().map((row) => row[1])).toEqual(['دوره جامع تایپ‌اسکریپت', 'دوره جامع تایپ‌اسکریپت']);
  });

  it('hides the cancel from staff who may not refund, and is a show-financial-info page of the contract', async () => {
    renderList(aUser({ status: 'staff', permissions: [{ id: 1, name: 'show-financial-info' }] }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(within(table()).getAllByRole('columnheader').map((c) => c.textContent)).not.toContain('عملیات');
    expect(screen.queryByRole('button', { name: /لغو خرید اقساطی/ })).toBeNull();
    const route = commerceModule.dashboardRoutes.find((r) => r.path === '/dashboard/financial-info/instalments');
    expect(route?.permission).toBe('show-financial-info');
  });
});
