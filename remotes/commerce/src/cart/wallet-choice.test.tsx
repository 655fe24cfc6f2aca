/** @jest-environment-options {"url": "http://127.0.0.1:25771"} */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CartItem, CheckoutAnswer, Order } from '@shop/contracts';
import { aUser, currentLocation, renderPage, startApiServer } from '@shop/test-utils';
import { aCart, aCartItem, anOrder, meta } from '../products/fixtures';
import ShoppingCartPage from './shopping-cart-page';
import { walletApi } from './wallet-api';

const typescript = aCartItem({ product_id: 1, title: 'دوره جامع تایپ‌اسکریپت', price: 490000 });
const git = aCartItem({ product_id: 2, title: 'کارگاه گیت', price: 150000 });

let items: CartItem[] = [];
let balance = 0;
let order: Order = anOrder();
let payment: CheckoutAnswer['payment'] = null;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25771, ({ url, method }) => {
    if (url.pathname === '/api/site-information') {
      return { data: { about_me: '', terms_and_conditions: '', comments_enabled: true, tickets_enabled: true, selling_enabled: true } };
    }
    if (url.pathname === '/api/cart' && method === 'GET') return { data: aCart(items) };
    if (url.pathname === '/api/wallet' && method === 'GET') return { balance, data: [], meta: meta({ total: 0, per_page: 1 }) };
    if (url.pathname === '/api/checkout' && method === 'POST') {
      balance -= order.wallet_amount;
      return { status: 201, body: { data: { order, payment } } };
    }
    if (url.pathname === `/api/orders/${order.id}` && method === 'GET') return { data: order };
    if (url.pathname === '/api/auth/logged-in-user-info') return { data: { user: aUser(), buyedProducts: [] } };
    return undefined;
  });
});
afterAll(() => api.close());

const submitted: string[] = [];
beforeAll(() => {
  // jsdom does not navigate: record the gateway form the browser would post into a new tab.
  HTMLFormElement.prototype.submit = function submit(this: HTMLFormElement) {
    submitted.push(this.action);
  };
});
beforeEach(() => {
  api.seen.splice(0);
  submitted.splice(0);
  items = [typescript, git];
  balance = 20000;
  order = anOrder({ id: 41, total_price: 640000, wallet_amount: 20000 });
  payment = { action: '/api/payments/start', token: 'tok-1' };
});

const open = (user = aUser()) => renderPage(<ShoppingCartPage />, { url: '/shopping-cart', path: '/shopping-cart', user });
const checkouts = () => api.seen.filter((r) => r.url.pathname === '/api/checkout' && r.method === 'POST');
const walletBox = () => screen.findByRole('checkbox', { name: 'پرداخت از کیف پول' });

describe('paying from the wallet in the cart (issue 36 item 3)', () => {
  it('offers the wallet with its balance, shows the split once ticked and sends use_wallet', async () => {
    open();
    const box = await walletBox();
    expect(screen.getByText('موجودی: ۲۰٬۰۰۰ تومان')).toBeTruthy();
    expect(screen.queryByLabelText('از کیف پول')).toBeNull();
    await userEvent.click(box);
    expect(screen.getByLabelText('از کیف پول').textContent).toBe('۲۰٬۰۰۰ تومان');
    expect(screen.getByLabelText('پرداخت از درگاه').textContent).toBe('۶۲۰٬۰۰۰ تومان');
    expect(screen.getByLabelText('جمع کل').textContent).toBe('۶۴۰٬۰۰۰ تومان');
    await userEvent.click(screen.getByRole('button', { name: 'پرداخت' }));
    await waitFor(() => expect(checkouts()).toHaveLength(1));
    expect(checkouts()[0]!.json).toEqual({ use_wallet: true });
    // The rest goes through the gateway, as before.
    await waitFor(() => expect(submitted).toEqual(['http://127.0.0.1:25771/api/payments/start']));
    await waitFor(() => expect(currentLocation()).toBe('/shopping-cart?order_id=41'));
  });

  it('pays a cart the wallet covers from it alone: the button says so, no gateway opens, and the order is paid at once', async () => {
    balance = 700000;
    order = anOrder({ id: 42, total_price: 640000, wallet_amount: 640000, payment_status: 'paid', paid_at: '2025-04-02T08:00:00Z' });
    payment = null;
    const { store } = open();
    await userEvent.click(await walletBox());
    expect(screen.getByLabelText('از کیف پول').textContent).toBe('۶۴۰٬۰۰۰ تومان');
    expect(screen.getByLabelText('پرداخت از درگاه').textContent).toBe('۰ تومان');
    expect(screen.queryByRole('button', { name: 'پرداخت' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'پرداخت از کیف پول' }));
    expect(await screen.findByText('پرداخت با موفقیت انجام شد و دوره‌ها به حساب شما افزوده شد.')).toBeTruthy();
    expect(checkouts()[0]!.json).toEqual({ use_wallet: true });
    expect(submitted).toEqual([]);
    // The balance the cart showed is stale now, and the checkout invalidated it: asked again while the
    // wallet's choice is still on screen, or dropped from the store once the paid order replaced it (RTK
    // Query removes an invalidated query nothing subscribes to), so no view shows 700 000 again.
    await waitFor(() => expect(walletApi.endpoints.getCheckoutWallet.select()(store.getState()).data?.balance).not.toBe(700000));
  });

  it('pays everything through the gateway when the wallet is left unticked, with no body', async () => {
    open();
    await walletBox();
    await userEvent.click(screen.getByRole('button', { name: 'پرداخت' }));
    await waitFor(() => expect(checkouts()).toHaveLength(1));
    expect(checkouts()[0]!.json).toBeUndefined();
  });

  it('offers nothing for an empty wallet, and asks nothing for a visitor', async () => {
    balance = 0;
    const { unmount } = open();
    await waitFor(() => expect(api.seen.some((r) => r.url.pathname === '/api/wallet')).toBe(true));
    expect(await screen.findByRole('button', { name: 'پرداخت' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'پرداخت از کیف پول' })).toBeNull();
    unmount();

    api.seen.splice(0);
    renderPage(<ShoppingCartPage />, { url: '/shopping-cart', path: '/shopping-cart' });
    expect(await screen.findByRole('button', { name: 'پرداخت' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'پرداخت از کیف پول' })).toBeNull();
    expect(api.seen.some((r) => r.url.pathname === '/api/wallet')).toBe(false);
  });
});
