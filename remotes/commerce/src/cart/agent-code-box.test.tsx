/** @jest-environment-options {"url": "http://127.0.0.1:25841"} */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { aUser, renderPage, startApiServer } from '@shop/test-utils';
import { aCart, aCartItem } from '../products/fixtures';
import ShoppingCartPage from './shopping-cart-page';

const typescript = aCartItem({ product_id: 1, title: 'دوره جامع تایپ‌اسکریپت', price: 490000 });
// The server's refusals of a code (modules/commerce/messages.ts).
const UNKNOWN = 'همکار فروشی با این کد یافت نشد.';

let named: string | null = null;
let sellingEnabled = true;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25841, ({ url, method, json }) => {
    if (url.pathname === '/api/site-information') {
      return { data: { about_me: '', terms_and_conditions: '', comments_enabled: true, tickets_enabled: true, selling_enabled: sellingEnabled } };
    }
    if (url.pathname === '/api/cart' && method === 'GET') return { data: aCart([typescript]) };
    if (url.pathname === '/api/cart/agent-code' && method === 'GET') return { data: named === null ? null : { code: named } };
    if (url.pathname === '/api/cart/agent-code' && method === 'PUT') {
      const { code } = json as { code: string };
      if (code !== 'STAFF10') return { status: 422, body: { message: UNKNOWN, errors: { code: [UNKNOWN] } } };
      named = code;
      return { message: 'کد همکار فروش ثبت شد.', data: { code } };
    }
    if (url.pathname === '/api/cart/agent-code' && method === 'DELETE') {
      named = null;
      return { message: 'کد همکار فروش برداشته شد.', data: null };
    }
    return undefined;
  });
});
afterAll(() => api.close());
beforeEach(() => {
  api.seen.splice(0);
  named = null;
  sellingEnabled = true;
});

const open = () => renderPage(<ShoppingCartPage />, { url: '/shopping-cart', path: '/shopping-cart', user: aUser() });
const toggle = () => screen.findByRole('button', { name: 'کد همکار فروش دارید؟' });
const codeField = () => screen.getByRole('textbox', { name: 'کد همکار فروش' });
const noteOf = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby')!)!.textContent;
const writes = () => api.seen.filter((r) => r.url.pathname === '/api/cart/agent-code' && r.method !== 'GET').map((r) => [r.method, r.json]);

describe("the cart's sales agent code (issue 36 item 4)", () => {
  it('is closed at first; «کد همکار فروش دارید؟» opens the field', async () => {
    open();
    const button = await toggle();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('textbox', { name: 'کد همکار فروش' })).toBeNull();
    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(codeField().getAttribute('dir')).toBe('ltr');
    expect(document.activeElement).toBe(codeField());
  });

  it('checks the code with the shared rule, then shows the server’s refusal under the field', async () => {
    open();
    await userEvent.click(await toggle());
    await userEvent.type(codeField(), 'ab');
    await userEvent.click(screen.getByRole('button', { name: 'ثبت' }));
    expect(await screen.findByText('کد همکار فروش باید دست‌کم ۳ نویسه باشد')).toBeTruthy();
    expect(writes()).toEqual([]);

    await userEvent.type(codeField(), 'c99');
    await userEvent.click(screen.getByRole('button', { name: 'ثبت' }));
    expect(await screen.findByText(UNKNOWN)).toBeTruthy();
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
    expect(noteOf(codeField())).toBe(UNKNOWN);
    // The shared rule upper-cases what was typed.
    expect(writes()).toEqual([['PUT', { code: 'ABC99' }]]);
    expect(screen.queryByText(/همکار فروش:/)).toBeNull();
  });

  it('names the agent once set («همکار فروش: STAFF10»), and «حذف» removes them', async () => {
    open();
    await userEvent.click(await toggle());
    await userEvent.type(codeField(), ' staff۱۰ ');
    await userEvent.click(screen.getByRole('button', { name: 'ثبت' }));
    expect(await screen.findByText('کد همکار فروش ثبت شد.')).toBeTruthy();
    expect((await screen.findByText(/همکار فروش:/)).textContent).toBe('همکار فروش: STAFF10');
    expect(screen.queryByRole('textbox', { name: 'کد همکار فروش' })).toBeNull();
    expect(writes()).toEqual([['PUT', { code: 'STAFF10' }]]);

    await userEvent.click(screen.getByRole('button', { name: 'حذف همکار فروش' }));
    expect(await screen.findByText('کد همکار فروش برداشته شد.')).toBeTruthy();
    expect((await toggle()).getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText(/همکار فروش:/)).toBeNull();
    expect(writes()).toEqual([['PUT', { code: 'STAFF10' }], ['DELETE', undefined]]);
  });

  it('names the agent of the buyer’s link at once, and offers nothing while selling is off', async () => {
    named = 'STAFF10';
    const { unmount } = open();
    await waitFor(() => expect(screen.getByText(/همکار فروش:/).textContent).toBe('همکار فروش: STAFF10'));
    expect(screen.queryByRole('button', { name: 'کد همکار فروش دارید؟' })).toBeNull();
    unmount();

    sellingEnabled = false;
    open();
    expect(await screen.findByText('فروش دوره‌ها در حال حاضر بسته است؛ لطفاً بعداً سر بزنید.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'کد همکار فروش دارید؟' })).toBeNull();
  });
});
