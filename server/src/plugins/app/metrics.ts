/**
 * Prometheus metrics (issue 10 "Operations"), through prom-client, served at `GET /metrics` in the
 * text exposition format:
 * - `http_request_duration_seconds` (histogram) by `method`, `route` (the route's pattern, e.g.
 *   `/api/posts/:postId`, or `unmatched`: never the raw URL, so the series stay few) and
 *   `status_class` (`2xx` … `5xx`);
 * - `http_server_errors_total` (counter) of answers with a 5xx status, by `method`, `route` and
 *   `kind`: `exception` when a handler or hook threw, `status` when the route chose the 5xx
 *   (readiness 503);
 * - prom-client's default process metrics: resident memory, heap, event-loop lag, GC, handles.
 *
 * Each app has its own registry (tests build several apps in one process). `/metrics` is outside
 * `/api`, so neither rate-limited nor routed by the gateway: Prometheus scrapes each replica
 * directly. With METRICS_TOKEN set it requires `Authorization: Bearer <token>` (else 401).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { ApiError } from '../../lib/api-error';
import { MESSAGES } from '../../lib/messages';

/** Upper bounds of the latency buckets, seconds: dense below 100 ms, where the API's targets are. */
export const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Route label of a request that matched no route (404s of unknown paths). */
export const UNMATCHED_ROUTE = 'unmatched';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus registry (the metrics `GET /metrics` answers). */
    metrics: Registry;
  }
}

type Labels = 'method' | 'route' | 'status_class';

/** SHA-256 of a token, so tokens of any length compare in constant time. */
const digest = (token: string) => createHash('sha256').update(token).digest();

/** True when the request carries `Authorization: Bearer <expected>`. */
function bearerMatches(request: FastifyRequest, expected: Buffer): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), expected);
}

export default fp(
  async (app) => {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    const duration = new Histogram<Labels>({
      name: 'http_request_duration_seconds',
      help: 'Time from the request to the end of its answer, by route pattern, seconds',
      labelNames: ['method', 'route', 'status_class'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    });
    const errors = new Counter<'method' | 'route' | 'kind'>({
      name: 'http_server_errors_total',
      help: 'Answers with a 5xx status; kind: exception (a handler or hook threw) or status (the route chose it)',
      labelNames: ['method', 'route', 'kind'],
      registers: [registry],
    });
    app.decorate('metrics', registry);

    /** Requests whose handler or hooks threw (onError runs before the error handler answers). */
    const threw = new WeakSet<FastifyRequest>();
    app.addHook('onError', async (request) => {
      threw.add(request);
    });
    app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      const status = reply.statusCode;
      duration.observe(
        { method: request.method, route, status_class: `${Math.floor(status / 100)}xx` },
        reply.elapsedTime / 1000,
      );
      if (status >= 500) errors.inc({ method: request.method, route, kind: threw.has(request) ? 'exception' : 'status' });
    });

    const token = app.settings.metricsToken;
    const expected = token ? digest(token) : undefined;
    /** GET /metrics: Prometheus text format; 401 without the METRICS_TOKEN bearer when one is set. */
    app.get('/metrics', { logLevel: 'warn', schema: { hide: true } }, async (request, reply) => {
      if (expected && !bearerMatches(request, expected)) {
        reply.header('www-authenticate', 'Bearer');
        throw new ApiError(401, MESSAGES.metricsTokenRequired);
      }
      return reply.header('cache-control', 'no-store').type(registry.contentType).send(await registry.metrics());
    });
  },
  { name: 'metrics', dependencies: ['error-handler'] },
);
