/** @jest-environment-options {"url": "http://127.0.0.1:25163"} */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, currentLocation, renderPage, startApiServer } from '@shop/test-utils';
import { anOrder, anOrderItem } from './financial-fixtures';
import RefundFormPage from './refund-form-page';

let refunds: unknown[] = [];
let refundAnswer: { status: number; body: unknown } | null = null;

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25163, ({ method, url, json }) => {
    if (url.pathname === '/api/dashboard/financial-info/orders') {
      const orders = [anOrder({ items: [anOrderItem(), anOrderItem({ id: 14, title: 'دوره قدیمی', refunded_at: '2026-11-01T00:00:00Z', refund_amount: 100 })] })];
      return { data: orders, meta: { current_page: 1, last_page: 1, per_page: 20, total: 1 } };
    }
    if (url.pathname === '/api/dashboard/financial-info/money-refund-status' && method === 'POST') {
      refunds.push(json);
      return refundAnswer ?? { status: 201, body: { data: {} } };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  refunds = [];
  refundAnswer = null;
});

const renderRefund = () =>
  renderPage(<RefundFormPage />, { url: '/dashboard/financial-info/money-refund-status/add', user: aUser({ status: 'super' }) });

/** Searches paid orders and picks the refundable item. */
async function pickItem() {
  fireEvent.change(screen.getByRole('searchbox', { name: 'جست‌وجوی سفارش پرداخت‌شده (ایمیل، نام یا موبایل خریدار)' }), { target: { value: 'sara' } });
  await waitFor(() => expect(api.seen.some((r) => r.url.searchParams.get('q') === 'sara')).toBe(true));
  const asked = api.seen.find((r) => r.url.searchParams.get('q') === 'sara')!;
  expect(asked.url.searchParams.get('payment_status')).toBe('paid');
  await userEvent.click(screen.getByRole('combobox', { name: 'دوره‌ای که وجهش بازگردانده می‌شود' }));
  const listbox = await screen.findByRole('listbox');
  // Items already refunded are not offered. (The answer may land after the list opens: wait for it.)
  expect((await within(listbox).findAllByRole('option')).map((o) => o.textContent)).toEqual(['دوره ری‌اکت — ۴۹۰٬۰۰۰ تومان — سفارش ۵۰۱ (sara@example.com)']);
  await userEvent.click(within(listbox).getByRole('option'));
}

const refundButton = () => screen.getByRole('button', { name: 'بازگرداندن وجه' }) as HTMLButtonElement;
const confirmation = () => screen.getByRole('textbox', { name: 'برای تأیید، کلمه yes یا «بله» را بنویسید' });

describe('refund form (/dashboard/financial-info/money-refund-status/add)', () => {
  it('enables the refund button only once «yes» is typed, then refunds the item', async () => {
    renderRefund();
    expect(refundButton().disabled).toBe(true);
    await pickItem();
    expect(refundButton().disabled).toBe(true);
    await userEvent.type(confirmation(), 'no');
    expect(refundButton().disabled).toBe(true);
    await userEvent.clear(confirmation());
    await userEvent.type(confirmation(), ' YES ');
    expect(refundButton().disabled).toBe(false);
    await userEvent.click(refundButton());
    await waitFor(() => expect(refunds).toEqual([{ order_item_id: 11, confirmation: 'YES' }]));
    await waitFor(() => expect(currentLocation()).toBe('/dashboard/financial-info/money-refund-status'));
  });

  it('accepts «بله» too and shows the server’s 422 under the field', async () => {
    refundAnswer = { status: 422, body: { message: 'این دوره قبلاً بازگردانده شده است.', errors: { order_item_id: ['این دوره قبلاً بازگردانده شده است.'] } } };
    renderRefund();
    await pickItem();
    await userEvent.type(confirmation(), 'بله');
    expect(refundButton().disabled).toBe(false);
    await userEvent.click(refundButton());
    expect(await screen.findByText('این دوره قبلاً بازگردانده شده است.')).toBeTruthy();
    expect(refunds).toEqual([{ order_item_id: 11, confirmation: 'بله' }]);
    expect(currentLocation()).toBe('/dashboard/financial-info/money-refund-status/add');
  });
});
