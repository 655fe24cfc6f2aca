/**
 * Contact-us tickets in the dashboard (SPEC §2 /dashboard/contact-us, §6: permission
 * show-tickets): list by read state and search, mark read or unread, one or many at once, and the
 * list as a CSV file (issue 26).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { BulkActionBody, TicketBulkAction } from '@shop/contracts';
import { notFound } from '../../lib/api-error';
import { csvRouteSchema, sendCsv } from '../../lib/csv-export';
import { parseId } from '../../lib/pagination';
import { bulkActionAnswerSchema, bulkActionBodySchema, itemSchema, paginatedSchema, signedInErrorResponses, pageQueryProperties } from '../../lib/schemas';
import { auditContextOf, requirePermission } from '../../plugins/app/auth';
import { listTickets, setTicketRead, setTicketsRead, TICKET_STATUSES, type TicketListQuery } from '../../modules/support/tickets-service';
import { ticketsCsv } from '../../modules/support/ticket-exports';
import { ticketSchema } from './ticket-schema';

const errors = signedInErrorResponses;
const TICKET_BULK_ACTIONS: readonly TicketBulkAction[] = ['read', 'unread'];
/** Filters of the tickets list, taken by its export too. */
const ticketFilters = {
  status: { type: 'string', enum: TICKET_STATUSES, default: 'all' },
  q: { type: 'string', maxLength: 200, description: 'Searched in title, text and the sender name, email and mobile.' },
} as const;

const dashboardTicketsRoutes: FastifyPluginAsync = async (app) => {
  const guard = { onRequest: requirePermission('show-tickets') };

  /** GET /api/dashboard/contact-us: Paginated<Ticket>, newest first, by `status` (all|unread|read) and `q`. */
  app.get<{ Querystring: TicketListQuery }>(
    '/api/dashboard/contact-us',
    {
      schema: {
        tags: ['support'],
        summary: 'Contact-us tickets',
        querystring: { type: 'object', properties: { ...ticketFilters, ...pageQueryProperties } },
        response: { 200: paginatedSchema(ticketSchema), ...errors },
      },
      ...guard,
    },
    (request) => listTickets(app.db, request.query),
  );

  /** GET /api/dashboard/contact-us/export: every ticket of the list's filters as `tickets-<Jalali date>.csv` (issue 26). */
  app.get<{ Querystring: TicketListQuery }>(
    '/api/dashboard/contact-us/export',
    {
      schema: {
        tags: ['support'],
        summary: 'Contact-us tickets as CSV',
        produces: csvRouteSchema.produces,
        querystring: { type: 'object', properties: ticketFilters },
        response: { 200: csvRouteSchema.response200, ...errors },
      },
      ...guard,
    },
    (request, reply) => sendCsv(reply, ticketsCsv(app.db, request.query)),
  );

  /**
   * POST /api/dashboard/contact-us/bulk {action: read|unread, ids}: BulkActionAnswer (issue 26),
   * all or nothing; 404 naming unknown ids, 422 over BULK_MAX_IDS ids.
   */
  app.post<{ Body: BulkActionBody<TicketBulkAction> }>(
    '/api/dashboard/contact-us/bulk',
    {
      schema: {
        tags: ['support'],
        summary: 'Mark many tickets read or unread at once',
        body: bulkActionBodySchema(TICKET_BULK_ACTIONS),
        response: { 200: bulkActionAnswerSchema(TICKET_BULK_ACTIONS), ...errors },
      },
      ...guard,
    },
    async (request) => setTicketsRead(app.db, request.body.ids, request.body.action === 'read', await auditContextOf(request)),
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
        return { data: await setTicketRead(app.db, id, action === 'read', await auditContextOf(request)) };
      },
    );
  }
};

export default dashboardTicketsRoutes;
