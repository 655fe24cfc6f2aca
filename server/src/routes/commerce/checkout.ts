/**
 * Checkout and orders of the signed-in user (issue 6 "Payments"; SPEC §7): create the order from
 * the cart (Idempotency-Key), a new payment attempt for an unpaid order, and one's own order.
 */
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/api-error';
import { parseId } from '../../lib/pagination';
import {
  checkoutAnswerSchema,
  errorBodySchema,
  itemSchema,
  orderSchema,
  pageQueryProperties,
  paginatedSchema,
  signedInErrorResponses,
} from '../../lib/schemas';
import { requireAuth, requireUser } from '../../plugins/app/auth';
import { rateLimits } from '../../plugins/external/rate-limit';
import { checkout, getOwnOrder, payOrder, paymentContexts } from '../../modules/commerce/checkout-service';
import { listOwnOrders } from '../../modules/commerce/own-orders';

const errors = signedInErrorResponses;

const orderParams = { type: 'object', properties: { orderId: { type: 'string' } } } as const;

const checkoutRoutes: FastifyPluginAsync = async (app) => {
  const payment = paymentContexts(app);
  const orderIdOf = (raw: string) => {
    const id = parseId(raw);
    if (id === null) throw notFound();
    return id;
  };
  // Per user, one budget for new orders and new payment attempts (each asks the gateway for a payment).
  const checkoutLimit = rateLimits(app, [{ limit: 'checkout', key: async (r) => `checkout:${(await requireAuth(r)).user.id}` }]);

  /**
   * POST /api/checkout (header `Idempotency-Key`, body ignored): 201 `{data: CheckoutAnswer}` for a
   * new order, 200 for the same key again; 403 selling closed; 422 empty cart or gateway failure;
   * 429 with Retry-After after RATE_LIMIT_CHECKOUT_PER_MINUTE checkouts and pays of one user.
   * A new order paid at once (free) gets its receipt mail; a new unpaid one its reminder job (issue 25).
   */
  app.post<{ Headers: { 'idempotency-key'?: string } }>(
    '/api/checkout',
    {
      config: { keepsPublicCache: true },
      schema: {
        tags: ['commerce'],
        summary: 'Create the order of the cart and open a payment',
        headers: {
          type: 'object',
          properties: { 'idempotency-key': { type: 'string', minLength: 1, maxLength: 255 } },
        },
        response: { 200: itemSchema(checkoutAnswerSchema), 201: itemSchema(checkoutAnswerSchema), ...errors, 429: errorBodySchema },
      },
      onRequest: requireUser,
      preHandler: checkoutLimit,
    },
    async (request, reply) => {
      const { user } = await requireAuth(request);
      const key = request.headers['idempotency-key'] ?? null;
      const { answer, created } = await checkout(app.db, payment.of(request), user, key);
      return reply.code(created ? 201 : 200).send({ data: answer });
    },
  );

  /** POST /api/orders/:orderId/pay: `{data: CheckoutAnswer}` a new attempt; 403 selling closed; 404; 422 already paid or gateway failure; 429 (checkout's limit). */
  app.post<{ Params: { orderId: string } }>(
    '/api/orders/:orderId/pay',
    {
      config: { keepsPublicCache: true },
      schema: {
        tags: ['commerce'],
        summary: 'Try again to pay an unpaid order',
        params: orderParams,
        response: { 200: itemSchema(checkoutAnswerSchema), ...errors, 429: errorBodySchema },
      },
      onRequest: requireUser,
      preHandler: checkoutLimit,
    },
    async (request) => {
      const { user } = await requireAuth(request);
      return { data: await payOrder(app.db, payment.of(request), user, orderIdOf(request.params.orderId)) };
    },
  );

  /** GET /api/orders?page&per_page: `Paginated<Order>` of the caller's orders, newest first (issue 25: receipts in the profile). */
  app.get<{ Querystring: { page?: number; per_page?: number } }>(
    '/api/orders',
    {
      schema: {
        tags: ['commerce'],
        summary: 'My orders',
        querystring: { type: 'object', properties: pageQueryProperties },
        response: { 200: paginatedSchema(orderSchema), ...errors },
      },
      onRequest: requireUser,
    },
    async (request) => {
      const { user } = await requireAuth(request);
      return listOwnOrders(app.db, user.id, request.query);
    },
  );

  /** GET /api/orders/:orderId: `{data: Order}` for its owner; 404 otherwise. */
  app.get<{ Params: { orderId: string } }>(
    '/api/orders/:orderId',
    {
      schema: {
        tags: ['commerce'],
        summary: 'One of my orders',
        params: orderParams,
        response: { 200: itemSchema(orderSchema), ...errors },
      },
      onRequest: requireUser,
    },
    async (request) => {
      const { user } = await requireAuth(request);
      return { data: await getOwnOrder(app.db, user.id, orderIdOf(request.params.orderId)) };
    },
  );
};

export default checkoutRoutes;
