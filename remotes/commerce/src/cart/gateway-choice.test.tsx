/** @jest-environment-options {"url": "http://127.0.0.1:25775"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CartItem } from '@shop/contracts';
import { aUser, currentLocation, renderPage, startApiServer } from '@shop/test-utils';
import { aCart, aCartItem, anOrder, meta } from '../products/fixtures';
import type { PaymentGatewayOption } from './cart-api';
import ShoppingCartPage from './shopping-cart-page';

const typescript = aCartItem({ product_id: 1, title: 'دوره جامع تایپ‌اسکریپت', price: 490000 });
const git = aCartItem({ product_id: 2, title: 'کارگاه گیت', price: 150000 });
const sandbox: PaymentGatewayOption = { id: 'default', name: 'درگاه پرداخت آزمایشی', description: 'پرداخت یک‌جای مبلغ با کارت‌های بانکی عضو شتاب.' };
const snapppay: PaymentGatewayOption = {
  id: 'snapppay',
  name: 'اسنپ‌پی',
  description: 'خرید اقساطی: مبلغ را در ۴ قسط به اسنپ‌پی می‌پردازید و فروشگاه همه آن را یک‌جا از اسنپ‌پی می‌گیرد.',
};
const notEligible = 'خرید اقساطی با اسنپ‌پی برای این مبلغ در دسترس نیست؛ درگاه دیگری را انتخاب کنید.';

let items: CartItem[] = [];
let balance = 0;
/** The server's list, or null when it answers 500. */
let gateways: PaymentGatewayOption[] | null = [];
let snapppayRefuses = false;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25775, ({ url, method, json }) => {
    if (url.pathname === '/api/site-information') {
      return { data: { about_me: '', terms_and_conditions: '', comments_enabled: true, tickets_enabled: true, selling_enabled: true } };
    }
    if (url.pathname === '/api/cart' && method === 'GET') return { data: aCart(items) };
    if (url.pathname === '/api/wallet' && method === 'GET') return { balance, data: [], meta: meta({ total: 0, per_page: 1 }) };
    if (url.pathname === '/api/payments/gateways' && method === 'GET') {
      return gateways ? { data: gateways } : { status: 500, body: { message: 'خطای سرور' } };
    }
    if (url.pathname === '/api/checkout' && method === 'POST') {
      if (snapppayRefuses && (json as { gateway?: string } | undefined)?.gateway === 'snapppay') {
        return { status: 422, body: { message: notEligible, errors: { gateway: [notEligible] } } };
      }
      return { status: 201, body: { data: { order: anOrder({ id: 51, total_price: 640000 }), payment: { action: '/api/payments/start', token: 'tok-1' } } } };
    }
    if (url.pathname === '/api/orders/51' && method === 'GET') return { data: anOrder({ id: 51, total_price: 640000 }) };
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
  balance = 0;
  // The server's order is not the cart's: the default gateway is still listed first.
  gateways = [snapppay, sandbox];
  snapppayRefuses = false;
});

const open = () => renderPage(<ShoppingCartPage />, { url: '/shopping-cart', path: '/shopping-cart', user: aUser() });
const checkouts = () => api.seen.filter((r) => r.url.pathname === '/api/checkout' && r.method === 'POST');
const asked = (path: string) => api.seen.some((r) => r.url.pathname === path);
const payButton = () => screen.findByRole('button', { name: 'پرداخت' });

describe('choosing the payment gateway in the cart (issue 36 item 2)', () => {
  it('offers «روش پرداخت» with each gateway, the default one first and chosen, and sends no gateway for it', async () => {
    open();
    const choice = await screen.findByRole('radiogroup', { name: 'روش پرداخت' });
    const radios = within(choice).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('aria-label'))).toEqual(['درگاه پرداخت آزمایشی', 'اسنپ‌پی']);
    expect(screen.getByRole('radio', { name: 'درگاه پرداخت آزمایشی' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'اسنپ‌پی', description: snapppay.description })).toHaveProperty('checked', false);
    await userEvent.click(await payButton());
    await waitFor(() => expect(checkouts()).toHaveLength(1));
    expect(checkouts()[0]!.json).toBeUndefined();
  });

  it('sends gateway: snapppay when SnappPay is chosen, and opens its form', async () => {
    open();
    await userEvent.click(await screen.findByRole('radio', { name: 'اسنپ‌پی' }));
    await userEvent.click(await payButton());
    await waitFor(() => expect(checkouts()).toHaveLength(1));
    expect(checkouts()[0]!.json).toEqual({ gateway: 'snapppay' });
    await waitFor(() => expect(submitted).toEqual(['http://127.0.0.1:25775/api/payments/start']));
    await waitFor(() => expect(currentLocation()).toBe('/shopping-cart?order_id=51'));
  });

  it('sends the gateway beside use_wallet when the wallet pays a part', async () => {
    balance = 20000;
    open();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'پرداخت از کیف پول' }));
    await userEvent.click(await screen.findByRole('radio', { name: 'اسنپ‌پی' }));
    await userEvent.click(await payButton());
    await waitFor(() => expect(checkouts()).toHaveLength(1));
    expect(checkouts()[0]!.json).toEqual({ use_wallet: true, gateway: 'snapppay' });
  });

  it('shows SnappPay’s refusal under the choice and keeps the cart; the default gateway then pays it under a new key', async () => {
    snapppayRefuses = true;
    open();
    await userEvent.click(await screen.findByRole('radio', { name: 'اسنپ‌پی' }));
    await userEvent.click(await payButton());
    const refusal = await screen.findByRole('alert');
    expect(refusal.textContent).toBe(notEligible);
    expect(within(screen.getByRole('radiogroup', { name: 'روش پرداخت' }).parentElement!).getByRole('alert')).toBe(refusal);
    expect(currentLocation()).toBe('/shopping-cart');
    expect(submitted).toEqual([]);
    expect(screen.getByRole('list', { name: 'دوره‌های سبد خرید' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'اسنپ‌پی' })).toHaveProperty('checked', true);
    // Nothing the cart shows changed: it is not asked again.
    expect(api.seen.filter((r) => r.url.pathname === '/api/cart')).toHaveLength(1);

    await userEvent.click(screen.getByRole('radio', { name: 'درگاه پرداخت آزمایشی' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'پرداخت' }));
    await waitFor(() => expect(checkouts()).toHaveLength(2));
    const [first, second] = checkouts();
    expect(second!.json).toBeUndefined();
    expect(second!.headers['idempotency-key']).not.toBe(first!.headers['idempotency-key']);
    await waitFor(() => expect(currentLocation()).toBe('/shopping-cart?order_id=51'));
  });

  it('offers no choice for one gateway, a list that cannot be read, or a cart the wallet pays in full', async () => {
    gateways = [sandbox];
    const { unmount } = open();
    await waitFor(() => expect(asked('/api/payments/gateways')).toBe(true));
    expect(await payButton()).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'روش پرداخت' })).toBeNull();
    unmount();

    gateways = null;
    api.seen.splice(0);
    const second = open();
    await waitFor(() => expect(asked('/api/payments/gateways')).toBe(true));
    await userEvent.click(await payButton());
    expect(screen.queryByRole('radiogroup', { name: 'روش پرداخت' })).toBeNull();
    await waitFor(() => expect(checkouts()).toHaveLength(1));
    expect(checkouts()[0]!.json).toBeUndefined();
    second.unmount();

    gateways = [sandbox, snapppay];
    balance = 700000;
    open();
    expect(await screen.findByRole('radiogroup', { name: 'روش پرداخت' })).toBeTruthy();
    await userEvent.click(await screen.findByRole('checkbox', { name: 'پرداخت از کیف پول' }));
    expect(screen.getByRole('button', { name: 'پرداخت از کیف پول' })).toBeTruthy();
    expect(screen.queryByRole('radiogroup', { name: 'روش پرداخت' })).toBeNull();
  });
});
