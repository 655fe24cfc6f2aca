/** @jest-environment-options {"url": "http://127.0.0.1:25164"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SalesSummaryAnswer } from '@shop/contracts';
import { aUser, currentLocation, renderPage, startApiServer } from '@shop/test-utils';
import FinancialInfoPage from './financial-info-page';

/** A summary whose figures depend on the period, so a refetch shows. */
const summaryOf = (kind: string, period: string): SalesSummaryAnswer => {
  const factor = period === 'year' ? 10 : 1;
  const rows = kind === 'sales'
    ? [
        { product_id: 1, product_name: 'دوره ری‌اکت', count: 3 * factor, total: 1_470_000 * factor },
        { product_id: 2, product_name: 'دوره تایپ‌اسکریپت', count: 1 * factor, total: 490_000 * factor },
      ]
    : [];
  return {
    data: rows,
    meta: { period: period as SalesSummaryAnswer['meta']['period'], from: '2026-10-22T20:30:00Z', to: '2026-11-22T20:30:00Z',
      total_count: rows.reduce((sum, r) => sum + r.count, 0), total_amount: rows.reduce((sum, r) => sum + r.total, 0),
      given_count: kind === 'sales' ? 2 : 0 },
    series: [{ date: '2026-11-21', count: 1, total: 490_000 }, { date: '2026-11-22', count: 3, total: 1_470_000 }],
  };
};

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25164, ({ url }) => {
    const match = /^\/api\/dashboard\/financial-info\/(sales|refunds)$/.exec(url.pathname);
    return match ? summaryOf(match[1]!, url.searchParams.get('period') ?? 'all') : undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => api.seen.splice(0));

const asked = (kind: string) => api.seen.filter((r) => r.url.pathname.endsWith(`/${kind}`)).map((r) => r.url.searchParams.get('period'));

describe('financial info (/dashboard/financial-info)', () => {
  it('shows the sales table with totals and the sub-page links the staff may open', async () => {
    renderPage(<FinancialInfoPage />, {
      url: '/dashboard/financial-info',
      user: aUser({ status: 'staff', permissions: [{ id: 1, name: 'show-financial-info' }] }),
    });
    const sales = await screen.findByRole('region', { name: 'گزارش فروش' });
    const row = (await within(sales).findByText('دوره ری‌اکت')).closest('tr')!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['دوره ری‌اکت', '۳', '۱٬۴۷۰٬۰۰۰']);
    expect(within(sales).getByRole('status', { name: 'جمع کل' }).textContent).toBe('جمع کل:۴ دوره۱٬۹۶۰٬۰۰۰ تومان');
    // Courses given by hand are counted apart, never in the sales (issue 22 item 10).
    expect(within(sales).getByRole('status', { name: 'دوره‌های داده‌شده به کاربران (بدون پرداخت)' }).textContent).toBe(
      'دوره‌های داده‌شده به کاربران (بدون پرداخت):۲ دوره؛ جزو فروش شمرده نمی‌شود.',
    );
    // The charts load on demand (React.lazy over @shop/ui-kit/charts).
    expect(await within(sales).findByRole('heading', { name: 'نمودار جمع هر دوره' }, { timeout: 10_000 })).toBeTruthy();
    expect(within(sales).getByRole('heading', { name: 'نمودار روزانه' })).toBeTruthy();
    const refunds = screen.getByRole('region', { name: 'گزارش بازگشت وجه' });
    expect(await within(refunds).findByText('در این بازه بازگشت وجهی نبوده است.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'سفارش‌ها' }).getAttribute('href')).toBe('/dashboard/financial-info/orders');
    expect(screen.queryByRole('link', { name: 'وضعیت بازگشت وجه' })).toBeNull();
    expect(asked('sales')).toEqual(['month']);
    expect(screen.getByRole('button', { name: 'این ماه' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('switches the period in the URL and refetches both summaries', async () => {
    renderPage(<FinancialInfoPage />, { url: '/dashboard/financial-info', user: aUser({ status: 'super' }) });
    const sales = await screen.findByRole('region', { name: 'گزارش فروش' });
    await within(sales).findByText('دوره ری‌اکت');
    await userEvent.click(screen.getByRole('button', { name: 'امسال' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/financial-info?period=year'));
    await waitFor(() => expect(within(sales).getByRole('status', { name: 'جمع کل' }).textContent).toBe('جمع کل:۴۰ دوره۱۹٬۶۰۰٬۰۰۰ تومان'));
    expect(asked('sales')).toEqual(['month', 'year']);
    expect(asked('refunds')).toEqual(['month', 'year']);
    expect(screen.getByRole('link', { name: 'وضعیت بازگشت وجه' })).toBeTruthy();
  });
});
