/** @jest-environment-options {"url": "http://127.0.0.1:25107"} */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CartItem, CheckoutAnswer, Order } from '@shop/contracts';
import { aUser, currentLocation, renderPage, startApiServer } from '@shop/test-utils';
import commerceModule from '../module';
import { anOrderItem } from '../dashboard/financial/financial-fixtures';
import { aCart, aCartItem, anOrder, aPaymentAttempt } from '../products/fixtures';
import CartMenuSlot from './cart-menu-slot';
import ShoppingCartPage from './shopping-cart-page';

const typescript = aCartItem({ product_id: 1, title: 'دوره جامع تایپ‌اسکریپت', price: 490000 });
const git = aCartItem({ product_id: 2, title: 'کارگاه گیت', price: 150000 });

let items: CartItem[] = [];
let order: Order = anOrder();
let payment: CheckoutAnswer['payment'] = { action: '/api/payments/start', token: 'tok-1' };
let sellingEnabled = true;
let checkoutFails = false;
let payRefusal: string | null = null;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25107, ({ url, method }) => {
    if (url.pathname === '/api/site-information') {
      return { data: { about_me: '', terms_and_conditions: '', comments_enabled: true, tickets_enabled: true, selling_enabled: sellingEnabled } };
    }
    if (url.pathname === '/api/cart' && method === 'GET') return { data: aCart(items) };
    const removed = /^\/api\/cart\/(\d+)$/.exec(url.pathname);
    if (removed && method === 'DELETE') {
      items = items.filter((item) => item.product_id !== Number(removed[1]));
      return { message: 'دوره از سبد خرید حذف شد.', data: aCart(items) };
    }
    if (url.pathname === '/api/checkout' && method === 'POST') {
      if (checkoutFails) return { status: 503, body: { message: 'خطای سرور' } };
      return { status: 201, body: { data: { order, payment } } };
    }
    if (url.pathname === `/api/orders/${order.id}/pay` && method === 'POST') {
      if (payRefusal) return { status: 422, body: { message: payRefusal, errors: { code: [payRefusal] } } };
      order = { ...order, payments: [aPaymentAttempt({ id: order.payments.length + 1 }), ...order.payments] };
      return { data: { order, payment: { action: '/api/payments/start', token: 'tok-2' } } };
    }
    if (url.pathname === `/api/orders/${order.id}` && method === 'GET') return { data: order };
    if (url.pathname === '/api/auth/logged-in-user-info') {
      return { data: { user: aUser(), buyedProducts: [{ id: 1, title: typescript.title, slug: 'typescript', image: null, bought_at: '2025-04-02T08:00:00Z', progress: { done: 0, total: 12 } }] } };
    }
    return undefined;
  });
});
afterAll(() => api.close());

interface SubmittedForm {
  method: string;
  action: string;
  target: string;
  fields: Record<string, string>;
}
const submitted: SubmittedForm[] = [];
beforeAll(() => {
  // jsdom does not navigate: record the form the browser would post into a new tab.
  HTMLFormElement.prototype.submit = function submit(this: HTMLFormElement) {
    const fields = Object.fromEntries([...this.querySelectorAll('input')].map((input) => [input.name, input.value]));
    submitted.push({ method: this.method, action: this.action, target: this.target, fields });
  };
});
beforeEach(() => {
  api.seen.splice(0);
  submitted.splice(0);
  items = [typescript, git];
  order = anOrder({ id: 31, total_price: 640000 });
  payment = { action: '/api/payments/start', token: 'tok-1' };
  sellingEnabled = true;
  checkoutFails = false;
  payRefusal = null;
});

const requests = (path: string, method = 'GET') => api.seen.filter((r) => r.url.pathname === path && r.method === method);
const signedIn = (url = '/shopping-cart') => ({ url, path: '/shopping-cart', user: aUser() });

describe('CartMenuSlot (header.cart-menu)', () => {
  it('is one compact cart button that leads a visitor with an empty cart to the shopping cart', async () => {
    items = [];
    renderPage(<CartMenuSlot />, { url: '/' });
    const button = screen.getByRole('link', { name: 'سبد خرید' });
    expect(button.textContent).toBe('');
    expect(button.getAttribute('href')).toBe('/shopping-cart');
    // A native hover hint: the header keeps MUI's Tooltip (and Popper) off the first paint.
    expect(button.getAttribute('title')).toBe('سبد خرید');
    await waitFor(() => expect(requests('/api/cart')).toHaveLength(1));
    fireEvent.click(screen.getByRole('link', { name: 'سبد خرید' }));
    await waitFor(() => expect(currentLocation()).toBe('/shopping-cart'));
  });

  it("counts a visitor's own cart and opens its list (issue 25)", async () => {
    renderPage(<CartMenuSlot />, { url: '/' });
    const button = await screen.findByRole('button', { name: 'سبد خرید، ۲ دوره' });
    expect(button.textContent).toBe('۲');
    await userEvent.click(button);
    const menu = await screen.findByRole('menu', { name: 'دوره‌های سبد خرید' });
    expect(within(menu).getAllByRole('menuitem').map((entry) => entry.textContent)).toEqual([
      'دوره جامع تایپ‌اسکریپت۴۹۰٬۰۰۰ تومان',
      'کارگاه گیت۱۵۰٬۰۰۰ تومان',
      'مشاهده سبد خرید',
    ]);
  });

  it("shows a signed-in user's item count and opens a short list with a link to the cart", async () => {
    renderPage(<CartMenuSlot />, { url: '/', user: aUser() });
    const button = await screen.findByRole('button', { name: 'سبد خرید، ۲ دوره' });
    expect(button.textContent).toBe('۲');
    await userEvent.click(button);
    const menu = await screen.findByRole('menu', { name: 'دوره‌های سبد خرید' });
    const entries = within(menu).getAllByRole('menuitem');
    expect(entries.map((entry) => entry.textContent)).toEqual(['دوره جامع تایپ‌اسکریپت۴۹۰٬۰۰۰ تومان', 'کارگاه گیت۱۵۰٬۰۰۰ تومان', 'مشاهده سبد خرید']);
    expect(entries[0]!.getAttribute('href')).toBe('/products/1');
    await userEvent.click(entries[2]!);
    await waitFor(() => expect(currentLocation()).toBe('/shopping-cart'));
  });

  it('is not shown while selling is off', async () => {
    sellingEnabled = false;
    const { container } = renderPage(<CartMenuSlot />, { url: '/', user: aUser() });
    await waitFor(() => expect(requests('/api/site-information')).toHaveLength(1));
    await waitFor(() => expect(container.querySelector('button, a')).toBeNull());
  });

  it('shows no badge for an empty cart', async () => {
    items = [];
    renderPage(<CartMenuSlot />, { url: '/', user: aUser() });
    const button = await screen.findByRole('button', { name: 'سبد خرید، ۰ دوره' });
    expect(button.textContent).toBe('');
  });
});

describe('ShoppingCartPage (/shopping-cart)', () => {
  it('honestly shows an empty cart with a way to the products', async () => {
    items = [];
    renderPage(<ShoppingCartPage />, signedIn());
    expect(screen.getByRole('heading', { level: 1, name: 'سبد خرید' })).toBeTruthy();
    expect(await screen.findByText('سبد خرید شما خالی است')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'مشاهده دوره‌ها' }).getAttribute('href')).toBe('/products');
  });

  it('lists the items with their prices and the total, and removes an item', async () => {
    renderPage(<ShoppingCartPage />, signedIn());
    const list = await screen.findByRole('list', { name: 'دوره‌های سبد خرید' });
    expect(within(list).getAllByRole('listitem').map((row) => row.textContent)).toEqual(['دوره جامع تایپ‌اسکریپت۴۹۰٬۰۰۰ تومان', 'کارگاه گیت۱۵۰٬۰۰۰ تومان']);
    expect(within(list).getByRole('link', { name: 'کارگاه گیت' }).getAttribute('href')).toBe('/products/2');
    expect(screen.getByLabelText('جمع کل').textContent).toBe('۶۴۰٬۰۰۰ تومان');
    await userEvent.click(screen.getByRole('button', { name: 'حذف «کارگاه گیت» از سبد خرید' }));
    expect(await screen.findByText('دوره از سبد خرید حذف شد.')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('جمع کل').textContent).toBe('۴۹۰٬۰۰۰ تومان'));
    expect(requests('/api/cart/2', 'DELETE')).toHaveLength(1);
    expect(screen.queryByText('کارگاه گیت')).toBeNull();
  });

  it('pays: checkout with an Idempotency-Key, the gateway form in a new tab, then waits until the order is paid', async () => {
    renderPage(<ShoppingCartPage />, signedIn());
    const pay = await screen.findByRole('button', { name: 'پرداخت' });
    await userEvent.dblClick(pay);
    expect(await screen.findByText('در انتظار پرداخت…')).toBeTruthy();
    const checkouts = requests('/api/checkout', 'POST');
    expect(checkouts).toHaveLength(1);
    expect(checkouts[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f]{32}$/);
    expect(submitted).toEqual([{ method: 'post', action: 'http://127.0.0.1:25107/api/payments/start', target: '_blank', fields: { token: 'tok-1' } }]);
    await waitFor(() => expect(currentLocation()).toBe('/shopping-cart?order_id=31'));
    await waitFor(() => expect(requests('/api/orders/31')).toHaveLength(1));

    // The user pays in the other tab and comes back: the focus asks for the order again.
    order = { ...order, payment_status: 'paid', paid_at: '2025-04-02T08:00:00Z' };
    act(() => void window.dispatchEvent(new Event('focus')));
    expect(await screen.findByText('پرداخت با موفقیت انجام شد و دوره‌ها به حساب شما افزوده شد.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'دوره‌های من' }).getAttribute('href')).toBe('/profile#buyed-products');
    await waitFor(() => expect(requests('/api/auth/logged-in-user-info', 'POST')).toHaveLength(1));
  });

  it('keeps the Idempotency-Key when a checkout is tried again for the same cart', async () => {
    checkoutFails = true;
    renderPage(<ShoppingCartPage />, signedIn());
    await userEvent.click(await screen.findByRole('button', { name: 'پرداخت' }));
    await waitFor(() => expect(requests('/api/checkout', 'POST')).toHaveLength(1));
    checkoutFails = false;
    await userEvent.click(await screen.findByRole('button', { name: 'پرداخت' }));
    await screen.findByText('در انتظار پرداخت…');
    const [first, second] = requests('/api/checkout', 'POST');
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
  });

  it('grants a free cart without the gateway and points to the profile', async () => {
    items = [aCartItem({ product_id: 2, title: 'کارگاه گیت', price: 0 })];
    order = anOrder({ id: 31, total_price: 0, payment_status: 'paid', paid_at: '2025-04-02T08:00:00Z' });
    payment = null;
    const { store } = renderPage(<ShoppingCartPage />, signedIn());
    expect(await screen.findByLabelText('جمع کل')).toBeTruthy();
    expect(screen.getByLabelText('جمع کل').textContent).toBe('رایگان');
    await userEvent.click(screen.getByRole('button', { name: 'پرداخت' }));
    expect(await screen.findByText('دوره‌های رایگان به حساب شما افزوده شد.')).toBeTruthy();
    expect(submitted).toEqual([]);
    expect(screen.getByRole('link', { name: 'دوره‌های من' }).getAttribute('href')).toBe('/profile#buyed-products');
    // The store's bought products now hold the course (SPEC §3), so the profile shows it.
    await waitFor(() => expect(store.getState().auth.buyedProducts.map((product) => product.id)).toEqual([1]));
  });

  it('says a refused payment left the order unpaid, and «تلاش دوباره» opens the gateway again', async () => {
    order = anOrder({ id: 31, payments: [aPaymentAttempt({ status: 'failed', verified_at: '2025-04-01T08:05:00Z' })] });
    renderPage(<ShoppingCartPage />, signedIn('/shopping-cart?payment=failed&order_id=31'));
    // Found by its words: the cart page may show another alert (MUI's default role) first.
    const alert = (await screen.findByText(/پرداخت انجام نشد/)).closest<HTMLElement>('[role="alert"]')!;
    expect(alert.textContent).toContain('پرداخت انجام نشد. سفارش شما پرداخت‌نشده باقی ماند؛ می‌توانید دوباره تلاش کنید.');
    expect(alert.textContent).toContain('سفارش شماره ۳۱');
    await userEvent.click(within(alert).getByRole('button', { name: 'تلاش دوباره' }));
    expect(await screen.findByText('در انتظار پرداخت…')).toBeTruthy();
    expect(requests('/api/orders/31/pay', 'POST')).toHaveLength(1);
    expect(submitted).toEqual([{ method: 'post', action: 'http://127.0.0.1:25107/api/payments/start', target: '_blank', fields: { token: 'tok-2' } }]);
    // The «payment» flag leaves the address once the page has handled the new attempt.
    await waitFor(() => expect(currentLocation()).toBe('/shopping-cart?order_id=31'));
  });

  it('says why the gateway did not open for an order whose discount code lapsed, with the total without it, and leads back to the cart (issue 31 item 3)', async () => {
    order = anOrder({
      id: 31,
      total_price: 120000,
      discount_code: 'YALDA',
      discount_amount: 40000,
      payments: [aPaymentAttempt({ status: 'failed', amount: 120000, verified_at: '2025-04-01T08:05:00Z' })],
    });
    renderPage(<ShoppingCartPage />, signedIn('/shopping-cart?payment=discount-lapsed&order_id=31'));
    const alert = (await screen.findByText(/کد تخفیف این سفارش دیگر معتبر نیست/)).closest<HTMLElement>('[role="alert"]')!;
    expect(alert.textContent).toContain('کد تخفیف این سفارش دیگر معتبر نیست؛ مبلغ بدون آن ۱۶۰٬۰۰۰ تومان است.');
    expect(alert.textContent).toContain('سفارش شماره ۳۱');
    expect(within(alert).queryByRole('button', { name: 'تلاش دوباره' })).toBeNull();
    await userEvent.click(within(alert).getByRole('link', { name: 'بازگشت به سبد خرید' }));
    await waitFor(() => expect(currentLocation()).toBe('/shopping-cart'));
    expect(await screen.findByRole('list', { name: 'دوره‌های سبد خرید' })).toBeTruthy();
    expect(requests('/api/orders/31/pay', 'POST')).toEqual([]);
  });

  it('shows the server refusing «تلاش دوباره» for a lapsed discount code in place of opening the gateway (issue 31 item 3)', async () => {
    const refusal = 'کد تخفیف این سفارش دیگر معتبر نیست؛ مبلغ بدون آن ۱۶۰٬۰۰۰ تومان است.';
    payRefusal = refusal;
    order = anOrder({ id: 31, discount_code: 'YALDA', discount_amount: 40000, payments: [aPaymentAttempt({ status: 'cancelled', verified_at: '2025-04-01T08:05:00Z' })] });
    renderPage(<ShoppingCartPage />, signedIn('/shopping-cart?order_id=31'));
    const cancelled = (await screen.findByText(/پرداخت در درگاه لغو شد/)).closest<HTMLElement>('[role="alert"]')!;
    await userEvent.click(within(cancelled).getByRole('button', { name: 'تلاش دوباره' }));
    const alert = (await screen.findByText(refusal)).closest<HTMLElement>('[role="alert"]')!;
    expect(within(alert).getByRole('link', { name: 'بازگشت به سبد خرید' }).getAttribute('href')).toBe('/shopping-cart');
    expect(screen.queryByText(/پرداخت در درگاه لغو شد/)).toBeNull();
    expect(submitted).toEqual([]);
  });

  it('shows an order whose attempt was cancelled at the gateway as cancelled on a later visit, not as waiting, with its courses (issue 32 item 7)', async () => {
    order = anOrder({
      id: 31,
      total_price: 440000,
      discount_code: 'YALDA',
      discount_amount: 50000,
      items: [anOrderItem({ id: 11, product_id: 1, title: 'دوره ری‌اکت', purchase_price: 490000, discount: 50000, product_page: '/products/1' })],
      payments: [aPaymentAttempt({ status: 'cancelled', verified_at: '2025-04-01T08:05:00Z' })],
    });
    renderPage(<ShoppingCartPage />, signedIn('/shopping-cart?order_id=31'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('پرداخت در درگاه لغو شد. سفارش شما پرداخت‌نشده باقی ماند؛ می‌توانید دوباره تلاش کنید.');
    expect(screen.queryByText('در انتظار پرداخت…')).toBeNull();
    const items = screen.getByRole('list', { name: 'دوره‌های این سفارش' });
    expect(within(items).getByRole('link', { name: 'دوره ری‌اکت' }).getAttribute('href')).toBe('/products/1');
    expect(items.textContent).toContain('۴۴۰٬۰۰۰ تومان');
    expect(screen.getByText('کد تخفیف YALDA: ۵۰٬۰۰۰ تومان کمتر')).toBeTruthy();
    await userEvent.click(screen.getByRole('link', { name: 'ویرایش سبد خرید' }));
    await waitFor(() => expect(currentLocation()).toBe('/shopping-cart'));
    expect(await screen.findByRole('list', { name: 'دوره‌های سبد خرید' })).toBeTruthy();
  });

  it('shows an order its buyer cancelled as cancelled, asks for it no more and leads back to the cart (issue 32 item 2)', async () => {
    order = anOrder({ id: 31, payment_status: 'cancelled', payments: [aPaymentAttempt({ status: 'cancelled', verified_at: '2025-04-01T08:05:00Z' })] });
    renderPage(<ShoppingCartPage />, signedIn('/shopping-cart?payment=order-cancelled&order_id=31'));
    const alert = (await screen.findByText('این سفارش لغو شده است و پرداخت نمی‌شود.')).closest<HTMLElement>('[role="alert"]')!;
    expect(alert.textContent).toContain('سفارش شماره ۳۱');
    expect(within(alert).queryByRole('button', { name: 'تلاش دوباره' })).toBeNull();
    expect(within(alert).getByRole('link', { name: 'بازگشت به سبد خرید' }).getAttribute('href')).toBe('/shopping-cart');
    expect(screen.queryByText('در انتظار پرداخت…')).toBeNull();
    const asked = requests('/api/orders/31').length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 3500)));
    expect(requests('/api/orders/31')).toHaveLength(asked);
  });

  it('shows the success of a payment the gateway sent back as paid', async () => {
    order = anOrder({ id: 31, payment_status: 'paid', paid_at: '2025-04-02T08:00:00Z' });
    renderPage(<ShoppingCartPage />, signedIn('/shopping-cart?payment=paid&order_id=31'));
    expect(await screen.findByText('پرداخت با موفقیت انجام شد و دوره‌ها به حساب شما افزوده شد.')).toBeTruthy();
    expect(screen.getByText('دوره‌های خریده‌شده را در پروفایل خود، بخش «دوره‌های خریده‌شده»، می‌بینید.')).toBeTruthy();
  });

  it('has no pay button while selling is off, and says so', async () => {
    sellingEnabled = false;
    renderPage(<ShoppingCartPage />, signedIn());
    expect(await screen.findByText('فروش دوره‌ها در حال حاضر بسته است؛ لطفاً بعداً سر بزنید.')).toBeTruthy();
    expect(screen.getByLabelText('جمع کل').textContent).toBe('۶۴۰٬۰۰۰ تومان');
    expect(screen.queryByRole('button', { name: 'پرداخت' })).toBeNull();
  });

  it("shows a visitor their own cart, and «پرداخت» asks them to sign in and come back here, without a checkout (issue 25)", async () => {
    renderPage(<ShoppingCartPage />, { url: '/shopping-cart', path: '/shopping-cart' });
    const list = await screen.findByRole('list', { name: 'دوره‌های سبد خرید' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByLabelText('جمع کل').textContent).toBe('۶۴۰٬۰۰۰ تومان');
    await userEvent.click(screen.getByRole('button', { name: 'حذف «کارگاه گیت» از سبد خرید' }));
    expect(await screen.findByText('دوره از سبد خرید حذف شد.')).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('جمع کل').textContent).toBe('۴۹۰٬۰۰۰ تومان'));
    await userEvent.click(screen.getByRole('button', { name: 'پرداخت' }));
    await waitFor(() => expect(currentLocation()).toBe('/login?redirect=%2Fshopping-cart'));
    expect(requests('/api/checkout', 'POST')).toEqual([]);
  });

  it('is open to visitors, and the session page behind the email-verified gate, in the contract', () => {
    expect(commerceModule.publicRoutes.find((route) => route.path === '/shopping-cart')?.guard).toBeUndefined();
    expect(commerceModule.publicRoutes.find((route) => route.path === '/products/:productId/:productSessionId')?.guard).toBe('email-verified');
    expect(Object.keys(commerceModule.slots).sort()).toEqual(['header.cart-menu', 'home.latest-products']);
  });
});
