/**
 * Gateway navigation (issue 6 "Payments"; SPEC §7): the hidden form's POST that opens the gateway,
 * the sandbox gateway's page, and the callback that verifies and sends the browser back to the cart.
 * These are browser navigations, not XHR: redirects are 303.
 */
import type { FastifyPluginAsync } from 'fastify';
import { errorBodySchema } from '../../lib/schemas';
import { requireAuth, requireUser } from '../../plugins/app/auth';
import {
  type CallbackQuery,
  handleCallback,
  PAYMENT_CALLBACK_PATH,
  paymentAmount,
  paymentContexts,
  sandboxPageHtml,
  startPayment,
} from '../../modules/commerce';
import { addFormBodyParser } from '../../lib/form-body';

/** Largest form body accepted by `POST /api/payments/start`, bytes. */
const FORM_BODY_LIMIT = 4096;

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
  422: errorBodySchema,
} as const;

const redirect = { 303: { type: 'null', description: 'See Other: Location is the next page' } } as const;
const token = { type: 'string', minLength: 1, maxLength: 255 } as const;

const paymentsRoutes: FastifyPluginAsync = async (app) => {
  const payment = paymentContexts(app);

  // The hidden form posts application/x-www-form-urlencoded (scoped to this plugin's routes).
  addFormBodyParser(app, FORM_BODY_LIMIT);

  /**
   * POST /api/payments/start (form field `token`): 303 to the gateway's pay page; 404 unknown token.
   * No XSRF: a navigation. An order whose discount code lapsed since checkout (issue 31 item 3) is
   * not opened: its attempt fails and the browser goes back with 303 to
   * `/shopping-cart?payment=discount-lapsed&order_id=<id>`, where the cart page says why and leads
   * back to the cart (the gateway's other returns use `payment=paid|failed` the same way). A
   * cancelled order's attempt is not opened either (issue 32 item 2): 303 to
   * `/shopping-cart?payment=order-cancelled&order_id=<id>`, whose page says the order was cancelled.
   */
  app.post<{ Body: { token: string } }>(
    '/api/payments/start',
    {
      config: { access: 'public', csrf: false, keepsPublicCache: true },
      schema: {
        tags: ['commerce'],
        summary: 'Open the gateway for a payment token (hidden form POST)',
        consumes: ['application/x-www-form-urlencoded'],
        body: { type: 'object', required: ['token'], properties: { token } },
        response: { ...redirect, ...errors },
      },
    },
    async (request, reply) => {
      const start = await startPayment(app.db, app.settings.discountHoldMinutes, request.body.token);
      if (!start.open) return reply.redirect(`/shopping-cart?payment=${start.why}&order_id=${start.orderId}`, 303);
      return reply.redirect(payment.gateway.payUrl(request.body.token), 303);
    },
  );

  if (payment.gateway.name === 'sandbox') {
    /** GET /api/payments/sandbox/:token: the sandbox gateway's page («پرداخت» / «انصراف»); 404 unknown token. */
    app.get<{ Params: { token: string } }>(
      '/api/payments/sandbox/:token',
      { config: { access: 'public' },
        schema: {
          tags: ['commerce'],
          summary: 'The sandbox gateway page',
          params: { type: 'object', properties: { token } },
          produces: ['text/html'],
          response: { 200: { type: 'string', description: 'HTML page' }, ...errors },
        },
      },
      async (request, reply) => {
        const amount = await paymentAmount(app.db, request.params.token);
        return reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(sandboxPageHtml(request.params.token, amount, PAYMENT_CALLBACK_PATH));
      },
    );
  }

  /**
   * GET /api/payments/callback?Authority=&Status=OK|NOK: 303 to `/shopping-cart?payment=paid|failed&order_id=<id>`
   * (a paid order's receipt mail queued, issue 25);
   * 401 visitor; 403 another user's order; 404 unknown authority; 409 replayed; 422 amount mismatch or gateway failure.
   */
  app.get<{ Querystring: CallbackQuery }>(
    PAYMENT_CALLBACK_PATH,
    {
      schema: {
        tags: ['commerce'],
        summary: 'Gateway callback: verify the payment',
        querystring: {
          type: 'object',
          required: ['Authority', 'Status'],
          properties: { Authority: token, Status: { type: 'string', enum: ['OK', 'NOK'] } },
        },
        response: { ...redirect, ...errors },
      },
      onRequest: requireUser,
    },
    async (request, reply) => {
      const { user } = await requireAuth(request);
      const { outcome, orderId } = await handleCallback(app.db, payment.of(request), user, request.query);
      return reply.redirect(`/shopping-cart?payment=${outcome}&order_id=${orderId}`, 303);
    },
  );
};

export default paymentsRoutes;
