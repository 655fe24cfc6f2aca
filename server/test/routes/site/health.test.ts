/**
 * Liveness and readiness (routes/site/health.ts; issue 10 "Operations"), on every database target,
 * with the real Redis at 127.0.0.1:6379 and with an unreachable one.
 */
import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { createPglite } from '../../../src/db/client';
import { buildApp } from '../../../src/app';
import { buildTestApp, DB_TARGETS, tempDir } from '../../helpers/test-app';
import { SITE_MESSAGES } from '../../../src/modules/site';

/** Redis of this machine, on a database number of these tests' own. */
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/11';

/** A local port where nothing listens: connections to it are refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(DB_TARGETS)('health checks on %s', (target) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    // The rate limit counts in Redis: start from none (a database number of these tests only).
    const redis = new Redis(REDIS_URL);
    await redis.flushdb();
    redis.disconnect();
    app = await buildTestApp(target, { redisUrl: REDIS_URL, rateLimit: { global: 2 }, publicCacheMs: 0 });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('GET /api/health answers 200 {status: ok}, not cached', async () => {
    const response = await app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('GET /api/health/ready answers 200 when the database, Redis, the store and mail answer', async () => {
    const response = await app.inject({ url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: 'ok', redis: 'ok', storage: 'ok', mail: 'ok', disk: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('both are public and outside the rate limit, which still holds for other routes', async () => {
    expect(app.routeAccess).toEqual(
      expect.arrayContaining([
        { method: 'GET', url: '/api/health', access: 'public' },
        { method: 'GET', url: '/api/health/ready', access: 'public' },
      ]),
    );
    for (let i = 0; i < 5; i++) {
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
    }
    const limited = [];
    for (let i = 0; i < 3; i++) limited.push((await app.inject({ url: '/api/links?type=link' })).statusCode);
    expect(limited).toEqual([200, 200, 429]);
    // A lesson's signed media is outside it too (a player asks every few seconds; issue 24): refused by its signature, not counted.
    for (let i = 0; i < 3; i++) {
      expect((await app.inject({ url: '/api/media/lessons/1/hls/master.m3u8?expires=1&signature=x' })).statusCode).toBe(403);
    }
  });
});

describe('readiness when a dependency is down (PGlite)', () => {
  it('stays ready but degraded, naming Redis, when REDIS_URL points at nothing (issue 23: every replica shares it)', async () => {
    const app = await buildTestApp('pglite', { redisUrl: `redis://127.0.0.1:${await closedPort()}` });
    try {
      const started = Date.now();
      const response = await app.inject({ url: '/api/health/ready' });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'degraded', database: 'ok', redis: 'failed', storage: 'ok', mail: 'ok', disk: 'ok' });
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 503 naming the database when it is closed; liveness stays 200 and Redis reads not-configured', async () => {
    const pglite = createPglite();
    await pglite.waitReady;
    // Migrated only: readiness needs no demo data, and the seed's video lesson took half a minute of
    // ffmpeg, which on a busy machine ran this test past its timeout.
    const app = await buildApp({ dataDir: tempDir(), logger: false, serveStatic: false, seed: false, pglite });
    try {
      expect((await app.inject({ url: '/api/health/ready' })).json()).toEqual({
        status: 'ok',
        database: 'ok',
        redis: 'not-configured',
        storage: 'ok',
        mail: 'ok',
        disk: 'ok',
      });
      await pglite.close();
      const response = await app.inject({ url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'unavailable',
        message: SITE_MESSAGES.notReady,
        database: 'failed',
        redis: 'not-configured',
        storage: 'ok',
        mail: 'ok',
        disk: 'ok',
      });
      expect((await app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
    } finally {
      await app.close();
    }
  });
});
