/**
 * Unpaid orders (issue 32 item 2, "Every click on «پرداخت» makes another unpaid order"): the same
 * cart checked out again answers its unpaid order with a new attempt instead of making another,
 * also when the checkouts race; the same courses at other amounts replace the open order, which is
 * cancelled and frees its discount code; the buyer cancels an unpaid order
 * (`POST /api/orders/:id/cancel`), which then cannot be paid nor opened at the gateway, while a
 * payment already under way still wins; the dashboard lists, filters, exports and sets «لغوشده».
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS, type BoughtProduct, type Cart, type CheckoutAnswer, type DashboardOrder, type Order, type Paginated } from '@shop/contracts';
import { auditLog } from '../../../src/modules/audit/tables';
import { orders, payments } from '../../../src/modules/commerce/tables';
import { auditActor } from '../../../src/modules/audit/audit-log';
import { createDiscountCode } from '../../../src/modules/commerce/discount-codes';
import { ensurePermissions } from '../../../src/modules/users/users-service';
import { csvRows } from '../../helpers/csv';
import { newStaff } from '../../helpers/dashboard-actors';
import { DB_TARGETS, csrfHeaders } from '../../helpers/test-app';
import { aDiscountCodeForm, addToCart, buildCheckoutTestApp, callback, checkout, newBuyer, newCourse, type Buyer } from '../../helpers/commerce-fixtures';
import { COMMERCE_MESSAGES } from '../../../src/modules/commerce';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(DB_TARGETS)('unpaid orders (issue 32 item 2) on %s', (target) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildCheckoutTestApp(target);
    await ensurePermissions(app.db, PERMISSIONS);
  });
  afterAll(() => app.close());

  const answerOf = (response: { json: <T>() => T }) => response.json<{ data: CheckoutAnswer }>().data;
  const myOrders = async (who: Buyer) => (await app.inject({ url: '/api/orders', headers: who.headers })).json<Paginated<Order>>().data;
  const orderOf = async (who: Buyer, id: number) => (await app.inject({ url: `/api/orders/${id}`, headers: who.headers })).json<{ data: Order }>().data;
  const cancel = (who: Buyer, id: number | string) => app.inject({ method: 'POST', url: `/api/orders/${id}/cancel`, headers: who.headers });
  const pay = (who: Buyer, id: number) => app.inject({ method: 'POST', url: `/api/orders/${id}/pay`, headers: who.headers });
  const apply = (who: Buyer, code: string) => app.inject({ method: 'PUT', url: '/api/cart/discount-code', headers: who.headers, payload: { code } });
  const newCode = (overrides: Parameters<typeof aDiscountCodeForm>[0] = {}) =>
    createDiscountCode(app.db, aDiscountCodeForm(overrides), auditActor({ id: 1, full_name: 'آزمون' }, '127.0.0.1'));
  const start = (token: string) => app.inject({ method: 'POST', url: '/api/payments/start', headers: FORM, payload: `token=${token}` });
  const attemptStatus = async (token: string) => (await app.db.select({ status: payments.status }).from(payments).where(eq(payments.authority, token)))[0]!.status;

  /** A buyer with a cart of courses at `prices` (tomans). */
  async function cartOf(...prices: number[]) {
    const buyer = await newBuyer(app);
    const courses = [];
    for (const price of prices) {
      const course = await newCourse(app, { price });
      await addToCart(app, buyer, course.id);
      courses.push(course);
    }
    return { buyer, courses };
  }

  it('three clicks on «پرداخت» make one order, each click a new attempt at it; once paid nothing is left unpaid', async () => {
    const { buyer } = await cartOf(120_000, 80_000);
    // Without a key, as after a reload or from another tab.
    const clicks = [];
    for (let i = 0; i < 3; i += 1) clicks.push(await checkout(app, buyer));
    expect(clicks.map((r) => r.statusCode)).toEqual([201, 200, 200]);
    const [first, second, third] = clicks.map(answerOf);
    expect(new Set([first!.order.id, second!.order.id, third!.order.id]).size).toBe(1);
    expect(new Set([first!.payment!.token, second!.payment!.token, third!.payment!.token]).size).toBe(3);
    expect(third!.order).toMatchObject({ payment_status: 'unpaid', total_price: 200_000 });
    expect(third!.order.payments.map((p) => p.status)).toEqual(['pending', 'pending', 'pending']);
    expect((await myOrders(buyer)).map((o) => o.id)).toEqual([first!.order.id]);

    expect((await callback(app, buyer, third!.payment!.token)).headers.location).toBe(`/shopping-cart?payment=paid&order_id=${first!.order.id}`);
    expect((await myOrders(buyer)).map((o) => o.payment_status)).toEqual(['paid']);
  });

  it('answers several checkouts of the same cart at once with one open order', async () => {
    const { buyer } = await cartOf(70_000, 30_000);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => checkout(app, buyer, i % 2 === 0 ? undefined : `plain-${i}`)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const rows = await app.db.select({ id: orders.id, status: orders.payment_status }).from(orders).where(eq(orders.user_id, buyer.id));
    expect(rows).toEqual([{ id: answerOf(answers[0]!).order.id, status: 'unpaid' }]);
  });

  it('answers concurrent checkouts of a cart with a code capped at one use with its one order, none refused', async () => {
    const { buyer } = await cartOf(100_000);
    const code = await newCode({ per_user_cap: 1, total_cap: 1 });
    expect((await apply(buyer, code.code)).statusCode).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => checkout(app, buyer, i % 2 === 0 ? undefined : `race-${i}`)),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((r) => answerOf(r).order.id)).size).toBe(1);
    const rows = await app.db.select({ status: orders.payment_status, discount: orders.discount_amount }).from(orders).where(eq(orders.user_id, buyer.id));
    expect(rows).toEqual([{ status: 'unpaid', discount: 20_000 }]);
    // The cart still shows the code: the open order of this very cart is not another use of it.
    const cart = (await app.inject({ url: '/api/cart', headers: buyer.headers })).json<{ data: Cart }>().data;
    expect(cart).toMatchObject({ discount: { code: code.code, amount: 20_000, problem: null }, total_price: 80_000 });
  });

  it('replaces an open order of the same courses at other amounts: cancelled, its discount code freed for others', async () => {
    const { buyer } = await cartOf(100_000);
    const code = await newCode({ total_cap: 1 });
    expect((await apply(buyer, code.code)).statusCode).toBe(200);
    const held = answerOf(await checkout(app, buyer));
    expect(held.order).toMatchObject({ total_price: 80_000, discount_code: code.code });
    const other = await cartOf(50_000);
    expect((await apply(other.buyer, code.code)).json().message).toBe(COMMERCE_MESSAGES.discountInvalid);

    // The buyer takes the code off and pays the full price: a new order, the held one cancelled.
    await app.inject({ method: 'DELETE', url: '/api/cart/discount-code', headers: buyer.headers });
    const fresh = await checkout(app, buyer);
    expect(fresh.statusCode).toBe(201);
    expect(answerOf(fresh).order).toMatchObject({ total_price: 100_000, discount_code: null });
    expect((await myOrders(buyer)).map((o) => [o.id, o.payment_status])).toEqual([
      [answerOf(fresh).order.id, 'unpaid'],
      [held.order.id, 'cancelled'],
    ]);
    expect((await apply(other.buyer, code.code)).statusCode).toBe(200);
    expect(answerOf(await checkout(app, other.buyer)).order).toMatchObject({ discount_code: code.code, discount_amount: 10_000 });
  });

  it('lets the owner cancel an unpaid order, and refuses others, a cancelled and a paid one in Persian', async () => {
    const { buyer, courses } = await cartOf(150_000);
    const { order, payment } = answerOf(await checkout(app, buyer));
    const stranger = await newBuyer(app);
    for (const id of [order.id, 999_999, 'x']) expect((await cancel(stranger, id)).statusCode).toBe(404);
    const visitor = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/cancel`, headers: await csrfHeaders(app) });
    expect(visitor.statusCode).toBe(401);
    expect((await orderOf(buyer, order.id)).payment_status).toBe('unpaid');

    const cancelled = await cancel(buyer, order.id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ message: 'سفارش لغو شد.', data: { id: order.id, payment_status: 'cancelled', paid_at: null } });
    const again = await cancel(buyer, order.id);
    expect([again.statusCode, again.json().message]).toEqual([422, 'این سفارش قبلاً لغو شده است.']);
    const payAgain = await pay(buyer, order.id);
    expect([payAgain.statusCode, payAgain.json().message]).toEqual([422, COMMERCE_MESSAGES.orderCancelledNotPayable]);
    expect(COMMERCE_MESSAGES.orderCancelledNotPayable).toMatch(/^این سفارش لغو شده است/);

    // Its attempt, sent to the gateway again from an old page, is not opened: nothing was paid yet.
    const opened = await start(payment!.token);
    expect([opened.statusCode, opened.headers.location]).toEqual([303, `/shopping-cart?payment=order-cancelled&order_id=${order.id}`]);
    expect(await attemptStatus(payment!.token)).toBe('cancelled');
    expect((await callback(app, buyer, payment!.token)).statusCode).toBe(409);

    // A cancelled order is not reused: the same cart checked out again is a new order.
    const fresh = await checkout(app, buyer);
    expect(fresh.statusCode).toBe(201);
    expect(answerOf(fresh).order.id).not.toBe(order.id);

    const paidId = answerOf(fresh).order.id;
    expect((await callback(app, buyer, answerOf(fresh).payment!.token)).statusCode).toBe(303);
    const paid = await cancel(buyer, paidId);
    expect([paid.statusCode, paid.json().message]).toEqual([422, 'این سفارش پرداخت شده است و لغو نمی‌شود.']);
    const bought = (await app.inject({ url: '/api/bought-products', headers: buyer.headers })).json<{ data: BoughtProduct[] }>().data;
    expect(bought.map((p) => p.id)).toEqual([courses[0]!.id]);
  });

  it('checks the cart out anew when the Idempotency-Key names a cancelled order', async () => {
    const { buyer } = await cartOf(40_000);
    const first = answerOf(await checkout(app, buyer, 'key-cancelled'));
    expect((await cancel(buyer, first.order.id)).statusCode).toBe(200);
    const again = await checkout(app, buyer, 'key-cancelled');
    expect(again.statusCode).toBe(201);
    expect(answerOf(again).order).toMatchObject({ payment_status: 'unpaid', total_price: 40_000 });
    expect(answerOf(again).order.id).not.toBe(first.order.id);
  });

  it('pays a cancelled order whose payment was already under way: money taken is never lost', async () => {
    const { buyer, courses } = await cartOf(90_000);
    const { order, payment } = answerOf(await checkout(app, buyer));
    expect((await start(payment!.token)).headers.location).toBe(`/api/payments/sandbox/${payment!.token}`);
    expect((await cancel(buyer, order.id)).statusCode).toBe(200);
    // The buyer pays in the gateway tab they had open.
    const back = await callback(app, buyer, payment!.token);
    expect([back.statusCode, back.headers.location]).toEqual([303, `/shopping-cart?payment=paid&order_id=${order.id}`]);
    expect(await orderOf(buyer, order.id)).toMatchObject({ payment_status: 'paid', paid_at: expect.any(String), receipt_number: expect.any(String) });
    const bought = (await app.inject({ url: '/api/bought-products', headers: buyer.headers })).json<{ data: BoughtProduct[] }>().data;
    expect(bought.map((p) => p.id)).toEqual([courses[0]!.id]);
  });

  it('lists, filters and exports cancelled orders as «لغوشده» in the dashboard, and staff may cancel one (audited)', async () => {
    const staff = await newStaff(app, ['show-financial-info']);
    const mine = await cartOf(70_000);
    const cancelledId = answerOf(await checkout(app, mine.buyer)).order.id;
    expect((await cancel(mine.buyer, cancelledId)).statusCode).toBe(200);
    const list = await app.inject({ url: '/api/dashboard/financial-info/orders?payment_status=cancelled&per_page=100', headers: staff });
    expect(list.statusCode).toBe(200);
    const listed = list.json<Paginated<DashboardOrder>>().data;
    expect(listed.map((o) => o.id)).toContain(cancelledId);
    expect(new Set(listed.map((o) => o.payment_status))).toEqual(new Set(['cancelled']));
    const exported = await app.inject({ url: '/api/dashboard/financial-info/orders/export?payment_status=cancelled', headers: staff });
    expect(exported.statusCode).toBe(200);
    const row = csvRows(exported.rawPayload).find((r) => r['شماره سفارش'] === String(cancelledId));
    expect(row?.['وضعیت پرداخت']).toBe('لغوشده');

    const stale = await cartOf(60_000);
    const staleId = answerOf(await checkout(app, stale.buyer)).order.id;
    const set = await app.inject({
      method: 'PUT',
      url: `/api/dashboard/financial-info/orders/${staleId}`,
      headers: staff,
      payload: { payment_status: 'cancelled' },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ id: staleId, payment_status: 'cancelled', paid_at: null });
    const entries = await app.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity_type, 'order'), eq(auditLog.entity_id, staleId)));
    expect(entries).toEqual([
      { before: expect.objectContaining({ payment_status: 'unpaid' }), after: expect.objectContaining({ payment_status: 'cancelled' }) },
    ]);
    expect((await orderOf(stale.buyer, staleId)).payment_status).toBe('cancelled');
  });
});
