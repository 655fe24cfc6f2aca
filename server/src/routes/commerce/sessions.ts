/**
 * Session pages and what buyers own (issue 6; SPEC §2 /products/:productId/:productSessionId, §3
 * buyedProducts): the session detail, progress, the lesson file behind a URL signed for its viewer
 * (Range supported; issue 31 item 4), and the bought-products list.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { SessionProgressBody } from '@shop/contracts';
import { notFound } from '../../lib/api-error';
import { parseId } from '../../lib/pagination';
import { sendStoredFile } from '../../lib/stored-file-reply';
import { boughtProductSchema, errorBodySchema, itemSchema, signedInErrorResponses } from '../../lib/schemas';
import { productSessionDetailSchema, sessionProgressAnswerSchema, sessionProgressBodySchema } from './schemas';
import { requireAuth, requireUser } from '../../plugins/app/auth';
import {
  getSessionDetail,
  getSessionFile,
  isValidSessionFileSignature,
  listBoughtProducts,
  setSessionProgress,
} from '../../modules/commerce';
import { engagementOf } from '../../modules/site';
import { getSiteInformation } from '../../modules/support';
import { requireSignedViewer } from './signed-viewer-guard';

const errors = signedInErrorResponses;

const sessionParams = { type: 'object', properties: { sessionId: { type: 'string' } } } as const;

interface SessionFileRequest {
  Params: { sessionId: string };
  Querystring: { expires?: string; signature?: string };
}

const requireFileViewer = requireSignedViewer(isValidSessionFileSignature);

const sessionsRoutes: FastifyPluginAsync = async (app) => {
  const sessionIdOf = (raw: string) => {
    const id = parseId(raw);
    if (id === null) throw notFound();
    return id;
  };

  /** GET /api/product-sessions/:sessionId: `{data: ProductSessionDetail}`; 401 visitor, 403 unverified email, 404 unknown or inactive. */
  app.get<{ Params: { sessionId: string } }>(
    '/api/product-sessions/:sessionId',
    {
      schema: {
        tags: ['commerce'],
        summary: 'A session page: description, signed file URL, progress, comment rights',
        params: sessionParams,
        response: { 200: itemSchema(productSessionDetailSchema), ...errors },
      },
      onRequest: requireUser,
    },
    async (request) => {
      const { user } = await requireAuth(request);
      const signing = { appKey: app.settings.appKey, ttlSeconds: app.settings.signedUrlTtlSeconds };
      const [session, site] = await Promise.all([
        getSessionDetail(app.db, user, sessionIdOf(request.params.sessionId), signing),
        getSiteInformation(app.db),
      ]);
      const engagement = await engagementOf(
        app.db,
        user,
        { type: 'product_session', id: session.id, comment_status: session.comment_status, product_id: session.product_id },
        site,
      );
      return { data: { ...session, ...engagement } };
    },
  );

  /**
   * PUT /api/product-sessions/:sessionId/progress `{done?, position_seconds?}`: `{data:
   * SessionProgressAnswer}`; 403 `sessionLocked` unless bought; 423 while its schedule closes it (issue 37 item 5); 404; 422 without either field or
   * for a position past the lesson (issue 24: called every few seconds by every watching buyer).
   */
  app.put<{ Params: { sessionId: string }; Body: SessionProgressBody }>(
    '/api/product-sessions/:sessionId/progress',
    {
      config: { keepsPublicCache: true },
      schema: {
        tags: ['commerce'],
        summary: "Save the buyer's place in the lesson and/or mark the session done or not done (buyers)",
        params: sessionParams,
        body: sessionProgressBodySchema,
        response: { 200: itemSchema(sessionProgressAnswerSchema), 409: errorBodySchema, 423: errorBodySchema, ...errors },
      },
      onRequest: requireUser,
    },
    async (request) => {
      const { user } = await requireAuth(request);
      return { data: await setSessionProgress(app.db, user, sessionIdOf(request.params.sessionId), request.body) };
    },
  );

  /**
   * GET /api/media/sessions/:sessionId?expires=&signature=: the lesson file from the private store,
   * local or S3 (lib/stored-file-reply.ts: 206 for `Range`, 416 for a bad range), to the signed-in
   * user it was signed for while they may view the session (issue 31 item 4). 403
   * `signedUrlInvalid` for a visitor, another user, an expired or tampered signature, or a viewer
   * who may no longer view it (a refund); 404 without a file, and for a streamed lesson's source.
   */
  app.get<SessionFileRequest>(
    '/api/media/sessions/:sessionId',
    {
      onRequest: requireFileViewer,
      compress: false,
      schema: {
        tags: ['commerce'],
        summary: 'A lesson file through the expiring URL signed for the signed-in viewer',
        params: sessionParams,
        querystring: {
          type: 'object',
          properties: { expires: { type: 'string', maxLength: 20 }, signature: { type: 'string', maxLength: 100 } },
        },
        response: {
          200: { type: 'string', format: 'binary' },
          206: { type: 'string', format: 'binary' },
          416: errorBodySchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { user } = await requireAuth(request);
      const session = await getSessionFile(app.db, user, sessionIdOf(request.params.sessionId));
      if (!session) throw notFound();
      const { file } = session;
      return sendStoredFile(
        request,
        reply,
        { stat: () => app.storage.statPrivate(file), open: (range) => app.storage.openPrivate(file, range) },
        { contentType: session.file_type ?? 'application/octet-stream', cacheControl: 'private, no-store' },
      );
    },
  );

  /** GET /api/bought-products: `{data: BoughtProduct[]}` (the same list as `buyedProducts`); 401 visitor. */
  app.get(
    '/api/bought-products',
    {
      schema: {
        tags: ['commerce'],
        summary: 'Courses I own, with progress',
        response: {
          200: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: boughtProductSchema } } },
          ...errors,
        },
      },
      onRequest: requireUser,
    },
    async (request) => ({ data: await listBoughtProducts(app.db, (await requireAuth(request)).user.id) }),
  );
};

export default sessionsRoutes;
