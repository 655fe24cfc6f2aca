/**
 * Financial info in the dashboard (SPEC §2 /dashboard/financial-info, §3, §4, §8; issue 6):
 * orders (show-financial-info), courses added to users by hand (show-financial-info), refunds
 * (manage-refunds), and the sales and refund summaries (show-financial-info). Routes declare
 * schemas and delegate to financial-service.ts and sales-summary-service.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  SALES_PERIODS,
  type AddProductToUserBody,
  type OrderUpdateBody,
  type RefundBody,
  type SalesPeriod,
} from '@shop/contracts';
import { MESSAGES } from '../../lib/messages';
import { routeId } from '../../lib/pagination';
import {
  dashboardOrderSchema,
  itemSchema,
  messageSchema,
  paginatedSchema,
  refundSchema,
  salesSummarySchema, signedInErrorResponses,
  pageQueryProperties,
  idParamsSchema,
} from '../../lib/schemas';
import { requireAuth, requirePermission } from '../../plugins/app/auth';
import {
  addProductToUser,
  changeManualOrderProduct,
  deleteManualOrder,
  getDashboardOrder,
  listDashboardOrders,
  listRefunds,
  refundOrderItem,
  setOrderPaymentStatus,
  type OrderListQuery,
  type RefundListQuery,
} from '../../modules/commerce/financial-service';
import { getSalesSummary, type SummaryKind } from '../../modules/commerce/sales-summary-service';

const BASE = '/api/dashboard/financial-info';
const tags = ['commerce'];
const errors = signedInErrorResponses;
const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
const pageQuery = {
  ...pageQueryProperties,
  q: { type: 'string', maxLength: 200, description: "Searched in the buyer's full name, email and mobile (0912… or +98912…)." },
} as const;
const paymentStatus = { type: 'string', enum: ['unpaid', 'paid'] } as const;
const writeAnswer = (data: object) =>
  ({ type: 'object', required: ['message', 'data'], properties: { message: { type: 'string' }, data } }) as const;


const dashboardFinancialInfoRoutes: FastifyPluginAsync = async (app) => {
  const financial = { onRequest: requirePermission('show-financial-info') };
  const refunds = { onRequest: requirePermission('manage-refunds') };

  /** GET …/orders: Paginated<DashboardOrder>, newest first (`q`, `payment_status`, `source`). */
  app.get<{ Querystring: OrderListQuery }>(
    `${BASE}/orders`,
    {
      schema: {
        tags,
        summary: 'Orders',
        querystring: {
          type: 'object',
          properties: { ...pageQuery, payment_status: paymentStatus, source: { type: 'string', enum: ['checkout', 'manual'] } },
        },
        response: { 200: paginatedSchema(dashboardOrderSchema), ...errors },
      },
      ...financial,
    },
    (request) => listDashboardOrders(app.db, request.query),
  );

  /** GET …/orders/:id: {data: DashboardOrder}. */
  app.get<{ Params: { id: string } }>(
    `${BASE}/orders/:id`,
    { schema: { tags, summary: 'An order', params: idParamsSchema, response: { 200: itemSchema(dashboardOrderSchema), ...errors } }, ...financial },
    async (request) => ({ data: await getDashboardOrder(app.db, routeId(request.params.id)) }),
  );

  /** PUT …/orders/:id `{payment_status}`: paid grants the courses (paid_at now), unpaid revokes them. */
  app.put<{ Params: { id: string }; Body: OrderUpdateBody }>(
    `${BASE}/orders/:id`,
    {
      schema: {
        tags,
        summary: "Set an order's payment status",
        params: idParamsSchema,
        body: { type: 'object', required: ['payment_status'], properties: { payment_status: paymentStatus } },
        response: { 200: writeAnswer(dashboardOrderSchema), ...errors },
      },
      ...financial,
    },
    async (request) => ({
      message: MESSAGES.orderUpdated,
      data: await setOrderPaymentStatus(app.db, routeId(request.params.id), request.body.payment_status),
    }),
  );

  const manual = `${BASE}/list-of-products-added-to-users`;

  /** GET …/list-of-products-added-to-users: Paginated<DashboardOrder> of manual orders (`q`). */
  app.get<{ Querystring: Omit<OrderListQuery, 'source'> }>(
    manual,
    {
      schema: {
        tags,
        summary: 'Courses added to users by hand',
        querystring: { type: 'object', properties: { ...pageQuery, payment_status: paymentStatus } },
        response: { 200: paginatedSchema(dashboardOrderSchema), ...errors },
      },
      ...financial,
    },
    (request) => listDashboardOrders(app.db, { ...request.query, source: 'manual' }),
  );

  /** GET …/list-of-products-added-to-users/:id: {data: DashboardOrder}; 404 unless manual. */
  app.get<{ Params: { id: string } }>(
    `${manual}/:id`,
    {
      schema: { tags, summary: 'A course added by hand', params: idParamsSchema, response: { 200: itemSchema(dashboardOrderSchema), ...errors } },
      ...financial,
    },
    async (request) => ({ data: await getDashboardOrder(app.db, routeId(request.params.id), 'manual') }),
  );

  /** POST …/list-of-products-added-to-users `{user_id, product_id}`: 201, a paid order at 0; 422 unknown or owned. */
  app.post<{ Body: AddProductToUserBody }>(
    manual,
    {
      schema: {
        tags,
        summary: 'Add a course to a user by hand',
        body: { type: 'object', required: ['user_id', 'product_id'], properties: { user_id: id, product_id: id } },
        response: { 201: writeAnswer(dashboardOrderSchema), ...errors },
      },
      ...financial,
    },
    async (request, reply) =>
      reply.code(201).send({
        message: MESSAGES.productAddedToUser,
        data: await addProductToUser(app.db, { userId: request.body.user_id, productId: request.body.product_id }),
      }),
  );

  /** PUT …/list-of-products-added-to-users/:id `{product_id}`: changes the course; 422 unknown or owned. */
  app.put<{ Params: { id: string }; Body: Pick<AddProductToUserBody, 'product_id'> }>(
    `${manual}/:id`,
    {
      schema: {
        tags,
        summary: 'Change the course added by hand',
        params: idParamsSchema,
        body: { type: 'object', required: ['product_id'], properties: { product_id: id } },
        response: { 200: writeAnswer(dashboardOrderSchema), ...errors },
      },
      ...financial,
    },
    async (request) => ({
      message: MESSAGES.productOfUserChanged,
      data: await changeManualOrderProduct(app.db, routeId(request.params.id), request.body.product_id),
    }),
  );

  /** DELETE …/list-of-products-added-to-users/:id: {message}; the user loses the course. */
  app.delete<{ Params: { id: string } }>(
    `${manual}/:id`,
    { schema: { tags, summary: 'Remove a course added by hand', params: idParamsSchema, response: { 200: messageSchema, ...errors } }, ...financial },
    async (request) => {
      await deleteManualOrder(app.db, routeId(request.params.id));
      return { message: MESSAGES.productRemovedFromUser };
    },
  );

  /** GET …/money-refund-status: Paginated<Refund>, newest first (`q`). */
  app.get<{ Querystring: RefundListQuery }>(
    `${BASE}/money-refund-status`,
    {
      schema: {
        tags,
        summary: 'Refunds',
        querystring: { type: 'object', properties: pageQuery },
        response: { 200: paginatedSchema(refundSchema), ...errors },
      },
      ...refunds,
    },
    (request) => listRefunds(app.db, request.query),
  );

  /** POST …/money-refund-status `{order_item_id, confirmation}`: 201 {message, data: Refund}; 422 word, unpaid, refunded. */
  app.post<{ Body: RefundBody }>(
    `${BASE}/money-refund-status`,
    {
      schema: {
        tags,
        summary: 'Refund a bought course (confirm with «yes» or «بله»)',
        body: {
          type: 'object',
          required: ['order_item_id', 'confirmation'],
          properties: { order_item_id: id, confirmation: { type: 'string', maxLength: 50 } },
        },
        response: { 201: writeAnswer(refundSchema), ...errors },
      },
      ...refunds,
    },
    async (request, reply) => {
      const { user } = await requireAuth(request);
      const refund = await refundOrderItem(app.db, {
        orderItemId: request.body.order_item_id,
        confirmation: request.body.confirmation,
        staffId: user.id,
      });
      return reply.code(201).send({ message: MESSAGES.refundDone, data: refund });
    },
  );

  for (const kind of ['sales', 'refunds'] as const satisfies readonly SummaryKind[]) {
    /** GET …/sales|refunds?period=: SalesSummaryAnswer over a Jalali period ending at the next Tehran midnight. */
    app.get<{ Querystring: { period: SalesPeriod } }>(
      `${BASE}/${kind}`,
      {
        schema: {
          tags,
          summary: kind === 'sales' ? 'Sales summary' : 'Refund summary',
          querystring: {
            type: 'object',
            properties: { period: { type: 'string', enum: [...SALES_PERIODS], default: 'all' } },
          },
          response: { 200: salesSummarySchema, ...errors },
        },
        ...financial,
      },
      (request) => getSalesSummary(app.db, kind, request.query.period),
    );
  }
};

export default dashboardFinancialInfoRoutes;
