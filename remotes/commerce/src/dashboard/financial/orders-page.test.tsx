/** @jest-environment-options {"url": "http://127.0.0.1:25162"} */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatJalaliDate } from '@shop/format';
import { aUser, currentLocation, renderPage, startApiServer } from '@shop/test-utils';
import { anOrder, anOrderItem } from './financial-fixtures';
import OrdersPage from './orders-page';
import OrderEditPage from './order-edit-page';

const orders = [
  anOrder(),
  anOrder({ id: 502, payment_status: 'unpaid', paid_at: null, total_price: 980000, user: { id: 8, full_name: 'علی رضایی', email: 'ali@example.com', mobile: null },
    items: [anOrderItem({ id: 12 }), anOrderItem({ id: 13, product_id: 2, title: 'دوره تایپ‌اسکریپت', purchase_price: 490000, current_price: 490000, product_page: '/products/2' })] }),
];
let updates: unknown[] = [];
let updateAnswer: { status: number; body: unknown } | null = null;

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25162, ({ method, url, json }) => {
    if (url.pathname === '/api/dashboard/financial-info/orders') {
      const q = url.searchParams.get('q') ?? '';
      const status = url.searchParams.get('payment_status');
      const found = orders.filter((o) => o.user.email.includes(q) && (!status || o.payment_status === status));
      return { data: found, meta: { current_page: 1, last_page: 1, per_page: 20, total: found.length } };
    }
    if (url.pathname === '/api/dashboard/financial-info/orders/502') {
      if (method === 'PUT') {
        updates.push(json);
        return updateAnswer ?? { data: { ...orders[1], ...(json as object) } };
      }
      return { data: orders[1] };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  updates = [];
  updateAnswer = null;
});

const listAsked = () => api.seen.filter((r) => r.url.pathname === '/api/dashboard/financial-info/orders').map((r) => r.url.searchParams);

describe('orders list (/dashboard/financial-info/orders)', () => {
  it('shows buyer, payment status, total in tomans, items count and the Jalali date and time', async () => {
    renderPage(<OrdersPage />, { url: '/dashboard/financial-info/orders', user: aUser({ status: 'super' }) });
    const row = (await screen.findByText('ali@example.com')).closest('tr')!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      '۵۰۲', 'ali@example.com', '—', 'علی رضایی', 'پرداخت‌نشده', '۹۸۰٬۰۰۰ تومان', '۲ دوره', formatJalaliDate('2026-11-22T10:00:00Z', { withTime: true }),
    ]);
    expect(within(row).getByRole('link', { name: 'جزئیات سفارش ۵۰۲' }).getAttribute('href')).toBe('/dashboard/financial-info/orders/502');
    expect(screen.getByText('۲ مورد')).toBeTruthy();
    const paid = screen.getByText('sara@example.com').closest('tr')!;
    expect(within(paid).getByText('۰۹۱۲ ۱۲۳ ۴۵۶۷').getAttribute('dir')).toBe('ltr');
  });

  it('keeps the search and the payment-status filter in the URL and the API call', async () => {
    renderPage(<OrdersPage />, { url: '/dashboard/financial-info/orders', user: aUser({ status: 'super' }) });
    await screen.findByText('ali@example.com');
    fireEvent.change(screen.getByRole('searchbox', { name: 'جست‌وجو' }), { target: { value: 'sara' } });
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/financial-info/orders?q=sara'));
    await userEvent.click(screen.getByRole('combobox', { name: 'وضعیت پرداخت' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'پرداخت‌شده' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/financial-info/orders?q=sara&payment_status=paid'));
    await waitFor(() => expect(screen.queryByText('ali@example.com')).toBeNull());
    const last = listAsked().at(-1)!;
    expect([last.get('q'), last.get('payment_status'), last.get('source')]).toEqual(['sara', 'paid', null]);
  });

  it('offers «خروجی CSV» of the current filters, following them as they change (issue 25)', async () => {
    renderPage(<OrdersPage />, { url: '/dashboard/financial-info/orders?q=sara&payment_status=paid', path: '/dashboard/financial-info/orders', user: aUser({ status: 'super' }) });
    await screen.findByText('sara@example.com');
    const link = screen.getByRole('link', { name: 'خروجی CSV سفارش‌ها' });
    expect(link.textContent).toBe('خروجی CSV');
    // A plain same-origin link: the browser sends the auth cookie and saves the attachment.
    expect(link.hasAttribute('download')).toBe(true);
    expect(link.getAttribute('href')).toBe('/api/dashboard/financial-info/orders/export?q=sara&payment_status=paid');
    await userEvent.click(screen.getByRole('combobox', { name: 'نوع سفارش' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'افزوده دستی' }));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'خروجی CSV سفارش‌ها' }).getAttribute('href')).toBe(
        '/api/dashboard/financial-info/orders/export?q=sara&payment_status=paid&source=manual',
      ),
    );
  });

  it('filters on «لغوشده» and shows a cancelled order so (issue 32 item 2)', async () => {
    orders.push(anOrder({ id: 503, payment_status: 'cancelled', paid_at: null, receipt_number: null, user: { id: 9, full_name: 'مینا کریمی', email: 'mina@example.com', mobile: null } }));
    try {
      renderPage(<OrdersPage />, { url: '/dashboard/financial-info/orders', user: aUser({ status: 'super' }) });
      await screen.findByText('mina@example.com');
      await userEvent.click(screen.getByRole('combobox', { name: 'وضعیت پرداخت' }));
      await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'لغوشده' }));
      await waitFor(() => expect(currentLocation()).toBe('/dashboard/financial-info/orders?payment_status=cancelled'));
      await waitFor(() => expect(screen.queryByText('ali@example.com')).toBeNull());
      expect(listAsked().at(-1)!.get('payment_status')).toBe('cancelled');
      const row = screen.getByText('mina@example.com').closest('tr')!;
      expect(within(row).getAllByRole('cell')[4]!.textContent).toBe('لغوشده');
      expect(screen.getByRole('link', { name: 'خروجی CSV سفارش‌ها' }).getAttribute('href')).toBe('/api/dashboard/financial-info/orders/export?payment_status=cancelled');
    } finally {
      orders.pop();
    }
  });

  it('filters on «قسط», the orders that pay one part of a course bought in parts (issue 36 item 2)', async () => {
    renderPage(<OrdersPage />, { url: '/dashboard/financial-info/orders', user: aUser({ status: 'super' }) });
    await screen.findByText('ali@example.com');
    await userEvent.click(screen.getByRole('combobox', { name: 'نوع سفارش' }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option').map((option) => option.textContent)).toEqual(['همه', 'خرید', 'افزوده دستی', 'قسط']);
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'قسط' }));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/financial-info/orders?source=instalment'));
    await waitFor(() => expect(listAsked().at(-1)!.get('source')).toBe('instalment'));
  });

  it('reads the filters from the URL on load', async () => {
    renderPage(<OrdersPage />, { url: '/dashboard/financial-info/orders?payment_status=unpaid&source=manual', path: '/dashboard/financial-info/orders', user: aUser({ status: 'super' }) });
    await screen.findByText('ali@example.com');
    expect([listAsked()[0]!.get('payment_status'), listAsked()[0]!.get('source')]).toEqual(['unpaid', 'manual']);
  });
});

describe('order page (/dashboard/financial-info/orders/:editOrderId)', () => {
  const renderOrder = () =>
    renderPage(<OrderEditPage />, { url: '/dashboard/financial-info/orders/502', path: '/dashboard/financial-info/orders/:editOrderId', user: aUser({ status: 'super' }) });

  it('lists the items with purchase price, quantity, current price and the course page', async () => {
    renderOrder();
    const row = (await screen.findByText('دوره تایپ‌اسکریپت')).closest('tr')!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['دوره تایپ‌اسکریپت', '۴۹۰٬۰۰۰ تومان', '۱', '۴۹۰٬۰۰۰ تومان', 'مشاهده']);
    expect(within(row).getByRole('link', { name: 'مشاهده' }).getAttribute('href')).toBe('/products/2');
    expect(screen.getByRole('heading', { level: 1, name: 'سفارش ۵۰۲' })).toBeTruthy();
    expect(screen.getByText('ali@example.com')).toBeTruthy();
  });

  it('names an order paying one part of a course bought in parts «قسط» (issue 36 item 2)', async () => {
    const kept = orders[1]!;
    orders[1] = { ...kept, source: 'instalment' };
    try {
      renderOrder();
      await screen.findByText('دوره تایپ‌اسکریپت');
      expect(screen.getByText('نوع سفارش').parentElement!.textContent).toBe('نوع سفارشقسط');
    } finally {
      orders[1] = kept;
    }
  });

  it('saves a new payment status with PUT', async () => {
    renderOrder();
    await screen.findByText('دوره تایپ‌اسکریپت');
    const save = screen.getByRole('button', { name: 'ذخیره وضعیت' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    const form = screen.getByRole('form', { name: 'وضعیت پرداخت' });
    await userEvent.click(within(form).getByRole('combobox', { name: 'وضعیت پرداخت' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'پرداخت‌شده' }));
    await userEvent.click(save);
    await waitFor(() => expect(updates).toEqual([{ payment_status: 'paid' }]));
  });

  it("shows the server's refusal in the form", async () => {
    updateAnswer = { status: 422, body: { message: 'این سفارش بازگشت وجه دارد.', errors: { payment_status: ['این سفارش بازگشت وجه دارد.'] } } };
    renderOrder();
    await screen.findByText('دوره تایپ‌اسکریپت');
    const form = screen.getByRole('form', { name: 'وضعیت پرداخت' });
    await userEvent.click(within(form).getByRole('combobox', { name: 'وضعیت پرداخت' }));
    await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'پرداخت‌شده' }));
    await userEvent.click(screen.getByRole('button', { name: 'ذخیره وضعیت' }));
    expect(await screen.findByText('این سفارش بازگشت وجه دارد.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('لطفاً خطاهای مشخص‌شده را برطرف کنید.');
  });
});
