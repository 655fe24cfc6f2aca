/**
 * Contact-us tickets in the dashboard (SPEC §2 /dashboard/contact-us, §6: permission
 * show-tickets): list by read state and search, mark read or unread, one or many at once, and the
 * list as a CSV file (issue 26); a ticket's thread, staff's answer (mailed to the sender), close
 * and reopen (issue 32 item 3).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { BulkActionBody, TicketBulkAction } from '@shop/contracts';
import { ticketReplySchema as replyBodySchema, type TicketReplyInput } from '@shop/validation';
import { notFound } from '../../lib/api-error';
import { csvRouteSchema, sendCsv } from '../../lib/csv-export';
import { parseId } from '../../lib/pagination';
import { bulkActionAnswerSchema, bulkActionBodySchema } from './schemas';
import {
  errorBodySchema,
  itemSchema,
  messageItemSchema,
  pageQueryProperties,
  paginatedSchema,
  signedInErrorResponses,
} from '../../lib/schemas';
import { yupBody } from '../../lib/yup-body';
import { auditContextOf, requireAuth, requirePermission } from '../../plugins/app/auth';
import {
  getTicketThread,
  listTickets,
  notifyTicketAnswered,
  replyToTicket,
  setTicketClosed,
  setTicketRead,
  setTicketsRead,
  SUPPORT_MESSAGES,
  TICKET_STATUSES,
  type TicketListQuery,
  ticketsCsv,
} from '../../modules/support';
import { ticketReplyAnswerSchema, ticketSchema, ticketThreadSchema } from './ticket-schema';

const errors = signedInErrorResponses;
const params = { type: 'object', properties: { id: { type: 'string' } } } as const;
const replyBody = yupBody(replyBodySchema);

/** The ticket id of a path; 404 for anything that is not one. */
function ticketIdOf(raw: string): number {
  const id = parseId(raw);
  if (id === null) throw notFound();
  return id;
}
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
          params,
          response: { 200: itemSchema(ticketSchema), ...errors },
        },
        ...guard,
      },
      async (request) => ({ data: await setTicketRead(app.db, ticketIdOf(request.params.id), action === 'read', await auditContextOf(request)) }),
    );
  }

  /** GET /api/dashboard/contact-us/:id: `{data: TicketThread}`, the ticket with its whole thread (issue 32 item 3); 404 when unknown. */
  app.get<{ Params: { id: string } }>(
    '/api/dashboard/contact-us/:id',
    {
      schema: {
        tags: ['support'],
        summary: 'A ticket with its thread',
        params,
        response: { 200: itemSchema(ticketThreadSchema), ...errors },
      },
      ...guard,
    },
    async (request) => ({ data: await getTicketThread(app.db, ticketIdOf(request.params.id)) }),
  );

  /**
   * POST /api/dashboard/contact-us/:id/replies {text}: 201 {message, data: TicketThread}, staff's
   * answer (issue 32 item 3): the ticket becomes read, the answer is audited (`reply`) and mailed to
   * the sender with a link to the thread in the profile, all in one transaction. 422 field errors
   * (`ticketReplySchema`), 404 when unknown, 409 when the ticket is closed (reopen it first).
   */
  app.post<{ Params: { id: string }; Body: TicketReplyInput }>(
    '/api/dashboard/contact-us/:id/replies',
    {
      config: { keepsPublicCache: true },
      schema: {
        tags: ['support'],
        summary: 'Answer a ticket',
        params,
        body: replyBody.jsonSchema,
        response: { 201: ticketReplyAnswerSchema, 409: errorBodySchema, ...errors },
      },
      ...guard,
      preValidation: replyBody.preValidation,
      validatorCompiler: replyBody.validatorCompiler,
    },
    async (request, reply) => {
      const id = ticketIdOf(request.params.id);
      const { user } = await requireAuth(request);
      const data = await replyToTicket(app.db, id, { as: 'staff', user, audit: await auditContextOf(request) }, request.body.text, (tx, thread, answer) =>
        notifyTicketAnswered(app, tx, thread, answer, app.settings.publicUrl),
      );
      return reply.code(201).send({ message: SUPPORT_MESSAGES.ticketAnswered, data });
    },
  );

  for (const action of ['close', 'reopen'] as const) {
    /**
     * POST /api/dashboard/contact-us/:id/close|reopen: {message, data: Ticket} (issue 32 item 3): a
     * closed ticket takes no more replies from its sender; audited (`close`/`reopen`) when it
     * changes. 404 when unknown.
     */
    app.post<{ Params: { id: string } }>(
      `/api/dashboard/contact-us/:id/${action}`,
      {
        config: { keepsPublicCache: true },
        schema: {
          tags: ['support'],
          summary: action === 'close' ? 'Close a ticket' : 'Open a closed ticket again',
          params,
          response: { 200: messageItemSchema(ticketSchema), ...errors },
        },
        ...guard,
      },
      async (request) => ({
        message: action === 'close' ? SUPPORT_MESSAGES.ticketClosed : SUPPORT_MESSAGES.ticketReopened,
        data: await setTicketClosed(app.db, ticketIdOf(request.params.id), action === 'close', await auditContextOf(request)),
      }),
    );
  }
};

export default dashboardTicketsRoutes;
