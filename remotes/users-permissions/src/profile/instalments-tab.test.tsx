/** @jest-environment-options {"url": "http://127.0.0.1:25129"} */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Instalment, InstalmentPurchase } from '@shop/contracts';
import { formatJalaliDate } from '@shop/format';
import { aUser, currentLocation, renderPage, startApiServer } from '@shop/test-utils';
import ProfilePage from './profile-page';

const DAY_MS = 86_400_000;
/** A time `days` from now (negative: past), less an hour, so the grace days left (rounded up) do not hang on the test's speed. */
const fromNow = (days: number) => new Date(Date.now() + days * DAY_MS - 3_600_000).toISOString();

const aPart = (overrides: Partial<Instalment> & Pick<Instalment, 'id' | 'number' | 'amount' | 'due_at' | 'state'>): Instalment => ({
  paid_at: null,
  order_id: null,
  ...overrides,
});

const aPurchase = (overrides: Partial<InstalmentPurchase> & Pick<InstalmentPurchase, 'id' | 'product' | 'instalments'>): InstalmentPurchase => ({
  parts: overrides.instalments.length,
  total: overrides.instalments.reduce((sum, part) => sum + part.amount, 0),
  paid: overrides.instalments.filter((part) => part.state === 'paid').reduce((sum, part) => sum + part.amount, 0),
  grace_days: 7,
  status: 'active',
  has_access: true,
  created_at: '2026-10-21T08:00:00Z',
  ...overrides,
});

/** The user's purchases, newest first: paying along; paused by a missed part; cancelled. */
const seed = (): InstalmentPurchase[] => [
  aPurchase({
    id: 3,
    product: { id: 4, title: 'دوره جامع تایپ‌اسکریپت' },
    instalments: [
      aPart({ id: 31, number: 1, amount: 120_000, due_at: '2026-10-21T08:00:00Z', state: 'paid', paid_at: '2026-10-21T08:05:00Z', order_id: 50 }),
      aPart({ id: 32, number: 2, amount: 90_000, due_at: '2026-11-20T08:00:00Z', state: 'paid', paid_at: '2026-11-22T11:00:00Z', order_id: 61 }),
      aPart({ id: 33, number: 3, amount: 90_000, due_at: fromNow(20), state: 'upcoming' }),
    ],
  }),
  aPurchase({
    id: 2,
    product: { id: 5, title: 'کارگاه گیت' },
    grace_days: 5,
    has_access: false,
    instalments: [
      aPart({ id: 21, number: 1, amount: 100_000, due_at: '2026-09-01T08:00:00Z', state: 'paid', paid_at: '2026-09-01T08:05:00Z', order_id: 40 }),
      aPart({ id: 22, number: 2, amount: 100_000, due_at: fromNow(-10), state: 'paused', order_id: 41 }),
      aPart({ id: 23, number: 3, amount: 100_000, due_at: fromNow(-2), state: 'overdue' }),
      aPart({ id: 24, number: 4, amount: 100_000, due_at: fromNow(28), state: 'upcoming' }),
    ],
  }),
  aPurchase({
    id: 1,
    product: { id: 6, title: 'دوره ری‌اکت' },
    status: 'cancelled',
    has_access: false,
    instalments: [
      aPart({ id: 11, number: 1, amount: 50_000, due_at: '2026-08-01T08:00:00Z', state: 'paid', paid_at: '2026-08-01T08:05:00Z', order_id: 30 }),
      aPart({ id: 12, number: 2, amount: 50_000, due_at: '2026-09-01T08:00:00Z', state: 'paused' }),
    ],
  }),
];

let purchases: InstalmentPurchase[] = [];
let sellingEnabled = true;
/** The server's refusal of «پرداخت قسط», or null to answer the gateway form. */
let payRefusal: { status: number; body: { message: string } } | null = null;

let api: Awaited<ReturnType<typeof startApiServer>>;
beforeAll(async () => {
  api = await startApiServer(25129, ({ method, url }) => {
    if (url.pathname === '/api/site-information') return { data: { comments_enabled: true, tickets_enabled: true, selling_enabled: sellingEnabled } };
    if (method === 'GET' && url.pathname === '/api/instalment-purchases') return { data: purchases };
    const pay = /^\/api\/instalments\/(\d+)\/pay$/.exec(url.pathname);
    if (method !== 'POST' || !pay) return undefined;
    if (payRefusal) return payRefusal;
    const purchase = purchases.find((p) => p.instalments.some((part) => part.id === Number(pay[1])))!;
    const order = { id: 77, payment_status: 'unpaid', source: 'instalment', total_price: 100_000 };
    return { data: { purchase, order, payment: { action: '/api/payments/start', token: `tok-${pay[1]}` } } };
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
  purchases = seed();
  sellingEnabled = true;
  payRefusal = null;
});

const renderInstalments = () => renderPage(<ProfilePage />, { url: '/profile#instalments', path: '/profile', user: aUser() });
const purchaseOf = async (title: string) => (await screen.findByRole('link', { name: title })).closest('section')!;
const partsOf = async (title: string) => within(await screen.findByRole('list', { name: `جدول اقساط «${title}»` })).getAllByRole('listitem');
const payButtons = () => screen.queryAllByRole('button', { name: /^پرداخت قسط/ });
const posted = () => api.seen.filter((r) => r.method === 'POST').map((r) => r.url.pathname);

describe('ProfilePage #instalments «اقساط» (issue 36 item 2)', () => {
  it('shows each purchase with its course, status, progress and schedule: Persian digits, Jalali dates and states', async () => {
    renderInstalments();
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('اقساط');
    const typescript = await purchaseOf('دوره جامع تایپ‌اسکریپت');
    expect(within(typescript).getByRole('link', { name: 'دوره جامع تایپ‌اسکریپت' }).getAttribute('href')).toBe('/products/4');
    expect(typescript.textContent).toContain('فعال');
    expect(typescript.textContent).toContain('۲ از ۳ قسط پرداخت شده — ۲۱۰٬۰۰۰ از ۳۰۰٬۰۰۰ تومان');
    expect(within(typescript).getByRole('progressbar', { name: 'پرداخت اقساط «دوره جامع تایپ‌اسکریپت»' }).getAttribute('aria-valuenow')).toBe('70');
    expect(within(typescript).queryByRole('alert')).toBeNull();

    const [first, second, third] = await partsOf('دوره جامع تایپ‌اسکریپت');
    expect(second!.textContent).toContain('قسط ۲');
    expect(second!.textContent).toContain('۹۰٬۰۰۰ تومان');
    expect(formatJalaliDate('2026-11-20T08:00:00Z')).toBe('۲۹ آبان ۱۴۰۵');
    expect(second!.textContent).toContain('سررسید ۲۹ آبان ۱۴۰۵');
    expect(within(second!).getByText('۲۹ آبان ۱۴۰۵').getAttribute('dateTime')).toBe('2026-11-20T08:00:00Z');
    expect(second!.textContent).toContain('پرداخت‌شده');
    expect(formatJalaliDate('2026-11-22T11:00:00Z')).toBe('۱ آذر ۱۴۰۵');
    expect(second!.textContent).toContain('پرداخت در ۱ آذر ۱۴۰۵');
    expect(first!.textContent).toContain('۱۲۰٬۰۰۰ تومان');
    expect(third!.textContent).toContain(`سررسید ${formatJalaliDate(purchases[0]!.instalments[2]!.due_at)}`);
    expect(third!.textContent).toContain('سررسید نشده');
    // Only the next unpaid part of each purchase not cancelled can be paid: parts are paid in order.
    expect(within(first!).queryByRole('button')).toBeNull();
    expect(within(second!).queryByRole('button')).toBeNull();
    expect(within(third!).getByRole('button', { name: 'پرداخت قسط ۳ «دوره جامع تایپ‌اسکریپت»' }).textContent).toBe('پرداخت قسط');
    expect(payButtons().map((button) => button.getAttribute('aria-label'))).toEqual(['پرداخت قسط ۳ «دوره جامع تایپ‌اسکریپت»', 'پرداخت قسط ۲ «کارگاه گیت»']);

    const [, paused, overdue, upcoming] = await partsOf('کارگاه گیت');
    expect(paused!.textContent).toContain('متوقف‌کننده دسترسی');
    expect(overdue!.textContent).toContain('معوق');
    // Due two days ago with five days of grace: three days left before it pauses access.
    expect(overdue!.textContent).toContain('۳ روز مهلت تا توقف دسترسی');
    expect(upcoming!.textContent).toContain('سررسید نشده');

    const react = await purchaseOf('دوره ری‌اکت');
    expect(react.textContent).toContain('لغوشده');
    expect(react.textContent).toContain('۱ از ۲ قسط پرداخت شده — ۵۰٬۰۰۰ از ۱۰۰٬۰۰۰ تومان');
    const [, unpaidOfCancelled] = await partsOf('دوره ری‌اکت');
    expect(unpaidOfCancelled!.textContent).toContain('لغوشده');
    expect(unpaidOfCancelled!.textContent).not.toContain('متوقف‌کننده دسترسی');
    expect(within(react).queryByRole('button')).toBeNull();

    expect(api.seen.filter((r) => r.url.pathname === '/api/instalment-purchases')).toHaveLength(1);
  });

  it('warns when a missed part pauses access, and names a purchase waiting for its first part', async () => {
    purchases = [
      aPurchase({
        id: 4,
        product: { id: 7, title: 'دوره داکر' },
        status: 'pending',
        has_access: false,
        instalments: [aPart({ id: 41, number: 1, amount: 150_000, due_at: fromNow(0), state: 'overdue' }), aPart({ id: 42, number: 2, amount: 150_000, due_at: fromNow(30), state: 'upcoming' })],
      }),
      ...seed(),
    ];
    renderInstalments();
    const git = await purchaseOf('کارگاه گیت');
    expect(within(git).getByRole('alert').textContent).toBe('دسترسی شما به این دوره تا پرداخت قسط معوق متوقف است.');
    expect(within(await purchaseOf('دوره جامع تایپ‌اسکریپت')).queryByText(/متوقف است/)).toBeNull();

    const docker = await purchaseOf('دوره داکر');
    expect(docker.textContent).toContain('در انتظار پرداخت قسط اول');
    expect(docker.textContent).toContain('۰ از ۲ قسط پرداخت شده — ۰ از ۳۰۰٬۰۰۰ تومان');
    expect(docker.textContent).not.toContain('متوقف است');
    expect(within(docker).getByRole('button', { name: 'پرداخت قسط ۱ «دوره داکر»' })).toBeTruthy();
  });

  it('«پرداخت قسط» asks for the part’s payment, posts the gateway form with its token, then the cart page follows the order', async () => {
    const user = userEvent.setup();
    renderInstalments();
    const [, paused] = await partsOf('کارگاه گیت');
    await user.click(within(paused!).getByRole('button', { name: 'پرداخت قسط ۲ «کارگاه گیت»' }));
    await waitFor(() => expect(currentLocation()).toBe('/shopping-cart?order_id=77'));
    expect(posted()).toEqual(['/api/instalments/22/pay']);
    expect(submitted).toEqual([{ action: 'http://127.0.0.1:25129/api/payments/start', target: '_blank', fields: { token: 'tok-22' } }]);
  });

  it('shows the server’s 422 under the part instead of opening the gateway', async () => {
    const notNext = 'قسط‌ها به ترتیب پرداخت می‌شوند؛ ابتدا قسط ۲ را بپردازید.';
    payRefusal = { status: 422, body: { message: notNext } };
    const user = userEvent.setup();
    renderInstalments();
    const [, , third] = await partsOf('دوره جامع تایپ‌اسکریپت');
    await user.click(within(third!).getByRole('button', { name: 'پرداخت قسط ۳ «دوره جامع تایپ‌اسکریپت»' }));
    expect((await within(third!).findByRole('alert')).textContent).toBe(notNext);
    expect(posted()).toEqual(['/api/instalments/33/pay']);
    expect(submitted).toEqual([]);
    expect(currentLocation()).toBe('/profile#instalments');
  });

  it('offers no «پرداخت قسط» while selling is off, with a note in its place', async () => {
    sellingEnabled = false;
    renderInstalments();
    await partsOf('کارگاه گیت');
    await waitFor(() => expect(payButtons()).toEqual([]));
    expect(screen.getAllByText('پرداخت قسط‌ها تا بازگشایی فروش دوره‌ها ممکن نیست.')).toHaveLength(2);
  });

  it('shows a friendly note when nothing was bought in parts', async () => {
    purchases = [];
    renderInstalments();
    expect(await screen.findByText(/هنوز دوره‌ای را اقساطی نخریده‌اید/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'مشاهده دوره‌ها' }).getAttribute('href')).toBe('/products');
    expect(screen.queryByRole('list')).toBeNull();
  });
});
