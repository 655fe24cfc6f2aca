/**
 * Staff's per-buyer overrides of a session's lock (issue 37 item 5): list, lift or move for one
 * buyer, remove. Permission manage-product-sessions (super passes); every change audited on the session.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { SessionUnlockBody } from '@shop/contracts';
import { notFound } from '../../lib/api-error';
import { parseId } from '../../lib/pagination';
import { date, int, nullableStr, str, messageSchema, signedInErrorResponses } from '../../lib/schemas';
import { auditContextOf, requireAuth, requirePermission } from '../../plugins/app/auth';
import { COMMERCE_MESSAGES, listSessionUnlocks, removeSessionUnlock, setSessionUnlock } from '../../modules/commerce';

/** SessionUnlock of commerce.ts. */
const sessionUnlockSchema = {
  type: 'object',
  required: ['user_id', 'user_full_name', 'user_email', 'opens_at', 'reason', 'by_full_name', 'created_at'],
  properties: {
    user_id: int,
    user_full_name: str,
    user_email: str,
    opens_at: { type: ['string', 'null'], format: 'date-time' },
    reason: str,
    by_full_name: nullableStr,
    created_at: date,
  },
} as const;

const params = { type: 'object', properties: { id: { type: 'string' } } } as const;
const buyerParams = { type: 'object', properties: { id: { type: 'string' }, userId: { type: 'string' } } } as const;

/** The id in a path, or 404. */
const idOf = (text: string | undefined): number => {
  const id = text === undefined ? null : parseId(text);
  if (id === null) throw notFound();
  return id;
};

const dashboardSessionUnlocksRoutes: FastifyPluginAsync = async (app) => {
  const guard = { onRequest: requirePermission('manage-product-sessions') };

  /** GET /api/dashboard/product-sessions/:id/unlocks: {data: SessionUnlock[]}, newest first; 404 unknown session. */
  app.get<{ Params: { id: string } }>(
    '/api/dashboard/product-sessions/:id/unlocks',
    {
      schema: {
        tags: ['commerce'],
        summary: "A session's per-buyer lock overrides",
        params,
        response: { 200: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: sessionUnlockSchema } } }, ...signedInErrorResponses },
      },
      ...guard,
    },
    async (request) => ({ data: await listSessionUnlocks(app.db, idOf(request.params.id)) }),
  );

  /**
   * PUT /api/dashboard/product-sessions/:id/unlocks: `{buyer, opens_date, reason}`; lifts the lock for
   * the buyer (`opens_date` null) or moves its date to a Jalali day; {message, data: SessionUnlock}.
   */
  app.put<{ Params: { id: string }; Body: SessionUnlockBody }>(
    '/api/dashboard/product-sessions/:id/unlocks',
    {
      schema: {
        tags: ['commerce'],
        summary: "Lift or move a session's lock for one buyer",
        description:
          'buyer: the email of a buyer of the course (or a unique part of a name, email or mobile among its buyers); opens_date: a Jalali day such as 1405-09-12 (opens 00:00 Tehran time) or null to lift the lock now (the prerequisite too); reason: optional, up to 500 characters. Replaces the buyer\'s earlier override. 422 on buyer, opens_date or reason. Audited.',
        params,
        body: {
          type: 'object',
          required: ['buyer'],
          properties: { buyer: { type: 'string', minLength: 1, maxLength: 200 }, opens_date: { type: ['string', 'null'], maxLength: 20 }, reason: { type: 'string', maxLength: 1000 } },
        },
        response: {
          200: { type: 'object', required: ['message', 'data'], properties: { message: str, data: sessionUnlockSchema } },
          ...signedInErrorResponses,
        },
      },
      ...guard,
    },
    async (request) => {
      const { user } = await requireAuth(request);
      const body = { buyer: request.body.buyer, opens_date: request.body.opens_date ?? null, reason: request.body.reason ?? '' };
      const data = await setSessionUnlock(app.db, idOf(request.params.id), body, user.id, await auditContextOf(request));
      return { message: COMMERCE_MESSAGES.unlockSaved, data };
    },
  );

  /** DELETE /api/dashboard/product-sessions/:id/unlocks/:userId: {message}; the session's own rules hold again; 404 when none. */
  app.delete<{ Params: { id: string; userId: string } }>(
    '/api/dashboard/product-sessions/:id/unlocks/:userId',
    {
      schema: { tags: ['commerce'], summary: "Remove a buyer's lock override", params: buyerParams, response: { 200: messageSchema, ...signedInErrorResponses } },
      ...guard,
    },
    async (request) => {
      await removeSessionUnlock(app.db, idOf(request.params.id), idOf(request.params.userId), await auditContextOf(request));
      return { message: COMMERCE_MESSAGES.unlockRemoved };
    },
  );
};

export default dashboardSessionUnlocksRoutes;
