/** @jest-environment-options {"url": "http://127.0.0.1:25843"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AgentPayout } from '@shop/contracts';
import { aUser, currentLocation, renderPage, startApiServer } from '@shop/test-utils';
import commerceModule from '../../module';
import AgentPayoutsPage from './agent-payouts-page';

const ALREADY_PAID = 'این تسویه قبلاً پرداخت شده است.';
const ali = { id: 1, full_name: 'علی رضایی', email: 'ali@example.com', code: 'STAFF10' };
const maryam = { id: 3, full_name: 'مریم احمدی', email: 'maryam@example.com', code: 'MARYAM5' };
const aPayout = (overrides: Partial<AgentPayout>): AgentPayout => ({
  id: 11, agent: ali, amount: 120000, to: 'bank', status: 'requested', requested_at: '2026-11-20T08:30:00Z', paid_at: null, ...overrides,
});
const initialPayouts = (): AgentPayout[] => [
  aPayout({}),
  aPayout({ id: 12, agent: maryam, amount: 45000, to: 'wallet', requested_at: '2026-11-22T10:00:00Z' }),
  aPayout({ id: 9, amount: 80000, status: 'paid', requested_at: '2026-10-01T08:00:00Z', paid_at: '2026-10-03T08:00:00Z' }),
];

let payouts: AgentPayout[] = [];
let paidMeanwhile = false;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25843, ({ method, url }) => {
    if (url.pathname === '/api/dashboard/financial-info/agent-payouts' && method === 'GET') {
      const found = payouts.filter((payout) => payout.status === url.searchParams.get('status'));
      const page = Number(url.searchParams.get('page') ?? 1);
      // Page 2 of the requested ones holds one more, to walk the pagination.
      const data = page === 1 ? found : [aPayout({ id: 5, agent: maryam, amount: 10000, requested_at: '2026-09-01T08:00:00Z' })];
      return { data, meta: { current_page: page, last_page: found[0]?.status === 'requested' ? 2 : 1, per_page: 20, total: found.length + 1 } };
    }
    const pay = /^\/api\/dashboard\/financial-info\/agent-payouts\/(\d+)\/pay$/.exec(url.pathname);
    if (pay && method === 'POST') {
      if (paidMeanwhile) return { status: 422, body: { message: ALREADY_PAID, errors: {} } };
      payouts = payouts.map((payout) => (payout.id === Number(pay[1]) ? { ...payout, status: 'paid', paid_at: '2026-11-23T08:00:00Z' } : payout));
      return { message: 'تسویه پرداخت‌شده ثبت شد.', data: payouts.find((payout) => payout.id === Number(pay[1])) };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  payouts = initialPayouts();
  paidMeanwhile = false;
});

const staff = aUser({ status: 'staff', permissions: [{ id: 1, name: 'manage-refunds' }] });
const open = (url = '/dashboard/financial-info/agent-payouts') => renderPage(<AgentPayoutsPage />, { url, path: '/dashboard/financial-info/agent-payouts', user: staff });
const table = () => screen.getByRole('table', { name: 'تسویه همکاران فروش' });
const rows = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
const listAsked = () => api.seen.filter((r) => r.method === 'GET').map((r) => Object.fromEntries(r.url.searchParams));
const pays = () => api.seen.filter((r) => r.method === 'POST').map((r) => r.url.pathname);

describe("sales agents' payouts (/dashboard/financial-info/agent-payouts, issue 36 item 4)", () => {
  it('lists the payouts to pay: agent and code, amount, destination, Jalali request date and status', async () => {
    open();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(table()).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['همکار فروش', 'مبلغ', 'مقصد', 'تاریخ درخواست', 'وضعیت', 'عملیات']);
    expect(rows()).toEqual([
      ['علی رضایی (STAFF10)ali@example.com', '۱۲۰٬۰۰۰ تومان', 'حساب بانکی', '۲۹ آبان ۱۴۰۵', 'در انتظار پرداخت', 'ثبت پرداخت'],
      ['مریم احمدی (MARYAM5)maryam@example.com', '۴۵٬۰۰۰ تومان', 'کیف پول', '۱ آذر ۱۴۰۵', 'در انتظار پرداخت', 'ثبت پرداخت'],
    ]);
    expect(screen.getByText('۳ تسویه')).toBeTruthy();
    expect(listAsked()).toEqual([{ page: '1', per_page: '20', status: 'requested' }]);
  });

  it('filters by status in the URL and pages through the list', async () => {
    open();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const filter = screen.getByRole('group', { name: 'وضعیت تسویه' });
    expect(within(filter).getAllByRole('button').map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['در انتظار پرداخت', 'true'], ['پرداخت‌شده', 'false'],
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'صفحه ۲' }));
    await waitFor(() => expect(rows()[0]![1]).toBe('۱۰٬۰۰۰ تومان'));
    expect(currentLocation()).toBe('/dashboard/financial-info/agent-payouts?page=2');

    await userEvent.click(within(filter).getByRole('button', { name: 'پرداخت‌شده' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/financial-info/agent-payouts?status=paid'));
    await waitFor(() => expect(rows()).toEqual([['علی رضایی (STAFF10)ali@example.com', '۸۰٬۰۰۰ تومان', 'حساب بانکی', '۹ مهر ۱۴۰۵', 'پرداخت‌شدهدر ۱۱ مهر ۱۴۰۵']]));
    expect(within(table()).getAllByRole('columnheader').map((c) => c.textContent)).not.toContain('عملیات');
    expect(listAsked().map((query) => [query.status, query.page])).toEqual([['requested', '1'], ['requested', '2'], ['paid', '1']]);
  });

  it('marks a payout paid only after a confirmation, then lists it as paid', async () => {
    open();
    await waitFor(() => expect(rows()).toHaveLength(2));
    const payMaryam = screen.getByRole('button', { name: 'ثبت پرداخت ۴۵٬۰۰۰ تومان به مریم احمدی' });
    await userEvent.click(payMaryam);
    let dialog = await screen.findByRole('dialog', { name: 'ثبت پرداخت ۴۵٬۰۰۰ تومان به مریم احمدی؟' });
    expect(within(dialog).getByText(/کیف پول همکار افزوده می‌شود/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'انصراف' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(pays()).toEqual([]);

    await userEvent.click(payMaryam);
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'ثبت پرداخت' }));
    expect(await screen.findByText('تسویه پرداخت‌شده ثبت شد.')).toBeTruthy();
    expect(pays()).toEqual(['/api/dashboard/financial-info/agent-payouts/12/pay']);
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(rows()[0]![0]).toBe('علی رضایی (STAFF10)ali@example.com');

    await userEvent.click(screen.getByRole('button', { name: 'پرداخت‌شده' }));
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]!.slice(2)).toEqual(['کیف پول', '۱ آذر ۱۴۰۵', 'پرداخت‌شدهدر ۲ آذر ۱۴۰۵']);
  });

  it('shows the refusal of a payout paid meanwhile above the list, and is a manage-refunds page of the contract', async () => {
    paidMeanwhile = true;
    open();
    await waitFor(() => expect(rows()).toHaveLength(2));
    await userEvent.click(screen.getByRole('button', { name: 'ثبت پرداخت ۱۲۰٬۰۰۰ تومان به علی رضایی' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/حساب بانکی همکار/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'ثبت پرداخت' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ALREADY_PAID);
    const route = commerceModule.dashboardRoutes.find((r) => r.path === '/dashboard/financial-info/agent-payouts');
    expect(route?.permission).toBe('manage-refunds');
  });
});
