import type { FastifyInstance } from 'fastify';
import type { Cart } from '@shop/contracts';
import { DB_TARGETS, buildTestApp, csrfHeaders } from '../../helpers/test-app';
import { addToCart, buy, newBuyer, newCourse, setSelling, type Buyer } from '../../helpers/commerce-fixtures';

describe.each(DB_TARGETS)('cart API on %s', (target) => {
  let app: FastifyInstance;
  let buyer: Buyer;
  let course: number;
  let other: number;
  beforeAll(async () => {
    app = await buildTestApp(target, { seed: false });
    buyer = await newBuyer(app);
    course = (await newCourse(app, { price: 250_000 })).id;
    other = (await newCourse(app, { price: 90_000 })).id;
  });
  afterAll(() => app.close());

  const cartOf = async (who: Buyer) => (await app.inject({ url: '/api/cart', headers: who.headers })).json<{ data: Cart }>().data;
  const add = (who: Buyer, payload: object) => app.inject({ method: 'POST', url: '/api/cart', headers: who.headers, payload });

  it('adds courses priced from the database, ignoring a price sent by the client, and sums the total', async () => {
    const first = await add(buyer, { product_id: course, price: 1 });
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe('دوره به سبد خرید اضافه شد.');
    expect(first.json<{ data: Cart }>().data.items).toEqual([
      expect.objectContaining({ product_id: course, price: 250_000, image: null, added_at: expect.any(String) }),
    ]);
    await add(buyer, { product_id: other, total_price: 0 });
    const cart = await cartOf(buyer);
    expect(cart.items.map((i) => i.product_id)).toEqual([course, other]);
    expect(cart.total_price).toBe(340_000);
  });

  it('refuses a duplicate, an unknown or inactive course and a bad body with 422 and changes nothing', async () => {
    const inactive = (await newCourse(app, { price: 10_000, is_active: false })).id;
    const cases: Array<[object, string]> = [
      [{ product_id: course }, 'این دوره در سبد خرید شما هست.'],
      [{ product_id: 999_999 }, 'این دوره یافت نشد یا در حال حاضر فروخته نمی‌شود.'],
      [{ product_id: inactive }, 'این دوره یافت نشد یا در حال حاضر فروخته نمی‌شود.'],
    ];
    for (const [payload, message] of cases) {
      const response = await add(buyer, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message, errors: { product_id: [message] } });
    }
    for (const payload of [{}, { product_id: 'x' }, { product_id: 0 }, { product_id: 3_000_000_000 }]) {
      const response = await add(buyer, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.product_id).toHaveLength(1);
    }
    expect((await cartOf(buyer)).items).toHaveLength(2);
  });

  it('refuses a course already bought with 422', async () => {
    const owner = await newBuyer(app);
    await buy(app, owner, other);
    const response = await add(owner, { product_id: other });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('شما این دوره را قبلاً خریده‌اید.');
    expect((await cartOf(owner)).items).toEqual([]);
  });

  it('removes a course, and answers 404 for one not in the cart', async () => {
    const response = await app.inject({ method: 'DELETE', url: `/api/cart/${other}`, headers: buyer.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('دوره از سبد خرید حذف شد.');
    expect(response.json<{ data: Cart }>().data).toMatchObject({ total_price: 250_000, items: [{ product_id: course }] });
    for (const url of [`/api/cart/${other}`, '/api/cart/abc', '/api/cart/0']) {
      const missing = await app.inject({ method: 'DELETE', url, headers: buyer.headers });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('مورد درخواستی یافت نشد.');
    }
  });

  it('refuses adds with 403 while selling is off', async () => {
    await setSelling(app, false);
    try {
      const response = await add(buyer, { product_id: other });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('forbidden: فروش دوره‌ها در حال حاضر بسته است.');
      expect((await cartOf(buyer)).items).toHaveLength(1);
    } finally {
      await setSelling(app, true);
    }
    await addToCart(app, buyer, other);
  });

  it('answers a visitor without a cart an empty one (their own cart: visitor-cart.test.ts)', async () => {
    expect((await app.inject({ url: '/api/cart' })).json<{ data: Cart }>().data.items).toEqual([]);
    const headers = await csrfHeaders(app);
    expect((await app.inject({ method: 'DELETE', url: `/api/cart/${course}`, headers })).statusCode).toBe(404);
  });
});
