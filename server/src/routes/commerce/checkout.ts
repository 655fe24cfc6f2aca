/**
 * Checkout and orders of the signed-in user (issue 6 "Payments"; SPEC §7): create the order from
 * the cart (Idempotency-Key; the same cart's open order answered again, issue 32 item 2), a new
 * payment attempt for an unpaid order, cancelling an unpaid order (issue 32 item 2), and one's own order.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { CheckoutBody } from '@shop/contracts';
import { notFound } from '../../lib/api-error';
import { parseId } from '../../lib/pagination';
import { checkoutAnswerSchema, orderSchema } from './schemas';
import {
  errorBodySchema,
  itemSchema,
  messageItemSchema,
  pageQueryProperties,
  paginatedSchema,
  signedInErrorResponses,
} from '../../lib/schemas';
import { requireAuth, requireUser } from '../../plugins/app/auth';
import { rateLimits } from '../../plugins/external/rate-limit';
import { paymentContexts, payOrder, cancelOwnOrder, checkout, COMMERCE_MESSAGES, getOwnOrder, listOwnOrders, activeAgentOf, AGENT_REF_COOKIE } from '../../modules/commerce';
import { assertSellingOpen } from '../../modules/support';

const errors = signedInErrorResponses;

const orderParams = { type: 'object', properties: { orderId: { type: 'string' } } } as const;
/** The gateway a buyer picks for the attempt (issue 36 item 2): the default one, or SnappPay's instalments. */
const gatewayProperty = {
  type: 'string',
  enum: ['default', 'snapppay'],
  default: 'default',
  description: 'The gateway of the attempt: the default one, or SnappPay (buy now, pay in 4 parts). See GET /api/payments/gateways.',
} as const;

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
   * POST /api/checkout (header `Idempotency-Key`, body `{use_wallet?, gateway?}`: pay from the wallet
   * first, issue 36 item 3; `gateway` `default`|`snapppay`, issue 36 item 2): 201 `{data: CheckoutAnswer}` for a
   * new order, 200 for the same key again or the same cart's unpaid order answered with a new
   * attempt (issue 32 item 2); 403 selling closed; 422 empty cart or gateway failure, or on `gateway`
   * an amount SnappPay does not take (the order stays unpaid: pay it with the other gateway);
   * 429 with Retry-After after RATE_LIMIT_CHECKOUT_PER_MINUTE checkouts and pays of one user.
   * A new order paid at once (free) gets its receipt mail; a new unpaid one its reminder job (issue 25).
   */
  app.post<{ Headers: { 'idempotency-key'?: string }; Body: CheckoutBody | undefined }>(
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
        body: {
          type: ['object', 'null'],
          properties: {
            use_wallet: { type: 'boolean', default: false, description: 'Pay from the wallet as much as it holds, the gateway the rest.' },
            gateway: gatewayProperty,
          },
        },
        response: { 200: itemSchema(checkoutAnswerSchema), 201: itemSchema(checkoutAnswerSchema), ...errors, 429: errorBodySchema },
      },
      onRequest: requireUser,
      preHandler: checkoutLimit,
    },
    async (request, reply) => {
      const { user } = await requireAuth(request);
      const key = request.headers['idempotency-key'] ?? null;
      await assertSellingOpen(app.db);
      const context = payment.of(request, request.body?.gateway ?? 'default');
      // The sales agent whose link or code brought the buyer (issue 36 item 4), while active and not the buyer.
      const agent = await activeAgentOf(app.db, request.cookies[AGENT_REF_COOKIE], user.id);
      const { answer, created } = await checkout(app.db, context, user, key, { useWallet: request.body?.use_wallet === true, agentId: agent?.id ?? null });
      return reply.code(created ? 201 : 200).send({ data: answer });
    },
  );

  /**
   * POST /api/orders/:orderId/pay (body `{gateway?}`, `default`|`snapppay`, issue 36 item 2):
   * `{data: CheckoutAnswer}` a new attempt at that gateway; 403 selling closed; 404;
   * 422 already paid, cancelled (issue 32 item 2), a course bought meanwhile, its discount code
   * lapsed (on `code`), an amount SnappPay does not take (on `gateway`) or gateway failure; 429 (checkout's limit).
   */
  app.post<{ Params: { orderId: string }; Body: Pick<CheckoutBody, 'gateway'> | undefined }>(
    '/api/orders/:orderId/pay',
    {
      config: { keepsPublicCache: true },
      schema: {
        tags: ['commerce'],
        summary: 'Try again to pay an unpaid order',
        params: orderParams,
        body: { type: ['object', 'null'], properties: { gateway: gatewayProperty } },
        response: { 200: itemSchema(checkoutAnswerSchema), ...errors, 429: errorBodySchema },
      },
      onRequest: requireUser,
      preHandler: checkoutLimit,
    },
    async (request) => {
      const { user } = await requireAuth(request);
      await assertSellingOpen(app.db);
      const context = payment.of(request, request.body?.gateway ?? 'default');
      return { data: await payOrder(app.db, context, user, orderIdOf(request.params.orderId)) };
    },
  );

  /**
   * POST /api/orders/:orderId/cancel (issue 32 item 2): `{message, data: Order}` the caller's unpaid
   * order cancelled (`payment_status` `cancelled`; its discount code freed, no reminder); 404 unknown
   * or someone else's; 422 paid or already cancelled. Allowed while selling is off.
   */
  app.post<{ Params: { orderId: string } }>(
    '/api/orders/:orderId/cancel',
    {
      config: { keepsPublicCache: true },
      schema: {
        tags: ['commerce'],
        summary: 'Cancel an unpaid order',
        params: orderParams,
        response: { 200: messageItemSchema(orderSchema), ...errors },
      },
      onRequest: requireUser,
    },
    async (request) => {
      const { user } = await requireAuth(request);
      return { message: COMMERCE_MESSAGES.orderCancelled, data: await cancelOwnOrder(app.db, user.id, orderIdOf(request.params.orderId)) };
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
