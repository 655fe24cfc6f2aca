/**
 * Checkout with a discount code (issue 25): the order records the code, the discount and each
 * item's share; the gateway is asked for the total after the discount and the callback must
 * verify exactly that; a 100 % code completes the order at once; caps hold under concurrency
 * (20 checkouts, cap 5); a code that changed meanwhile refuses the checkout and creates nothing.
 * Issue 31 item 3: a code switched off, ended or used up after checkout no longer discounts the
 * payment of the unpaid order; the refusal names the total without it.
 */
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { PERMISSIONS, type Cart, type CheckoutAnswer, type DiscountCodeForm, type Order } from '@shop/contracts';
import { discountCodes, orders, payments } from '../../../src/modules/commerce/tables';
import { auditActor } from '../../../src/modules/audit/audit-log';
import { createDiscountCode } from '../../../src/modules/commerce/discount-codes';
import { ensurePermissions } from '../../../src/modules/users/users-service';
import { newStaff } from '../../helpers/dashboard-actors';
import { DB_TARGETS } from '../../helpers/test-app';
import { aDiscountCodeForm, addToCart, buildCheckoutTestApp, callback, checkout, newBuyer, newCourse, type Buyer } from '../../helpers/commerce-fixtures';
import { COMMERCE_MESSAGES } from '../../../src/modules/commerce';

describe.each(DB_TARGETS)('checkout with a discount code on %s', (target) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildCheckoutTestApp(target);
  });
  afterAll(() => app.close());

  const newCode = (overrides: Partial<DiscountCodeForm> = {}) => createDiscountCode(app.db, aDiscountCodeForm(overrides), auditActor({ id: 1, full_name: 'آزمون' }, '127.0.0.1'));
  const apply = async (who: Buyer, code: string) => {
    const response = await app.inject({ method: 'PUT', url: '/api/cart/discount-code', headers: who.headers, payload: { code } });
    if (response.statusCode !== 200) throw new Error(`apply failed: ${response.body}`);
    return response.json<{ data: Cart }>().data;
  };
  const answerOf = (response: { json: <T>() => T }) => response.json<{ data: CheckoutAnswer }>().data;
  const orderOf = async (who: Buyer, id: number) =>
    (await app.inject({ url: `/api/orders/${id}`, headers: who.headers })).json<{ data: Order }>().data;

  it('records the discount, asks the gateway for the total after it, and is paid exactly that', async () => {
    const buyer = await newBuyer(app);
    const a = await newCourse(app, { price: 100_000 });
    const b = await newCourse(app, { price: 60_000 });
    await addToCart(app, buyer, a.id);
    await addToCart(app, buyer, b.id);
    const code = await newCode({ value: 25 });
    await apply(buyer, code.code);
    const { order, payment } = answerOf(await checkout(app, buyer));
    expect(order).toMatchObject({ discount_code: code.code, discount_amount: 40_000, total_price: 120_000, payment_status: 'unpaid' });
    expect(order.items.map((item) => [item.product_id, item.purchase_price, item.discount])).toEqual([
      [a.id, 100_000, 25_000],
      [b.id, 60_000, 15_000],
    ]);
    expect(order.payments).toEqual([expect.objectContaining({ amount: 120_000, status: 'pending' })]);
    // The code changes after checkout: the order keeps what it recorded.
    await app.db.update(discountCodes).set({ value: 90 }).where(eq(discountCodes.id, code.id));
    const paid = await callback(app, buyer, payment!.token);
    expect(paid.statusCode).toBe(303);
    expect(await orderOf(buyer, order.id)).toMatchObject({ payment_status: 'paid', total_price: 120_000, discount_amount: 40_000 });
    const [row] = await app.db.select({ amount: payments.amount }).from(payments).where(eq(payments.authority, payment!.token));
    expect(row!.amount).toBe(120_000);
    // The paid order used the code: the cart no longer keeps it.
    const cart = (await app.inject({ url: '/api/cart', headers: buyer.headers })).json<{ data: Cart }>().data;
    expect(cart).toMatchObject({ items: [], discount: null });
  });

  it('refunds an item what was paid for it: its price less its share of the discount', async () => {
    await ensurePermissions(app.db, PERMISSIONS);
    const refunder = await newStaff(app, ['manage-refunds']);
    const buyer = await newBuyer(app);
    const course = await newCourse(app, { price: 90_000 });
    await addToCart(app, buyer, course.id);
    await apply(buyer, (await newCode({ kind: 'amount', value: 30_000 })).code);
    const { order, payment } = answerOf(await checkout(app, buyer));
    expect((await callback(app, buyer, payment!.token)).statusCode).toBe(303);
    const refund = await app.inject({
      method: 'POST',
      url: '/api/dashboard/financial-info/money-refund-status',
      headers: refunder,
      payload: { order_item_id: order.items[0]!.id, confirmation: 'بله' },
    });
    expect(refund.statusCode).toBe(201);
    expect(refund.json<{ data: { amount: number } }>().data.amount).toBe(60_000);
    expect((await orderOf(buyer, order.id)).items[0]).toMatchObject({ purchase_price: 90_000, discount: 30_000, refund_amount: 60_000 });
  });

  it('refuses a callback whose verified amount differs from the recorded total, either way', async () => {
    for (const forged of [160_000, 1_000]) {
      const buyer = await newBuyer(app);
      await addToCart(app, buyer, (await newCourse(app, { price: 160_000 })).id);
      await apply(buyer, (await newCode({ value: 50 })).code);
      const { order, payment } = answerOf(await checkout(app, buyer));
      expect(order.total_price).toBe(80_000);
      // The sandbox verifies the amount stored for the attempt: forge it.
      await app.db.update(payments).set({ amount: forged }).where(eq(payments.authority, payment!.token));
      const response = await callback(app, buyer, payment!.token);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(COMMERCE_MESSAGES.paymentAmountMismatch);
      expect(await orderOf(buyer, order.id)).toMatchObject({ payment_status: 'unpaid', paid_at: null });
    }
  });

  it('completes a 100 % order at once without the gateway', async () => {
    const buyer = await newBuyer(app);
    const course = await newCourse(app, { price: 75_000 });
    await addToCart(app, buyer, course.id);
    await apply(buyer, (await newCode({ value: 100 })).code);
    const response = await checkout(app, buyer);
    expect(response.statusCode).toBe(201);
    const { order, payment } = answerOf(response);
    expect(payment).toBeNull();
    expect(order).toMatchObject({ payment_status: 'paid', total_price: 0, discount_amount: 75_000, paid_at: expect.any(String) });
    expect(order.payments).toEqual([]);
    const cart = (await app.inject({ url: '/api/cart', headers: buyer.headers })).json<{ data: Cart }>().data;
    expect(cart.items).toEqual([]);
    const bought = (await app.inject({ url: '/api/bought-products', headers: buyer.headers })).json<{ data: Array<{ id: number }> }>().data;
    expect(bought.map((p) => p.id)).toContain(course.id);
  });

  it('refuses a checkout when the code changed since it was applied, creating nothing', async () => {
    const buyer = await newBuyer(app);
    await addToCart(app, buyer, (await newCourse(app, { price: 50_000 })).id);
    const code = await newCode();
    await apply(buyer, code.code);
    await app.db.update(discountCodes).set({ ends_at: new Date(Date.now() - 1000) }).where(eq(discountCodes.id, code.id));
    const response = await checkout(app, buyer);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: COMMERCE_MESSAGES.discountInvalid, errors: { code: [COMMERCE_MESSAGES.discountInvalid] } });
    expect(await app.db.select().from(orders).where(eq(orders.user_id, buyer.id))).toEqual([]);
  });

  it('holds a per-user code for an unpaid order of another cart until the hold ends', async () => {
    const buyer = await newBuyer(app);
    await addToCart(app, buyer, (await newCourse(app, { price: 50_000 })).id);
    const code = await newCode({ per_user_cap: 1 });
    await apply(buyer, code.code);
    const first = await checkout(app, buyer, 'tab-1');
    expect(first.statusCode).toBe(201);
    // The same cart again answers its order (issue 32 item 2); a cart with one more course is another order.
    await addToCart(app, buyer, (await newCourse(app, { price: 5_000 })).id);
    const second = await checkout(app, buyer, 'tab-2');
    expect(second.statusCode).toBe(422);
    expect(second.json().message).toBe(COMMERCE_MESSAGES.discountUsedByYou);
    // After DISCOUNT_HOLD_MINUTES an unpaid order no longer holds the code.
    await app.db
      .update(orders)
      .set({ created_at: sql`now() - interval '61 minutes'` })
      .where(eq(orders.id, answerOf(first).order.id));
    const third = await checkout(app, buyer, 'tab-3');
    expect(third.statusCode).toBe(201);
    expect(answerOf(third).order).toMatchObject({ discount_code: code.code, discount_amount: 11_000 });
  });

  it('gives 5 discounted orders and 15 Persian refusals for 20 concurrent checkouts of a code capped at 5', async () => {
    const code = await newCode({ total_cap: 5 });
    const course = await newCourse(app, { price: 100_000 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => newBuyer(app)));
    for (const buyer of buyers) {
      await addToCart(app, buyer, course.id);
      await apply(buyer, code.code);
    }
    const answers = await Promise.all(buyers.map((buyer) => checkout(app, buyer)));
    const created = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode === 422);
    expect(created).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) expect(r.json()).toEqual({ message: COMMERCE_MESSAGES.discountInvalid, errors: { code: [COMMERCE_MESSAGES.discountInvalid] } });
    for (const r of created) expect(answerOf(r).order).toMatchObject({ discount_code: code.code, discount_amount: 20_000, total_price: 80_000 });
    const [stored] = await app.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(orders).where(eq(orders.discount_code_id, code.id));
    expect(stored!.n).toBe(5);
  });

  describe('paying an unpaid order whose code lapsed since checkout (issue 31 item 3)', () => {
    const pay = (who: Buyer, orderId: number) => app.inject({ method: 'POST', url: `/api/orders/${orderId}/pay`, headers: who.headers });
    /** A buyer's unpaid order of 100 000 + 60 000 tomans with a 25 % code (total 120 000), its attempt cancelled at the gateway. */
    const cancelledOrder = async (overrides: Partial<DiscountCodeForm> = {}) => {
      const buyer = await newBuyer(app);
      await addToCart(app, buyer, (await newCourse(app, { price: 100_000 })).id);
      await addToCart(app, buyer, (await newCourse(app, { price: 60_000 })).id);
      const code = await newCode({ value: 25, ...overrides });
      await apply(buyer, code.code);
      const first = await checkout(app, buyer, `key-${code.code}`);
      expect(first.statusCode).toBe(201);
      const { order, payment } = answerOf(first);
      expect(order).toMatchObject({ total_price: 120_000, discount_amount: 40_000 });
      expect((await callback(app, buyer, payment!.token, 'NOK')).statusCode).toBe(303);
      return { buyer, code, order };
    };
    const LAPSED = 'کد تخفیف این سفارش دیگر معتبر نیست؛ مبلغ بدون آن ۱۶۰٬۰۰۰ تومان است.';

    it('refuses a new attempt in Persian with the total without the code, whether the code ended or was switched off', async () => {
      const lapse: Array<[string, (codeId: number) => Promise<unknown>]> = [
        ['ended', (id) => app.db.update(discountCodes).set({ ends_at: new Date(Date.now() - 1000) }).where(eq(discountCodes.id, id))],
        ['switched off', (id) => app.db.update(discountCodes).set({ is_active: false }).where(eq(discountCodes.id, id))],
      ];
      for (const [why, change] of lapse) {
        const { buyer, code, order } = await cancelledOrder();
        await change(code.id);
        const refused = await pay(buyer, order.id);
        expect([why, refused.statusCode, refused.json()]).toEqual([why, 422, { message: LAPSED, errors: { code: [LAPSED] } }]);
        expect(COMMERCE_MESSAGES.orderDiscountLapsed('۱۶۰٬۰۰۰ تومان')).toBe(LAPSED);
        // Nothing was asked of the gateway; the order is as it was.
        expect((await orderOf(buyer, order.id)).payments.map((p) => p.status)).toEqual(['cancelled']);
        // The same key answered again needs a new attempt too: refused the same way.
        const again = await checkout(app, buyer, `key-${code.code}`);
        expect([why, again.statusCode, again.json().message]).toEqual([why, 422, LAPSED]);
        // Back in the cart the code reads invalid; without it a new order is priced now.
        const cart = (await app.inject({ url: '/api/cart', headers: buyer.headers })).json<{ data: Cart }>().data;
        expect(cart).toMatchObject({ discount: { code: code.code, amount: 0, problem: COMMERCE_MESSAGES.discountInvalid }, total_price: 160_000 });
        await app.inject({ method: 'DELETE', url: '/api/cart/discount-code', headers: buyer.headers });
        const fresh = await checkout(app, buyer, `key-${code.code}-without`);
        expect(fresh.statusCode).toBe(201);
        expect(answerOf(fresh).order).toMatchObject({ discount_code: null, discount_amount: 0, total_price: 160_000 });
      }
    });

    it('keeps its place within the hold, and loses it to later orders after (a code capped at 1)', async () => {
      const { buyer, code, order } = await cancelledOrder({ total_cap: 1 });
      // Within the hold the order's own use does not count against it.
      const within = await pay(buyer, order.id);
      expect(within.statusCode).toBe(200);
      expect(answerOf(within).payment).toMatchObject({ token: expect.any(String) });
      // After the hold another buyer takes the code's one use; the first order can no longer have it.
      await app.db.update(orders).set({ created_at: sql`now() - interval '61 minutes'` }).where(eq(orders.id, order.id));
      const other = await newBuyer(app);
      await addToCart(app, other, (await newCourse(app, { price: 10_000 })).id);
      await apply(other, code.code);
      expect((await checkout(app, other)).statusCode).toBe(201);
      const refused = await pay(buyer, order.id);
      expect([refused.statusCode, refused.json().message]).toEqual([422, LAPSED]);
    });
  });
});
