/** @jest-environment-options {"url": "http://127.0.0.1:25164"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SalesSummaryAnswer, SalesSummaryRow } from '@shop/contracts';
import { aUser, currentLocation, renderPage, startApiServer } from '@shop/test-utils';
import FinancialInfoPage from './financial-info-page';

/** A summary whose figures depend on the period, so a refetch shows; refunds only in the year. */
const summaryOf = (kind: string, period: string): SalesSummaryAnswer => {
  const factor = period === 'year' ? 10 : 1;
  const sales = kind === 'sales';
  const rows = sales
    ? [
        { product_id: 1, product_name: 'دوره ری‌اکت', count: 3 * factor, total: 1_470_000 * factor, discount: 294_000 * factor, net: 1_176_000 * factor, outstanding: 980_000 * factor },
        { product_id: 2, product_name: 'دوره تایپ‌اسکریپت', count: 1 * factor, total: 490_000 * factor, discount: 0, net: 490_000 * factor, outstanding: 0 },
      ]
    : period === 'year'
      ? [{ product_id: 1, product_name: 'دوره ری‌اکت', count: 1, total: 490_000, discount: 0, net: 490_000, outstanding: 0 }]
      : [];
  const sum = (figure: (row: SalesSummaryRow) => number) => rows.reduce((n, row) => n + figure(row), 0);
  return {
    data: rows,
    meta: { period: period as SalesSummaryAnswer['meta']['period'], from: '2026-10-22T20:30:00Z', to: '2026-11-22T20:30:00Z',
      total_count: sum((r) => r.count), total_amount: sum((r) => r.total), total_discount: sum((r) => r.discount), total_net: sum((r) => r.net),
      refund_count: sales ? 1 : 0, refund_amount: sales ? 490_000 : 0, given_count: sales ? 2 : 0,
      // The net's shares, what is still owed on parts and the agents' commission (issue 36 item 5); all 0 in the refund summary.
      total_wallet: sales ? 200_000 * factor : 0, total_gateway: sales ? 1_466_000 * factor : 0,
      total_outstanding: sum((r) => r.outstanding), total_commission: sales ? 117_600 * factor : 0 },
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
    const row = (await within(sales).findByRole('cell', { name: 'دوره ری‌اکت' })).closest('tr')!;
    // Gross, the discount codes' share and net apart (issue 25); what is still owed on parts (issue 36 item 5).
    expect(within(sales).getAllByRole('columnheader').map((c) => c.textContent)).toEqual([
      'دوره', 'تعداد', 'ناخالص (تومان)', 'تخفیف (تومان)', 'خالص (تومان)', 'مانده اقساط (تومان)',
    ]);
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['دوره ری‌اکت', '۳', '۱٬۴۷۰٬۰۰۰', '۲۹۴٬۰۰۰', '۱٬۱۷۶٬۰۰۰', '۹۸۰٬۰۰۰']);
    expect(within(sales).getByRole('status', { name: 'جمع کل' }).textContent).toBe(
      'جمع کل:۴ دورهناخالص ۱٬۹۶۰٬۰۰۰ تومانتخفیف ۲۹۴٬۰۰۰ تومانخالص ۱٬۶۶۶٬۰۰۰ تومان',
    );
    // How the net was paid, what is still owed on parts and the sales agents' commission (issue 36 item 5).
    expect(within(sales).getByRole('status', { name: 'جزئیات فروش' }).textContent).toBe(
      'جزئیات فروش:از کیف پول ۲۰۰٬۰۰۰ توماناز درگاه پرداخت ۱٬۴۶۶٬۰۰۰ تومانمانده اقساط ۹۸۰٬۰۰۰ تومانپورسانت همکاران فروش ۱۱۷٬۶۰۰ تومان',
    );
    // The period's refunds apart from the sales.
    expect(within(sales).getByRole('status', { name: 'بازگشت وجه در این بازه (جدا از فروش)' }).textContent).toBe(
      'بازگشت وجه در این بازه (جدا از فروش):۱ دوره۴۹۰٬۰۰۰ تومان',
    );
    // «خروجی CSV» is a same-origin download of this summary's period (issue 25).
    const exportLink = within(sales).getByRole('link', { name: 'خروجی CSV گزارش فروش' });
    expect(exportLink.textContent).toBe('خروجی CSV');
    expect([exportLink.getAttribute('href'), exportLink.hasAttribute('download')]).toEqual(['/api/dashboard/financial-info/sales/export?period=month', true]);
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
    // The parts to be paid of courses bought in parts (issue 36 item 2).
    expect(screen.getByRole('link', { name: 'اقساط' }).getAttribute('href')).toBe('/dashboard/financial-info/instalments');
    expect(screen.queryByRole('link', { name: 'وضعیت بازگشت وجه' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'کارت‌های هدیه' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'تسویه همکاران فروش' })).toBeNull();
    // The access check is for super users alone (issue 36 item 1).
    expect(screen.queryByRole('link', { name: 'بررسی دسترسی‌ها' })).toBeNull();
    expect(asked('sales')).toEqual(['month']);
    expect(screen.getByRole('button', { name: 'این ماه' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('switches the period in the URL and refetches both summaries', async () => {
    renderPage(<FinancialInfoPage />, { url: '/dashboard/financial-info', user: aUser({ status: 'super' }) });
    const sales = await screen.findByRole('region', { name: 'گزارش فروش' });
    await within(sales).findByRole('cell', { name: 'دوره ری‌اکت' });
    await userEvent.click(screen.getByRole('button', { name: 'امسال' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/financial-info?period=year'));
    await waitFor(() => expect(within(sales).getByRole('status', { name: 'جمع کل' }).textContent).toContain('ناخالص ۱۹٬۶۰۰٬۰۰۰ تومان'));
    expect(asked('sales')).toEqual(['month', 'year']);
    expect(asked('refunds')).toEqual(['month', 'year']);
    const refunds = screen.getByRole('region', { name: 'گزارش بازگشت وجه' });
    expect(within(refunds).getByRole('link', { name: 'خروجی CSV گزارش بازگشت وجه' }).getAttribute('href')).toBe('/api/dashboard/financial-info/refunds/export?period=year');
    // The refund summary has neither the parts still owed nor the net's details.
    await within(refunds).findByRole('cell', { name: 'دوره ری‌اکت' });
    expect(within(refunds).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['دوره', 'تعداد', 'جمع (تومان)']);
    expect(within(refunds).getByRole('status', { name: 'جمع کل' }).textContent).toBe('جمع کل:۱ دوره۴۹۰٬۰۰۰ تومان');
    expect(within(refunds).queryByRole('status', { name: 'جزئیات فروش' })).toBeNull();
    expect(within(refunds).queryByText(/مانده اقساط|از کیف پول|پورسانت/)).toBeNull();
    expect(screen.getByRole('link', { name: 'وضعیت بازگشت وجه' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'بررسی دسترسی‌ها' }).getAttribute('href')).toBe('/dashboard/financial-info/access');
    // Gift cards and users' wallets, for those who may refund (issue 36 item 3).
    expect(screen.getByRole('link', { name: 'کارت‌های هدیه' }).getAttribute('href')).toBe('/dashboard/financial-info/gift-cards');
    expect(screen.getByRole('link', { name: 'کیف پول کاربران' }).getAttribute('href')).toBe('/dashboard/financial-info/wallets');
    // Sales agents' payouts, for those who may refund (issue 36 item 4).
    expect(screen.getByRole('link', { name: 'تسویه همکاران فروش' }).getAttribute('href')).toBe('/dashboard/financial-info/agent-payouts');
  });
});
