/**
 * Error answers of DESIGN.md "API server": `{ message, errors? }` in Persian with the status
 * codes of SPEC §8, for thrown errors, schema validation, unknown paths (404) and known paths
 * called with the wrong method (405). Nothing a client sends may produce a 5xx.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../../lib/api-error';
import { databaseUnavailable } from '../../lib/db-errors';
import { MESSAGES } from '../../lib/messages';

/** Answers a GET that matched no route with the shell (SPA fallback); set by the static-site plugin. */
export type SiteFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

declare module 'fastify' {
  interface FastifyInstance {
    /** The static site's fallback for unknown pages, when static serving is on. */
    siteFallback: SiteFallback | null;
  }
}

interface AjvIssue {
  instancePath?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/** Persian message of one JSON-Schema (Ajv) issue. */
function messageOf(issue: AjvIssue): string {
  const params = issue.params ?? {};
  switch (issue.keyword) {
    case 'required':
      return MESSAGES.fieldRequired;
    case 'type':
      return params.type === 'integer' || params.type === 'number'
        ? MESSAGES.fieldInteger
        : MESSAGES.fieldInvalid;
    case 'enum':
      return MESSAGES.fieldChoice;
    case 'minimum':
      return MESSAGES.fieldMin(Number(params.limit));
    case 'maximum':
      return MESSAGES.fieldMax(Number(params.limit));
    case 'maxItems':
      return MESSAGES.fieldMaxItems(Number(params.limit));
    case 'minItems':
      return MESSAGES.fieldMinItems;
    case 'maxLength':
      return MESSAGES.fieldTooLong(Number(params.limit));
    default:
      return MESSAGES.fieldInvalid;
  }
}

/** Field errors of a schema validation failure, keyed by field name (first issue per field). */
export function fieldErrorsOf(issues: AjvIssue[], context: string | undefined): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const fromPath = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const missing = typeof issue.params?.missingProperty === 'string' ? issue.params.missingProperty : '';
    const field = [fromPath, missing].filter(Boolean).join('.') || context || 'body';
    errors[field] ??= [messageOf(issue)];
  }
  return errors;
}

/**
 * Fastify's `frameworkErrors` option (app.ts): errors the router raises before any hook runs, such
 * as 400 FST_ERR_BAD_URL for a path whose percent-encoding is not UTF-8, answered in Persian instead
 * of Fastify's English body (issue 10).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.code(error.statusCode && error.statusCode < 500 ? error.statusCode : 400).send({ message: MESSAGES.badRequest });
}

/** Compiles a route path (`/api/posts/:postId`) to a regular expression over request paths. */
function pathPattern(url: string): RegExp {
  const source = url
    .split('/')
    .map((part) => {
      if (part === '*') return '.*';
      if (part.startsWith(':')) return '[^/]+';
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

const API_PATH = /^\/(api|sanctum)(\/|$)/;

/** Retry-After of a 503 or 507: an answer refused while a service is away or the disk full, seconds (issue 23). */
export const RETRY_AFTER_S = 5;

export default fp(
  async (app) => {
    app.decorate('siteFallback', null);

    // API routes, for the 405 answer of a known path called with another method.
    const apiRoutes: Array<{ pattern: RegExp; methods: string[] }> = [];
    app.addHook('onRoute', (route) => {
      if (!API_PATH.test(route.url) || route.url.startsWith('/api/docs')) return;
      const methods = ([] as string[]).concat(route.method);
      apiRoutes.push({ pattern: pathPattern(route.url), methods });
    });

    app.setErrorHandler((thrown: FastifyError | ApiError, request, reply) => {
      // The database away, restarting or too slow (issue 23) is a 503 like any other service's:
      // nothing of the request was committed, and the client may send it again.
      const error =
        !(thrown instanceof ApiError) && (thrown.statusCode ?? 500) >= 500 && databaseUnavailable(thrown)
          ? Object.assign(new ApiError(503, MESSAGES.databaseUnavailable), { cause: thrown })
          : thrown;
      if (error instanceof ApiError) {
        if (error.statusCode === 503 || error.statusCode === 507) {
          // A service or the disk is away or full for now (issue 23): say when to try again, and log why.
          request.log.warn({ err: error.cause ?? error }, error.message);
          reply.header('retry-after', String(RETRY_AFTER_S));
        }
        return reply.code(error.statusCode).send(error.toBody());
      }
      if (error.validation) {
        return reply.code(422).send({
          message: MESSAGES.validationFailed,
          errors: fieldErrorsOf(error.validation as AjvIssue[], error.validationContext),
        });
      }
      const status = error.statusCode ?? 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'unexpected error');
        return reply.code(500).send({ message: MESSAGES.serverError });
      }
      const code = error.code ?? '';
      let message: string = MESSAGES.badRequest;
      if (code.includes('JSON')) message = MESSAGES.invalidJson;
      else if (status === 413) message = MESSAGES.payloadTooLarge;
      else if (status === 415) message = MESSAGES.unsupportedMediaType;
      else if (status === 429) message = MESSAGES.tooManyRequests;
      else if (status === 404) message = MESSAGES.notFound;
      else if (status === 405) message = MESSAGES.methodNotAllowed;
      return reply.code(status).send({ message });
    });

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      if (API_PATH.test(path)) {
        const allowed = apiRoutes
          .filter((r) => r.pattern.test(path))
          .flatMap((r) => r.methods)
          .filter((m) => m !== request.method);
        if (allowed.length > 0) {
          return reply
            .code(405)
            .header('allow', [...new Set(allowed)].join(', '))
            .send({ message: MESSAGES.methodNotAllowed });
        }
        return reply.code(404).send({ message: MESSAGES.routeNotFound });
      }
      if (app.siteFallback?.(request, reply)) return reply;
      return reply.code(404).send({ message: MESSAGES.notFound });
    });
  },
  { name: 'error-handler' },
);
