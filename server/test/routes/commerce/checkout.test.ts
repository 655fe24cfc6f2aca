import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Cart, CheckoutAnswer, Order } from '@shop/contracts';
import { orderItems, orders, payments, products } from '../../../src/modules/commerce/tables';
import { syncOrderGrants } from '../../../src/modules/commerce/access-ledger';
import { DB_TARGETS, buildTestApp } from '../../helpers/test-app';
import { addToCart, callback, checkout, newBuyer, newCourse, setSelling, type Buyer } from '../../helpers/commerce-fixtures';

describe.each(DB_TARGETS)('checkout API on %s', (target) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(target, { seed: false, publicUrl: 'https://shop.example' });
  });
  afterAll(() => app.close());

  const answerOf = (response: { json: <T>() => T }) => response.json<{ data: CheckoutAnswer }>().data;
  const cartOf = async (who: Buyer) => (await app.inject({ url: '/api/cart', headers: who.headers })).json<{ data: Cart }>().data;

  it('creates an unpaid order priced from the database and answers the gateway form', async () => {
    const buyer = await newBuyer(app);
    const a = await newCourse(app, { price: 120_000 });
    const b = await newCourse(app, { price: 80_000 });
    await addToCart(app, buyer, a.id);
    await addToCart(app, buyer, b.id);
    const response = await checkout(app, buyer);
    expect(response.statusCode).toBe(201);
    const { order, payment } = answerOf(response);
    expect(order).toMatchObject({ payment_status: 'unpaid', source: 'checkout', total_price: 200_000, paid_at: null });
    expect(order.items.map((i) => [i.product_id, i.purchase_price, i.current_price, i.product_page])).toEqual([
      [a.id, 120_000, 120_000, `/products/${a.id}`],
      [b.id, 80_000, 80_000, `/products/${b.id}`],
    ]);
    expect(payment).toEqual({ action: 'https://shop.example/api/payments/start', token: expect.stringMatching(/^SBX/) });
    // The cart stays until the payment is verified; the owner reads the order, others get 404.
    expect((await cartOf(buyer)).items).toHaveLength(2);
    const own = await app.inject({ url: `/api/orders/${order.id}`, headers: buyer.headers });
    expect(own.json<{ data: Order }>().data).toEqual(order);
    const stranger = await newBuyer(app);
    for (const url of [`/api/orders/${order.id}`, '/api/orders/999999', '/api/orders/x']) {
      expect((await app.inject({ url, headers: stranger.headers })).statusCode).toBe(404);
    }
  });

  it('answers the same order for the same Idempotency-Key, also for concurrent submits', async () => {
    const buyer = await newBuyer(app);
    await addToCart(app, buyer, (await newCourse(app, { price: 50_000 })).id);
    const first = await checkout(app, buyer, 'key-1');
    expect(first.statusCode).toBe(201);
    const again = await checkout(app, buyer, 'key-1');
    expect(again.statusCode).toBe(200);
    expect(answerOf(again)).toEqual(answerOf(first));

    const racer = await newBuyer(app);
    await addToCart(app, racer, (await newCourse(app, { price: 70_000 })).id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => checkout(app, racer, 'same-key')));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((r) => answerOf(r).order.id)).size).toBe(1);
    // Another key for the same cart answers its unpaid order with a new attempt (issue 32 item 2).
    const other = await checkout(app, racer, 'other-key');
    expect(other.statusCode).toBe(200);
    expect(answerOf(other).order.id).toBe(answerOf(answers[0]!).order.id);
    expect(answerOf(other).payment!.token).not.toBe(answerOf(answers[0]!).payment!.token);
  });

  it('keeps the purchase price and title when the course changes later', async () => {
    const buyer = await newBuyer(app);
    const course = await newCourse(app, { price: 40_000 });
    await addToCart(app, buyer, course.id);
    const { order } = answerOf(await checkout(app, buyer));
    await app.db.update(products).set({ price: 99_000, title: 'نام تازه' }).where(eq(products.id, course.id));
    const read = (await app.inject({ url: `/api/orders/${order.id}`, headers: buyer.headers })).json<{ data: Order }>().data;
    expect(read.items[0]).toMatchObject({ purchase_price: 40_000, current_price: 99_000, title: order.items[0]!.title });
    expect(read.total_price).toBe(40_000);
  });

  it('grants a free cart at once without the gateway and empties it', async () => {
    const buyer = await newBuyer(app);
    const free = await newCourse(app, { price: 0 });
    await addToCart(app, buyer, free.id);
    const response = await checkout(app, buyer);
    expect(response.statusCode).toBe(201);
    const { order, payment } = answerOf(response);
    expect(payment).toBeNull();
    expect(order).toMatchObject({ payment_status: 'paid', total_price: 0, paid_at: expect.any(String) });
    expect((await cartOf(buyer)).items).toEqual([]);
    const info = await app.inject({ method: 'POST', url: '/api/auth/logged-in-user-info', headers: buyer.headers });
    expect(info.json().data.buyedProducts.map((p: { id: number }) => p.id)).toEqual([free.id]);
  });

  it('drops courses owned meanwhile (added by staff) and refuses an empty cart with 422', async () => {
    const buyer = await newBuyer(app);
    const empty = await checkout(app, buyer);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('سبد خرید شما خالی است.');
    const owned = await newCourse(app, { price: 30_000 });
    const wanted = await newCourse(app, { price: 20_000 });
    await addToCart(app, buyer, owned.id);
    await addToCart(app, buyer, wanted.id);
    const [manual] = await app.db
      .insert(orders)
      .values({ user_id: buyer.id, total_price: 0, payment_status: 'paid', source: 'manual', paid_at: new Date() })
      .returning({ id: orders.id });
    await app.db.insert(orderItems).values({ order_id: manual!.id, product_id: owned.id, title: 'دستی', price: 0 });
    await syncOrderGrants(app.db, buyer.id);
    const { order } = answerOf(await checkout(app, buyer));
    expect(order.items.map((i) => i.product_id)).toEqual([wanted.id]);
    expect(order.total_price).toBe(20_000);
  });

  it('makes a new attempt for an unpaid order and refuses a paid one', async () => {
    const buyer = await newBuyer(app);
    await addToCart(app, buyer, (await newCourse(app, { price: 60_000 })).id);
    const first = answerOf(await checkout(app, buyer));
    expect((await callback(app, buyer, first.payment!.token, 'NOK')).headers.location).toBe(
      `/shopping-cart?payment=failed&order_id=${first.order.id}`,
    );
    const retry = await app.inject({ method: 'POST', url: `/api/orders/${first.order.id}/pay`, headers: buyer.headers });
    expect(retry.statusCode).toBe(200);
    const second = answerOf(retry);
    expect(second.order.id).toBe(first.order.id);
    expect(second.payment!.token).not.toBe(first.payment!.token);
    expect((await callback(app, buyer, second.payment!.token)).headers.location).toBe(
      `/shopping-cart?payment=paid&order_id=${first.order.id}`,
    );
    const paid = await app.inject({ method: 'POST', url: `/api/orders/${first.order.id}/pay`, headers: buyer.headers });
    expect(paid.statusCode).toBe(422);
    expect(paid.json().message).toBe('این سفارش قبلاً پرداخت شده است.');
    const stranger = await newBuyer(app);
    expect((await app.inject({ method: 'POST', url: `/api/orders/${first.order.id}/pay`, headers: stranger.headers })).statusCode).toBe(404);
  });

  it('does not charge twice for a course bought through another order: retry refused, late callback left unverified', async () => {
    const buyer = await newBuyer(app);
    const course = await newCourse(app, { price: 90_000 });
    const extra = await newCourse(app, { price: 10_000 });
    await addToCart(app, buyer, course.id);
    await addToCart(app, buyer, extra.id);
    // Two checkouts of two carts sharing a course (the second without the extra one): two unpaid orders of it.
    const older = answerOf(await checkout(app, buyer, 'tab-1'));
    await app.inject({ method: 'DELETE', url: `/api/cart/${extra.id}`, headers: buyer.headers });
    const newer = answerOf(await checkout(app, buyer, 'tab-2'));
    expect(newer.order.id).not.toBe(older.order.id);
    expect((await callback(app, buyer, newer.payment!.token)).headers.location).toBe(`/shopping-cart?payment=paid&order_id=${newer.order.id}`);
    // The older order's attempt comes back paid at the gateway: not verified, the attempt failed.
    expect((await callback(app, buyer, older.payment!.token)).headers.location).toBe(`/shopping-cart?payment=failed&order_id=${older.order.id}`);
    const retry = await app.inject({ method: 'POST', url: `/api/orders/${older.order.id}/pay`, headers: buyer.headers });
    expect(retry.statusCode).toBe(422);
    expect(retry.json().message).toBe('دوره‌ای از این سفارش را در سفارش دیگری خریده‌اید؛ برای دوره‌های دیگرش سفارش تازه‌ای ثبت کنید.');
    const [kept] = await app.db.select({ status: orders.payment_status }).from(orders).where(eq(orders.id, older.order.id));
    expect(kept!.status).toBe('unpaid');
    const attempts = await app.db.select({ status: payments.status }).from(payments).where(eq(payments.order_id, older.order.id));
    expect(attempts.map((attempt) => attempt.status)).toEqual(['failed']);
  });

  it('refuses checkout and paying with 403 while selling is off, and a bad key with 422', async () => {
    const buyer = await newBuyer(app);
    await addToCart(app, buyer, (await newCourse(app, { price: 10_000 })).id);
    const { order } = answerOf(await checkout(app, buyer));
    await setSelling(app, false);
    try {
      for (const url of ['/api/checkout', `/api/orders/${order.id}/pay`]) {
        const response = await app.inject({ method: 'POST', url, headers: buyer.headers });
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe('forbidden: فروش دوره‌ها در حال حاضر بسته است.');
      }
    } finally {
      await setSelling(app, true);
    }
    const bad = await checkout(app, buyer, 'x'.repeat(300));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors['idempotency-key']).toHaveLength(1);
    expect((await app.inject({ method: 'POST', url: '/api/checkout' })).statusCode).toBe(419);
  });
});
