/**
 * Stricter rate limits of the auth routes (login, verification mail, password reset), on top of
 * the global per-IP limit. The plugin's own route limiter runs once per request, so a route with
 * several limits checks them here, with the app's store (memory or Redis).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { MESSAGES } from '../../lib/messages';

/** One limit: at most `max` requests per `windowMs` for each key; keys carry a prefix unique to the limit. */
export interface RouteLimit {
  max: number;
  windowMs: number;
  key: (request: FastifyRequest) => string | Promise<string>;
}

/** Checks and counts every limit in order. */
export type LimitCheck = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * A check of all `limits` (usable as a preHandler, or awaited in a handler).
 * @throws ApiError 429 `tooManyRequests` with a Retry-After header at the first exceeded limit.
 */
export function rateLimits(app: FastifyInstance, limits: RouteLimit[]): LimitCheck {
  const limiters = limits.map((limit) =>
    app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator: limit.key }),
  );
  return async (request, reply) => {
    for (const limiter of limiters) {
      const result = await limiter(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new ApiError(429, MESSAGES.tooManyRequests);
      }
    }
  };
}
