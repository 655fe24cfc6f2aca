/**
 * Rate limits (DESIGN.md "Outside services"; issue 10 "Hardening"): a global per-IP limit on /api and
 * /sanctum, and stricter per-route limits through {@link rateLimits}, all counted in memory or, when
 * REDIS_URL is set, in Redis, so several server instances count together. Every limit and its
 * window come from settings.ts `RATE_LIMITS` (env `RATE_LIMIT_*`).
 *
 * While Redis is unreachable the limits are not counted (fail open, at once: no offline queue)
 * rather than every API request failing with a 500; `/api/health/ready` reports Redis down meanwhile.
 */
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { ApiError } from '../../lib/api-error';
import { MESSAGES } from '../../lib/messages';
import { RATE_LIMITS, type RateLimits } from '../../rate-limit-settings';

/** One route limit: the setting it counts against, and the key it counts per (prefixed, unique to the limit). */
export interface RouteLimit {
  limit: Exclude<keyof RateLimits, 'global'>;
  key: (request: FastifyRequest) => string | Promise<string>;
}

/** Checks and counts every limit in order. */
export type LimitCheck = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * A check of all `limits` (a preHandler, or awaited in a handler), with the app's store (memory or
 * Redis). The plugin's own route limiter runs once per request, so a route with several limits
 * checks them here.
 * @throws ApiError 429 `tooManyRequests` (SPEC §8) with a Retry-After header (seconds) at the first exceeded limit
 */
export function rateLimits(app: FastifyInstance, limits: RouteLimit[]): LimitCheck {
  const limiters = limits.map(({ limit, key }) =>
    app.createRateLimit({ max: app.settings.rateLimit[limit], timeWindow: RATE_LIMITS[limit].windowMs, keyGenerator: key }),
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

export default fp(
  async (app) => {
    const { settings } = app;
    let redis: Redis | undefined;
    if (settings.redisUrl) {
      redis = new Redis(settings.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false });
      redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate limits: Redis unreachable, not counting'));
      app.addHook('onClose', async () => {
        // QUIT needs a connection; an unreachable Redis only stops its reconnecting.
        if (redis?.status === 'ready') await redis.quit();
        else redis?.disconnect();
      });
    }
    await app.register(rateLimit, {
      global: true,
      max: settings.rateLimit.global,
      timeWindow: RATE_LIMITS.global.windowMs,
      ...(redis ? { redis, nameSpace: settings.rateLimitNamespace } : {}),
      skipOnError: true,
      // Static files (shell, remotes, media) are not limited; the API is, but for a lesson's signed
      // media (issue 24): a player asks a segment every few seconds, and many buyers may share the
      // address of one mobile network; each such request is signed for its signed-in viewer.
      allowList: (request) => !/^\/(api|sanctum)(\/|$)/.test(request.url) || request.url.startsWith('/api/media/'),
      errorResponseBuilder: () => new ApiError(429, MESSAGES.tooManyRequests),
    });
  },
  { name: 'rate-limit', dependencies: ['cookie'] },
);
