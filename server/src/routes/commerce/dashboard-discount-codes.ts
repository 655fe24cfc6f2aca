/**
 * Discount codes in the dashboard (issue 25 "/dashboard/discount-codes"): list, read, create,
 * update, delete (a used code is deactivated instead) and the orders that used a code. Permission
 * manage-discounts (super passes). Routes delegate to modules/commerce/discount-codes.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { PaymentStatus } from '@shop/contracts';
import { discountCodeSchema as discountCodeBodySchema, type DiscountCodeInput } from '@shop/validation';
import { csvRouteSchema, sendCsv } from '../../lib/csv-export';
import { routeId } from '../../lib/pagination';
import { discountCodeSchema, discountCodeUseSchema, paymentStatusSchema } from './schemas';
import {
  idParamsSchema,
  itemSchema,
  messageItemSchema,
  messageSchema,
  pageQueryProperties,
  paginatedSchema,
  signedInErrorResponses,
} from '../../lib/schemas';
import { yupBody } from '../../lib/yup-body';
import { auditContextOf, requirePermission } from '../../plugins/app/auth';
import {
  COMMERCE_MESSAGES,
  createDiscountCode,
  deleteDiscountCode,
  DISCOUNT_CODE_SORTS,
  type DiscountCodeListQuery,
  discountCodeUsesCsv,
  getDiscountCode,
  listDiscountCodes,
  listDiscountCodeUses,
  updateDiscountCode,
} from '../../modules/commerce';

const BASE = '/api/dashboard/discount-codes';
const tags = ['commerce'];
const errors = signedInErrorResponses;
const body = yupBody(discountCodeBodySchema);
const writeAnswer = messageItemSchema(discountCodeSchema);

const dashboardDiscountCodesRoutes: FastifyPluginAsync = async (app) => {
  const guard = { onRequest: requirePermission('manage-discounts') };

  /** GET /api/dashboard/discount-codes: Paginated<DiscountCode> (`q` in the code, `sort`), newest first by default. */
  app.get<{ Querystring: DiscountCodeListQuery }>(
    BASE,
    {
      schema: {
        tags,
        summary: 'Discount codes',
        querystring: {
          type: 'object',
          properties: {
            ...pageQueryProperties,
            q: { type: 'string', maxLength: 100, description: 'Part of the code, any case.' },
            sort: { type: 'string', enum: [...DISCOUNT_CODE_SORTS], default: '-created_at' },
          },
        },
        response: { 200: paginatedSchema(discountCodeSchema), ...errors },
      },
      ...guard,
    },
    (request) => listDiscountCodes(app.db, request.query),
  );

  /** POST /api/dashboard/discount-codes DiscountCodeForm: 201 {message, data: DiscountCode}; 422 field errors, a taken code. */
  app.post<{ Body: DiscountCodeInput }>(
    BASE,
    {
      schema: { tags, summary: 'Add a discount code', body: body.jsonSchema, response: { 201: writeAnswer, ...errors } },
      ...guard,
      preValidation: body.preValidation,
      validatorCompiler: body.validatorCompiler,
    },
    async (request, reply) =>
      reply.code(201).send({ message: COMMERCE_MESSAGES.discountCodeCreated, data: await createDiscountCode(app.db, request.body, await auditContextOf(request)) }),
  );

  /** GET /api/dashboard/discount-codes/:id: {data: DiscountCode}; 404 unknown. */
  app.get<{ Params: { id: string } }>(
    `${BASE}/:id`,
    {
      schema: { tags, summary: 'A discount code', params: idParamsSchema, response: { 200: itemSchema(discountCodeSchema), ...errors } },
      ...guard,
    },
    async (request) => ({ data: await getDiscountCode(app.db, routeId(request.params.id)) }),
  );

  /** PUT /api/dashboard/discount-codes/:id DiscountCodeForm: {message, data: DiscountCode}; 404 unknown; 422 as for POST. */
  app.put<{ Params: { id: string }; Body: DiscountCodeInput }>(
    `${BASE}/:id`,
    {
      schema: { tags, summary: 'Edit a discount code', params: idParamsSchema, body: body.jsonSchema, response: { 200: writeAnswer, ...errors } },
      ...guard,
      preValidation: body.preValidation,
      validatorCompiler: body.validatorCompiler,
    },
    async (request) => ({
      message: COMMERCE_MESSAGES.discountCodeUpdated,
      data: await updateDiscountCode(app.db, routeId(request.params.id), request.body, await auditContextOf(request)),
    }),
  );

  /** DELETE /api/dashboard/discount-codes/:id: {message}; a code any order names is deactivated instead (the message says so); 404 unknown. */
  app.delete<{ Params: { id: string } }>(
    `${BASE}/:id`,
    {
      schema: { tags, summary: 'Delete (or, once used, deactivate) a discount code', params: idParamsSchema, response: { 200: messageSchema, ...errors } },
      ...guard,
    },
    async (request) => {
      const outcome = await deleteDiscountCode(app.db, routeId(request.params.id), await auditContextOf(request));
      return { message: outcome === 'deleted' ? COMMERCE_MESSAGES.discountCodeDeleted : COMMERCE_MESSAGES.discountCodeDeactivated };
    },
  );

  /** GET /api/dashboard/discount-codes/:id/uses: Paginated<DiscountCodeUse>, newest first (`payment_status`); 404 unknown. */
  app.get<{ Params: { id: string }; Querystring: { page?: number; per_page?: number; payment_status?: PaymentStatus } }>(
    `${BASE}/:id/uses`,
    {
      schema: {
        tags,
        summary: 'Orders that used a discount code',
        params: idParamsSchema,
        querystring: {
          type: 'object',
          properties: { ...pageQueryProperties, payment_status: paymentStatusSchema },
        },
        response: { 200: paginatedSchema(discountCodeUseSchema), ...errors },
      },
      ...guard,
    },
    (request) =>
      listDiscountCodeUses(
        app.db,
        { discount_code_id: routeId(request.params.id), payment_status: request.query.payment_status },
        request.query,
      ),
  );

  /** GET …/:id/uses/export: every use of the filter as `discount-code-uses-<Jalali date>.csv` (issue 25); 404 unknown. */
  app.get<{ Params: { id: string }; Querystring: { payment_status?: PaymentStatus } }>(
    `${BASE}/:id/uses/export`,
    {
      schema: {
        tags,
        summary: 'Orders that used a discount code, as CSV',
        params: idParamsSchema,
        produces: csvRouteSchema.produces,
        querystring: { type: 'object', properties: { payment_status: paymentStatusSchema } },
        response: { 200: csvRouteSchema.response200, ...errors },
      },
      ...guard,
    },
    async (request, reply) =>
      sendCsv(reply, await discountCodeUsesCsv(app.db, { discount_code_id: routeId(request.params.id), payment_status: request.query.payment_status })),
  );
};

export default dashboardDiscountCodesRoutes;
