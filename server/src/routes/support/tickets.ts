/**
 * Sending a contact-us ticket (SPEC §2 /contact-us: signed in with a verified email; §1 tickets
 * switch), and its sender's own threads in the profile (issue 32 item 3): the list, a thread, and
 * a reply until staff close it.
 */
import type { FastifyPluginAsync } from 'fastify';
import { ticketReplySchema as replyBodySchema, ticketSchema as ticketBodySchema, type TicketInput, type TicketReplyInput } from '@shop/validation';
import { notFound } from '../../lib/api-error';
import { parseId } from '../../lib/pagination';
import { errorBodySchema, itemSchema, pageQueryProperties, paginatedSchema, signedInErrorResponses } from '../../lib/schemas';
import { yupBody } from '../../lib/yup-body';
import { guard, requireAuth, requireUser } from '../../plugins/app/auth';
import { rateLimits } from '../../plugins/external/rate-limit';
import {
  assertCanSendTicket,
  createTicket,
  getTicketThread,
  listOwnTickets,
  notifyNewTicket,
  replyToTicket,
  SUPPORT_MESSAGES,
} from '../../modules/support';
import { ticketReplyAnswerSchema, ticketSchema, ticketThreadSchema } from './ticket-schema';

const body = yupBody(ticketBodySchema);
const replyBody = yupBody(replyBodySchema);
const threadParams = { type: 'object', required: ['ticketId'], properties: { ticketId: { type: 'string' } } } as const;

/** The ticket id of a path; 404 for anything that is not one. */
function ticketIdOf(raw: string): number {
  const id = parseId(raw);
  if (id === null) throw notFound();
  return id;
}

const ticketsRoutes: FastifyPluginAsync = async (app) => {
  // Per user (only signed-in users send tickets), counted once the ticket passed its checks.
  const ticketLimit = rateLimits(app, [{ limit: 'tickets', key: async (r) => `tickets:${(await requireAuth(r)).user.id}` }]);

  /**
   * POST /api/tickets {title, text}: 201 {message, data: Ticket}. 401 for visitors, 403 (no
   * `forbidden`) for an unverified email, 403 `forbidden: …` when tickets are closed, 422 field errors,
   * 429 with Retry-After after RATE_LIMIT_TICKETS_PER_HOUR tickets of one user.
   * The checks run in `onRequest`, before the body is validated. Staff holding show-tickets and
   * supers are mailed about it once it is saved (issue 26, `new-ticket`).
   */
  app.post<{ Body: TicketInput }>(
    '/api/tickets',
    {
      config: { keepsPublicCache: true },
      schema: {
        tags: ['support'],
        summary: 'Send a contact-us ticket',
        body: body.jsonSchema,
        response: {
          201: {
            type: 'object',
            required: ['message', 'data'],
            properties: { message: { type: 'string' }, data: ticketSchema },
          },
          401: errorBodySchema,
          403: errorBodySchema,
          419: errorBodySchema,
          422: errorBodySchema,
          429: errorBodySchema,
        },
      },
      onRequest: guard('signed-in', async (request) => {
        const { user } = await requireAuth(request);
        await assertCanSendTicket(app.db, user);
      }),
      preValidation: body.preValidation,
      validatorCompiler: body.validatorCompiler,
      preHandler: ticketLimit,
    },
    async (request, reply) => {
      const { user } = await requireAuth(request);
      const data = await createTicket(app.db, { userId: user.id, ...request.body }, (tx, ticket) =>
        notifyNewTicket(app, tx, ticket, app.settings.publicUrl),
      );
      return reply.code(201).send({ message: SUPPORT_MESSAGES.ticketCreated, data });
    },
  );

  // Per user, counted once the reply passed its checks (issue 32 item 3).
  const replyLimit = rateLimits(app, [{ limit: 'ticketReplies', key: async (r) => `ticket-replies:${(await requireAuth(r)).user.id}` }]);

  /** GET /api/tickets?page&per_page: `Paginated<Ticket>` of the tickets the caller sent, newest first, each with its state (issue 32 item 3). 401 for visitors. */
  app.get<{ Querystring: { page?: number; per_page?: number } }>(
    '/api/tickets',
    {
      schema: {
        tags: ['support'],
        summary: 'My contact-us tickets',
        querystring: { type: 'object', properties: pageQueryProperties },
        response: { 200: paginatedSchema(ticketSchema), ...signedInErrorResponses },
      },
      onRequest: requireUser,
    },
    async (request) => listOwnTickets(app.db, (await requireAuth(request)).user.id, request.query),
  );

  /** GET /api/tickets/:ticketId: `{data: TicketThread}`, one of the caller's tickets with its whole thread (issue 32 item 3); 404 for another user's or a missing one. */
  app.get<{ Params: { ticketId: string } }>(
    '/api/tickets/:ticketId',
    {
      schema: {
        tags: ['support'],
        summary: 'One of my tickets with its thread',
        params: threadParams,
        response: { 200: itemSchema(ticketThreadSchema), ...signedInErrorResponses },
      },
      onRequest: requireUser,
    },
    async (request) => ({ data: await getTicketThread(app.db, ticketIdOf(request.params.ticketId), (await requireAuth(request)).user.id) }),
  );

  /**
   * POST /api/tickets/:ticketId/replies {text}: 201 {message, data: TicketThread}, the sender's reply
   * in their ticket's thread (issue 32 item 3), which makes the ticket unread for staff again. 401
   * for visitors, 403 as `POST /api/tickets` (unverified email; tickets switched off), 422 field
   * errors (`ticketReplySchema`), 429 after RATE_LIMIT_TICKET_REPLIES_PER_HOUR replies of one user,
   * 404 for another user's or a missing ticket, 409 once staff closed it.
   */
  app.post<{ Params: { ticketId: string }; Body: TicketReplyInput }>(
    '/api/tickets/:ticketId/replies',
    {
      config: { keepsPublicCache: true },
      schema: {
        tags: ['support'],
        summary: 'Reply in the thread of my ticket',
        params: threadParams,
        body: replyBody.jsonSchema,
        response: { 201: ticketReplyAnswerSchema, 409: errorBodySchema, 429: errorBodySchema, ...signedInErrorResponses },
      },
      onRequest: guard('signed-in', async (request) => {
        await assertCanSendTicket(app.db, (await requireAuth(request)).user);
      }),
      preValidation: replyBody.preValidation,
      validatorCompiler: replyBody.validatorCompiler,
      preHandler: replyLimit,
    },
    async (request, reply) => {
      const { user } = await requireAuth(request);
      const data = await replyToTicket(app.db, ticketIdOf(request.params.ticketId), { as: 'sender', user }, request.body.text);
      return reply.code(201).send({ message: SUPPORT_MESSAGES.ticketReplied, data });
    },
  );
};

export default ticketsRoutes;
