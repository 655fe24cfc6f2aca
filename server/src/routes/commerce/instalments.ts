/**
 * Buying a course in parts (issue 36 item 2): a buyer starts a purchase by a plan and pays its parts
 * one after another through the gateway; staff give courses plans (manage-products), see the parts
 * due and overdue (show-financial-info) and cancel a purchase (manage-refunds). Routes delegate to
 * modules/commerce/instalments.ts; each part's payment is the order flow's (`payOrder`).
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { User } from '@shop/contracts';
import {
  instalmentPlanSchema as instalmentPlanBodySchema,
  instalmentPurchaseSchema as instalmentPurchaseBodySchema,
  type InstalmentPlanInput,
  type InstalmentPurchaseInput,
} from '@shop/validation';
import { routeId } from '../../lib/pagination';
import { errorBodySchema, itemSchema, messageItemSchema, messageSchema, pageQueryProperties, paginatedSchema, signedInErrorResponses } from '../../lib/schemas';
import { yupBody } from '../../lib/yup-body';
import { auditContextOf, requireAuth, requirePermission, requireUser } from '../../plugins/app/auth';
import { rateLimits } from '../../plugins/external/rate-limit';
import {
  activeAgentOf,
  AGENT_REF_COOKIE,
  cancelInstalmentPurchase,
  COMMERCE_MESSAGES,
  createInstalmentPlan,
  deleteInstalmentPlan,
  getOwnInstalmentPurchase,
  type InstalmentListQuery,
  listDashboardInstalments,
  listInstalmentPlans,
  listOwnInstalmentPurchases,
  orderOfNextPart,
  paymentContexts,
  payOrder,
  purchaseOfPart,
  startInstalmentPurchase,
  updateInstalmentPlan,
} from '../../modules/commerce';
import { assertSellingOpen } from '../../modules/support';
import { dashboardInstalmentSchema, instalmentCheckoutAnswerSchema, instalmentPlanSchema, instalmentPurchaseSchema } from './schemas';

const tags = ['commerce'];
const errors = signedInErrorResponses;
const planBody = yupBody(instalmentPlanBodySchema);
const purchaseBody = yupBody(instalmentPurchaseBodySchema);
const productParams = { type: 'object', properties: { productId: { type: 'string' } } } as const;
const planParams = { type: 'object', properties: { productId: { type: 'string' }, planId: { type: 'string' } } } as const;
const idParams = { type: 'object', properties: { id: { type: 'string' } } } as const;
const PLANS = '/api/dashboard/products/:productId/instalment-plans';

const instalmentRoutes: FastifyPluginAsync = async (app) => {
  const payment = paymentContexts(app);
  // One budget with checkout: each of these asks the gateway for a payment.
  const checkoutLimit = rateLimits(app, [{ limit: 'checkout', key: async (r) => `checkout:${(await requireAuth(r)).user.id}` }]);

  /** The gateway form for the next part of the user's purchase, with the purchase as it is now. */
  const payNextPart = async (request: FastifyRequest, user: User, purchaseId: number, instalmentId?: number) => {
    const orderId = await orderOfNextPart(app.db, user.id, purchaseId, instalmentId);
    const answer = await payOrder(app.db, payment.of(request), user, orderId);
    return { ...answer, purchase: await getOwnInstalmentPurchase(app.db, user.id, purchaseId) };
  };

  /**
   * POST /api/products/:productId/instalment-purchases `{plan_id}`: 201 `{data: InstalmentCheckoutAnswer}`
   * for a new purchase, 200 for the user's unpaid one of the same plan answered again, each with the
   * first part's gateway form; 403 selling closed; 404 unknown course; 422 on `plan_id`, already bought,
   * gateway failure; 429 (checkout's limit).
   */
  app.post<{ Params: { productId: string }; Body: InstalmentPurchaseInput }>(
    '/api/products/:productId/instalment-purchases',
    {
      config: { keepsPublicCache: true },
      schema: {
        tags,
        summary: 'Buy a course in parts: start the purchase and pay its first part',
        params: productParams,
        body: purchaseBody.jsonSchema,
        response: { 200: itemSchema(instalmentCheckoutAnswerSchema), 201: itemSchema(instalmentCheckoutAnswerSchema), ...errors, 429: errorBodySchema },
      },
      onRequest: requireUser,
      preValidation: purchaseBody.preValidation,
      validatorCompiler: purchaseBody.validatorCompiler,
      preHandler: checkoutLimit,
    },
    async (request, reply) => {
      const { user } = await requireAuth(request);
      await assertSellingOpen(app.db);
      const agent = await activeAgentOf(app.db, request.cookies[AGENT_REF_COOKIE], user.id);
      const { purchaseId, created } = await startInstalmentPurchase(app.db, user.id, routeId(request.params.productId), request.body.plan_id, agent?.id ?? null);
      return reply.code(created ? 201 : 200).send({ data: await payNextPart(request, user, purchaseId) });
    },
  );

  /** POST /api/instalments/:id/pay: `{data: InstalmentCheckoutAnswer}` a gateway form for that part; 404 not the user's; 422 paid, not next, cancelled; 403 selling closed. */
  app.post<{ Params: { id: string } }>(
    '/api/instalments/:id/pay',
    {
      config: { keepsPublicCache: true },
      schema: { tags, summary: 'Pay the next part of a course bought in parts', params: idParams, response: { 200: itemSchema(instalmentCheckoutAnswerSchema), ...errors, 429: errorBodySchema } },
      onRequest: requireUser,
      preHandler: checkoutLimit,
    },
    async (request) => {
      const { user } = await requireAuth(request);
      await assertSellingOpen(app.db);
      const instalmentId = routeId(request.params.id);
      return { data: await payNextPart(request, user, await purchaseOfPart(app.db, user.id, instalmentId), instalmentId) };
    },
  );

  /** GET /api/instalment-purchases: `{data: InstalmentPurchase[]}` the user's, newest first. */
  app.get(
    '/api/instalment-purchases',
    {
      schema: { tags, summary: 'My courses bought in parts', response: { 200: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: instalmentPurchaseSchema } } }, ...errors } },
      onRequest: requireUser,
    },
    async (request) => ({ data: await listOwnInstalmentPurchases(app.db, (await requireAuth(request)).user.id) }),
  );

  await dashboardInstalmentRoutes(app);
};

/** The dashboard's side: a course's plans (manage-products), the parts due (show-financial-info), cancelling (manage-refunds). */
async function dashboardInstalmentRoutes(app: FastifyInstance): Promise<void> {
  const products = { onRequest: requirePermission('manage-products') };

  /** GET …/products/:productId/instalment-plans: `{data: InstalmentPlan[]}`; 404 unknown course. */
  app.get<{ Params: { productId: string } }>(
    PLANS,
    {
      schema: { tags, summary: "A course's plans to buy it in parts", params: productParams, response: { 200: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: instalmentPlanSchema } } }, ...errors } },
      ...products,
    },
    async (request) => ({ data: await listInstalmentPlans(app.db, routeId(request.params.productId)) }),
  );

  /** POST …/instalment-plans InstalmentPlanBody: 201 {message, data: InstalmentPlan}; 404 unknown course; 422 field errors. */
  app.post<{ Params: { productId: string }; Body: InstalmentPlanInput }>(
    PLANS,
    {
      schema: { tags, summary: 'Give a course a plan', params: productParams, body: planBody.jsonSchema, response: { 201: messageItemSchema(instalmentPlanSchema), ...errors } },
      ...products,
      preValidation: planBody.preValidation,
      validatorCompiler: planBody.validatorCompiler,
    },
    async (request, reply) =>
      reply.code(201).send({
        message: COMMERCE_MESSAGES.instalmentPlanCreated,
        data: await createInstalmentPlan(app.db, routeId(request.params.productId), request.body, await auditContextOf(request)),
      }),
  );

  /** PUT …/instalment-plans/:planId InstalmentPlanBody: {message, data}; purchases made keep their terms; 404; 422. */
  app.put<{ Params: { productId: string; planId: string }; Body: InstalmentPlanInput }>(
    `${PLANS}/:planId`,
    {
      schema: { tags, summary: 'Change a plan', params: planParams, body: planBody.jsonSchema, response: { 200: messageItemSchema(instalmentPlanSchema), ...errors } },
      ...products,
      preValidation: planBody.preValidation,
      validatorCompiler: planBody.validatorCompiler,
    },
    async (request) => ({
      message: COMMERCE_MESSAGES.instalmentPlanUpdated,
      data: await updateInstalmentPlan(app.db, routeId(request.params.productId), routeId(request.params.planId), request.body, await auditContextOf(request)),
    }),
  );

  /** DELETE …/instalment-plans/:planId: {message}; purchases made keep their terms; 404. */
  app.delete<{ Params: { productId: string; planId: string } }>(
    `${PLANS}/:planId`,
    { schema: { tags, summary: 'Delete a plan', params: planParams, response: { 200: messageSchema, ...errors } }, ...products },
    async (request) => {
      await deleteInstalmentPlan(app.db, routeId(request.params.productId), routeId(request.params.planId), await auditContextOf(request));
      return { message: COMMERCE_MESSAGES.instalmentPlanDeleted };
    },
  );

  /** GET /api/dashboard/financial-info/instalments: Paginated<DashboardInstalment>, soonest due first (`state`, `q`). */
  app.get<{ Querystring: InstalmentListQuery }>(
    '/api/dashboard/financial-info/instalments',
    {
      schema: {
        tags,
        summary: 'Parts due, overdue and pausing access',
        querystring: {
          type: 'object',
          properties: { ...pageQueryProperties, q: { type: 'string', maxLength: 100 }, state: { type: 'string', enum: ['upcoming', 'overdue', 'paused'] } },
        },
        response: { 200: paginatedSchema(dashboardInstalmentSchema), ...errors },
      },
      onRequest: requirePermission('show-financial-info'),
    },
    (request) => listDashboardInstalments(app.db, request.query),
  );

  /** POST …/instalment-purchases/:id/cancel: {message, data: InstalmentPurchase}; access ends at once; 404; 422 already cancelled. */
  app.post<{ Params: { id: string } }>(
    '/api/dashboard/financial-info/instalment-purchases/:id/cancel',
    {
      schema: { tags, summary: 'Cancel a course bought in parts', params: idParams, response: { 200: messageItemSchema(instalmentPurchaseSchema), ...errors } },
      onRequest: requirePermission('manage-refunds'),
    },
    async (request) => ({
      message: COMMERCE_MESSAGES.instalmentPurchaseCancelledDone,
      data: await cancelInstalmentPurchase(app.db, routeId(request.params.id), await auditContextOf(request), (tx, owner) =>
        app.orderWorkflow.emit(tx, 'ownership.changed', owner),
      ),
    }),
  );
}

export default instalmentRoutes;
