/**
 * Financial info in the dashboard (SPEC §2 /dashboard/financial-info, §3, §4, §8; issue 6):
 * orders (show-financial-info), courses added to users by hand (show-financial-info), refunds
 * (manage-refunds), and the sales and refund summaries (show-financial-info). Routes declare
 * schemas and delegate to financial-service.ts and sales-summary-service.ts. Each list and summary
 * has `GET <its path>/export`: its rows as a CSV file, same permission and filters (issue 25;
 * financial-exports.ts, lib/csv-export.ts).
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import {
  SALES_PERIODS,
  type AddProductToUserBody,
  type OrderUpdateBody,
  type RefundBody,
  type SalesPeriod,
} from '@shop/contracts';
import { csvRouteSchema, sendCsv } from '../../lib/csv-export';
import { routeId } from '../../lib/pagination';
import { dashboardOrderSchema, paymentStatusSchema, refundSchema, salesSummarySchema } from './schemas';
import { idParamsSchema, itemSchema, messageSchema, pageQueryProperties, paginatedSchema, signedInErrorResponses } from '../../lib/schemas';
import { auditContextOf, requirePermission } from '../../plugins/app/auth';
import {
  addProductToUser,
  changeManualOrderProduct,
  COMMERCE_MESSAGES,
  deleteManualOrder,
  getDashboardOrder,
  getSalesSummary,
  listDashboardOrders,
  listRefunds,
  type OrderListQuery,
  ordersCsv,
  type RefundListQuery,
  refundOrderItem,
  refundsCsv,
  setOrderPaymentStatus,
  summaryCsv,
  type SummaryKind,
} from '../../modules/commerce';

const BASE = '/api/dashboard/financial-info';
const tags = ['commerce'];
const errors = signedInErrorResponses;
const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;
const pageQuery = {
  ...pageQueryProperties,
  q: { type: 'string', maxLength: 200, description: "Searched in the buyer's full name, email and mobile (0912… or +98912…)." },
} as const;
const paymentStatus = paymentStatusSchema;
/** Filters of the orders list, taken by its export too. */
const orderFilters = { q: pageQuery.q, payment_status: paymentStatus, source: { type: 'string', enum: ['checkout', 'manual', 'instalment'] } } as const;
const periodQuery = {
  type: 'object',
  properties: { period: { type: 'string', enum: [...SALES_PERIODS], default: 'all' } },
} as const;
/** Schema of a CSV export route: the list's filters, a CSV download, the usual errors. */
const csvSchema = (summary: string, filters: object) => ({
  tags,
  summary,
  produces: csvRouteSchema.produces,
  querystring: { type: 'object', properties: filters },
  response: { 200: csvRouteSchema.response200, ...errors },
});
const writeAnswer = (data: object) =>
  ({ type: 'object', required: ['message', 'data'], properties: { message: { type: 'string' }, data } }) as const;


const financial = { onRequest: requirePermission('show-financial-info') };
const refunds = { onRequest: requirePermission('manage-refunds') };

/** The orders and the courses added to users by hand (show-financial-info). */
async function orderRoutes(app: FastifyInstance): Promise<void> {
  /** GET …/orders: Paginated<DashboardOrder>, newest first (`q`, `payment_status`, `source`). */
  app.get<{ Querystring: OrderListQuery }>(
    `${BASE}/orders`,
    {
      schema: {
        tags,
        summary: 'Orders',
        querystring: {
          type: 'object',
          properties: { ...pageQuery, ...orderFilters },
        },
        response: { 200: paginatedSchema(dashboardOrderSchema), ...errors },
      },
      ...financial,
    },
    (request) => listDashboardOrders(app.db, request.query),
  );

  /** GET …/orders/export: every order of the list's filters as `orders-<Jalali date>.csv` (issue 25). */
  app.get<{ Querystring: OrderListQuery }>(
    `${BASE}/orders/export`,
    { schema: csvSchema('Orders as CSV', orderFilters), ...financial },
    async (request, reply) => sendCsv(reply, await ordersCsv(app.db, 'orders', request.query)),
  );

  /** GET …/orders/:id: {data: DashboardOrder}. */
  app.get<{ Params: { id: string } }>(
    `${BASE}/orders/:id`,
    { schema: { tags, summary: 'An order', params: idParamsSchema, response: { 200: itemSchema(dashboardOrderSchema), ...errors } }, ...financial },
    async (request) => ({ data: await getDashboardOrder(app.db, routeId(request.params.id)) }),
  );

  /**
   * PUT …/orders/:id `{payment_status}`: paid grants the courses (paid_at now; a checkout order gets
   * its receipt number and receipt mail, issue 25), unpaid revokes them.
   */
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
    async (request) => {
      const order = await setOrderPaymentStatus(
        app.db,
        app.orderWorkflow,
        routeId(request.params.id),
        request.body.payment_status,
        await auditContextOf(request),
      );
      return { message: COMMERCE_MESSAGES.orderUpdated, data: order };
    },
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

  /** GET …/list-of-products-added-to-users/export: the list's rows as `products-added-to-users-<date>.csv` (issue 25). */
  app.get<{ Querystring: Omit<OrderListQuery, 'source'> }>(
    `${manual}/export`,
    { schema: csvSchema('Courses added to users by hand as CSV', { q: orderFilters.q, payment_status: paymentStatus }), ...financial },
    async (request, reply) => sendCsv(reply, await ordersCsv(app.db, 'products-added-to-users', { ...request.query, source: 'manual' })),
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
        message: COMMERCE_MESSAGES.productAddedToUser,
        data: await addProductToUser(app.db, app.orderWorkflow, { userId: request.body.user_id, productId: request.body.product_id }, await auditContextOf(request)),
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
      message: COMMERCE_MESSAGES.productOfUserChanged,
      data: await changeManualOrderProduct(app.db, app.orderWorkflow, routeId(request.params.id), request.body.product_id, await auditContextOf(request)),
    }),
  );

  /** DELETE …/list-of-products-added-to-users/:id: {message}; the user loses the course. */
  app.delete<{ Params: { id: string } }>(
    `${manual}/:id`,
    { schema: { tags, summary: 'Remove a course added by hand', params: idParamsSchema, response: { 200: messageSchema, ...errors } }, ...financial },
    async (request) => {
      await deleteManualOrder(app.db, app.orderWorkflow, routeId(request.params.id), await auditContextOf(request));
      return { message: COMMERCE_MESSAGES.productRemovedFromUser };
    },
  );

}

/** The refunds (manage-refunds). */
async function refundRoutes(app: FastifyInstance): Promise<void> {
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

  /** GET …/money-refund-status/export: every refund of the search as `refunds-<Jalali date>.csv` (issue 25). */
  app.get<{ Querystring: RefundListQuery }>(
    `${BASE}/money-refund-status/export`,
    { schema: csvSchema('Refunds as CSV', { q: pageQuery.q }), ...refunds },
    async (request, reply) => sendCsv(reply, await refundsCsv(app.db, request.query)),
  );

  /**
   * POST …/money-refund-status `{order_item_id, confirmation, to?}`: 201 {message, data: Refund} and the
   * buyer's refund mail (issue 25); `to: 'wallet'` credits the buyer's wallet instead of the gateway
   * (issue 36 item 3); 422 word, unpaid, refunded.
   */
  app.post<{ Body: RefundBody }>(
    `${BASE}/money-refund-status`,
    {
      schema: {
        tags,
        summary: 'Refund a bought course (confirm with «yes» or «بله»)',
        body: {
          type: 'object',
          required: ['order_item_id', 'confirmation'],
          properties: {
            order_item_id: id,
            confirmation: { type: 'string', maxLength: 50 },
            to: { type: 'string', enum: ['gateway', 'wallet'], default: 'gateway' },
          },
        },
        response: { 201: writeAnswer(refundSchema), ...errors },
      },
      ...refunds,
    },
    async (request, reply) => {
      const refund = await refundOrderItem(
        app.db,
        app.orderWorkflow,
        { orderItemId: request.body.order_item_id, confirmation: request.body.confirmation, to: request.body.to },
        await auditContextOf(request),
      );
      return reply.code(201).send({ message: refund.to === 'wallet' ? COMMERCE_MESSAGES.refundedToWallet : COMMERCE_MESSAGES.refundDone, data: refund });
    },
  );

}

/** The sales and refund summaries and their exports (show-financial-info). */
async function summaryRoutes(app: FastifyInstance): Promise<void> {
  for (const kind of ['sales', 'refunds'] as const satisfies readonly SummaryKind[]) {
    /** GET …/sales|refunds?period=: SalesSummaryAnswer over a Jalali period ending at the next Tehran midnight. */
    app.get<{ Querystring: { period: SalesPeriod } }>(
      `${BASE}/${kind}`,
      {
        schema: {
          tags,
          summary: kind === 'sales' ? 'Sales summary' : 'Refund summary',
          querystring: periodQuery,
          response: { 200: salesSummarySchema, ...errors },
        },
        ...financial,
      },
      (request) => getSalesSummary(app.db, kind, request.query.period),
    );

    /** GET …/sales|refunds/export?period=: the summary's lines as `<sales|refund>-summary-<period>-<date>.csv` (issue 25). */
    app.get<{ Querystring: { period: SalesPeriod } }>(
      `${BASE}/${kind}/export`,
      { schema: csvSchema(kind === 'sales' ? 'Sales summary as CSV' : 'Refund summary as CSV', periodQuery.properties), ...financial },
      async (request, reply) => sendCsv(reply, await summaryCsv(app.db, kind, request.query.period)),
    );
  }
}

const dashboardFinancialInfoRoutes: FastifyPluginAsync = async (app) => {
  await orderRoutes(app);
  await refundRoutes(app);
  await summaryRoutes(app);
};

export default dashboardFinancialInfoRoutes;
