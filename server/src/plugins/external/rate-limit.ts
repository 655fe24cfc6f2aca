/**
 * Rate limits (DESIGN.md "Outside services"): a global per-IP limit on /api and /sanctum,
 * in memory or in Redis when REDIS_URL is set; routes add stricter limiters with `app.rateLimit`.
 */
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { ApiError } from '../../lib/api-error';
import { MESSAGES } from '../../lib/messages';

export default fp(
  async (app) => {
    const { settings } = app;
    let redis: Redis | undefined;
    if (settings.redisUrl) {
      redis = new Redis(settings.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1 });
      app.addHook('onClose', async () => {
        await redis?.quit();
      });
    }
    await app.register(rateLimit, {
      global: true,
      max: settings.rateLimit.global,
      timeWindow: 60_000,
      ...(redis ? { redis, nameSpace: 'shop-rate-limit:' } : {}),
      // Static files (shell, remotes, media) are not limited; the API is.
      allowList: (request) => !/^\/(api|sanctum)(\/|$)/.test(request.url),
      errorResponseBuilder: () => new ApiError(429, MESSAGES.tooManyRequests),
    });
  },
  { name: 'rate-limit', dependencies: ['cookie'] },
);
