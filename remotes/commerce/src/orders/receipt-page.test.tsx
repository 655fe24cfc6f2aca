/** @jest-environment-options {"url": "http://127.0.0.1:25731"} */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order, OrderItem } from '@shop/contracts';
import { formatJalaliDate } from '@shop/format';
import { aUser, renderPage, startApiServer } from '@shop/test-utils';
import { anOrder, aPaymentAttempt } from '../products/fixtures';
import ReceiptPage from './receipt-page';

const item = (overrides: Partial<OrderItem>): OrderItem => ({
  id: 1,
  product_id: 4,
  title: 'دوره جامع تایپ‌اسکریپت',
  purchase_price: 490000,
  discount: 0,
  quantity: 1,
  current_price: 490000,
  product_page: '/products/4',
  refunded_at: null,
  refund_amount: null,
  ...overrides,
});

const PAID_AT = '2026-11-22T11:00:00Z';
let order: Order;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25731, ({ url }) => {
    if (url.pathname === '/api/site-information') {
      return { data: { site_name: 'آکادمی نوشتار', about_me: '', terms_and_conditions: '', comments_enabled: true, tickets_enabled: true, selling_enabled: true } };
    }
    return url.pathname === `/api/orders/${order.id}` ? { data: order } : undefined;
  });
});
afterAll(() => api.close());

const open = () => renderPage(<ReceiptPage />, { url: `/orders/${order.id}/receipt`, path: '/orders/:orderId/receipt', user: aUser({ full_name: 'مریم رضایی' }) });
const line = (label: string) => screen.getByText(label).parentElement!;

describe('ReceiptPage (/orders/:orderId/receipt)', () => {
  it('shows the number, Jalali date-time, each course with its price, the discount, the total paid and the reference; «چاپ» prints', async () => {
    order = anOrder({
      id: 31,
      payment_status: 'paid',
      total_price: 512000,
      discount_code: 'WELCOME20',
      discount_amount: 128000,
      receipt_number: '1405-000123',
      paid_at: PAID_AT,
      items: [item({ id: 1 }), item({ id: 2, product_id: 9, title: 'کارگاه گیت', purchase_price: 150000 })],
      payments: [aPaymentAttempt({ status: 'paid', ref_id: '98765', amount: 512000 })],
    });
    open();
    const receipt = await screen.findByRole('article', { name: 'رسید خرید' });
    expect(within(receipt).getByRole('heading', { level: 1, name: 'رسید خرید' })).toBeTruthy();
    expect(line('شماره رسید').textContent).toContain('۱۴۰۵-۰۰۰۱۲۳');
    expect(line('تاریخ پرداخت').textContent).toContain(formatJalaliDate(PAID_AT, { withTime: true }));
    expect(line('خریدار').textContent).toContain('مریم رضایی');
    const rows = within(within(receipt).getByRole('table', { name: 'دوره‌های خریداری‌شده' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['دورهقیمت', 'دوره جامع تایپ‌اسکریپت۴۹۰٬۰۰۰ تومان', 'کارگاه گیت۱۵۰٬۰۰۰ تومان']);
    expect(line('تخفیف (کد WELCOME20)').textContent).toContain('− ۱۲۸٬۰۰۰ تومان');
    expect(line('مبلغ پرداخت‌شده').textContent).toContain('۵۱۲٬۰۰۰ تومان');
    expect(line('شماره پیگیری درگاه').textContent).toContain('۹۸۷۶۵');
    expect(screen.queryByText('از کیف پول')).toBeNull();
    // Paid without a rate kept (vat_percent null): no VAT line.
    expect(screen.queryByText(/مالیات بر ارزش افزوده/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'بازگشت وجه' })).toBeNull();
    expect(await screen.findByText('آکادمی نوشتار')).toBeTruthy();

    const print = jest.fn();
    window.print = print;
    await userEvent.click(screen.getByRole('button', { name: 'چاپ' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('shows the wallet\'s and the gateway\'s shares of an order the wallet paid in part (issue 36)', async () => {
    order = anOrder({
      id: 36,
      payment_status: 'paid',
      total_price: 490000,
      wallet_amount: 100000,
      receipt_number: '1405-000124',
      paid_at: PAID_AT,
      items: [item({ id: 1 })],
      payments: [aPaymentAttempt({ status: 'paid', ref_id: '98766', amount: 390000 })],
    });
    open();
    await screen.findByRole('article', { name: 'رسید خرید' });
    expect(line('مبلغ پرداخت‌شده').textContent).toContain('۴۹۰٬۰۰۰ تومان');
    expect(line('از کیف پول').textContent).toContain('۱۰۰٬۰۰۰ تومان');
    expect(line('از درگاه پرداخت').textContent).toContain('۳۹۰٬۰۰۰ تومان');
  });

  it('shows the VAT the total includes at the rate kept with the order, right after the total; none without a rate (issue 36 item 5)', async () => {
    order = anOrder({
      id: 37,
      payment_status: 'paid',
      total_price: 490000,
      wallet_amount: 100000,
      receipt_number: '1405-000125',
      paid_at: PAID_AT,
      vat_percent: 10,
      vat_amount: 44545,
      items: [item({ id: 1 })],
      payments: [aPaymentAttempt({ status: 'paid', ref_id: '98767', amount: 390000 })],
    });
    const { unmount } = open();
    await screen.findByRole('article', { name: 'رسید خرید' });
    const vat = line('شامل مالیات بر ارزش افزوده (۱۰٪)');
    expect(vat.textContent).toContain('۴۴٬۵۴۵ تومان');
    expect(line('مبلغ پرداخت‌شده').nextElementSibling).toBe(vat);
    expect(vat.nextElementSibling).toBe(line('از کیف پول'));
    unmount();

    // A rate of 0 (the seller charges none) shows no line, like an order paid before the rate was kept (null).
    order = { ...order, id: 38, vat_percent: 0, vat_amount: 0 };
    open();
    await screen.findByRole('article', { name: 'رسید خرید' });
    expect(line('مبلغ پرداخت‌شده').textContent).toContain('۴۹۰٬۰۰۰ تومان');
    expect(screen.queryByText(/مالیات بر ارزش افزوده/)).toBeNull();
  });

  it('shows the refunds of its items with their dates and amounts', async () => {
    order = anOrder({
      id: 32,
      payment_status: 'paid',
      total_price: 490000,
      receipt_number: '1405-000124',
      paid_at: PAID_AT,
      items: [item({ id: 5, refunded_at: '2026-11-24T08:30:00Z', refund_amount: 490000 })],
      payments: [aPaymentAttempt({ status: 'paid', ref_id: 'SANDBOX-0d56f2' })],
    });
    open();
    const refunds = await screen.findByRole('region', { name: 'بازگشت وجه' });
    expect(within(refunds).getByText('دوره جامع تایپ‌اسکریپت').parentElement!.textContent).toContain(
      `۴۹۰٬۰۰۰ تومان در ${formatJalaliDate('2026-11-24T08:30:00Z', { withTime: true })} بازگردانده شد`,
    );
    expect(within(refunds).getByText('جمع وجه بازگردانده‌شده').parentElement!.textContent).toContain('۴۹۰٬۰۰۰ تومان');
    expect(screen.queryByText(/^تخفیف/)).toBeNull();
    // A reference with Latin letters is shown as it is (Persian digits would garble it).
    expect(line('شماره پیگیری درگاه').textContent).toContain('SANDBOX-0d56f2');
  });

  it('says why an order paid before receipts has no number, and a free order has no gateway reference', async () => {
    order = anOrder({ id: 33, payment_status: 'paid', total_price: 0, paid_at: PAID_AT, items: [item({ purchase_price: 0 })] });
    open();
    expect(await screen.findByText('این سفارش پیش از شماره‌گذاری رسیدها پرداخت شده است و شماره رسید ندارد.')).toBeTruthy();
    expect(screen.queryByText('شماره رسید')).toBeNull();
    expect(line('مبلغ پرداخت‌شده').textContent).toContain('۰ تومان');
    expect(line('شماره پیگیری درگاه').textContent).toContain('بدون پرداخت در درگاه');
  });

  it('sends an unpaid order to the cart and says a course given by hand has no receipt', async () => {
    order = anOrder({ id: 34, payment_status: 'unpaid' });
    const { unmount } = open();
    expect(await screen.findByText('این سفارش هنوز پرداخت نشده است و رسید ندارد.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'رفتن به سبد خرید' }).getAttribute('href')).toBe('/shopping-cart');
    expect(screen.queryByRole('button', { name: 'چاپ' })).toBeNull();
    unmount();

    order = anOrder({ id: 35, payment_status: 'paid', source: 'manual', total_price: 0, paid_at: PAID_AT });
    open();
    expect(await screen.findByText('این دوره را مدیر سایت به حساب شما افزوده است؛ پرداختی نداشته و رسید ندارد.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'رفتن به سبد خرید' })).toBeNull();
  });

  it('says a cancelled order has no receipt and leads to the cart (issue 32 item 2)', async () => {
    order = anOrder({ id: 36, payment_status: 'cancelled' });
    open();
    expect(await screen.findByText('این سفارش لغو شده است و رسید ندارد.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'رفتن به سبد خرید' }).getAttribute('href')).toBe('/shopping-cart');
    expect(screen.queryByRole('button', { name: 'چاپ' })).toBeNull();
  });
});
