/**
 * Session pages and what buyers own (issue 6; SPEC §2 /products/:productId/:productSessionId, §3
 * buyedProducts): the session detail, progress, the lesson file behind a signed URL (Range
 * supported), and the bought-products list.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { SessionProgressBody } from '@shop/contracts';
import { ApiError, notFound } from '../../lib/api-error';
import { MESSAGES } from '../../lib/messages';
import { parseId } from '../../lib/pagination';
import {
  boughtProductSchema,
  errorBodySchema,
  itemSchema,
  productSessionDetailSchema,
  sessionProgressAnswerSchema, signedInErrorResponses, signedInSecurity } from '../../lib/schemas';
import { requireAuth, requireUser } from '../../plugins/app/auth';
import {
  getSessionDetail,
  getSessionFile,
  listBoughtProducts,
  setSessionProgress,
} from '../../modules/commerce/sessions-service';
import { isValidSessionFileSignature } from '../../modules/commerce/signed-urls';

const errors = signedInErrorResponses;

const security = signedInSecurity;
const sessionParams = { type: 'object', properties: { sessionId: { type: 'string' } } } as const;

/**
 * The byte range of a `Range: bytes=a-b | a- | -n` header over a file of `size` bytes (inclusive
 * ends), null without a header, 'invalid' for a malformed, multi-part or unsatisfiable one.
 */
function byteRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (header === undefined) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  const [first, last] = [match[1]!, match[2]!];
  const start = first === '' ? Math.max(size - Number(last), 0) : Number(first);
  const end = first === '' || last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return start <= end && start < size ? { start, end } : 'invalid';
}

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
        security,
        params: sessionParams,
        response: { 200: itemSchema(productSessionDetailSchema), ...errors },
      },
      onRequest: requireUser,
    },
    async (request) => {
      const { user } = await requireAuth(request);
      const signing = { appKey: app.settings.appKey, ttlSeconds: app.settings.signedUrlTtlSeconds };
      return { data: await getSessionDetail(app.db, user, sessionIdOf(request.params.sessionId), signing) };
    },
  );

  /** PUT /api/product-sessions/:sessionId/progress `{done}`: `{data: SessionProgressAnswer}`; 403 `sessionLocked` unless bought; 404. */
  app.put<{ Params: { sessionId: string }; Body: SessionProgressBody }>(
    '/api/product-sessions/:sessionId/progress',
    {
      schema: {
        tags: ['commerce'],
        summary: 'Mark a session done or not done (buyers)',
        security,
        params: sessionParams,
        body: { type: 'object', required: ['done'], properties: { done: { type: 'boolean' } } },
        response: { 200: itemSchema(sessionProgressAnswerSchema), ...errors },
      },
      onRequest: requireUser,
    },
    async (request) => {
      const { user } = await requireAuth(request);
      return { data: await setSessionProgress(app.db, user, sessionIdOf(request.params.sessionId), request.body.done) };
    },
  );

  /**
   * GET /api/media/sessions/:sessionId?expires=&signature=: the lesson file (206 for `Range`,
   * 416 for a bad range); 403 `signedUrlInvalid` when expired or tampered; 404 without a file.
   */
  app.get<{ Params: { sessionId: string }; Querystring: { expires?: string; signature?: string } }>(
    '/api/media/sessions/:sessionId',
    {
      config: { access: 'public' },
      compress: false,
      schema: {
        tags: ['commerce'],
        summary: 'A lesson file through its signed, expiring URL',
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
      const id = sessionIdOf(request.params.sessionId);
      const { expires, signature } = request.query;
      if (!isValidSessionFileSignature(app.settings.appKey, id, Number(expires), signature ?? '')) {
        throw new ApiError(403, MESSAGES.signedUrlInvalid);
      }
      const session = await getSessionFile(app.db, id);
      const whole = session ? await app.storage.openPrivate(session.file) : null;
      if (!session || !whole) throw notFound();
      reply.header('accept-ranges', 'bytes').header('cache-control', 'private, no-store');
      const range = byteRange(request.headers.range, whole.size);
      if (range === null) {
        return reply.type(session.file_type ?? 'application/octet-stream').header('content-length', whole.size).send(whole.stream);
      }
      whole.stream.destroy();
      if (range === 'invalid') {
        reply.header('content-range', `bytes */${whole.size}`);
        throw new ApiError(416, MESSAGES.rangeNotSatisfiable);
      }
      const part = await app.storage.openPrivate(session.file, range);
      if (!part) throw notFound();
      return reply
        .code(206)
        .type(session.file_type ?? 'application/octet-stream')
        .header('content-range', `bytes ${range.start}-${range.end}/${whole.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(part.stream);
    },
  );

  /** GET /api/bought-products: `{data: BoughtProduct[]}` (the same list as `buyedProducts`); 401 visitor. */
  app.get(
    '/api/bought-products',
    {
      schema: {
        tags: ['commerce'],
        summary: 'Courses I own, with progress',
        security,
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
