import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { BoughtProduct, Cart, CheckoutAnswer, Order } from '@shop/contracts';
import { discountCodes, payments } from '../../../src/modules/commerce/tables';
import { auditActor } from '../../../src/modules/audit/audit-log';
import { createDiscountCode } from '../../../src/modules/commerce/discount-codes';
import { DB_TARGETS, buildTestApp, csrfHeaders } from '../../helpers/test-app';
import { aDiscountCodeForm, addToCart, callback, checkout, newBuyer, newCourse, type Buyer } from '../../helpers/commerce-fixtures';

describe.each(DB_TARGETS)('payments (sandbox gateway) on %s', (target) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(target, { seed: false });
  });
  afterAll(() => app.close());

  /** A buyer with an unpaid order of one course at `price` tomans. */
  async function pendingOrder(price = 150_000) {
    const buyer = await newBuyer(app);
    const course = await newCourse(app, { price });
    await addToCart(app, buyer, course.id);
    const { order, payment } = (await checkout(app, buyer)).json<{ data: CheckoutAnswer }>().data;
    return { buyer, course, order, token: payment!.token };
  }
  const orderOf = async (buyer: Buyer, id: number) =>
    (await app.inject({ url: `/api/orders/${id}`, headers: buyer.headers })).json<{ data: Order }>().data;
  const bought = async (buyer: Buyer) =>
    (await app.inject({ url: '/api/bought-products', headers: buyer.headers })).json<{ data: BoughtProduct[] }>().data;
  const attempt = async (token: string) => (await app.db.select().from(payments).where(eq(payments.authority, token)))[0]!;

  it('opens the sandbox page from the hidden form and shows the amount in tomans with two buttons', async () => {
    const { token } = await pendingOrder(1_250_000);
    const start = await app.inject({
      method: 'POST',
      url: '/api/payments/start',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(token)}`,
    });
    expect(start.statusCode).toBe(303);
    expect(start.headers.location).toBe(`/api/payments/sandbox/${token}`);
    const page = await app.inject({ url: start.headers.location as string });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<html lang="fa" dir="rtl">');
    expect(page.body).toContain('۱٬۲۵۰٬۰۰۰ تومان');
    expect(page.body).toContain(`href="/api/payments/callback?Authority=${token}&amp;Status=OK">پرداخت</a>`);
    expect(page.body).toContain(`href="/api/payments/callback?Authority=${token}&amp;Status=NOK">انصراف</a>`);
  });

  it('answers 404 for an unknown token and 422 for a missing one on start and on the page', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const unknown = await app.inject({ method: 'POST', url: '/api/payments/start', headers: form, payload: 'token=nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('تراکنشی با این مشخصات یافت نشد.');
    expect((await app.inject({ method: 'POST', url: '/api/payments/start', headers: form, payload: '' })).statusCode).toBe(422);
    expect((await app.inject({ method: 'POST', url: '/api/payments/start', headers: form, payload: 'x'.repeat(5000) })).statusCode).toBe(413);
    expect((await app.inject({ url: '/api/payments/sandbox/nope' })).statusCode).toBe(404);
  });

  it('pays once: the order is paid, the course owned and out of the cart; a replay answers 409', async () => {
    const { buyer, course, order, token } = await pendingOrder();
    const response = await callback(app, buyer, token);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/shopping-cart?payment=paid&order_id=${order.id}`);
    expect(await orderOf(buyer, order.id)).toMatchObject({ payment_status: 'paid', paid_at: expect.any(String) });
    expect(await attempt(token)).toMatchObject({ status: 'paid', ref_id: expect.stringMatching(/^SANDBOX-/) });
    expect((await bought(buyer)).map((p) => p.id)).toEqual([course.id]);
    expect((await app.inject({ url: '/api/cart', headers: buyer.headers })).json<{ data: Cart }>().data.items).toEqual([]);
    for (const status of ['OK', 'NOK'] as const) {
      const replay = await callback(app, buyer, token, status);
      expect(replay.statusCode).toBe(409);
      expect(replay.json().message).toBe('این تراکنش قبلاً بررسی شده است.');
    }
  });

  it('cancels on NOK: the order stays unpaid and the browser returns to the cart with payment=failed', async () => {
    const { buyer, order, token } = await pendingOrder();
    const response = await callback(app, buyer, token, 'NOK');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/shopping-cart?payment=failed&order_id=${order.id}`);
    expect((await orderOf(buyer, order.id)).payment_status).toBe('unpaid');
    expect((await attempt(token)).status).toBe('cancelled');
    expect(await bought(buyer)).toEqual([]);
    // The owner's order says so, so the cart page shows the cancellation, then and later (issue 22 item 9).
    expect((await orderOf(buyer, order.id)).payments).toEqual([
      expect.objectContaining({ status: 'cancelled', gateway: 'sandbox', amount: order.total_price, ref_id: null, verified_at: expect.any(String) }),
    ]);
  });

  it('refuses visitors (401), another user (403), unknown authorities (404) and bad queries (422)', async () => {
    const { buyer, order, token } = await pendingOrder();
    expect((await app.inject({ url: `/api/payments/callback?Authority=${token}&Status=OK` })).statusCode).toBe(401);
    const stranger = await newBuyer(app);
    const foreign = await callback(app, stranger, token);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('forbidden: این سفارش متعلق به حساب شما نیست.');
    const unknown = await callback(app, buyer, 'SBXunknown');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('تراکنشی با این مشخصات یافت نشد.');
    for (const query of ['', `?Authority=${token}`, `?Authority=${token}&Status=MAYBE`]) {
      expect((await app.inject({ url: `/api/payments/callback${query}`, headers: buyer.headers })).statusCode).toBe(422);
    }
    expect((await orderOf(buyer, order.id)).payment_status).toBe('unpaid');
    expect((await attempt(token)).status).toBe('pending');
  });

  it('leaves the order unpaid, fails the attempt and answers 422 when the verified amount differs', async () => {
    const { buyer, order, token } = await pendingOrder(100_000);
    // The sandbox verifies the amount stored for the attempt: make it differ from the order's total.
    await app.db.update(payments).set({ amount: 1_000 }).where(eq(payments.authority, token));
    const response = await callback(app, buyer, token);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('مبلغ پرداخت‌شده با مبلغ سفارش برابر نیست؛ سفارش پرداخت‌نشده باقی ماند.');
    expect((await orderOf(buyer, order.id)).payment_status).toBe('unpaid');
    expect((await attempt(token)).status).toBe('failed');
    expect(await bought(buyer)).toEqual([]);
  });

  it('grants once when twenty callbacks of one order arrive together', async () => {
    const { buyer, course, order, token } = await pendingOrder();
    const answers = await Promise.all(Array.from({ length: 20 }, () => callback(app, buyer, token)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 303)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(await orderOf(buyer, order.id)).toMatchObject({ payment_status: 'paid' });
    const rows = await app.db.select().from(payments).where(eq(payments.order_id, order.id));
    expect(rows.map((r) => r.status)).toEqual(['paid']);
    const info = await app.inject({ method: 'POST', url: '/api/auth/logged-in-user-info', headers: buyer.headers });
    expect(info.json<{ data: { buyedProducts: BoughtProduct[] } }>().data.buyedProducts.map((p) => p.id)).toEqual([course.id]);
  });

  it('sends the browser back to the order instead of the gateway when its discount code lapsed since checkout (issue 31 item 3)', async () => {
    const buyer = await newBuyer(app);
    await addToCart(app, buyer, (await newCourse(app, { price: 200_000 })).id);
    const code = await createDiscountCode(app.db, aDiscountCodeForm({ value: 10 }), auditActor({ id: 1, full_name: 'آزمون' }, '127.0.0.1'));
    expect((await app.inject({ method: 'PUT', url: '/api/cart/discount-code', headers: buyer.headers, payload: { code: code.code } })).statusCode).toBe(200);
    const { order, payment } = (await checkout(app, buyer)).json<{ data: CheckoutAnswer }>().data;
    expect(order).toMatchObject({ total_price: 180_000, discount_amount: 20_000 });
    await app.db.update(discountCodes).set({ ends_at: new Date(Date.now() - 1000) }).where(eq(discountCodes.id, code.id));
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const start = await app.inject({ method: 'POST', url: '/api/payments/start', headers: form, payload: `token=${payment!.token}` });
    expect(start.statusCode).toBe(303);
    expect(start.headers.location).toBe(`/shopping-cart?payment=discount-lapsed&order_id=${order.id}`);
    // The attempt can never be paid at the old total: it failed, and a callback for it is a replay.
    expect((await attempt(payment!.token)).status).toBe('failed');
    expect((await callback(app, buyer, payment!.token)).statusCode).toBe(409);
    expect((await orderOf(buyer, order.id)).payment_status).toBe('unpaid');
    expect(await bought(buyer)).toEqual([]);
  });

  it('needs no XSRF header to open the gateway (a browser navigation)', async () => {
    const { token } = await pendingOrder();
    const start = await app.inject({
      method: 'POST',
      url: '/api/payments/start',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: (await csrfHeaders(app)).cookie },
      payload: `token=${token}`,
    });
    expect(start.statusCode).toBe(303);
  });
});
