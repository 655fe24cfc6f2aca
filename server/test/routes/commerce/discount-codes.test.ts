/**
 * Discount codes (issue 25): the dashboard's CRUD and uses, the cart's apply and remove with every
 * Persian refusal, and the pricing (percent rounded down per course, a fixed amount spread in
 * proportion so the shares sum exactly). Issue 31 item 2: unknown, inactive, not started, expired
 * and used-up codes answer alike, and tries are limited per user or visitor's cart and per IP.
 */
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { PERMISSIONS, type Cart, type DiscountCode, type DiscountCodeForm, type DiscountCodeUse, type Order, type Paginated } from '@shop/contracts';
import { discountCodes, orders } from '../../../src/modules/commerce/tables';
import { MESSAGES } from '../../../src/lib/messages';
import { ensurePermissions } from '../../../src/modules/users/users-service';
import { DB_TARGETS, buildTestApp, csrfHeaders, setCookie } from '../../helpers/test-app';
import { newStaff, type AuthHeaders } from '../../helpers/dashboard-actors';
import { aDiscountCodeForm, addToCart, buy, checkout, newBuyer, newCourse, type Buyer } from '../../helpers/commerce-fixtures';
import { COMMERCE_MESSAGES } from '../../../src/modules/commerce';

const BASE = '/api/dashboard/discount-codes';
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(DB_TARGETS)('discount codes on %s', (target) => {
  let app: FastifyInstance;
  let staff: AuthHeaders;
  let serial = 0;
  beforeAll(async () => {
    app = await buildTestApp(target, {
      seed: false,
      rateLimit: { register: 1_000, checkout: 1_000, discountPerVisitor: 1_000, discountPerIp: 1_000 },
    });
    await ensurePermissions(app.db, PERMISSIONS);
    staff = await newStaff(app, ['manage-discounts']);
  });
  afterAll(() => app.close());

  const form = aDiscountCodeForm;
  const create = (payload: object) => app.inject({ method: 'POST', url: BASE, headers: staff, payload });
  const newCode = async (overrides: Partial<DiscountCodeForm> = {}): Promise<DiscountCode> => {
    const response = await create(form(overrides));
    if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
    return response.json<{ data: DiscountCode }>().data;
  };
  const apply = (who: Buyer, code: string) =>
    app.inject({ method: 'PUT', url: '/api/cart/discount-code', headers: who.headers, payload: { code } });
  const cartOf = async (who: Buyer) => (await app.inject({ url: '/api/cart', headers: who.headers })).json<{ data: Cart }>().data;
  const refusalOf = async (who: Buyer, code: string) => {
    const response = await apply(who, code);
    expect(response.statusCode).toBe(422);
    const body = response.json<{ message: string; errors: { code: string[] } }>();
    expect(body.errors.code).toEqual([body.message]);
    return body.message;
  };

  describe('dashboard', () => {
    it('creates a code upper-cased, reads, lists, updates it; only manage-discounts may', async () => {
      const course = await newCourse(app, { price: 100_000 });
      const code = `welcome${serial += 1}x`;
      const created = await create(
        form({ code, kind: 'amount', value: 30_000, applies_to_all: false, product_ids: [course.id], total_cap: 5, per_user_cap: 1 }),
      );
      expect(created.statusCode).toBe(201);
      const data = created.json<{ message: string; data: DiscountCode }>();
      expect(data.message).toBe(COMMERCE_MESSAGES.discountCodeCreated);
      expect(data.data).toMatchObject({
        code: code.toUpperCase(),
        kind: 'amount',
        value: 30_000,
        applies_to_all: false,
        product_ids: [course.id],
        products: [{ id: course.id, title: expect.any(String) }],
        total_cap: 5,
        per_user_cap: 1,
        uses: 0,
        given_amount: 0,
        is_active: true,
      });
      const id = data.data.id;
      expect((await app.inject({ url: `${BASE}/${id}`, headers: staff })).json<{ data: DiscountCode }>().data).toEqual(data.data);

      const list = (await app.inject({ url: `${BASE}?q=${code.toLowerCase()}`, headers: staff })).json<Paginated<DiscountCode>>();
      expect(list.data.map((c) => c.id)).toEqual([id]);
      expect(list.meta.total).toBe(1);

      const start = new Date(Date.now() - DAY_MS).toISOString();
      const end = new Date(Date.now() + DAY_MS).toISOString();
      const updated = await app.inject({
        method: 'PUT',
        url: `${BASE}/${id}`,
        headers: staff,
        payload: form({ code, value: 15, starts_at: start, ends_at: end, min_cart_total: 50_000 }),
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json<{ data: DiscountCode }>().data).toMatchObject({
        kind: 'percent',
        value: 15,
        applies_to_all: true,
        product_ids: [],
        starts_at: start,
        ends_at: end,
        min_cart_total: 50_000,
      });

      const ordinary = await newBuyer(app);
      const other = await newStaff(app, ['show-financial-info']);
      expect((await app.inject({ url: BASE, headers: ordinary.headers })).statusCode).toBe(403);
      expect((await app.inject({ url: BASE, headers: other })).statusCode).toBe(403);
      expect((await app.inject({ url: BASE })).statusCode).toBe(401);
      expect((await app.inject({ url: `${BASE}/999999`, headers: staff })).statusCode).toBe(404);
    });

    it('refuses bad input with Persian field errors and writes nothing', async () => {
      const taken = await newCode();
      const course = await newCourse(app, { price: 10_000 });
      const cases: Array<[Partial<DiscountCodeForm>, string]> = [
        [{ code: 'WITH SPACE' }, 'code'],
        [{ code: 'یلدا' }, 'code'],
        [{ code: taken.code.toLowerCase() }, 'code'],
        [{ code: '' }, 'code'],
        [{ kind: 'percent', value: 101 }, 'value'],
        [{ kind: 'percent', value: 0 }, 'value'],
        [{ kind: 'amount', value: -5_000 }, 'value'],
        [{ starts_at: '2030-01-02T00:00:00.000Z', ends_at: '2030-01-01T00:00:00.000Z' }, 'ends_at'],
        [{ total_cap: 0 }, 'total_cap'],
        [{ per_user_cap: 0 }, 'per_user_cap'],
        [{ applies_to_all: false, product_ids: [] }, 'product_ids'],
        [{ applies_to_all: false, product_ids: [course.id + 100_000] }, 'product_ids'],
      ];
      const before = (await app.inject({ url: BASE, headers: staff })).json<Paginated<DiscountCode>>().meta.total;
      for (const [overrides, field] of cases) {
        const response = await create(form(overrides));
        expect(response.statusCode).toBe(422);
        const errors = response.json<{ errors: Record<string, string[]> }>().errors;
        expect(Object.keys(errors)).toEqual([field]);
        expect(errors[field]![0]).toMatch(/[\u0600-\u06FF]/);
      }
      expect((await create(form({ code: taken.code.toLowerCase() }))).json().errors.code).toEqual([COMMERCE_MESSAGES.discountCodeTaken]);
      expect((await app.inject({ url: BASE, headers: staff })).json<Paginated<DiscountCode>>().meta.total).toBe(before);
    });

    it('deletes an unused code, deactivates a used one, and lists and exports its uses with the money given', async () => {
      const unused = await newCode();
      const removed = await app.inject({ method: 'DELETE', url: `${BASE}/${unused.id}`, headers: staff });
      expect(removed.json()).toEqual({ message: COMMERCE_MESSAGES.discountCodeDeleted });
      expect((await app.inject({ url: `${BASE}/${unused.id}`, headers: staff })).statusCode).toBe(404);

      const used = await newCode({ kind: 'percent', value: 10 });
      const buyer = await newBuyer(app);
      const course = await newCourse(app, { price: 90_000 });
      await addToCart(app, buyer, course.id);
      expect((await apply(buyer, used.code.toLowerCase())).statusCode).toBe(200);
      const orderId = await buy(app, buyer);
      const waiting = await newBuyer(app);
      await addToCart(app, waiting, (await newCourse(app, { price: 50_000 })).id);
      await apply(waiting, used.code);
      expect((await checkout(app, waiting)).statusCode).toBe(201);

      const read = (await app.inject({ url: `${BASE}/${used.id}`, headers: staff })).json<{ data: DiscountCode }>().data;
      expect(read).toMatchObject({ uses: 1, given_amount: 9_000 });
      const uses = (await app.inject({ url: `${BASE}/${used.id}/uses`, headers: staff })).json<Paginated<DiscountCodeUse>>();
      expect(uses.meta.total).toBe(2);
      expect(uses.data[1]).toMatchObject({
        order_id: orderId,
        user: { id: buyer.id, full_name: 'خریدار آزمایشی' },
        payment_status: 'paid',
        discount_amount: 9_000,
        total_price: 81_000,
        paid_at: expect.any(String),
      });
      expect(uses.data[0]).toMatchObject({ user: { id: waiting.id }, payment_status: 'unpaid', paid_at: null });
      const paidOnly = (await app.inject({ url: `${BASE}/${used.id}/uses?payment_status=paid`, headers: staff })).json<Paginated<DiscountCodeUse>>();
      expect(paidOnly.data.map((u) => u.order_id)).toEqual([orderId]);
      // The uses as CSV (issue 25 "Exports"): the same rows and filter, with the BOM and Persian text.
      const exported = await app.inject({ url: `${BASE}/${used.id}/uses/export?payment_status=paid`, headers: staff });
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(exported.rawPayload.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf]))).toBe(true);
      const rows = parse(exported.rawPayload.subarray(3).toString('utf8'), { columns: true }) as Array<Record<string, string>>;
      expect(rows).toEqual([
        expect.objectContaining({ 'شماره سفارش': String(orderId), 'نام خریدار': 'خریدار آزمایشی', 'وضعیت پرداخت': 'پرداخت‌شده', 'تخفیف (تومان)': '9000', 'مبلغ پرداختی (تومان)': '81000' }),
      ]);
      expect((await app.inject({ url: `${BASE}/999999/uses/export`, headers: staff })).statusCode).toBe(404);

      const deactivated = await app.inject({ method: 'DELETE', url: `${BASE}/${used.id}`, headers: staff });
      expect(deactivated.json()).toEqual({ message: COMMERCE_MESSAGES.discountCodeDeactivated });
      expect((await app.inject({ url: `${BASE}/${used.id}`, headers: staff })).json<{ data: DiscountCode }>().data.is_active).toBe(false);
      const order = (await app.inject({ url: `/api/orders/${orderId}`, headers: buyer.headers })).json<{ data: Order }>().data;
      expect(order).toMatchObject({ discount_code: used.code, discount_amount: 9_000, total_price: 81_000 });
    });
  });

  describe('cart', () => {
    it('applies a percent code per course, rounded down, and removes it', async () => {
      const buyer = await newBuyer(app);
      const a = await newCourse(app, { price: 99_999 });
      const b = await newCourse(app, { price: 50_001 });
      await addToCart(app, buyer, a.id);
      await addToCart(app, buyer, b.id);
      const code = await newCode({ value: 15 });
      const applied = await apply(buyer, ` ${code.code.toLowerCase()} `);
      expect(applied.statusCode).toBe(200);
      const body = applied.json<{ message: string; data: Cart }>();
      expect(body.message).toBe(COMMERCE_MESSAGES.discountApplied);
      // floor(99 999 × 15 %) + floor(50 001 × 15 %) = 14 999 + 7 500
      expect(body.data).toMatchObject({
        subtotal_price: 150_000,
        discount: { code: code.code, kind: 'percent', value: 15, amount: 22_499, product_ids: [a.id, b.id], problem: null },
        total_price: 127_501,
      });
      expect(await cartOf(buyer)).toEqual(body.data);

      const removed = await app.inject({ method: 'DELETE', url: '/api/cart/discount-code', headers: buyer.headers });
      expect(removed.json<{ message: string; data: Cart }>()).toMatchObject({
        message: COMMERCE_MESSAGES.discountRemoved,
        data: { discount: null, subtotal_price: 150_000, total_price: 150_000 },
      });
    });

    it('spreads a fixed amount over the applicable courses so the shares sum exactly, capped at their sum', async () => {
      const buyer = await newBuyer(app);
      const a = await newCourse(app, { price: 10_000 });
      const b = await newCourse(app, { price: 20_000 });
      const c = await newCourse(app, { price: 40_000 });
      const notChosen = await newCourse(app, { price: 70_000 });
      for (const course of [a, b, c, notChosen]) await addToCart(app, buyer, course.id);
      const code = await newCode({ kind: 'amount', value: 10_000, applies_to_all: false, product_ids: [a.id, b.id, c.id] });
      const cart = (await apply(buyer, code.code)).json<{ data: Cart }>().data;
      expect(cart.discount).toMatchObject({ amount: 10_000, product_ids: [a.id, b.id, c.id] });
      expect(cart.total_price).toBe(130_000);
      const order = (await checkout(app, buyer)).json<{ data: { order: Order } }>().data.order;
      const shares = Object.fromEntries(order.items.map((item) => [item.product_id, item.discount]));
      // 10 000 × 1/7, 2/7, 4/7 = 1 428.57…, 2 857.14…, 5 714.28…: rounded down, one toman to the largest remainder.
      expect(shares).toEqual({ [a.id]: 1_429, [b.id]: 2_857, [c.id]: 5_714, [notChosen.id]: 0 });
      expect(order).toMatchObject({ discount_code: code.code, discount_amount: 10_000, total_price: 130_000 });

      const big = await newBuyer(app);
      await addToCart(app, big, a.id);
      const huge = await newCode({ kind: 'amount', value: 500_000 });
      expect((await apply(big, huge.code)).json<{ data: Cart }>().data).toMatchObject({ discount: { amount: 10_000 }, total_price: 0 });
    });

    it('refuses each case with its Persian message on `code`', async () => {
      const buyer = await newBuyer(app);
      const empty = await newCode();
      expect(await refusalOf(buyer, empty.code)).toBe(COMMERCE_MESSAGES.discountEmptyCart);
      // An empty cart is refused before the code is looked up: it tells nothing of the code (issue 31 item 2).
      expect(await refusalOf(buyer, 'NOSUCHCODE')).toBe(COMMERCE_MESSAGES.discountEmptyCart);
      const course = await newCourse(app, { price: 40_000 });
      await addToCart(app, buyer, course.id);
      const other = await newCourse(app, { price: 40_000 });
      const cases: Array<[Partial<DiscountCodeForm>, string]> = [
        [{ applies_to_all: false, product_ids: [other.id] }, COMMERCE_MESSAGES.discountNotForTheseCourses],
        [{ min_cart_total: 50_000 }, COMMERCE_MESSAGES.discountUnderMinimum(50_000)],
      ];
      for (const [overrides, message] of cases) expect(await refusalOf(buyer, (await newCode(overrides)).code)).toBe(message);
      expect(COMMERCE_MESSAGES.discountUnderMinimum(50_000)).toContain('۵۰٬۰۰۰ تومان');

      // Caps: a paid order (or an unpaid one within the hold) is a use.
      const first = await newBuyer(app);
      const once = await newCode({ per_user_cap: 1 });
      await addToCart(app, first, (await newCourse(app, { price: 30_000 })).id);
      await apply(first, once.code);
      expect((await checkout(app, first)).statusCode).toBe(201);
      await addToCart(app, first, (await newCourse(app, { price: 30_000 })).id);
      expect(await refusalOf(first, once.code)).toBe(COMMERCE_MESSAGES.discountUsedByYou);
      // Nothing was kept on the cart by a refusal.
      expect((await cartOf(buyer)).discount).toBeNull();
    });

    it('answers unknown, inactive, not started, expired and used-up codes alike (issue 31 item 2)', async () => {
      const buyer = await newBuyer(app);
      await addToCart(app, buyer, (await newCourse(app, { price: 40_000 })).id);
      const now = Date.now();
      const usedUp = await newCode({ total_cap: 1 });
      const first = await newBuyer(app);
      await addToCart(app, first, (await newCourse(app, { price: 30_000 })).id);
      await apply(first, usedUp.code);
      await buy(app, first);
      const codes = [
        'NOSUCHCODE',
        'یلدا',
        (await newCode({ is_active: false })).code,
        (await newCode({ starts_at: new Date(now + DAY_MS).toISOString() })).code,
        (await newCode({ starts_at: new Date(now - 2 * DAY_MS).toISOString(), ends_at: new Date(now - DAY_MS).toISOString() })).code,
        usedUp.code,
      ];
      for (const code of codes) {
        const response = await apply(buyer, code);
        expect([code, response.statusCode, response.json()]).toEqual([
          code,
          422,
          { message: 'این کد تخفیف معتبر نیست.', errors: { code: ['این کد تخفیف معتبر نیست.'] } },
        ]);
      }
      expect(COMMERCE_MESSAGES.discountInvalid).toBe('این کد تخفیف معتبر نیست.');
      // A code kept on the cart that lapsed since reads the same as the cart's problem.
      const kept = await newCode();
      await apply(buyer, kept.code);
      await app.db.update(discountCodes).set({ is_active: false }).where(eq(discountCodes.id, kept.id));
      expect((await cartOf(buyer)).discount).toMatchObject({ code: kept.code, amount: 0, problem: COMMERCE_MESSAGES.discountInvalid });
    });

    it('shows a kept code that no longer fits as a problem and takes nothing off', async () => {
      const buyer = await newBuyer(app);
      const a = await newCourse(app, { price: 40_000 });
      const b = await newCourse(app, { price: 40_000 });
      await addToCart(app, buyer, a.id);
      await addToCart(app, buyer, b.id);
      const code = await newCode({ min_cart_total: 60_000 });
      expect((await apply(buyer, code.code)).statusCode).toBe(200);
      await app.inject({ method: 'DELETE', url: `/api/cart/${b.id}`, headers: buyer.headers });
      expect(await cartOf(buyer)).toMatchObject({
        subtotal_price: 40_000,
        discount: { code: code.code, amount: 0, product_ids: [], problem: COMMERCE_MESSAGES.discountUnderMinimum(60_000) },
        total_price: 40_000,
      });
      // Checkout refuses with the same message and creates nothing.
      const refused = await checkout(app, buyer);
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ message: COMMERCE_MESSAGES.discountUnderMinimum(60_000), errors: { code: [COMMERCE_MESSAGES.discountUnderMinimum(60_000)] } });
      expect(await app.db.select().from(orders).where(eq(orders.user_id, buyer.id))).toEqual([]);
    });
  });
});

describe.each(DB_TARGETS)('tries of discount codes (issue 31 item 2) on %s', (target) => {
  let app: FastifyInstance;
  let course: number;
  let staff: AuthHeaders;
  beforeAll(async () => {
    app = await buildTestApp(target, { seed: false, rateLimit: { register: 1_000, discountPerVisitor: 3, discountPerIp: 5 } });
    await ensurePermissions(app.db, PERMISSIONS);
    staff = await newStaff(app, ['manage-discounts']);
    course = (await newCourse(app, { price: 50_000 })).id;
  });
  afterAll(() => app.close());

  const tryCode = (headers: Record<string, string>, code: string, ip: string) =>
    app.inject({ method: 'PUT', url: '/api/cart/discount-code', headers, payload: { code }, remoteAddress: ip });
  /** A new visitor at `ip` with the course in a new cart: the headers of their cookies. */
  const visitorWithCart = async (ip: string) => {
    const xsrf = await csrfHeaders(app);
    const added = await app.inject({ method: 'POST', url: '/api/cart', headers: xsrf, payload: { product_id: course }, remoteAddress: ip });
    expect(added.statusCode).toBe(201);
    return { cookie: `${xsrf.cookie}; visitor_cart=${setCookie(added, 'visitor_cart')!.value}`, 'x-xsrf-token': xsrf['x-xsrf-token'] };
  };
  const expectTooMany = (response: Awaited<ReturnType<typeof tryCode>>) => {
    expect([response.statusCode, response.json()]).toEqual([429, { message: MESSAGES.tooManyRequests }]);
    const wait = Number(response.headers['retry-after']);
    expect(wait > 0 && wait <= 15 * 60).toBe(true);
  };

  it("limits a signed-in user's tries from any address, a valid code too, and not another user's", async () => {
    const buyer = await newBuyer(app);
    await addToCart(app, buyer, course);
    const real = aDiscountCodeForm();
    expect((await app.inject({ method: 'POST', url: BASE, headers: staff, payload: real })).statusCode).toBe(201);
    for (const [guess, ip] of [['GUESS1', '10.0.1.1'], ['GUESS2', '10.0.1.2'], ['GUESS3', '10.0.1.3']] as const) {
      expect((await tryCode(buyer.headers, guess, ip)).statusCode).toBe(422);
    }
    expectTooMany(await tryCode(buyer.headers, real.code, '10.0.1.4'));
    const other = await newBuyer(app);
    await addToCart(app, other, course);
    expect((await tryCode(other.headers, real.code, '10.0.1.1')).statusCode).toBe(200);
  });

  it("limits a visitor's cart, and an address however many new cart cookies it takes", async () => {
    const visitor = await visitorWithCart('10.0.2.1');
    for (const ip of ['10.0.2.1', '10.0.2.2', '10.0.2.3']) expect((await tryCode(visitor, 'GUESS', ip)).statusCode).toBe(422);
    expectTooMany(await tryCode(visitor, 'GUESS', '10.0.2.4'));

    const ip = '10.0.3.1';
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const fresh = await visitorWithCart(ip);
      for (const guess of ['GUESSA', 'GUESSB']) statuses.push((await tryCode(fresh, guess, ip)).statusCode);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
    expectTooMany(await tryCode(await visitorWithCart(ip), 'GUESS', ip));
    expect((await tryCode(await visitorWithCart('10.0.3.2'), 'GUESS', '10.0.3.2')).statusCode).toBe(422);
  });
});
