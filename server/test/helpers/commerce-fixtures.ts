/**
 * Commerce test data made through the real app: verified buyers (registered through the API),
 * courses with sessions and private lesson files (written with the app's own db and storage),
 * the selling switch, and a purchase through cart → checkout → sandbox callback.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CheckoutAnswer, CheckoutBody, CommentStatus, DiscountCodeForm } from '@shop/contracts';
import { orderItems, orders, products, productSessions } from '../../src/modules/commerce/tables';
import { users } from '../../src/modules/users/tables';
import { resetSalesRollup } from '../../src/modules/commerce/sales-summary-service';
import { syncOrderGrants } from '../../src/modules/commerce/access-ledger';
import { getSiteInformation, saveSiteInformation } from '../../src/modules/support/support-service';
import { buildTestApp, csrfHeaders, type DbTarget } from './test-app';

/**
 * An app for checkout tests on `target`: no demo data, `https://shop.example` as the public URL,
 * and rate limits high enough for a test's many buyers, checkouts and discount-code tries.
 */
export function buildCheckoutTestApp(target: DbTarget): Promise<FastifyInstance> {
  return buildTestApp(target, {
    seed: false,
    publicUrl: 'https://shop.example',
    rateLimit: { register: 1_000, checkout: 1_000, discountPerVisitor: 1_000, discountPerIp: 1_000 },
  });
}

/** A signed-in test user: id and bearer headers. */
export interface Buyer {
  id: number;
  headers: { authorization: string };
}

/** Registers a user through the API; verified unless `verified: false`. */
export async function newBuyer(app: FastifyInstance, options: { verified?: boolean } = {}): Promise<Buyer> {
  const email = `buyer-${randomBytes(6).toString('hex')}@example.com`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: await csrfHeaders(app),
    payload: { full_name: 'خریدار آزمایشی', email, password: 'Secret123', password_confirmation: 'Secret123' },
  });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
  const { token, data } = response.json<{ token: string; data: { user: { id: number } } }>();
  if (options.verified !== false) {
    await app.db.update(users).set({ email_verified_at: new Date() }).where(eq(users.id, data.user.id));
  }
  return { id: data.user.id, headers: { authorization: `Bearer ${token}` } };
}

/** A session of {@link newCourse}: free preview or not, and an optional lesson file. */
export interface SessionSpec {
  is_free_preview?: boolean;
  /** `quiz`: a quiz session (issue 37), without rules or questions until a test sets them. */
  kind?: 'lesson' | 'quiz' | 'assignment';
  file?: { content: Buffer; type: string };
  is_active?: boolean;
}

/**
 * Creates an active course (tomans) with sessions at positions 1..n; answers the ids. Its video
 * lessons get the forensic watermark's B segments unless `forensic_watermark` is false (issue 38).
 */
export async function newCourse(
  app: FastifyInstance,
  options: { price: number; sessions?: SessionSpec[]; comment_status?: CommentStatus; is_active?: boolean; forensic_watermark?: boolean },
): Promise<{ id: number; sessionIds: number[] }> {
  const tag = randomBytes(6).toString('hex');
  const [product] = await app.db
    .insert(products)
    .values({
      title: `دوره آزمایشی ${tag}`,
      slug: `course-${tag}`,
      price: options.price,
      comment_status: options.comment_status ?? 'open',
      is_active: options.is_active ?? true,
      forensic_watermark: options.forensic_watermark ?? true,
    })
    .returning({ id: products.id });
  const sessionIds: number[] = [];
  for (const [index, spec] of (options.sessions ?? [{}]).entries()) {
    const file = spec.file ? await app.storage.putPrivate(`sessions/${tag}-${index}.bin`, spec.file.content) : null;
    const [session] = await app.db
      .insert(productSessions)
      .values({
        product_id: product!.id,
        title: `جلسه ${index + 1}`,
        slug: `session-${tag}-${index}`,
        position: index + 1,
        is_free_preview: spec.is_free_preview ?? false,
        kind: spec.kind ?? 'lesson',
        is_active: spec.is_active ?? true,
        comment_status: options.comment_status ?? 'open',
        file,
        file_size: spec.file?.content.length ?? null,
        file_type: spec.file?.type ?? null,
      })
      .returning({ id: productSessions.id });
    sessionIds.push(session!.id);
  }
  return { id: product!.id, sessionIds };
}

/** Turns the site's selling switch on or off (SPEC §1) through the support module. */
export async function setSelling(app: FastifyInstance, enabled: boolean): Promise<void> {
  await saveSiteInformation(app.db, { ...(await getSiteInformation(app.db)), selling_enabled: enabled });
}

/** Adds a course to the cart (expects 201). */
export async function addToCart(app: FastifyInstance, buyer: Buyer, productId: number): Promise<void> {
  const response = await app.inject({ method: 'POST', url: '/api/cart', headers: buyer.headers, payload: { product_id: productId } });
  if (response.statusCode !== 201) throw new Error(`add to cart failed: ${response.body}`);
}

/** `POST /api/checkout` (optionally with an Idempotency-Key). */
export function checkout(app: FastifyInstance, buyer: Buyer, key?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { ...buyer.headers, ...(key ? { 'idempotency-key': key } : {}) },
  });
}

/** `POST /api/checkout` with a body (`{use_wallet?, gateway?}`, issue 36) and optionally an Idempotency-Key. */
export function checkoutWith(app: FastifyInstance, buyer: Buyer, body: CheckoutBody, key?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/checkout',
    headers: { ...buyer.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: body,
  });
}

/** `POST /api/payments/start` with the form field `token`, as the browser's hidden form sends it. */
export function startPaymentForm(app: FastifyInstance, token: string) {
  return app.inject({
    method: 'POST',
    url: '/api/payments/start',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `token=${encodeURIComponent(token)}`,
  });
}

/** `GET /api/payments/callback` as the buyer. */
export function callback(app: FastifyInstance, buyer: Buyer, authority: string, status: 'OK' | 'NOK' = 'OK') {
  return app.inject({
    url: `/api/payments/callback?Authority=${encodeURIComponent(authority)}&Status=${status}`,
    headers: buyer.headers,
  });
}

/** Buys courses through the cart, checkout and the sandbox callback; answers the paid order's id. */
export async function buy(app: FastifyInstance, buyer: Buyer, ...productIds: number[]): Promise<number> {
  for (const id of productIds) await addToCart(app, buyer, id);
  const response = await checkout(app, buyer);
  if (response.statusCode !== 201) throw new Error(`checkout failed: ${response.body}`);
  const { order, payment } = response.json<{ data: CheckoutAnswer }>().data;
  if (payment) {
    const paid = await callback(app, buyer, payment.token);
    if (paid.statusCode !== 303) throw new Error(`callback failed: ${paid.body}`);
  }
  return order.id;
}

/** A course line of {@link insertDiscountedOrder}: list price and the discount on it, tomans. */
export interface DiscountedItem {
  product: { id: number; title: string; price: number };
  discount: number;
  refundedAt?: Date;
}

/**
 * Writes a paid checkout order that a discount code priced (issue 25), as checkout records one:
 * the code, its amount (the items' discounts) and the total paid (list prices less it); a refunded
 * item gives back what was paid for it. Empties the sales rollup (a past day may have changed).
 * Until discount codes land at checkout, report and export tests make their orders with it.
 * @returns the order's id
 */
export async function insertDiscountedOrder(
  app: FastifyInstance,
  input: { userId: number; code: string; paidAt: Date; items: DiscountedItem[] },
): Promise<number> {
  const discount = input.items.reduce((n, item) => n + item.discount, 0);
  const gross = input.items.reduce((n, item) => n + item.product.price, 0);
  const [order] = await app.db
    .insert(orders)
    .values({
      user_id: input.userId,
      total_price: gross - discount,
      discount_code: input.code,
      discount_amount: discount,
      payment_status: 'paid',
      source: 'checkout',
      paid_at: input.paidAt,
      created_at: input.paidAt,
      updated_at: input.paidAt,
    })
    .returning({ id: orders.id });
  await app.db.insert(orderItems).values(
    input.items.map((item) => ({
      order_id: order!.id,
      product_id: item.product.id,
      title: item.product.title,
      price: item.product.price,
      discount: item.discount,
      ...(item.refundedAt ? { refunded_at: item.refundedAt, refund_amount: item.product.price - item.discount } : {}),
    })),
  );
  // Its access grants, as the order workflow writes them for a paid order (issue 36 item 1).
  await syncOrderGrants(app.db, input.userId);
  await resetSalesRollup(app.db);
  return order!.id;
}

/**
 * Marks every item of `productId` in the buyer's orders refunded straight in the database and ends
 * their grants as the refund's workflow step does: a refund without the refund's route (its mail).
 */
export async function refundInDatabase(app: FastifyInstance, userId: number, productId: number): Promise<void> {
  await app.db.update(orderItems).set({ refunded_at: new Date() }).where(eq(orderItems.product_id, productId));
  await syncOrderGrants(app.db, userId, [productId]);
}

let discountCodeSerial = 0;

/**
 * A valid discount code form (issue 25) under a new unique Latin code: 20 % on every course, active,
 * without dates, caps or minimum; fields can be overridden.
 */
export function aDiscountCodeForm(overrides: Partial<DiscountCodeForm> = {}): DiscountCodeForm {
  return {
    code: `T${Date.now().toString(36).toUpperCase()}${(discountCodeSerial += 1)}`,
    kind: 'percent',
    value: 20,
    applies_to_all: true,
    product_ids: [],
    starts_at: null,
    ends_at: null,
    total_cap: null,
    per_user_cap: null,
    min_cart_total: null,
    is_active: true,
    ...overrides,
  };
}
