/** Sending a contact-us ticket (SPEC §2 /contact-us: signed in with a verified email; §1 tickets switch). */
import type { FastifyPluginAsync } from 'fastify';
import { ticketSchema as ticketBodySchema, type TicketInput } from '@shop/validation';
import { errorBodySchema } from '../../lib/schemas';
import { yupBody } from '../../lib/yup-body';
import { guard, requireAuth } from '../../plugins/app/auth';
import { rateLimits } from '../../plugins/external/rate-limit';
import { assertCanSendTicket, createTicket, TICKET_MESSAGES } from '../../modules/support/tickets-service';
import { notifyNewTicket } from '../../modules/support/ticket-notifications';
import { ticketSchema } from './ticket-schema';

const body = yupBody(ticketBodySchema);

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
      return reply.code(201).send({ message: TICKET_MESSAGES.created, data });
    },
  );
};

export default ticketsRoutes;
