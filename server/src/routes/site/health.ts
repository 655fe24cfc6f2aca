/**
 * Health checks for the gateway and the orchestrator (issue 10 "Operations"):
 * - `GET /api/health`, liveness: the process answers HTTP. It reads nothing, so a slow database
 *   never gets a healthy process restarted.
 * - `GET /api/health/ready`, readiness: the database answers `select 1` and, when REDIS_URL is
 *   set, Redis answers PING, each within {@link READINESS_TIMEOUT_MS}. A replica that is not ready
 *   answers 503 and is taken out of rotation until it is.
 *
 * Both are public, outside the rate limits and the public cache, sent with `Cache-Control:
 * no-store`, and logged only at `warn` and above (probes come every few seconds).
 */
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { MESSAGES } from '../../lib/messages';

/** Longest wait for each readiness check, ms (they run side by side). */
export const READINESS_TIMEOUT_MS = 1000;

/** Outcome of one readiness check. */
type CheckState = 'ok' | 'failed';

/** Resolves `'ok'` when `check` settles successfully within `ms`, else `'failed'` (never rejects). */
async function within(ms: number, check: () => Promise<unknown>): Promise<CheckState> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckState>((resolve) => {
    timer = setTimeout(() => resolve('failed'), ms);
  });
  const outcome = check().then(
    (): CheckState => 'ok',
    (): CheckState => 'failed',
  );
  try {
    return await Promise.race([outcome, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

const probeOptions = { access: 'public', rateLimit: false } as const;

const healthRoutes: FastifyPluginAsync = async (app) => {
  // Its own connection, opened at the first probe: readiness asks whether this replica reaches
  // Redis, whatever the state of the rate limiter's connection.
  const { redisUrl } = app.settings;
  const redis = redisUrl
    ? new Redis(redisUrl, { lazyConnect: true, connectTimeout: READINESS_TIMEOUT_MS, maxRetriesPerRequest: 1 })
    : undefined;
  if (redis) {
    // Reconnection errors are reported by the readiness answer, not as unhandled events.
    redis.on('error', (error: Error) => app.log.debug({ err: error }, 'readiness: redis connection error'));
    app.addHook('onClose', async () => redis.disconnect());
  }

  /** GET /api/health: 200 `{status:'ok'}` while the process serves HTTP; touches no database. */
  app.get(
    '/api/health',
    {
      config: probeOptions,
      logLevel: 'warn',
      schema: {
        tags: ['site'],
        summary: 'Liveness: the process answers',
        response: {
          200: { type: 'object', required: ['status'], properties: { status: { type: 'string', enum: ['ok'] } } },
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' };
    },
  );

  const checkState = { type: 'string', enum: ['ok', 'failed'] } as const;
  const redisState = { type: 'string', enum: ['ok', 'failed', 'not-configured'] } as const;

  /**
   * GET /api/health/ready: 200 `{status:'ok', database:'ok', redis:'ok'|'not-configured'}` when
   * every dependency answers in time; 503 `{status:'unavailable', message, database, redis}` with
   * `failed` on each one that did not.
   */
  app.get(
    '/api/health/ready',
    {
      config: probeOptions,
      logLevel: 'warn',
      schema: {
        tags: ['site'],
        summary: 'Readiness: the database and Redis answer',
        response: {
          200: {
            type: 'object',
            required: ['status', 'database', 'redis'],
            properties: { status: { type: 'string', enum: ['ok'] }, database: checkState, redis: redisState },
          },
          503: {
            type: 'object',
            required: ['status', 'message', 'database', 'redis'],
            properties: {
              status: { type: 'string', enum: ['unavailable'] },
              message: { type: 'string' },
              database: checkState,
              redis: redisState,
            },
          },
        },
      },
    },
    async (request, reply) => {
      const [database, redisCheck] = await Promise.all([
        within(READINESS_TIMEOUT_MS, () => app.db.execute(sql`select 1`)),
        redis ? within(READINESS_TIMEOUT_MS, () => redis.ping()) : Promise.resolve('not-configured' as const),
      ]);
      reply.header('cache-control', 'no-store');
      if (database === 'ok' && redisCheck !== 'failed') return { status: 'ok', database, redis: redisCheck };
      request.log.warn({ database, redis: redisCheck }, 'not ready');
      return reply.code(503).send({ status: 'unavailable', message: MESSAGES.notReady, database, redis: redisCheck });
    },
  );
};

export default healthRoutes;
