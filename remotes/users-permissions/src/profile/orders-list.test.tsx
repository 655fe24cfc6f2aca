/** @jest-environment-options {"url": "http://127.0.0.1:25733"} */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order, OrderItem } from '@shop/contracts';
import { formatJalaliDate } from '@shop/format';
import { aUser, currentLocation, renderPage, startApiServer } from '@shop/test-utils';
import { OrdersList } from './orders-list';

const item = (title: string): OrderItem => ({
  id: 1, product_id: 4, title, purchase_price: 490000, discount: 0, quantity: 1, current_price: 490000, product_page: '/products/4', refunded_at: null, refund_amount: null,
});
const order = (overrides: Partial<Order>): Order => ({
  id: 31, payment_status: 'paid', source: 'checkout', total_price: 490000, discount_code: null, discount_amount: 0, wallet_amount: 0, receipt_number: '1405-000123',
  vat_percent: null, vat_amount: 0,
  items: [item('دوره جامع تایپ‌اسکریپت')], payments: [], paid_at: '2026-11-22T11:00:00Z', created_at: '2026-11-22T10:58:00Z', updated_at: '2026-11-22T11:00:00Z',
  ...overrides,
});

let pages: Order[][] = [];
let sellingEnabled = true;
/** The server's 422 refusal of «پرداخت», or null to answer the gateway form. */
let payRefusal: { message: string; errors?: Record<string, string[]> } | null = null;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25733, ({ url, method }) => {
    if (url.pathname === '/api/site-information') return { data: { comments_enabled: true, tickets_enabled: true, selling_enabled: sellingEnabled } };
    const action = /^\/api\/orders\/(\d+)\/(pay|cancel)$/.exec(url.pathname);
    const found = action && method === 'POST' ? pages.flat().find((o) => o.id === Number(action[1])) : undefined;
    if (found && action![2] === 'pay') {
      if (payRefusal) return { status: 422, body: payRefusal };
      return { data: { order: found, payment: { action: '/api/payments/start', token: `tok-${found.id}` } } };
    }
    if (found) {
      found.payment_status = 'cancelled';
      return { message: 'سفارش لغو شد.', data: found };
    }
    if (url.pathname !== '/api/orders') return undefined;
    const page = Number(url.searchParams.get('page') ?? 1);
    return { data: pages[page - 1] ?? [], meta: { current_page: page, last_page: Math.max(1, pages.length), per_page: 10, total: pages.flat().length } };
  });
});
afterAll(() => api.close());

const submitted: Array<{ action: string; target: string; fields: Record<string, string> }> = [];
beforeAll(() => {
  // jsdom does not navigate: record the form the browser would post into a new tab.
  HTMLFormElement.prototype.submit = function submit(this: HTMLFormElement) {
    submitted.push({ action: this.action, target: this.target, fields: Object.fromEntries([...this.querySelectorAll('input')].map((i) => [i.name, i.value])) });
  };
});
beforeEach(() => {
  api.seen.splice(0);
  submitted.splice(0);
  sellingEnabled = true;
  payRefusal = null;
});
const posted = (path: string) => api.seen.filter((r) => r.method === 'POST' && r.url.pathname === path);

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

  it('pays an unpaid order: a new attempt, the gateway in a new tab, then the cart page follows the order (issue 32 item 2)', async () => {
    pages = [[order({ id: 39, payment_status: 'unpaid', receipt_number: null, paid_at: null }), order({ id: 31 })]];
    open();
    const [unpaid, paid] = within(await screen.findByRole('list', { name: 'سفارش‌ها' })).getAllByRole('listitem');
    expect(within(paid!).queryByRole('button')).toBeNull();
    await userEvent.click(within(unpaid!).getByRole('button', { name: 'پرداخت سفارش ۳۹' }));
    await waitFor(() => expect(currentLocation()).toBe('/shopping-cart?order_id=39'));
    expect(posted('/api/orders/39/pay')).toHaveLength(1);
    expect(submitted).toEqual([{ action: 'http://127.0.0.1:25733/api/payments/start', target: '_blank', fields: { token: 'tok-39' } }]);
  });

  it("shows the server's Persian refusal under the order instead of opening the gateway (a lapsed discount code, issue 31 item 3)", async () => {
    const lapsed = 'کد تخفیف این سفارش دیگر معتبر نیست؛ مبلغ بدون آن ۱۶۰٬۰۰۰ تومان است.';
    payRefusal = { message: lapsed, errors: { code: [lapsed] } };
    pages = [[order({ id: 39, payment_status: 'unpaid', receipt_number: null, paid_at: null, discount_code: 'YALDA', discount_amount: 40000 })]];
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'پرداخت سفارش ۳۹' }));
    const [unpaid] = within(screen.getByRole('list', { name: 'سفارش‌ها' })).getAllByRole('listitem');
    expect((await within(unpaid!).findByRole('alert')).textContent).toBe(lapsed);
    expect(submitted).toEqual([]);
    expect(currentLocation()).toBe('/profile#buyed-products');
  });

  it('cancels an unpaid order after asking, then shows it «لغوشده» without its buttons (issue 32 item 2)', async () => {
    pages = [[order({ id: 39, payment_status: 'unpaid', receipt_number: null, paid_at: null })]];
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'لغو سفارش ۳۹' }));
    const dialog = await screen.findByRole('dialog', { name: 'سفارش ۳۹ لغو شود؟' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'انصراف' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted('/api/orders/39/cancel')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'لغو سفارش ۳۹' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'لغو سفارش' }));
    await waitFor(() => expect(posted('/api/orders/39/cancel')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [cancelled] = within(screen.getByRole('list', { name: 'سفارش‌ها' })).getAllByRole('listitem');
    await waitFor(() => expect(cancelled!.textContent).toContain('لغوشده'));
    expect(within(cancelled!).queryByRole('button')).toBeNull();
    expect(await screen.findByText('سفارش لغو شد.')).toBeTruthy();
  });

  it('offers no «پرداخت» while selling is off, but still lets the order be cancelled', async () => {
    sellingEnabled = false;
    pages = [[order({ id: 39, payment_status: 'unpaid', receipt_number: null, paid_at: null })]];
    open();
    await screen.findByRole('button', { name: 'لغو سفارش ۳۹' });
    await waitFor(() => expect(api.seen.some((r) => r.url.pathname === '/api/site-information')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'پرداخت سفارش ۳۹' })).toBeNull());
  });

  it('shows nothing while there is no order', async () => {
    pages = [];
    const { container } = open();
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(container.querySelector('section')).toBeNull();
  });
});
