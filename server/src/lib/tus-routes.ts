/**
 * The routes of a tus 1.0.0 endpoint (resumable uploads: lesson files, assignment files, leaked
 * copies; issues 24, 37 and 38), one way for all of them: creation at `path`, offset, append and
 * termination at `path/:id`, each behind the route's guard (CSRF by the app's plugin), answered by
 * the endpoint's tus server on the raw response. The body of `PATCH` goes to the store as it
 * arrives: Fastify leaves `application/offset+octet-stream` unparsed. Unfinished uploads are
 * removed every {@link CLEANUP_INTERVAL_MS}.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { ApiError } from './api-error';
import { MESSAGES } from './messages';

/** How often unfinished uploads older than their expiry are looked for, ms. */
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/** An endpoint's tus server, answering on behalf of `who` (what {@link TusRoutes.principal} gives). */
export interface TusEndpoint<Who> {
  handle(request: IncomingMessage, response: ServerResponse, who: Who): Promise<void>;
  /** Removes the uploads left unfinished past their expiry; answers how many. */
  cleanUpExpiredUploads(): Promise<number>;
}

/** What {@link registerTusRoutes} needs of an endpoint. */
export interface TusRoutes<Who> {
  /** Where creation is (`/api/dashboard/lesson-uploads`); an upload is `path/<32 hex>`. */
  path: string;
  tus: TusEndpoint<Who>;
  /** The guard of every request (a permission, a signed-in user). */
  guard: onRequestHookHandler;
  /** On whose behalf the tus server answers, read from the request after the guard. */
  principal: (request: FastifyRequest) => Promise<Who>;
  /** OpenAPI: the tag, and each operation's summary and description. */
  tag: string;
  docs: Record<'create' | 'offset' | 'append' | 'terminate', { summary: string; description: string }>;
  /** What the cleanup's failure is logged as («unfinished lesson uploads not removed yet»). */
  cleanupFailed: string;
}

/**
 * Puts the headers that hooks have set on `reply` (helmet's security headers, the request id, the
 * rate limit's counters) onto its raw response, before a hijacked route answers there. Fastify
 * writes them only when it sends an answer itself, so the tus answers (success and refusal alike)
 * went out without them (issue 31 item 7). The tus server's own headers win where both set one.
 */
function keepHookHeaders(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
}

/**
 * Registers the tus routes of one endpoint in `app`. Every request without `Tus-Resumable: 1.0.0`
 * answers the API's Persian 412 `uploadProtocolRequired`; the rest are the tus server's (its own
 * refusals as that server maps them).
 */
export function registerTusRoutes<Who>(app: FastifyInstance, routes: TusRoutes<Who>): void {
  // Once per scope: several endpoints may share a plugin's scope.
  if (!app.hasContentTypeParser('application/offset+octet-stream')) {
    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
  }
  const { tus } = routes;
  const timer = setInterval(() => {
    tus.cleanUpExpiredUploads().catch((error: unknown) => app.log.warn({ err: error }, routes.cleanupFailed));
  }, CLEANUP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // Only the tus protocol is spoken here: anything else gets the API's own Persian 412.
    if (request.headers['tus-resumable'] !== '1.0.0') throw new ApiError(412, MESSAGES.uploadProtocolRequired);
    const who = await routes.principal(request);
    reply.hijack();
    keepHookHeaders(reply);
    await tus.handle(request.raw, reply.raw, who);
  };
  const upload = `${routes.path}/:id`;
  const params = { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^[0-9a-f]{32}$' } } } as const;
  const operations = [
    { method: 'POST', url: routes.path, ...routes.docs.create },
    { method: 'HEAD', url: upload, ...routes.docs.offset },
    { method: 'PATCH', url: upload, ...routes.docs.append },
    { method: 'DELETE', url: upload, ...routes.docs.terminate },
  ] as const;
  for (const { method, url, summary, description } of operations) {
    app.route({
      method,
      url,
      onRequest: routes.guard,
      schema: { tags: [routes.tag], summary, description, ...(url === upload ? { params } : {}) },
      handler,
    });
  }
}
