/**
 * Contact-us tickets in the dashboard (SPEC §2 /dashboard/contact-us, §6: permission
 * show-tickets): list by read state and search, mark read or unread.
 */
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/api-error';
import { parseId } from '../../lib/pagination';
import { itemSchema, paginatedSchema, signedInErrorResponses, pageQueryProperties } from '../../lib/schemas';
import { requirePermission } from '../../plugins/app/auth';
import { listTickets, setTicketRead, TICKET_STATUSES, type TicketListQuery } from '../../modules/support/tickets-service';
import { ticketSchema } from './ticket-schema';

const errors = signedInErrorResponses;

const dashboardTicketsRoutes: FastifyPluginAsync = async (app) => {
  const guard = { onRequest: requirePermission('show-tickets') };

  /** GET /api/dashboard/contact-us: Paginated<Ticket>, newest first, by `status` (all|unread|read) and `q`. */
  app.get<{ Querystring: TicketListQuery }>(
    '/api/dashboard/contact-us',
    {
      schema: {
        tags: ['support'],
        summary: 'Contact-us tickets',
        querystring: {
          type: 'object',
          properties: {
            status: { type: 'string', enum: TICKET_STATUSES, default: 'all' },
            ...pageQueryProperties,
            q: { type: 'string', maxLength: 200, description: 'Searched in title, text and the sender name, email and mobile.' },
          },
        },
        response: { 200: paginatedSchema(ticketSchema), ...errors },
      },
      ...guard,
    },
    (request) => listTickets(app.db, request.query),
  );

  for (const action of ['read', 'unread'] as const) {
    /** POST /api/dashboard/contact-us/:id/read|unread: {data: Ticket}; 404 when unknown. */
    app.post<{ Params: { id: string } }>(
      `/api/dashboard/contact-us/:id/${action}`,
      {
        schema: {
          tags: ['support'],
          summary: action === 'read' ? 'Mark a ticket read' : 'Mark a ticket unread',
          params: { type: 'object', properties: { id: { type: 'string' } } },
          response: { 200: itemSchema(ticketSchema), ...errors },
        },
        ...guard,
      },
      async (request) => {
        const id = parseId(request.params.id);
        if (id === null) throw notFound();
        return { data: await setTicketRead(app.db, id, action === 'read') };
      },
    );
  }
};

export default dashboardTicketsRoutes;
