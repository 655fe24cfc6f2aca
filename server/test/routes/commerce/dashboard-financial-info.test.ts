import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  SALES_PERIODS,
  type DashboardOrder,
  type Paginated,
  type Refund,
  type SalesPeriod,
  type SalesSummaryAnswer,
} from '@shop/contracts';
import { products } from '../../../src/modules/commerce/tables';
import { users } from '../../../src/modules/users/tables';
import { insertOrders } from '../../../src/seed/orders';
import { periodRange } from '../../../src/lib/jalali-periods';
import { getSalesOverview, getSalesSummary } from '../../../src/modules/commerce/sales-summary-service';
import { hashPassword } from '../../../src/lib/passwords';
import { hasBoughtProduct } from '../../../src/modules/commerce/ownership';
import { createUser, grantPermissions } from '../../../src/modules/users/users-service';
import { DB_TARGETS, buildTestApp, csrfHeaders, loginToken } from '../../helpers/test-app';

const BASE = '/api/dashboard/financial-info';
const MANUAL = `${BASE}/list-of-products-added-to-users`;
const REFUNDS = `${BASE}/money-refund-status`;
const ZERO_NOTE = 'قیمت صفر ممکن است به این معنا باشد که دوره به صورت دستی به کاربر افزوده شده است.';

describe.each(DB_TARGETS)('dashboard financial info API on %s', (target) => {
  let app: FastifyInstance;
  let superToken: string;
  let staffToken: string;
  let financeToken: string;
  let userId: number;
  let catalog: Array<{ id: number; title: string; price: number }>;

  beforeAll(async () => {
    app = await buildTestApp(target);
    // Staff who may see financial info but not refund.
    const finance = await createUser(app.db, {
      full_name: 'کارمند مالی',
      email: 'finance@example.com',
      password_hash: await hashPassword('Finance12345'),
      status: 'staff',
      email_verified_at: new Date(),
    });
    await grantPermissions(app.db, finance.id, ['show-financial-info']);
    [superToken, staffToken, financeToken] = await Promise.all([
      loginToken(app, 'super@example.com', 'Super12345'),
      loginToken(app, 'staff@example.com', 'Staff12345'),
      loginToken(app, 'finance@example.com', 'Finance12345'),
    ]);
    const [user] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, 'user@example.com'));
    userId = user!.id;
    catalog = await app.db.select({ id: products.id, title: products.title, price: products.price }).from(products).orderBy(products.id);
  });
  afterAll(() => app.close());

  const call = (options: InjectOptions, token: string | null = superToken) =>
    app.inject({ ...options, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...options.headers } });
  const ok = async <T>(options: InjectOptions, status = 200): Promise<T> => {
    const response = await call(options);
    expect({ status: response.statusCode, body: response.json() }).toMatchObject({ status });
    return response.json<T>();
  };
  const listOrders = (query = '') => ok<Paginated<DashboardOrder>>({ url: `${BASE}/orders${query}` });
  const owns = (productId: number, who = userId) => hasBoughtProduct(app.db, who, productId);
  const userOrder = async () => (await listOrders(`?q=user@example.com&payment_status=paid&source=checkout`)).data[0]!;
  const unownedProduct = async (who = userId) => {
    for (const product of catalog) if (!(await owns(product.id, who))) return product;
    throw new Error('the user owns every product');
  };

  describe('permissions', () => {
    const endpoints: InjectOptions[] = [
      { url: `${BASE}/orders` },
      { url: `${BASE}/orders/1` },
      { method: 'PUT', url: `${BASE}/orders/1`, payload: { payment_status: 'paid' } },
      { url: MANUAL },
      { method: 'POST', url: MANUAL, payload: {} },
      { method: 'PUT', url: `${MANUAL}/1`, payload: {} },
      { method: 'DELETE', url: `${MANUAL}/1` },
      { url: REFUNDS },
      { method: 'POST', url: REFUNDS, payload: {} },
      { url: `${BASE}/sales?period=year` },
      { url: `${BASE}/refunds?period=bogus` },
    ];

    it('answers 401 to visitors and 403 forbidden to ordinary users and staff without the permission', async () => {
      const userToken = await loginToken(app, 'user@example.com', 'User12345');
      const csrf = await csrfHeaders(app);
      for (const endpoint of endpoints) {
        expect((await call({ ...endpoint, headers: csrf }, null)).statusCode).toBe(401);
        for (const token of [userToken, staffToken]) {
          const response = await call(endpoint, token);
          expect(response.statusCode).toBe(403);
          expect(response.json().message).toContain('forbidden');
        }
      }
    });

    it('lets show-financial-info read orders and summaries but not refunds (manage-refunds)', async () => {
      expect((await call({ url: `${BASE}/orders` }, financeToken)).statusCode).toBe(200);
      expect((await call({ url: `${BASE}/sales` }, financeToken)).statusCode).toBe(200);
      expect((await call({ url: REFUNDS }, financeToken)).statusCode).toBe(403);
      expect((await call({ method: 'POST', url: REFUNDS, payload: {} }, financeToken)).statusCode).toBe(403);
    });
  });

  describe('orders', () => {
    it('lists the seeded orders newest first with buyers, items and the zero-price note', async () => {
      const page = await listOrders('?per_page=50');
      expect(page.meta.total).toBeGreaterThan(100);
      const dates = page.data.map((o) => Date.parse(o.created_at));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      const order = await userOrder();
      expect(order).toMatchObject({
        payment_status: 'paid',
        source: 'checkout',
        total_price: catalog[0]!.price,
        user: { id: userId, full_name: 'کاربر نمونه', email: 'user@example.com', mobile: '+989121234567' },
        items: [
          {
            product_id: catalog[0]!.id,
            title: catalog[0]!.title,
            purchase_price: catalog[0]!.price,
            quantity: 1,
            current_price: catalog[0]!.price,
            product_page: `/products/${catalog[0]!.id}`,
            refunded_at: null,
          },
        ],
      });
      expect(order).not.toHaveProperty('note');
      expect(page.data.filter((o) => o.total_price === 0).every((o) => o.note === ZERO_NOTE)).toBe(true);
    });

    it('filters by payment status and source, and pages', async () => {
      const all = await listOrders();
      const unpaid = await listOrders('?payment_status=unpaid&per_page=50');
      const paid = await listOrders('?payment_status=paid');
      expect(unpaid.data.length).toBeGreaterThan(0);
      expect(unpaid.data.every((o) => o.payment_status === 'unpaid' && o.paid_at === null)).toBe(true);
      expect(unpaid.meta.total + paid.meta.total).toBe(all.meta.total);
      const manual = await listOrders('?source=manual');
      expect(manual.data.length).toBeGreaterThan(0);
      expect(manual.data.every((o) => o.source === 'manual' && o.total_price === 0 && o.note === ZERO_NOTE)).toBe(true);
      const second = await listOrders('?per_page=5&page=2');
      expect(second.meta).toMatchObject({ current_page: 2, per_page: 5, total: all.meta.total });
      expect(second.data.map((o) => o.id)).toEqual((await listOrders('?per_page=10')).data.slice(5).map((o) => o.id));
      expect((await call({ url: `${BASE}/orders?payment_status=maybe` })).statusCode).toBe(422);
    });

    it('searches the buyer by mobile in Persian digits (۰۹۱۲ finds 0912…), name and email', async () => {
      for (const q of ['۰۹۱۲', '٠٩١٢١٢٣', '1234567', 'کاربر نمونه', 'كاربر', 'USER@EXAMPLE']) {
        const found = await listOrders(`?q=${encodeURIComponent(q)}&per_page=50`);
        expect(found.data.length).toBeGreaterThan(0);
        expect(found.data.every((o) => o.user.email === 'user@example.com')).toBe(true);
      }
      const buyers = await listOrders(`?q=${encodeURIComponent('۰۹۳۵۱۰۰')}&per_page=50`);
      expect(buyers.data.length).toBeGreaterThan(0);
      expect(buyers.data.every((o) => o.user.mobile?.startsWith('+98935100'))).toBe(true);
      expect((await listOrders('?q=nobody-here')).meta.total).toBe(0);
    });

    it('gets one order, 404 for an unknown or malformed id', async () => {
      const order = await userOrder();
      expect((await ok<{ data: DashboardOrder }>({ url: `${BASE}/orders/${order.id}` })).data).toEqual(order);
      expect((await call({ url: `${BASE}/orders/999999` })).statusCode).toBe(404);
      expect((await call({ url: `${BASE}/orders/abc` })).statusCode).toBe(404);
    });

    it('edits the payment status: unpaid revokes access, paid grants it again with a new paid_at', async () => {
      const order = await userOrder();
      const productId = order.items[0]!.product_id;
      const put = (payment_status: string) =>
        call({ method: 'PUT', url: `${BASE}/orders/${order.id}`, payload: { payment_status } });
      const unpaid = await put('unpaid');
      expect(unpaid.statusCode).toBe(200);
      expect(unpaid.json().message).toBe('وضعیت پرداخت سفارش ذخیره شد.');
      expect(unpaid.json().data).toMatchObject({ id: order.id, payment_status: 'unpaid', paid_at: null });
      expect(await owns(productId)).toBe(false);
      expect((await put('unpaid')).json().data.payment_status).toBe('unpaid');

      const paid = (await put('paid')).json<{ data: DashboardOrder }>().data;
      expect(paid.payment_status).toBe('paid');
      expect(Date.parse(paid.paid_at!)).toBeGreaterThan(Date.parse(order.paid_at!));
      expect(await owns(productId)).toBe(true);
      // Already paid: nothing changes, paid_at included.
      expect((await put('paid')).json().data.paid_at).toBe(paid.paid_at);

      expect((await put('refunded')).statusCode).toBe(422);
      expect((await call({ method: 'PUT', url: `${BASE}/orders/${order.id}`, payload: {} })).json()).toMatchObject({
        errors: { payment_status: ['این فیلد الزامی است.'] },
      });
      expect((await call({ method: 'PUT', url: `${BASE}/orders/999999`, payload: { payment_status: 'paid' } })).statusCode).toBe(404);
    });
  });

  describe('products added to users', () => {
    it('adds a course at price 0, refuses a duplicate, changes it and deletes it', async () => {
      const product = await unownedProduct();
      const created = await call({ method: 'POST', url: MANUAL, payload: { user_id: userId, product_id: product.id } });
      expect(created.statusCode).toBe(201);
      const order = created.json<{ message: string; data: DashboardOrder }>();
      expect(order.message).toBe('دوره به حساب کاربر افزوده شد.');
      expect(order.data).toMatchObject({
        source: 'manual',
        payment_status: 'paid',
        total_price: 0,
        note: ZERO_NOTE,
        user: { id: userId },
        items: [{ product_id: product.id, title: product.title, purchase_price: 0, current_price: product.price }],
      });
      expect(await owns(product.id)).toBe(true);
      expect((await ok<Paginated<DashboardOrder>>({ url: MANUAL })).data[0]!.id).toBe(order.data.id);
      expect((await ok<{ data: DashboardOrder }>({ url: `${MANUAL}/${order.data.id}` })).data).toEqual(order.data);
      // A checkout order is not a manual one.
      expect((await call({ url: `${MANUAL}/${(await userOrder()).id}` })).statusCode).toBe(404);

      const duplicate = await call({ method: 'POST', url: MANUAL, payload: { user_id: userId, product_id: product.id } });
      expect(duplicate.statusCode).toBe(422);
      expect(duplicate.json()).toEqual({
        message: 'اطلاعات وارد شده معتبر نیست.',
        errors: { product_id: ['این کاربر این دوره را از قبل دارد.'] },
      });

      const other = await unownedProduct();
      const changed = await call({ method: 'PUT', url: `${MANUAL}/${order.data.id}`, payload: { product_id: other.id } });
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data.items).toMatchObject([{ product_id: other.id, title: other.title, purchase_price: 0 }]);
      expect(await owns(product.id)).toBe(false);
      expect(await owns(other.id)).toBe(true);
      const toOwned = await call({ method: 'PUT', url: `${MANUAL}/${order.data.id}`, payload: { product_id: catalog[0]!.id } });
      expect(toOwned.statusCode).toBe(422);
      expect(toOwned.json().errors).toEqual({ product_id: ['این کاربر این دوره را از قبل دارد.'] });

      const removed = await call({ method: 'DELETE', url: `${MANUAL}/${order.data.id}` });
      expect(removed.json()).toEqual({ message: 'دوره از حساب کاربر برداشته شد.' });
      expect(await owns(other.id)).toBe(false);
      expect((await call({ method: 'DELETE', url: `${MANUAL}/${order.data.id}` })).statusCode).toBe(404);
      expect((await call({ method: 'DELETE', url: `${MANUAL}/${(await userOrder()).id}` })).statusCode).toBe(404);
    });

    it('answers 422 per field for unknown users and courses and bad bodies', async () => {
      const unknown = await call({ method: 'POST', url: MANUAL, payload: { user_id: 999999, product_id: 999999 } });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors).toEqual({
        user_id: ['کاربری با این شناسه یافت نشد.'],
        product_id: ['دوره‌ای با این شناسه یافت نشد.'],
      });
      const missing = await call({ method: 'POST', url: MANUAL, payload: { user_id: userId } });
      expect(missing.json()).toMatchObject({ errors: { product_id: ['این فیلد الزامی است.'] } });
      expect((await call({ method: 'POST', url: MANUAL, payload: { user_id: 'x', product_id: 1 } })).statusCode).toBe(422);
      expect((await call({ method: 'POST', url: MANUAL, payload: { user_id: 0, product_id: 1 } })).statusCode).toBe(422);
    });
  });

  describe('refunds', () => {
    const refund = (order_item_id: number, confirmation: string) =>
      call({ method: 'POST', url: REFUNDS, payload: { order_item_id, confirmation } });

    it('refunds with «yes» once: access ends, the list shows it, a second refund is 422; buying again works', async () => {
      const order = await userOrder();
      const item = order.items[0]!;
      const wrong = await refund(item.id, 'no');
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toEqual({
        message: 'اطلاعات وارد شده معتبر نیست.',
        errors: { confirmation: ['برای تأیید بازگشت وجه، کلمه «yes» یا «بله» را بنویسید.'] },
      });
      expect(await owns(item.product_id)).toBe(true);
      const userToken = await loginToken(app, 'user@example.com', 'User12345');
      const boughtIds = async () =>
        (await call({ url: '/api/bought-products' }, userToken)).json<{ data: Array<{ id: number }> }>().data.map((p) => p.id);
      expect(await boughtIds()).toContain(item.product_id);

      // Concurrent refunds of one item: exactly one succeeds.
      const answers = await Promise.all(Array.from({ length: 8 }, () => refund(item.id, ' YES ')));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422, 422, 422, 422, 422, 422, 422]);
      const done = answers.find((a) => a.statusCode === 201)!.json<{ message: string; data: Refund }>();
      expect(done.message).toBe('وجه بازگردانده شد و دوره از حساب کاربر برداشته شد.');
      expect(done.data).toMatchObject({
        order_item_id: item.id,
        order_id: order.id,
        product_id: item.product_id,
        title: item.title,
        amount: item.purchase_price,
        user: { id: userId, email: 'user@example.com' },
        refunded_by: { full_name: 'مدیر سایت' },
      });
      expect(answers.find((a) => a.statusCode === 422)!.json()).toEqual({
        message: 'وجه این مورد قبلاً بازگردانده شده است.',
        errors: { order_item_id: ['وجه این مورد قبلاً بازگردانده شده است.'] },
      });
      expect(await owns(item.product_id)).toBe(false);
      expect(await boughtIds()).not.toContain(item.product_id);

      const list = await ok<Paginated<Refund>>({ url: REFUNDS });
      expect(list.data[0]).toEqual(done.data);
      expect(list.meta.total).toBeGreaterThanOrEqual(2); // the seeded refund too
      expect((await ok<Paginated<Refund>>({ url: `${REFUNDS}?q=${encodeURIComponent('۰۹۱۲')}` })).data.map((r) => r.order_item_id)).toEqual([item.id]);
      const refundedOrder = (await ok<{ data: DashboardOrder }>({ url: `${BASE}/orders/${order.id}` })).data;
      expect(refundedOrder.items[0]).toMatchObject({ refund_amount: item.purchase_price, refunded_at: done.data.refunded_at });

      // Buying again is a new order (here one added by hand).
      const again = await call({ method: 'POST', url: MANUAL, payload: { user_id: userId, product_id: item.product_id } });
      expect(again.statusCode).toBe(201);
      expect(await owns(item.product_id)).toBe(true);
    });

    it('accepts «بله», refuses items of unpaid orders and unknown items', async () => {
      const unpaid = (await listOrders('?payment_status=unpaid')).data[0]!;
      const notPaid = await refund(unpaid.items[0]!.id, 'yes');
      expect(notPaid.statusCode).toBe(422);
      expect(notPaid.json()).toEqual({
        message: 'این مورد پرداخت نشده است و بازگشت وجه ندارد.',
        errors: { order_item_id: ['این مورد پرداخت نشده است و بازگشت وجه ندارد.'] },
      });
      expect((await refund(999999, 'yes')).json().errors).toEqual({ order_item_id: ['این مورد در هیچ سفارشی یافت نشد.'] });
      expect((await call({ method: 'POST', url: REFUNDS, payload: { order_item_id: 1 } })).json().errors).toEqual({
        confirmation: ['این فیلد الزامی است.'],
      });

      const paid = (await listOrders('?payment_status=paid&source=checkout&per_page=50')).data.find(
        (o) => o.total_price > 0 && o.items.every((i) => i.refunded_at === null),
      )!;
      const persian = await refund(paid.items[0]!.id, 'بله');
      expect(persian.statusCode).toBe(201);
      expect(await owns(paid.items[0]!.product_id, paid.user.id)).toBe(
        // The buyer may own it through another order; this item no longer counts.
        (await listOrders(`?q=${paid.user.email}&payment_status=paid&per_page=50`)).data.some((o) =>
          o.items.some((i) => i.product_id === paid.items[0]!.product_id && i.refunded_at === null),
        ),
      );
    });
  });

  describe('sales and refund summaries', () => {
    it('sums known sales and refunds per Jalali period, with totals and a daily series', async () => {
      const [product] = await app.db
        .insert(products)
        .values({ title: 'دوره آزمایشی گزارش فروش', slug: 'summary-test-course', price: 1000 })
        .returning({ id: products.id, title: products.title, price: products.price });
      const now = new Date();
      const starts = SALES_PERIODS.filter((p) => p !== 'all').map((p) => periodRange(p, now).from!);
      const yearStart = periodRange('year', now).from!;
      // One paid sale at each period's first instant (inclusive) and one just before the year.
      const saleTimes = [...starts, new Date(yearStart.getTime() - 1)];
      const refundAt = periodRange('day', now).from!;
      const orderIds = await insertOrders(app.db, [
        ...saleTimes.map((at, i) => ({
          userId,
          createdAt: at,
          paidAt: at,
          items: [{ product: product!, ...(i === 0 ? { refundedAt: refundAt } : {}) }],
        })),
        { userId, createdAt: now, paidAt: null, items: [{ product: product! }] },
        { userId, source: 'manual' as const, createdAt: refundAt, paidAt: refundAt, items: [{ product: { ...product!, price: 0 } }] },
      ]);

      const summary = (kind: 'sales' | 'refunds', period: SalesPeriod) =>
        ok<SalesSummaryAnswer>({ url: `${BASE}/${kind}?period=${period}` });
      for (const period of SALES_PERIODS) {
        const { from, to } = periodRange(period, now);
        const sales = await summary('sales', period);
        const expected = saleTimes.filter((t) => !from || t >= from).length;
        // The manual order is no sale: it is counted apart, inside today (issue 22 item 10).
        expect(sales.data.find((r) => r.product_id === product!.id)).toEqual({
          product_id: product!.id,
          product_name: 'دوره آزمایشی گزارش فروش',
          count: expected,
          total: expected * 1000,
          discount: 0,
          net: expected * 1000,
          outstanding: 0,
        });
        expect(sales.meta.given_count).toBeGreaterThanOrEqual(1);
        expect(sales.meta).toMatchObject({ period, from: from?.toISOString() ?? null, to: to.toISOString() });
        expect(sales.meta.total_count).toBe(sales.data.reduce((n, r) => n + r.count, 0));
        expect(sales.meta.total_amount).toBe(sales.data.reduce((n, r) => n + r.total, 0));
        const totals = sales.data.map((r) => r.total);
        expect(totals).toEqual([...totals].sort((a, b) => b - a));
        if (period !== 'all') {
          expect(sales.series.reduce((n, d) => n + d.total, 0)).toBe(sales.meta.total_amount);
          expect(sales.series[0]!.date).toBe(from!.toISOString());
        }
        expect(sales.series.length).toBeLessThanOrEqual(366);
        expect(Date.parse(sales.series.at(-1)!.date)).toBeLessThan(to.getTime());

        const refunds = await summary('refunds', period);
        expect(refunds.data.find((r) => r.product_id === product!.id)).toEqual({
          product_id: product!.id,
          product_name: 'دوره آزمایشی گزارش فروش',
          count: 1,
          total: 1000,
          discount: 0,
          net: 1000,
          outstanding: 0,
        });
      }
      // A staff edit of an old order updates the rolled-up days at once.
      const productRow = async (kind: 'sales' | 'refunds') =>
        (await summary(kind, 'all')).data.find((r) => r.product_id === product!.id)!;
      const before = await productRow('sales');
      const sixMonthsOrder = orderIds[SALES_PERIODS.indexOf('six-months') - 1]!;
      const setStatus = (payment_status: string) =>
        ok({ method: 'PUT', url: `${BASE}/orders/${sixMonthsOrder}`, payload: { payment_status } });
      await setStatus('unpaid');
      expect(await productRow('sales')).toMatchObject({ count: before.count - 1, total: before.total - 1000 });
      await setStatus('paid');
      expect(await productRow('sales')).toMatchObject({ count: before.count, total: before.total });
      // Paid again now, the order is today's sale, beside the sales made at today's start: the day's,
      // and on the first day of a Jalali week, month… that period's too (a Saturday: the week's).
      const dayFrom = periodRange('day', now).from!;
      const today = saleTimes.filter((at, i) => at >= dayFrom && orderIds[i] !== sixMonthsOrder).length + 1;
      expect((await summary('sales', 'day')).data.find((r) => r.product_id === product!.id)!.total).toBe(today * 1000);

      const day = await summary('sales', 'day');
      expect(day.series).toHaveLength(1);
      expect(day.series[0]!.count).toBe(day.meta.total_count);
      expect((await call({ url: `${BASE}/sales?period=decade` })).statusCode).toBe(422);
      expect((await summary('refunds', 'all')).meta.given_count).toBe(0);
      expect((await ok<SalesSummaryAnswer>({ url: `${BASE}/sales` })).meta.period).toBe('all');
    });

    it('counts a course given by hand apart: no sale, no 0-toman row, one more given (issue 22 item 10)', async () => {
      const summary = () => ok<SalesSummaryAnswer>({ url: `${BASE}/sales?period=day` });
      const before = await summary();
      const product = await unownedProduct();
      const added = await ok<{ data: DashboardOrder }>({ method: 'POST', url: MANUAL, payload: { user_id: userId, product_id: product.id } }, 201);
      const after = await summary();
      expect(after.data).toEqual(before.data);
      expect(after.meta).toMatchObject({ total_count: before.meta.total_count, total_amount: before.meta.total_amount });
      expect(after.meta.given_count).toBe(before.meta.given_count + 1);
      expect(after.series).toEqual(before.series);
      // The dashboard home counts sales as the summaries do: the gift is not sold today.
      const home = await ok<{ data: { sales: { today: number } } }>({ url: '/api/dashboard/overview' });
      expect(home.data.sales.today).toBe(after.meta.total_amount);
      await ok({ method: 'DELETE', url: `${MANUAL}/${added.data.id}` });
      expect((await summary()).meta.given_count).toBe(before.meta.given_count);
    });

    it('puts a sale paid just after Tehran midnight on that Tehran day, in the summaries and the home chart (issue 22 item 6)', async () => {
      // 5 Azar 1405, 03:02 in Tehran = 2026-11-25T23:32Z; asked eight minutes later.
      const paidAt = new Date('2026-11-25T23:32:00Z');
      const now = new Date('2026-11-25T23:40:00Z');
      const azar5 = '2026-11-25T20:30:00.000Z';
      const [product] = await app.db
        .insert(products)
        .values({ title: 'دوره نیمه‌شب تهران', slug: 'tehran-midnight-course', price: 7000 })
        .returning({ id: products.id, title: products.title, price: products.price });
      const day = () => getSalesSummary(app.db, 'sales', 'day', now);
      const dayBefore = await day();
      await insertOrders(app.db, [{ userId, createdAt: paidAt, paidAt, items: [{ product: product! }] }]);
      const daySummary = await day();
      expect(daySummary.meta).toMatchObject({ from: azar5, to: '2026-11-26T20:30:00.000Z' });
      expect(daySummary.data.find((r) => r.product_id === product!.id)).toMatchObject({ count: 1, total: 7000 });
      expect(daySummary.series).toEqual([{ date: azar5, count: dayBefore.series[0]!.count + 1, total: dayBefore.series[0]!.total + 7000 }]);
      // The week and month charts draw it on 5 Azar, not on 4 Azar.
      for (const period of ['week', 'month'] as const) {
        const { series } = await getSalesSummary(app.db, 'sales', period, now);
        expect(series.at(-1)).toMatchObject({ date: azar5 });
        expect(series.at(-1)!.total).toBeGreaterThanOrEqual(7000);
        expect(series.at(-2)).toMatchObject({ date: '2026-11-24T20:30:00.000Z' });
      }
      const overview = await getSalesOverview(app.db, now);
      expect(overview.last_30_days).toHaveLength(30);
      expect(overview.last_30_days.at(-1)).toEqual(daySummary.series[0]);
      expect(overview.today).toBe(daySummary.meta.total_amount);
    });

    it('starts every period at a Tehran midnight (issue 22 item 6)', async () => {
      for (const period of SALES_PERIODS.filter((p) => p !== 'all')) {
        const { meta } = await ok<SalesSummaryAnswer>({ url: `${BASE}/sales?period=${period}` });
        for (const instant of [meta.from!, meta.to]) {
          const tehran = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tehran', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
          expect(tehran.format(new Date(instant))).toBe('00:00');
        }
      }
    });
  });
});
