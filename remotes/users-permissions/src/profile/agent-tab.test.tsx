/** @jest-environment-options {"url": "http://127.0.0.1:25287"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AgentCommission, AgentDashboard, AgentPayout } from '@shop/contracts';
import { formatJalaliDate } from '@shop/format';
import { aUser, renderPage, startApiServer } from '@shop/test-utils';
import { agentApi } from './agent-api';
import ProfilePage from './profile-page';

// A stateful fake of the agent's API (issue 36 item 4): null plays a user who is not an agent (404).
let dashboard: AgentDashboard | null = null;
let payoutAnswer: { status: number; body: unknown } | null = null;

const LINK = 'https://shop.example/?ref=SARA10';

const aCommission = (overrides: Partial<AgentCommission> & Pick<AgentCommission, 'id' | 'order_id' | 'status' | 'paid' | 'amount'>): AgentCommission => ({
  titles: ['دوره جامع تایپ‌اسکریپت'],
  available_at: '2026-11-20T08:00:00Z',
  created_at: '2026-11-06T08:00:00Z',
  ...overrides,
});

const aPayout = (overrides: Partial<AgentPayout> & Pick<AgentPayout, 'id' | 'amount' | 'to' | 'status'>): AgentPayout => ({
  agent: { id: 7, full_name: 'سارا محمدی', email: 'sara@example.com', code: 'SARA10' },
  requested_at: '2026-11-10T08:00:00Z',
  paid_at: null,
  ...overrides,
});

const seed = (): AgentDashboard => ({
  code: 'SARA10',
  percent: 10,
  link: LINK,
  pending: 30_000,
  available: 45_000,
  requested: 0,
  paid_out: 20_000,
  commissions: [
    aCommission({ id: 4, order_id: 15, status: 'pending', paid: 300_000, amount: 30_000, created_at: '2026-11-24T08:00:00Z', available_at: '2026-12-08T08:00:00Z' }),
    aCommission({ id: 3, order_id: 14, status: 'earned', paid: 450_000, amount: 45_000, titles: ['دوره جامع تایپ‌اسکریپت', 'ری‌اکت پیشرفته'] }),
    aCommission({ id: 2, order_id: 13, status: 'reversed', paid: 200_000, amount: 0 }),
    aCommission({ id: 1, order_id: 12, status: 'paid_out', paid: 200_000, amount: 20_000 }),
  ],
  payouts: [aPayout({ id: 1, amount: 20_000, to: 'bank', status: 'paid', paid_at: '2026-11-12T08:00:00Z' })],
});

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25287, ({ method, url, json }) => {
    if (method === 'GET' && url.pathname === '/api/agent') {
      return dashboard ? { data: dashboard } : { status: 404, body: { message: 'شما همکار فروش نیستید.' } };
    }
    if (method !== 'POST' || url.pathname !== '/api/agent/payouts') return undefined;
    if (payoutAnswer) return payoutAnswer;
    const { to } = json as { to: AgentPayout['to'] };
    const payout = aPayout({ id: 2, amount: dashboard!.available, to, status: 'requested', requested_at: '2026-11-25T08:00:00Z' });
    dashboard = { ...dashboard!, available: 0, requested: dashboard!.requested + payout.amount, payouts: [payout, ...dashboard!.payouts] };
    return { status: 201, body: { message: 'درخواست تسویه ثبت شد.', data: payout } };
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  dashboard = seed();
  payoutAnswer = null;
});

const renderProfile = (url = '/profile#agent') => renderPage(<ProfilePage />, { url, path: '/profile', user: aUser() });
const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const selectedTab = () => screen.getByRole('tab', { selected: true }).textContent;
const sumOf = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement!.querySelector('dd')!.textContent;
const commissionsShown = async () => within(await screen.findByRole('list', { name: 'فروش‌های شما' })).getAllByRole('listitem');
const payoutsShown = () => within(screen.getByRole('list', { name: 'درخواست‌های تسویه' })).getAllByRole('listitem');
const payoutButton = () => screen.getByRole('button', { name: /^درخواست تسویه/ });
const agentAsked = () => api.seen.filter((r) => r.method === 'GET' && r.url.pathname === '/api/agent').length;
const posted = () => api.seen.filter((r) => r.method === 'POST').map((r) => [r.url.pathname, r.json]);
const toasts = () => [...document.querySelectorAll('#notistack-snackbar')].map((toast) => toast.textContent);

describe('ProfilePage #agent «همکاری در فروش» (issue 36 item 4)', () => {
  it('shows an agent the tab last, with the code and link, the percent and the four sums in tomans', async () => {
    renderProfile();
    await commissionsShown();
    expect(tabNames()).toEqual([
      'مشخصات من',
      'نوشته‌های پسندیده',
      'پادکست‌های پسندیده',
      'دوره‌های خریده‌شده',
      'پیام‌های من',
      'کیف پول',
      'اقساط',
      'همکاری در فروش',
    ]);
    expect(selectedTab()).toBe('همکاری در فروش');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe('profile-tab-agent');

    const card = screen.getByRole('region', { name: 'پیوند همکاری شما' });
    expect(within(card).getByText('SARA10').getAttribute('dir')).toBe('ltr');
    expect(within(card).getByText(LINK).getAttribute('dir')).toBe('ltr');
    expect(card.textContent).toContain('کد همکاری: SARA10');
    expect(card.textContent).toContain('پورسانت شما: ۱۰٪ از مبلغ پرداخت‌شده هر فروش');

    expect(sumOf('در انتظار پایان مهلت بازگشت وجه')).toBe('۳۰٬۰۰۰ تومان');
    expect(sumOf('قابل تسویه')).toBe('۴۵٬۰۰۰ تومان');
    expect(sumOf('درخواست‌شده')).toBe('۰ تومان');
    expect(sumOf('پرداخت‌شده')).toBe('۲۰٬۰۰۰ تومان');
    expect(screen.queryByText('رایگان')).toBeNull();
    expect((payoutButton() as HTMLButtonElement).disabled).toBe(false);
    expect(payoutButton().textContent).toBe('درخواست تسویه (۴۵٬۰۰۰ تومان)');
  });

  it('lists the sales with their status, courses, amounts and Jalali dates, and the payouts', async () => {
    renderProfile();
    const [pending, earned, reversed, paidOut] = await commissionsShown();
    expect(pending!.textContent).toContain('سفارش ۱۵');
    expect(within(pending!).getByText('در انتظار')).toBeTruthy();
    expect(pending!.textContent).toContain('پورسانت: ۳۰٬۰۰۰ تومان');
    expect(pending!.textContent).toContain('مبلغ پرداخت‌شده: ۳۰۰٬۰۰۰ تومان');
    expect(pending!.textContent).toContain('فروش در ۳ آذر ۱۴۰۵');
    expect(pending!.textContent).toContain('قابل تسویه از ۱۷ آذر ۱۴۰۵');
    expect(formatJalaliDate('2026-12-08T08:00:00Z')).toBe('۱۷ آذر ۱۴۰۵');
    expect(within(pending!).getByText('۱۷ آذر ۱۴۰۵').getAttribute('dateTime')).toBe('2026-12-08T08:00:00Z');

    expect(earned!.textContent).toContain('سفارش ۱۴');
    expect(within(earned!).getByText('قابل تسویه')).toBeTruthy();
    expect(earned!.textContent).toContain('دوره جامع تایپ‌اسکریپت، ری‌اکت پیشرفته');
    expect(earned!.textContent).toContain('پورسانت: ۴۵٬۰۰۰ تومان');
    // Only a pending commission says when it is earned.
    expect(earned!.textContent).not.toContain('قابل تسویه از');
    expect(within(reversed!).getByText('برگشت‌خورده')).toBeTruthy();
    expect(reversed!.textContent).toContain('پورسانت: ۰ تومان');
    expect(within(paidOut!).getByText('تسویه‌شده')).toBeTruthy();
    expect(paidOut!.textContent).toContain('سفارش ۱۲');

    const [payout] = payoutsShown();
    expect(payout!.textContent).toContain('۲۰٬۰۰۰ تومان');
    expect(payout!.textContent).toContain('واریز به حساب بانکی');
    expect(payout!.textContent).toContain('درخواست در ۱۹ آبان ۱۴۰۵');
    expect(payout!.textContent).toContain('پرداخت در ۲۱ آبان ۱۴۰۵');
    expect(within(payout!).getByText('پرداخت‌شده')).toBeTruthy();
  });

  it('copies the link with «کپی پیوند» and says so in a toast', async () => {
    const user = userEvent.setup();
    renderProfile();
    await commissionsShown();
    await user.click(screen.getByRole('button', { name: 'کپی پیوند' }));
    expect(await screen.findByText('پیوند کپی شد')).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(LINK);
  });

  it('asks for a payout to the wallet: posts {to: "wallet"}, toasts the server’s message and shows the new payout', async () => {
    const user = userEvent.setup();
    renderProfile();
    await commissionsShown();
    expect((screen.getByRole('radio', { name: /واریز به حساب بانکی/ }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: /واریز به کیف پول/ }));
    await user.click(payoutButton());

    const toast = await screen.findByText('درخواست تسویه ثبت شد.');
    expect(toast.closest('#notistack-snackbar')).toBeTruthy();
    expect(posted()).toEqual([['/api/agent/payouts', { to: 'wallet' }]]);
    await waitFor(() => expect(sumOf('قابل تسویه')).toBe('۰ تومان'));
    expect(sumOf('درخواست‌شده')).toBe('۴۵٬۰۰۰ تومان');
    expect((payoutButton() as HTMLButtonElement).disabled).toBe(true);
    expect(payoutButton().textContent).toBe('درخواست تسویه (۰ تومان)');
    const [newest] = payoutsShown();
    expect(newest!.textContent).toContain('۴۵٬۰۰۰ تومان');
    expect(newest!.textContent).toContain('واریز به کیف پول');
    expect(newest!.textContent).toContain(`درخواست در ${formatJalaliDate('2026-11-25T08:00:00Z')}`);
    expect(within(newest!).getByText('در انتظار پرداخت')).toBeTruthy();
    expect(newest!.textContent).not.toContain('پرداخت در');
  });

  it('shows a 422 in Persian above the button, and asks for the page again', async () => {
    const refusal = 'هنوز پورسانتی برای تسویه ندارید؛ پورسانت هر فروش پس از پایان مهلت بازگشت وجه قابل تسویه است.';
    payoutAnswer = { status: 422, body: { message: refusal } };
    const user = userEvent.setup();
    renderProfile();
    await commissionsShown();
    expect(agentAsked()).toBe(1);
    await user.click(payoutButton());

    const section = screen.getByRole('region', { name: 'درخواست تسویه' });
    expect((await within(section).findByRole('alert')).textContent).toBe(refusal);
    expect(posted()).toEqual([['/api/agent/payouts', { to: 'bank' }]]);
    await waitFor(() => expect(agentAsked()).toBe(2));
    expect(toasts()).toEqual([]);
  });

  it('greets an agent with no sales yet with their link, and no sums, payout or lists', async () => {
    dashboard = { ...seed(), pending: 0, available: 0, paid_out: 0, commissions: [], payouts: [] };
    renderProfile();
    expect(await screen.findByText(/هنوز فروشی با پیوند یا کد شما ثبت نشده است/)).toBeTruthy();
    expect(screen.getByText(LINK)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'کپی پیوند' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^درخواست تسویه/ })).toBeNull();
    expect(screen.queryByRole('list', { name: 'فروش‌های شما' })).toBeNull();
  });

  it('leaves the tab out for a user who is not an agent (404), with no error, and shows #home for #agent', async () => {
    dashboard = null;
    const { store } = renderProfile();
    await waitFor(() => expect(selectedTab()).toBe('مشخصات من'));
    expect(tabNames()).not.toContain('همکاری در فروش');
    expect(tabNames()).toHaveLength(7);
    expect(agentAsked()).toBe(1);
    // An answer, not an error: the shell's error catalogue neither raises the 404 page nor toasts.
    const probe = agentApi.endpoints.getMyAgentDashboard.select()(store.getState() as never);
    expect(probe).toMatchObject({ status: 'fulfilled', data: null, isError: false });
    expect(screen.queryByText('شما همکار فروش نیستید.')).toBeNull();
    expect(toasts()).toEqual([]);
  });

  it('never shows the tab to a non-agent opening the profile elsewhere', async () => {
    dashboard = null;
    const { store } = renderProfile('/profile#wallet');
    await waitFor(() => expect(agentApi.endpoints.getMyAgentDashboard.select()(store.getState() as never).status).toBe('fulfilled'));
    expect(tabNames()).not.toContain('همکاری در فروش');
    expect(selectedTab()).toBe('کیف پول');
  });
});
