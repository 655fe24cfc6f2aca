/**
 * Gateway navigation (issue 6 "Payments"; SPEC §7): the hidden form's POST that opens the attempt's
 * gateway, the sandbox gateways' pages, and the callback that verifies and sends the browser back to
 * the cart (SnappPay's POSTed return turned into it), plus the list of gateways a buyer picks from
 * (issue 36 item 2). Navigations, not XHR: redirects are 303.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { commonErrorResponses, errorBodySchema } from '../../lib/schemas';
import { requireAuth, requireUser } from '../../plugins/app/auth';
import {
  type CallbackQuery,
  handleCallback,
  isSnappPaySandbox,
  openPaymentPage,
  PAYMENT_CALLBACK_PATH,
  paymentAmount,
  paymentContexts,
  paymentGatewayOptions,
  sandboxPageHtml,
  snapppaySandboxPage,
  zarinpalSandboxPage,
  type SandboxPage,
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
const html = { 200: { type: 'string', description: 'HTML page' }, ...errors } as const;

/** `GET /api/payments/gateways`'s answer: the gateways a buyer picks from. */
const gatewayListSchema = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'name', 'description'],
        properties: { id: { type: 'string', enum: ['default', 'snapppay'] }, name: { type: 'string' }, description: { type: 'string' } },
      },
    },
  },
} as const;

/**
 * Registers a built-in sandbox's pay page at `url` (with `:token`): `pageOf` the attempt's amount in
 * tomans, as HTML that is not stored, its buttons leading to the callback; 404 unknown token.
 */
function sandboxPage(app: FastifyInstance, url: string, summary: string, pageOf: (amount: number) => SandboxPage): void {
  app.get<{ Params: { token: string } }>(
    url,
    {
      config: { access: 'public' },
      schema: { tags: ['commerce'], summary, params: { type: 'object', properties: { token } }, produces: ['text/html'], response: html },
    },
    async (request, reply) => {
      const amount = await paymentAmount(app.db, request.params.token);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(sandboxPageHtml(pageOf(amount), request.params.token, PAYMENT_CALLBACK_PATH));
    },
  );
}

const paymentsRoutes: FastifyPluginAsync = async (app) => {
  const payment = paymentContexts(app);

  // The hidden form posts application/x-www-form-urlencoded (scoped to this plugin's routes).
  addFormBodyParser(app, FORM_BODY_LIMIT);

  /**
   * POST /api/payments/start (form field `token`): 303 to the pay page of the gateway the attempt
   * names (SnappPay registers the purchase now, issue 36 item 2); 404 unknown token; 303 to
   * `/shopping-cart?payment=failed&order_id=<id>` when SnappPay refuses or fails (logged; the attempt
   * stays pending for another try) or for a SnappPay attempt no longer pending.
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
      const callbackUrl = `${app.settings.publicUrl}${PAYMENT_CALLBACK_PATH}`;
      const page = await openPaymentPage(app.db, payment.gateways, request.log, callbackUrl, request.body.token);
      if (page.url === null) return reply.redirect(`/shopping-cart?payment=failed&order_id=${page.orderId}`, 303);
      return reply.redirect(page.url, 303);
    },
  );

  /**
   * GET /api/payments/gateways (issue 36 item 2): `{data: [{id, name, description}]}`, the gateways a
   * buyer picks from at checkout (`gateway` of `POST /api/checkout` and `POST /api/orders/:id/pay`),
   * the default one first, names and descriptions in Persian. Public and the same for everyone.
   */
  app.get(
    '/api/payments/gateways',
    {
      config: { access: 'public', publicCache: true },
      schema: {
        tags: ['commerce'],
        summary: 'The payment gateways a buyer picks from',
        response: { 200: gatewayListSchema, ...commonErrorResponses },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { data: paymentGatewayOptions(payment.gateways) };
    },
  );

  // The built-in sandboxes' pay pages, served by this server while they are the gateways.
  if (payment.gateways.default.name === 'sandbox') {
    /** GET /api/payments/sandbox/:token: the sandbox gateway's page («پرداخت» / «انصراف»); 404 unknown token. */
    sandboxPage(app, '/api/payments/sandbox/:token', 'The sandbox gateway page', zarinpalSandboxPage);
  }
  if (isSnappPaySandbox(payment.gateways)) {
    /**
     * GET /api/payments/snapppay-sandbox/:token (issue 36 item 2): SnappPay's sandbox page, «اسنپ‌پی
     * (آزمایشی)» with the amount in four parts, «تأیید و پرداخت» / «انصراف» to the callback; 404 unknown token.
     */
    sandboxPage(app, '/api/payments/snapppay-sandbox/:token', "SnappPay's sandbox page", snapppaySandboxPage);
  }

  /**
   * POST /api/payments/callback?Authority= (issue 36 item 2): SnappPay's return, a cross-site form
   * POST (`transactionId`, `state` `OK`|`FAILED`, `amount`) that carries no SameSite=Lax cookie, so it
   * only answers 303 to `GET /api/payments/callback?Authority=&Status=OK|NOK` (`OK` for `state=OK`, else
   * `NOK`), which the buyer's browser sends with its cookie and which verifies as for any gateway.
   * Public, no XSRF; what it posts is never trusted (verify asks SnappPay).
   */
  app.post<{ Querystring: { Authority: string }; Body: { state?: string } | undefined }>(
    PAYMENT_CALLBACK_PATH,
    {
      config: { access: 'public', csrf: false, keepsPublicCache: true },
      schema: {
        tags: ['commerce'],
        summary: "SnappPay's return: on to the callback",
        consumes: ['application/x-www-form-urlencoded'],
        querystring: { type: 'object', required: ['Authority'], properties: { Authority: token } },
        body: {
          type: ['object', 'null'],
          properties: { state: { type: 'string', maxLength: 64 }, transactionId: { type: 'string', maxLength: 255 }, amount: { type: 'string', maxLength: 32 } },
        },
        response: { ...redirect, ...errors },
      },
    },
    async (request, reply) => {
      const status = request.body?.state === 'OK' ? 'OK' : 'NOK';
      return reply.redirect(`${PAYMENT_CALLBACK_PATH}?Authority=${encodeURIComponent(request.query.Authority)}&Status=${status}`, 303);
    },
  );

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
