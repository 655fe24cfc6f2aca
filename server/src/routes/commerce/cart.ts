/**
 * The cart (issue 6; SPEC §2 /shopping-cart, §8): read, add, remove; prices in tomans. A signed-in
 * user's, or a visitor's kept by the `visitor_cart` cookie (issue 25; plugins/app/visitor-cart.ts),
 * whose untouched carts are deleted after 30 days by a periodic cleanup here.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { AddToCartBody, ApplyDiscountCodeBody } from '@shop/contracts';
import { notFound } from '../../lib/api-error';
import { parseId } from '../../lib/pagination';
import { cartAnswerSchema, cartSchema } from './schemas';
import { errorBodySchema, itemSchema, signedInErrorResponses } from '../../lib/schemas';
import { getAuth } from '../../plugins/app/auth';
import { cartOwnerOf, setVisitorCartCookies, VISITOR_CART_DAYS, visitorCartForAdd } from '../../plugins/app/visitor-cart';
import { rateLimits } from '../../plugins/external/rate-limit';
import { addToCart, applyDiscountCode, COMMERCE_MESSAGES, deleteStaleVisitorCarts, getCart, removeDiscountCode, removeFromCart } from '../../modules/commerce';
import { assertSellingOpen } from '../../modules/support';

const errors = signedInErrorResponses;

/** How often visitors' carts untouched for {@link VISITOR_CART_DAYS} days are looked for, ms. */
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** `{product_id}`; anything else (a price, say) is dropped by the validator. */
const addBodySchema = {
  type: 'object',
  required: ['product_id'],
  properties: { product_id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
} as const;

const cartRoutes: FastifyPluginAsync = async (app) => {
  const timer = setInterval(() => {
    deleteStaleVisitorCarts(app.db, VISITOR_CART_DAYS).catch((error: unknown) => app.log.warn({ err: error }, 'old visitors\' carts not removed yet'));
  }, CLEANUP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  const hold = app.settings.discountHoldMinutes;
  /** The request's cart (the signed-in user's, or the cookie's visitor's), priced now. */
  const cartOf = async (request: FastifyRequest) => getCart(app.db, await cartOwnerOf(request), hold);

  /** Whose tries of discount codes count together: the user, else the visitor's cart cookie, else (no cookie) the IP. */
  const discountTrierKey = async (request: FastifyRequest) => {
    const owner = await cartOwnerOf(request);
    if ('userId' in owner) return `discount-user:${owner.userId}`;
    return owner.visitorTokenHash === null ? `discount-no-cart:${request.ip}` : `discount-cart:${owner.visitorTokenHash}`;
  };
  // Issue 31 item 2 (codes can be guessed): tries per cart owner, and per IP for a guesser who
  // takes a new cart cookie (or account) for each few tries.
  const discountLimit = rateLimits(app, [
    { limit: 'discountPerVisitor', key: discountTrierKey },
    { limit: 'discountPerIp', key: (r) => `discount-ip:${r.ip}` },
  ]);

  /** GET /api/cart: `{data: Cart}`, the user's or the visitor's (empty without a cart cookie, or with an unknown one). */
  app.get(
    '/api/cart',
    {
      schema: { tags: ['commerce'], summary: 'The cart, priced now', response: { 200: itemSchema(cartSchema), ...errors } },
      config: { access: 'public' },
    },
    async (request) => ({ data: await cartOf(request) }),
  );

  /**
   * PUT /api/cart/discount-code `{code}` (issue 25): `{message, data: Cart}` priced with the code;
   * 422 with the Persian refusal on `code`: empty cart; one `discountInvalid` for unknown, inactive,
   * not started, expired and used up alike; used by you, not for these courses, under the minimum
   * (issue 31 item 2). 429 with Retry-After past RATE_LIMIT_DISCOUNT_VISITOR_PER_15_MINUTES tries of
   * one user or visitor's cart, or RATE_LIMIT_DISCOUNT_IP_PER_15_MINUTES of one IP (issue 31 item 2).
   */
  app.put<{ Body: ApplyDiscountCodeBody }>(
    '/api/cart/discount-code',
    {
      schema: {
        tags: ['commerce'],
        summary: 'Apply a discount code to the cart',
        body: { type: 'object', required: ['code'], properties: { code: { type: 'string', maxLength: 100 } } },
        response: { 200: cartAnswerSchema, ...errors, 429: errorBodySchema },
      },
      config: { access: 'public', keepsPublicCache: true },
      preHandler: discountLimit,
    },
    async (request) => {
      const data = await applyDiscountCode(app.db, await cartOwnerOf(request), request.body.code, hold);
      return { message: COMMERCE_MESSAGES.discountApplied, data };
    },
  );

  /** DELETE /api/cart/discount-code (issue 25): `{message, data: Cart}` without the code. */
  app.delete(
    '/api/cart/discount-code',
    {
      schema: { tags: ['commerce'], summary: 'Remove the discount code from the cart', response: { 200: cartAnswerSchema, ...errors } },
      config: { access: 'public', keepsPublicCache: true },
    },
    async (request) => {
      const data = await removeDiscountCode(app.db, await cartOwnerOf(request), hold);
      return { message: COMMERCE_MESSAGES.discountRemoved, data };
    },
  );

  /**
   * POST /api/cart `{product_id}`: 201 `{message, data: Cart}`; 403 selling closed; 422 unknown or
   * inactive course, already bought, already in the cart, bad body. A visitor's first add makes
   * their cart and sets its cookies; each add refreshes them for 30 days.
   */
  app.post<{ Body: AddToCartBody }>(
    '/api/cart',
    {
      config: { access: 'public', keepsPublicCache: true },
      schema: {
        tags: ['commerce'],
        summary: 'Add a course to the cart',
        body: addBodySchema,
        response: { 201: cartAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = await getAuth(request);
      if (auth) {
        const owner = { userId: auth.user.id };
        await assertSellingOpen(app.db);
        await addToCart(app.db, owner, request.body.product_id);
        return reply.code(201).send({ message: COMMERCE_MESSAGES.productAddedToCart, data: await getCart(app.db, owner, hold) });
      }
      const { token, owner } = await visitorCartForAdd(request);
      await assertSellingOpen(app.db);
      await addToCart(app.db, owner, request.body.product_id);
      setVisitorCartCookies(reply, token);
      return reply.code(201).send({ message: COMMERCE_MESSAGES.productAddedToCart, data: await getCart(app.db, owner, hold) });
    },
  );

  /** DELETE /api/cart/:productId: `{message, data: Cart}`; 404 when not in the cart. */
  app.delete<{ Params: { productId: string } }>(
    '/api/cart/:productId',
    {
      config: { access: 'public', keepsPublicCache: true },
      schema: {
        tags: ['commerce'],
        summary: 'Remove a course from the cart',
        params: { type: 'object', properties: { productId: { type: 'string' } } },
        response: { 200: cartAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const productId = parseId(request.params.productId);
      if (productId === null) throw notFound();
      const owner = await cartOwnerOf(request);
      await removeFromCart(app.db, owner, productId);
      return { message: COMMERCE_MESSAGES.productRemovedFromCart, data: await getCart(app.db, owner, hold) };
    },
  );
};

export default cartRoutes;
