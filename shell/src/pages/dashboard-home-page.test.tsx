/** @jest-environment-options {"url": "http://127.0.0.1:25413/dashboard"} */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DailySales, DashboardOverview } from '@shop/contracts';
import { aUser, currentLocation, startApiServer } from '@shop/test-utils';
import { selectPageError } from '../errors/page-error-slice';
import { renderInShell } from '../testing/render-in-shell';
import DashboardHomePage from './dashboard-home-page';

/** 30 Tehran days, oldest first, as the server zero-fills them. */
const last30Days: DailySales[] = Array.from({ length: 30 }, (_, i) => ({
  date: new Date(Date.UTC(2026, 10, 1 + i, -3, -30)).toISOString(),
  count: i % 3,
  total: (i % 3) * 490_000,
}));

const everything: DashboardOverview = {
  unread_tickets: 3,
  pending_comments: 12,
  sales: { today: 1_470_000, today_net: 1_320_000, this_month: 0, this_month_net: 0, last_30_days: last30Days },
  new_users_this_week: 1250,
};

/** What GET /api/dashboard/overview answers: the figures, or an error status; after `held` settles. */
let answer: DashboardOverview | number = everything;
let held: Promise<void> = Promise.resolve();
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25413, async ({ url }) => {
    if (url.pathname !== '/api/dashboard/overview') return undefined;
    await held;
    return typeof answer === 'number' ? { status: answer, body: { message: 'خطای سرور' } } : { data: answer };
  });
});
afterAll(() => api.close());
beforeEach(() => {
  answer = everything;
  held = Promise.resolve();
  api.seen.splice(0);
});

const overviewRequests = () => api.seen.filter((r) => r.url.pathname === '/api/dashboard/overview').length;

async function renderHome(user: Parameters<typeof renderInShell>[2]) {
  let result: ReturnType<typeof renderInShell> | undefined;
  await act(async () => {
    result = renderInShell('/dashboard', { '/dashboard': <DashboardHomePage />, '/dashboard/*': <p>بخش داشبورد</p> }, user);
  });
  return result!;
}

const figure = (label: string) => screen.getByRole('link', { name: new RegExp(`^${label}`) });

describe('DashboardHomePage (issue 8)', () => {
  it('shows a super user every figure, in Persian digits and tomans, each linking to its section, and the sales chart', async () => {
    const user = userEvent.setup();
    await renderHome(aUser({ status: 'super', full_name: 'مدیر سایت' }));
    expect(screen.getByRole('heading', { level: 1, name: 'مدیر سایت، خوش آمدید.' })).toBeTruthy();
    const overview = screen.getByRole('region', { name: 'نگاه کلی' });
    expect(await within(overview).findByText('۱٬۳۲۰٬۰۰۰ تومان')).toBeTruthy();
    expect(figure('تیکت‌های خوانده‌نشده').textContent).toBe('تیکت‌های خوانده‌نشده۳');
    expect(figure('تیکت‌های خوانده‌نشده').getAttribute('href')).toBe('/dashboard/contact-us');
    expect(figure('دیدگاه‌های در انتظار تأیید').textContent).toBe('دیدگاه‌های در انتظار تأیید۱۲');
    expect(figure('دیدگاه‌های در انتظار تأیید').getAttribute('href')).toBe('/dashboard/comments');
    // Net first, as the financial page shows it, and labelled so; the gross under it (issue 32 item 6).
    expect(figure('فروش خالص امروز').textContent).toBe('فروش خالص امروز۱٬۳۲۰٬۰۰۰ تومانناخالص: ۱٬۴۷۰٬۰۰۰ تومان');
    expect(figure('فروش خالص امروز').getAttribute('href')).toBe('/dashboard/financial-info');
    // No sale this month is «۰ تومان», not the «رایگان» of a price.
    expect(figure('فروش خالص این ماه').textContent).toBe('فروش خالص این ماه۰ تومانناخالص: ۰ تومان');
    expect(figure('کاربران تازه این هفته').textContent).toBe('کاربران تازه این هفته۱٬۲۵۰');
    expect(figure('کاربران تازه این هفته').getAttribute('href')).toBe('/dashboard/users');
    // The chart loads on demand (React.lazy over @shop/ui-kit/charts).
    const chart = await within(overview).findByRole('figure', { name: 'فروش ناخالص ۳۰ روز گذشته' }, { timeout: 10_000 });
    // The amounts' axis in Persian digits (jsdom lays nothing out, so the day axis has no room for labels).
    await waitFor(() => expect(chart.textContent).toContain('۴۰۰٬۰۰۰'));
    expect(chart.textContent).not.toMatch(/[0-9]/);
    expect(overview.getAttribute('aria-busy')).toBe('false');
    // The shell's own section, for super users only (issue 35 item 5).
    expect(screen.getByRole('link', { name: 'انتشار ریموت‌ها' }).getAttribute('href')).toBe('/dashboard/releases');
    await user.click(figure('دیدگاه‌های در انتظار تأیید'));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/comments'));
  });

  it("shows staff only the figures their permissions allow, and skeletons while they load", async () => {
    answer = { unread_tickets: 5 };
    let release: () => void = () => undefined;
    held = new Promise((resolve) => {
      release = resolve;
    });
    await renderHome(aUser({ status: 'staff', permissions: [{ id: 1, name: 'show-tickets' }, { id: 2, name: 'manage-posts' }] }));
    const overview = screen.getByRole('region', { name: 'نگاه کلی' });
    await waitFor(() => expect(overviewRequests()).toBe(1));
    expect(overview.getAttribute('aria-busy')).toBe('true');
    expect(overview.querySelectorAll('.MuiSkeleton-root')).toHaveLength(1);
    release();
    await waitFor(() => expect(figure('تیکت‌های خوانده‌نشده').textContent).toBe('تیکت‌های خوانده‌نشده۵'));
    expect(within(overview).getAllByRole('link')).toHaveLength(1);
    expect(within(overview).queryByRole('figure')).toBeNull();
  });

  it('asks for no figures, and shows none, for staff who may see none of them', async () => {
    await renderHome(aUser({ status: 'staff', permissions: [{ id: 1, name: 'manage-posts' }] }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('region', { name: 'نگاه کلی' })).toBeNull();
    expect(overviewRequests()).toBe(0);
    expect(screen.getByRole('heading', { level: 2, name: 'بخش‌ها' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'انتشار ریموت‌ها' })).toBeNull();
  });

  it('says in Persian when the figures cannot be read, keeps the page, and tries again on request', async () => {
    answer = 500;
    const user = userEvent.setup();
    const { store } = await renderHome(aUser({ status: 'super' }));
    const notice = (await screen.findByText('آمار داشبورد بارگذاری نشد.')).closest<HTMLElement>('[role="alert"]')!;
    // The error catalogue leaves it to the page: no error page instead of the dashboard.
    expect(selectPageError(store.getState())).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'بخش‌ها' })).toBeTruthy();
    answer = everything;
    await user.click(within(notice).getByRole('button', { name: 'تلاش دوباره' }));
    expect(await screen.findByText('۱٬۳۲۰٬۰۰۰ تومان')).toBeTruthy();
    expect(screen.queryByText('آمار داشبورد بارگذاری نشد.')).toBeNull();
  });
});
