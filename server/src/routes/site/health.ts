/**
 * Health checks for the gateway and the orchestrator (issue 10 "Operations"):
 * - `GET /api/health`, liveness: the process answers HTTP. It reads nothing, so a slow database
 *   never gets a healthy process restarted.
 * - `GET /api/health/ready`, readiness: the database answers `select 1` within
 *   {@link READINESS_TIMEOUT_MS}; a replica without it answers 503 and is taken out of rotation
 *   until it answers. The services every replica shares are reported beside it (issue 23), each
 *   checked within the same bound: Redis (PING, when REDIS_URL is set), the file store (the
 *   bucket, or the data folder writable), mail (this process's last delivery) and the data
 *   folder's free space (when it holds data). One of them down makes the answer `degraded`, still
 *   200: taking every replica out of rotation for a shared service would stop what still works
 *   (pages, reads, checkout) along with what does not.
 *
 * Both are public, outside the rate limits and the public cache, sent with `Cache-Control:
 * no-store`, and logged only at `warn` and above (probes come every few seconds).
 */
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { SITE_MESSAGES } from '../../modules/site';

/** Longest wait for each readiness check, ms (they run side by side). */
export const READINESS_TIMEOUT_MS = 1000;

/** Outcome of one readiness check. */
type CheckState = 'ok' | 'failed';
/** What a service that may be absent reports. */
type OptionalState = CheckState | 'not-configured';

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
  const optionalState = { type: 'string', enum: ['ok', 'failed', 'not-configured'] } as const;
  const services = {
    database: checkState,
    redis: optionalState,
    storage: checkState,
    mail: { type: 'string', enum: ['ok', 'failing'] },
    disk: { type: 'string', enum: ['ok', 'full', 'not-configured'] },
  } as const;
  const serviceNames = Object.keys(services);

  /**
   * GET /api/health/ready: 200 `{status:'ok'|'degraded', database:'ok', redis, storage, mail, disk}`
   * while the database answers in time (`degraded` when a shared service is down: Redis or the store
   * `failed`, mail `failing`, the disk `full`); 503 `{status:'unavailable', message, …}` when the
   * database does not.
   */
  app.get(
    '/api/health/ready',
    {
      config: probeOptions,
      logLevel: 'warn',
      schema: {
        tags: ['site'],
        summary: 'Readiness: the database answers; shared services reported',
        response: {
          200: {
            type: 'object',
            required: ['status', ...serviceNames],
            properties: { status: { type: 'string', enum: ['ok', 'degraded'] }, ...services },
          },
          503: {
            type: 'object',
            required: ['status', 'message', ...serviceNames],
            properties: { status: { type: 'string', enum: ['unavailable'] }, message: { type: 'string' }, ...services },
          },
        },
      },
    },
    async (request, reply) => {
      const { dataDirFull } = app;
      const [database, redisState, storage, diskFull] = await Promise.all([
        within(READINESS_TIMEOUT_MS, () => app.db.execute(sql`select 1`)),
        redis ? within(READINESS_TIMEOUT_MS, () => redis.ping()) : Promise.resolve<OptionalState>('not-configured'),
        within(READINESS_TIMEOUT_MS, () => app.storage.check()),
        dataDirFull ? dataDirFull().catch(() => false) : Promise.resolve(null),
      ]);
      const states = {
        database,
        redis: redisState,
        storage,
        mail: app.mailer.deliveryState(),
        disk: diskFull === null ? 'not-configured' : diskFull ? 'full' : 'ok',
      };
      reply.header('cache-control', 'no-store');
      if (database === 'failed') {
        request.log.warn(states, 'not ready');
        return reply.code(503).send({ status: 'unavailable', message: SITE_MESSAGES.notReady, ...states });
      }
      const degraded = redisState === 'failed' || storage === 'failed' || states.mail === 'failing' || diskFull === true;
      if (degraded) request.log.warn(states, 'ready, but a shared service is down');
      return { status: degraded ? 'degraded' : 'ok', ...states };
    },
  );
};

export default healthRoutes;
