/** @jest-environment-options {"url": "http://127.0.0.1:25521"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Cart, CartDiscount, CartItem } from '@shop/contracts';
import { aUser, renderPage, startApiServer } from '@shop/test-utils';
import { aCart, aCartItem } from '../products/fixtures';
import ShoppingCartPage from './shopping-cart-page';

const typescript = aCartItem({ product_id: 1, title: 'دوره جامع تایپ‌اسکریپت', price: 490000 });
const git = aCartItem({ product_id: 2, title: 'کارگاه گیت', price: 150000 });
// The server's one answer for an unknown, inactive, not started, expired or used-up code (issue 31 item 2).
const EXPIRED = 'این کد تخفیف معتبر نیست.';
const TOO_MANY = 'تعداد درخواست‌ها بیش از حد مجاز است؛ لطفاً کمی بعد دوباره تلاش کنید.';

let items: CartItem[] = [];
let discount: CartDiscount | null = null;
const cartNow = (): Cart => {
  const cart = aCart(items);
  return { ...cart, discount, total_price: cart.subtotal_price - (discount?.amount ?? 0) };
};

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25521, ({ url, method, json }) => {
    if (url.pathname === '/api/site-information') {
      return { data: { about_me: '', terms_and_conditions: '', comments_enabled: true, tickets_enabled: true, selling_enabled: true } };
    }
    if (url.pathname === '/api/cart' && method === 'GET') return { data: cartNow() };
    if (url.pathname === '/api/cart/discount-code' && method === 'PUT') {
      const code = (json as { code: string }).code.toUpperCase();
      if (code === 'FLOOD') return { status: 429, body: { message: TOO_MANY } };
      if (code !== 'GIT30') return { status: 422, body: { message: EXPIRED, errors: { code: [EXPIRED] } } };
      discount = { code, kind: 'percent', value: 30, amount: 45000, product_ids: [2], problem: null };
      return { message: 'کد تخفیف اعمال شد.', data: cartNow() };
    }
    if (url.pathname === '/api/checkout' && method === 'POST') {
      // The code expired between the cart and the gateway: the server refuses and the cart says why.
      discount = { ...discount!, amount: 0, product_ids: [], problem: EXPIRED };
      return { status: 422, body: { message: EXPIRED, errors: { code: [EXPIRED] } } };
    }
    if (url.pathname === '/api/cart/discount-code' && method === 'DELETE') {
      discount = null;
      return { message: 'کد تخفیف حذف شد.', data: cartNow() };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  items = [typescript, git];
  discount = null;
});

const open = () => renderPage(<ShoppingCartPage />, { url: '/shopping-cart', path: '/shopping-cart', user: aUser() });
const codeField = () => screen.getByRole('textbox', { name: 'کد تخفیف' });

describe('the cart\'s discount code (issue 25)', () => {
  it('shows the refusal under the field and keeps the total', async () => {
    open();
    await userEvent.type(await screen.findByRole('textbox', { name: 'کد تخفیف' }), 'yalda');
    await userEvent.click(screen.getByRole('button', { name: 'اعمال' }));
    expect(await screen.findByText(EXPIRED)).toBeTruthy();
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
    expect(codeField().getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(codeField().getAttribute('aria-describedby')!)!.textContent).toBe(EXPIRED);
    expect(screen.getByLabelText('جمع کل').textContent).toBe('۶۴۰٬۰۰۰ تومان');
    expect(api.seen.filter((r) => r.method === 'PUT').map((r) => r.json)).toEqual([{ code: 'yalda' }]);
  });

  it('shows the limit on tries under the field (issue 31 item 2)', async () => {
    open();
    await userEvent.type(await screen.findByRole('textbox', { name: 'کد تخفیف' }), 'flood');
    await userEvent.click(screen.getByRole('button', { name: 'اعمال' }));
    expect(await screen.findByText(TOO_MANY)).toBeTruthy();
    expect(document.getElementById(codeField().getAttribute('aria-describedby')!)!.textContent).toBe(TOO_MANY);
    expect(screen.getByLabelText('جمع کل').textContent).toBe('۶۴۰٬۰۰۰ تومان');
  });

  it('applies a code: the subtotal, the discount line, the marked course and the new total; «حذف کد» removes it', async () => {
    open();
    await userEvent.type(await screen.findByRole('textbox', { name: 'کد تخفیف' }), ' git30 ');
    await userEvent.click(screen.getByRole('button', { name: 'اعمال' }));
    expect(await screen.findByText('کد تخفیف اعمال شد.')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('جمع کل').textContent).toBe('۵۹۵٬۰۰۰ تومان'));
    expect(screen.getByLabelText('جمع سبد').textContent).toBe('۶۴۰٬۰۰۰ تومان');
    expect(screen.getByLabelText('تخفیف (کد GIT30)').textContent).toBe('− ۴۵٬۰۰۰ تومان');
    expect(screen.getByText('(۳۰٪)')).toBeTruthy();
    const rows = within(screen.getByRole('list', { name: 'دوره‌های سبد خرید' })).getAllByRole('listitem');
    expect(rows.map((row) => within(row).queryByText('تخفیف‌خورده') !== null)).toEqual([false, true]);
    expect(screen.queryByRole('textbox', { name: 'کد تخفیف' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'حذف کد' }));
    expect(await screen.findByText('کد تخفیف حذف شد.')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('جمع کل').textContent).toBe('۶۴۰٬۰۰۰ تومان'));
    expect(screen.getByRole('textbox', { name: 'کد تخفیف' })).toBeTruthy();
  });

  it('shows a kept code that no longer fits as a warning, with nothing taken off', async () => {
    discount = { code: 'YALDA', kind: 'amount', value: 50000, amount: 0, product_ids: [], problem: EXPIRED };
    open();
    expect((await screen.findByText(EXPIRED)).closest('[role="status"]')).toBeTruthy();
    expect(screen.getByLabelText('تخفیف (کد YALDA)').textContent).toBe('—');
    expect(screen.getByText('(۵۰٬۰۰۰ تومان)')).toBeTruthy();
    expect(screen.getByLabelText('جمع کل').textContent).toBe('۶۴۰٬۰۰۰ تومان');
    expect(screen.getByRole('button', { name: 'حذف کد' })).toBeTruthy();
  });

  it('reloads the cart when checkout refuses a code that changed meanwhile, and shows the problem', async () => {
    discount = { code: 'GIT30', kind: 'percent', value: 30, amount: 45000, product_ids: [2], problem: null };
    open();
    await waitFor(() => expect(screen.getByLabelText('جمع کل').textContent).toBe('۵۹۵٬۰۰۰ تومان'));
    await userEvent.click(screen.getByRole('button', { name: 'پرداخت' }));
    await waitFor(() => expect(screen.getByLabelText('جمع کل').textContent).toBe('۶۴۰٬۰۰۰ تومان'));
    expect(screen.getAllByText(EXPIRED).some((element) => element.closest('[role="status"]') !== null)).toBe(true);
  });
});
