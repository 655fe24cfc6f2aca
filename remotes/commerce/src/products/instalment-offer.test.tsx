/** @jest-environment-options {"url": "http://127.0.0.1:25791"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InstalmentPlanOffer, User } from '@shop/contracts';
import { aUser, currentLocation, renderPage, startApiServer } from '@shop/test-utils';
import { aCart, aCourseProgress, anInstalmentPlanOffer, anInstalmentPurchase, anOrder, aProductDetail } from './fixtures';
import ProductDetailPage from './product-detail-page';

const UNAVAILABLE = 'این طرح اقساط برای این دوره در دسترس نیست.';
const ALREADY_BOUGHT = 'شما این دوره را قبلاً خریده‌اید.';

/** 3 parts, 40 % now, every 30 days, no surcharge; and 4 parts, 25 % now, every 15 days, 30 000 tomans more. */
const plans: InstalmentPlanOffer[] = [
  anInstalmentPlanOffer({ id: 5 }),
  anInstalmentPlanOffer({ id: 6, parts: 4, first_share_percent: 25, days_between: 15, surcharge: 30000, grace_days: 0 }),
];

let sellingEnabled = true;
let purchaseRefusal: { status: number; body: unknown } | null = null;
let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25791, ({ url, method, json }) => {
    if (url.pathname === '/api/site-information') {
      return { data: { about_me: '', terms_and_conditions: '', comments_enabled: true, tickets_enabled: true, selling_enabled: sellingEnabled } };
    }
    if (url.pathname === '/api/products/1') return { data: aProductDetail({ id: 1, instalment_plans: plans }) };
    if (url.pathname === '/api/products/2') return { data: aProductDetail({ id: 2, in_cart: true, instalment_plans: plans }) };
    if (url.pathname === '/api/products/3') return { data: aProductDetail({ id: 3, is_bought: true, progress: aCourseProgress({ done: 0, total: 0, resume_session_id: null }), instalment_plans: plans }) };
    if (url.pathname === '/api/products/4') return { data: aProductDetail({ id: 4 }) };
    if (url.pathname === '/api/products/1/instalment-purchases' && method === 'POST') {
      if (purchaseRefusal) return purchaseRefusal;
      const { plan_id } = json as { plan_id: number };
      const order = anOrder({ id: 41, source: 'instalment', total_price: plan_id === 6 ? 130000 : 196000 });
      return { status: 201, body: { data: { purchase: anInstalmentPurchase(), order, payment: { action: '/api/payments/start', token: `tok-${plan_id}` } } } };
    }
    if (/^\/api\/products\/\d+\/comments$/.test(url.pathname)) return { data: [] };
    if (url.pathname === '/api/cart') return { data: aCart([]) };
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
const realSubmit = HTMLFormElement.prototype.submit;
beforeAll(() => {
  // jsdom does not navigate: record the form the browser would post into a new tab.
  HTMLFormElement.prototype.submit = function submit(this: HTMLFormElement) {
    const fields = Object.fromEntries([...this.querySelectorAll('input')].map((input) => [input.name, input.value]));
    submitted.push({ method: this.method, action: this.action, target: this.target, fields });
  };
});
afterAll(() => {
  HTMLFormElement.prototype.submit = realSubmit;
});
beforeEach(() => {
  api.seen.splice(0);
  submitted.splice(0);
  sellingEnabled = true;
  purchaseRefusal = null;
});

const renderProduct = (url: string, user: User | null = aUser()) => renderPage(<ProductDetailPage />, { url, path: '/products/:productId', user: user ?? undefined });
const purchases = () => api.seen.filter((r) => r.url.pathname.endsWith('/instalment-purchases')).map((r) => r.json);
const openDialog = () => screen.findByRole('dialog', { name: 'خرید اقساطی «دوره جامع تایپ‌اسکریپت»' });
/** The schedule's rows as text: number, amount, due date. */
const scheduleOf = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('table', { name: 'جدول قسط‌ها' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

describe('buying a course in parts on its page (issue 36 item 2)', () => {
  it('offers «خرید اقساطی» beside the cart button with each plan in a line, and shows each plan with its total and whole schedule', async () => {
    renderProduct('/products/1');
    expect(await screen.findByRole('button', { name: 'افزودن به سبد خرید' })).toBeTruthy();
    const offer = screen.getByRole('region', { name: 'طرح‌های اقساط' });
    expect(within(offer).getAllByRole('button').map((line) => line.textContent)).toEqual([
      '۳ قسط، ۴۰٪ پیش‌پرداخت، هر ۳۰ روز؛ قسط اول ۱۹۶٬۰۰۰ تومان',
      '۴ قسط، ۲۵٪ پیش‌پرداخت، هر ۱۵ روز؛ قسط اول ۱۳۰٬۰۰۰ تومان',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'خرید اقساطی' }));
    const dialog = await openDialog();
    const radios = within(dialog).getAllByRole('radio');
    expect(radios.map((radio) => (radio as HTMLInputElement).checked)).toEqual([true, false]);
    expect(within(dialog).getByText('جمع: ۴۹۰٬۰۰۰ تومان (بدون افزایش قیمت)')).toBeTruthy();
    expect(within(dialog).getByText('جمع: ۵۲۰٬۰۰۰ تومان (شامل ۳۰٬۰۰۰ تومان افزایش قیمت اقساطی)')).toBeTruthy();
    expect(scheduleOf(dialog)).toEqual([
      ['۱', '۱۹۶٬۰۰۰ تومان', 'امروز'],
      ['۲', '۱۴۷٬۰۰۰ تومان', '۱ دی ۱۴۰۵'],
      ['۳', '۱۴۷٬۰۰۰ تومان', '۱ بهمن ۱۴۰۵'],
    ]);
    expect(within(dialog).getByText('اگر قسطی تا ۷ روز پس از سررسیدش پرداخت نشود، دسترسی به دوره تا پرداخت آن متوقف می‌شود.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'پرداخت قسط اول (۱۹۶٬۰۰۰ تومان)' })).toBeTruthy();

    await userEvent.click(radios[1]!);
    expect(scheduleOf(dialog)).toEqual([
      ['۱', '۱۳۰٬۰۰۰ تومان', 'امروز'],
      ['۲', '۱۳۰٬۰۰۰ تومان', '۱۶ آذر ۱۴۰۵'],
      ['۳', '۱۳۰٬۰۰۰ تومان', '۱ دی ۱۴۰۵'],
      ['۴', '۱۳۰٬۰۰۰ تومان', '۱۶ دی ۱۴۰۵'],
    ]);
    expect(within(dialog).getByText('اگر قسطی در سررسیدش پرداخت نشود، دسترسی به دوره تا پرداخت آن متوقف می‌شود.')).toBeTruthy();
    expect(purchases()).toEqual([]);
  });

  it('starts the purchase by the chosen plan, posts the gateway form with its token in a new tab, then follows the order', async () => {
    renderProduct('/products/1');
    // A plan's line opens the dialog with that plan chosen.
    await userEvent.click(await screen.findByRole('button', { name: /^۴ قسط/ }));
    const dialog = await openDialog();
    expect((within(dialog).getAllByRole('radio')[1] as HTMLInputElement).checked).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'پرداخت قسط اول (۱۳۰٬۰۰۰ تومان)' }));
    await waitFor(() => expect(submitted).toEqual([{ method: 'post', action: 'http://127.0.0.1:25791/api/payments/start', target: '_blank', fields: { token: 'tok-6' } }]));
    expect(purchases()).toEqual([{ plan_id: 6 }]);
    await waitFor(() => expect(currentLocation()).toBe('/shopping-cart?order_id=41'));
  });

  it("shows a refusal's Persian message in the dialog: the plan's own, or the server's, and opens no gateway", async () => {
    purchaseRefusal = { status: 422, body: { message: 'اطلاعات وارد شده معتبر نیست.', errors: { plan_id: [UNAVAILABLE] } } };
    renderProduct('/products/1');
    await userEvent.click(await screen.findByRole('button', { name: 'خرید اقساطی' }));
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('button', { name: 'پرداخت قسط اول (۱۹۶٬۰۰۰ تومان)' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(UNAVAILABLE);

    purchaseRefusal = { status: 422, body: { message: ALREADY_BOUGHT } };
    await userEvent.click(within(dialog).getByRole('button', { name: 'پرداخت قسط اول (۱۹۶٬۰۰۰ تومان)' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(ALREADY_BOUGHT));
    expect(purchases()).toEqual([{ plan_id: 5 }, { plan_id: 5 }]);
    expect(submitted).toEqual([]);
    expect(currentLocation()).toBe('/products/1');
  });

  it('sends a visitor to log in and back to the course, where the plans open with the one they chose', async () => {
    const { unmount } = renderProduct('/products/1', null);
    await userEvent.click(await screen.findByRole('button', { name: /^۴ قسط/ }));
    const dialog = await openDialog();
    expect(within(dialog).getByText('برای خرید اقساطی ابتدا وارد حساب خود شوید؛ پس از ورود به همین‌جا برمی‌گردید.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'پرداخت قسط اول (۱۳۰٬۰۰۰ تومان)' }));
    await waitFor(() => expect(currentLocation()).toBe('/login?redirect=%2Fproducts%2F1%3Finstalment-plan%3D6'));
    expect(purchases()).toEqual([]);
    unmount();

    renderProduct('/products/1?instalment-plan=6');
    const back = await openDialog();
    expect((within(back).getAllByRole('radio')[1] as HTMLInputElement).checked).toBe(true);
    await waitFor(() => expect(currentLocation()).toBe('/products/1'));
    expect(purchases()).toEqual([]);
  });

  it('offers it beside «in the cart» too, but not on a bought course, a course without plans, or while selling is off', async () => {
    const first = renderProduct('/products/2');
    expect(await screen.findByText('این دوره در سبد خرید شماست.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'خرید اقساطی' })).toBeTruthy();
    first.unmount();

    const bought = renderProduct('/products/3');
    expect(await screen.findByText('این دوره را خریده‌اید.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'خرید اقساطی' })).toBeNull();
    bought.unmount();

    const planless = renderProduct('/products/4');
    expect(await screen.findByRole('button', { name: 'افزودن به سبد خرید' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'خرید اقساطی' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'طرح‌های اقساط' })).toBeNull();
    planless.unmount();

    sellingEnabled = false;
    renderProduct('/products/1');
    expect(await screen.findByText('فروش دوره‌ها در حال حاضر بسته است؛ لطفاً بعداً سر بزنید.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'خرید اقساطی' })).toBeNull();
  });
});
