/**
 * Sales agents (issue 36 item 4): the agent's code typed in the cart (the same `agent_ref` cookie as
 * the agent's link, plugins/app/agent-referral.ts), the agent's own page and payout requests, super's
 * list and form of agents, and staff's payouts to pay (manage-refunds). Routes delegate to
 * modules/commerce/sales-agents.ts.
 */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { SUPER_ONLY } from '@shop/contracts';
import {
  agentCodeSchema,
  payoutRequestSchema,
  salesAgentSchema,
  type AgentCodeInput,
  type PayoutRequestInput,
  type SalesAgentInput,
} from '@shop/validation';
import { validationFailed } from '../../lib/api-error';
import { routeId } from '../../lib/pagination';
import { date, int, pageQueryProperties, paginatedSchema, signedInErrorResponses, str } from '../../lib/schemas';
import { yupBody } from '../../lib/yup-body';
import { auditContextOf, getAuth, requireAuth, requirePermission, requireUser } from '../../plugins/app/auth';
import {
  activeAgentOf,
  AGENT_REF_COOKIE,
  AGENT_REF_MAX_AGE_S,
  checkAgentCode,
  COMMERCE_MESSAGES,
  getAgentDashboard,
  listPayouts,
  listSalesAgents,
  markPayoutPaid,
  requestPayout,
  saveSalesAgent,
} from '../../modules/commerce';

const tags = ['commerce'];
const errors = signedInErrorResponses;
const codeBody = yupBody(agentCodeSchema);
const payoutBody = yupBody(payoutRequestSchema);
const agentBody = yupBody(salesAgentSchema);
const idParams = { type: 'object', properties: { id: { type: 'string' } } } as const;

const person = { type: 'object', required: ['id', 'full_name', 'email'], properties: { id: int, full_name: str, email: str } } as const;

/** SalesAgent of agents.ts. */
const salesAgentSchemaJson = {
  type: 'object',
  required: ['id', 'user', 'code', 'percent', 'is_active', 'link', 'created_at'],
  properties: { id: int, user: person, code: str, percent: int, is_active: { type: 'boolean' }, link: str, created_at: date },
} as const;

/** AgentPayout of agents.ts. */
const payoutSchema = {
  type: 'object',
  required: ['id', 'agent', 'amount', 'to', 'status', 'requested_at', 'paid_at'],
  properties: {
    id: int,
    agent: { type: 'object', required: ['id', 'full_name', 'email', 'code'], properties: { id: int, full_name: str, email: str, code: str } },
    amount: int,
    to: { type: 'string', enum: ['bank', 'wallet'] },
    status: { type: 'string', enum: ['requested', 'paid'] },
    requested_at: date,
    paid_at: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

/** AgentDashboard of agents.ts. */
const agentDashboardSchema = {
  type: 'object',
  required: ['code', 'percent', 'link', 'pending', 'available', 'requested', 'paid_out', 'commissions', 'payouts'],
  properties: {
    code: str,
    percent: int,
    link: str,
    pending: int,
    available: int,
    requested: int,
    paid_out: int,
    commissions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'order_id', 'titles', 'paid', 'amount', 'status', 'available_at', 'created_at'],
        properties: {
          id: int,
          order_id: int,
          titles: { type: 'array', items: str },
          paid: int,
          amount: int,
          status: { type: 'string', enum: ['pending', 'earned', 'reversed', 'paid_out'] },
          available_at: date,
          created_at: date,
        },
      },
    },
    payouts: { type: 'array', items: payoutSchema },
  },
} as const;

const codeAnswer = {
  type: 'object',
  required: ['data'],
  properties: { message: str, data: { anyOf: [{ type: 'object', required: ['code'], properties: { code: str } }, { type: 'null' }] } },
} as const;
const withData = (schema: object) => ({ type: 'object', required: ['data'], properties: { data: schema } }) as const;
const withMessage = (schema: object) => ({ type: 'object', required: ['message', 'data'], properties: { message: str, data: schema } }) as const;

const salesAgentRoutes: FastifyPluginAsync = async (app) => {
  /** GET /api/cart/agent-code: `{data: {code} | null}` the agent the buyer's link or typed code names, while active. */
  app.get(
    '/api/cart/agent-code',
    { config: { access: 'public' }, schema: { tags, summary: "The sales agent of the buyer's next checkout", response: { 200: codeAnswer } } },
    async (request) => {
      const agent = await activeAgentOf(app.db, request.cookies[AGENT_REF_COOKIE], (await getAuth(request))?.user.id ?? null);
      return { data: agent ? { code: agent.code } : null };
    },
  );

  /** PUT /api/cart/agent-code `{code}`: `{message, data: {code}}` and the 30-day cookie; 422 on `code` (unknown, inactive, the buyer's own). */
  app.put<{ Body: AgentCodeInput }>(
    '/api/cart/agent-code',
    {
      config: { access: 'public', keepsPublicCache: true },
      schema: { tags, summary: "Name a sales agent by their code", body: codeBody.jsonSchema, response: { 200: codeAnswer, ...errors } },
      preValidation: codeBody.preValidation,
      validatorCompiler: codeBody.validatorCompiler,
    },
    async (request, reply) => {
      const code = await checkAgentCode(app.db, request.body.code, (await getAuth(request))?.user.id ?? null);
      reply.setCookie(AGENT_REF_COOKIE, code, { path: '/', maxAge: AGENT_REF_MAX_AGE_S, sameSite: 'lax', httpOnly: true, secure: app.settings.cookieSecure });
      return { message: COMMERCE_MESSAGES.agentCodeApplied, data: { code } };
    },
  );

  /** DELETE /api/cart/agent-code: `{message, data: null}`; the cookie is cleared. */
  app.delete(
    '/api/cart/agent-code',
    { config: { access: 'public', keepsPublicCache: true }, schema: { tags, summary: 'Name no sales agent', response: { 200: codeAnswer } } },
    async (_request, reply) => {
      reply.clearCookie(AGENT_REF_COOKIE, { path: '/' });
      return { message: COMMERCE_MESSAGES.agentCodeRemoved, data: null };
    },
  );

  /** GET /api/agent: `{data: AgentDashboard}` for an agent; 404 otherwise. */
  app.get(
    '/api/agent',
    { schema: { tags, summary: 'My sales as an agent', response: { 200: withData(agentDashboardSchema), ...errors } }, onRequest: requireUser },
    async (request) => ({ data: await getAgentDashboard(app.db, (await requireAuth(request)).user.id, app.settings.publicUrl) }),
  );

  /** POST /api/agent/payouts `{to}`: 201 `{message, data: AgentPayout}` of everything earned; 404 not an agent; 422 nothing earned. */
  app.post<{ Body: PayoutRequestInput }>(
    '/api/agent/payouts',
    {
      config: { keepsPublicCache: true },
      schema: { tags, summary: 'Ask for a payout of what I earned', body: payoutBody.jsonSchema, response: { 201: withMessage(payoutSchema), ...errors } },
      onRequest: requireUser,
      preValidation: payoutBody.preValidation,
      validatorCompiler: payoutBody.validatorCompiler,
    },
    async (request, reply) =>
      reply.code(201).send({ message: COMMERCE_MESSAGES.payoutRequested, data: await requestPayout(app.db, (await requireAuth(request)).user.id, request.body.to) }),
  );

  await dashboardAgentRoutes(app);
};

/** Super's agents, and staff's payouts (manage-refunds). */
async function dashboardAgentRoutes(app: FastifyInstance): Promise<void> {
  const superOnly = { onRequest: requirePermission(SUPER_ONLY) };
  const money = { onRequest: requirePermission('manage-refunds') };
  const save = async (request: { body: SalesAgentInput }, id: number | undefined, audit: Awaited<ReturnType<typeof auditContextOf>>) => {
    if (id === undefined && request.body.user_id === undefined) throw validationFailed({ user_id: [COMMERCE_MESSAGES.agentUserUnknown] });
    return saveSalesAgent(app.db, { ...request.body, id }, audit, app.settings.publicUrl);
  };

  /** GET /api/dashboard/sales-agents: `{data: SalesAgent[]}`, newest first (super). */
  app.get(
    '/api/dashboard/sales-agents',
    { schema: { tags, summary: 'Sales agents', response: { 200: withData({ type: 'array', items: salesAgentSchemaJson }), ...errors } }, ...superOnly },
    async () => ({ data: await listSalesAgents(app.db, app.settings.publicUrl) }),
  );

  /** POST /api/dashboard/sales-agents SalesAgentBody: 201 {message, data}; 422 on user_id or code (super). */
  app.post<{ Body: SalesAgentInput }>(
    '/api/dashboard/sales-agents',
    {
      schema: { tags, summary: 'Make a user a sales agent', body: agentBody.jsonSchema, response: { 201: withMessage(salesAgentSchemaJson), ...errors } },
      ...superOnly,
      preValidation: agentBody.preValidation,
      validatorCompiler: agentBody.validatorCompiler,
    },
    async (request, reply) => reply.code(201).send({ message: COMMERCE_MESSAGES.agentSaved, data: await save(request, undefined, await auditContextOf(request)) }),
  );

  /** PUT /api/dashboard/sales-agents/:id SalesAgentBody: {message, data}; 404; 422 (super). */
  app.put<{ Params: { id: string }; Body: SalesAgentInput }>(
    '/api/dashboard/sales-agents/:id',
    {
      schema: { tags, summary: 'Change a sales agent', params: idParams, body: agentBody.jsonSchema, response: { 200: withMessage(salesAgentSchemaJson), ...errors } },
      ...superOnly,
      preValidation: agentBody.preValidation,
      validatorCompiler: agentBody.validatorCompiler,
    },
    async (request) => ({ message: COMMERCE_MESSAGES.agentSaved, data: await save(request, routeId(request.params.id), await auditContextOf(request)) }),
  );

  /** GET …/agent-payouts: Paginated<AgentPayout> (`status`), the ones to pay first, oldest asked first. */
  app.get<{ Querystring: { status?: 'requested' | 'paid'; page?: number; per_page?: number } }>(
    '/api/dashboard/financial-info/agent-payouts',
    {
      schema: {
        tags,
        summary: "Sales agents' payouts",
        querystring: { type: 'object', properties: { ...pageQueryProperties, status: { type: 'string', enum: ['requested', 'paid'] } } },
        response: { 200: paginatedSchema(payoutSchema), ...errors },
      },
      ...money,
    },
    (request) => listPayouts(app.db, request.query),
  );

  /** POST …/agent-payouts/:id/pay: {message, data: AgentPayout}; a payout to the wallet is credited there; 404; 422 already paid. */
  app.post<{ Params: { id: string } }>(
    '/api/dashboard/financial-info/agent-payouts/:id/pay',
    { schema: { tags, summary: 'Mark a payout paid', params: idParams, response: { 200: withMessage(payoutSchema), ...errors } }, ...money },
    async (request) => ({ message: COMMERCE_MESSAGES.payoutPaid, data: await markPayoutPaid(app.db, routeId(request.params.id), await auditContextOf(request)) }),
  );
}

export default salesAgentRoutes;
