/** @jest-environment-options {"url": "http://127.0.0.1:25733"} */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order, OrderItem } from '@shop/contracts';
import { formatJalaliDate } from '@shop/format';
import { aUser, renderPage, startApiServer } from '@shop/test-utils';
import { OrdersList } from './orders-list';

const item = (title: string): OrderItem => ({
  id: 1, product_id: 4, title, purchase_price: 490000, discount: 0, quantity: 1, current_price: 490000, product_page: '/products/4', refunded_at: null, refund_amount: null,
});
const order = (overrides: Partial<Order>): Order => ({
  id: 31, payment_status: 'paid', source: 'checkout', total_price: 490000, discount_code: null, discount_amount: 0, receipt_number: '1405-000123',
  items: [item('دوره جامع تایپ‌اسکریپت')], payments: [], paid_at: '2026-11-22T11:00:00Z', created_at: '2026-11-22T10:58:00Z', updated_at: '2026-11-22T11:00:00Z',
  ...overrides,
});

let pages: Order[][] = [];
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25733, ({ url }) => {
    if (url.pathname !== '/api/orders') return undefined;
    const page = Number(url.searchParams.get('page') ?? 1);
    return { data: pages[page - 1] ?? [], meta: { current_page: page, last_page: Math.max(1, pages.length), per_page: 10, total: pages.flat().length } };
  });
});
afterAll(() => api.close());

const open = () => renderPage(<OrdersList />, { url: '/profile#buyed-products', path: '/profile', user: aUser() });

describe('OrdersList (/profile#buyed-products)', () => {
  it('lists the orders, newest first, each paid checkout order with its receipt link and number', async () => {
    pages = [[
      order({ id: 40, receipt_number: '1405-000124', total_price: 150000, items: [item('کارگاه گیت')] }),
      order({ id: 39, payment_status: 'unpaid', receipt_number: null, paid_at: null }),
      order({ id: 12, source: 'manual', total_price: 0, receipt_number: null, items: [item('دوره هدیه')] }),
      order({ id: 5, receipt_number: null, paid_at: '2025-01-02T08:00:00Z' }),
    ]];
    open();
    const list = await screen.findByRole('list', { name: 'سفارش‌ها' });
    const [paid, unpaid, manual, old] = within(list).getAllByRole('listitem');
    expect(within(paid!).getByText('سفارش ۴۰')).toBeTruthy();
    expect(paid!.textContent).toContain('پرداخت‌شده');
    expect(paid!.textContent).toContain('۱۵۰٬۰۰۰ تومان');
    expect(paid!.textContent).toContain('کارگاه گیت');
    expect(paid!.textContent).toContain(formatJalaliDate('2026-11-22T11:00:00Z'));
    expect(within(paid!).getByRole('link', { name: 'رسید سفارش ۴۰' }).getAttribute('href')).toBe('/orders/40/receipt');
    expect(paid!.textContent).toContain('شماره رسید ۱۴۰۵-۰۰۰۱۲۴');

    expect(unpaid!.textContent).toContain('پرداخت‌نشده');
    expect(within(unpaid!).queryByRole('link')).toBeNull();
    expect(manual!.textContent).toContain('افزوده‌شده به‌دست مدیر سایت');
    expect(within(manual!).queryByRole('link')).toBeNull();
    // Paid before receipts were numbered: the receipt page, without a number.
    expect(within(old!).getByRole('link', { name: 'رسید سفارش ۵' }).getAttribute('href')).toBe('/orders/5/receipt');
    expect(old!.textContent).not.toContain('شماره رسید');
  });

  it('pages through more than ten orders', async () => {
    pages = [Array.from({ length: 10 }, (_, i) => order({ id: 100 - i })), [order({ id: 7 })]];
    open();
    await screen.findByText('سفارش ۱۰۰');
    await userEvent.click(within(screen.getByRole('navigation', { name: 'صفحه‌های سفارش‌ها' })).getByRole('button', { name: /2|۲/ }));
    expect(await screen.findByText('سفارش ۷')).toBeTruthy();
    expect(screen.queryByText('سفارش ۱۰۰')).toBeNull();
  });

  it('shows nothing while there is no order', async () => {
    pages = [];
    const { container } = open();
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(container.querySelector('section')).toBeNull();
  });
});
