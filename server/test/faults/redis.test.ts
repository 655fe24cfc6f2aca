/**
 * Redis faults (issue 23 item 3): the compiled server counting its rate limits in a Redis of the
 * test's own, which is killed, left down, and started again. Limits fail open while it is gone (the
 * API answers at once, uncounted; readiness says Redis is down), and count again within 5 s of its
 * return, with no restart of the server.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { csrfHeadersOf, startServerProcess, type ServerProcess } from '../helpers/server-process';
import { startRedisInstance, type RedisInstance } from '../helpers/redis-instance';
import { send } from '../crash/crash-client';

/** Wrong passwords one account may be tried with in a minute, lowered so that the test reaches it. */
const LOGIN_ACCOUNT_LIMIT = 3;
/** Longest from Redis's return until the limits count again (issue 23). */
const RECOVERY_BOUND_MS = 5_000;

describe('the server rides through Redis going away and coming back (issue 23)', () => {
  let redis: RedisInstance;
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    redis = await startRedisInstance();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-redis-faults-'));
    server = await startServerProcess({ DATA_DIR: dataDir, REDIS_URL: redis.url, RATE_LIMIT_LOGIN_ACCOUNT_PER_MINUTE: String(LOGIN_ACCOUNT_LIMIT), RATE_LIMIT_LOGIN_IP_PER_MINUTE: '1000' }, 120_000);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await redis?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** One sign-in with a wrong password for `email`: its status and how long the answer took (ms). */
  async function wrongLogin(email: string): Promise<{ status: number | undefined; ms: number }> {
    const startedAt = Date.now();
    const answer = await send(server.origin, '/api/auth/login', {
      method: 'POST',
      headers: { ...(await csrfHeadersOf(server.origin)), 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Wrong12345' }),
    });
    return { status: answer?.status, ms: Date.now() - startedAt };
  }

  /** Statuses of `count` wrong sign-ins in a row for a fresh address. */
  async function wrongLogins(count: number): Promise<Array<number | undefined>> {
    const email = `redis-fault-${Date.now()}-${Math.random().toString(16).slice(2)}@example.com`;
    const statuses: Array<number | undefined> = [];
    for (let i = 0; i < count; i += 1) statuses.push((await wrongLogin(email)).status);
    return statuses;
  }

  const limited = [...Array<number>(LOGIN_ACCOUNT_LIMIT).fill(422), 429];

  it('counts in Redis, fails open at once while it is gone, and counts again within 5 s of its return', async () => {
    expect(await wrongLogins(LOGIN_ACCOUNT_LIMIT + 1)).toEqual(limited);

    await redis.stop();
    // Not counted meanwhile (fail open), and no request waits for Redis.
    const email = `redis-down-${Date.now()}@example.com`;
    const whileDown = [];
    for (let i = 0; i < LOGIN_ACCOUNT_LIMIT + 2; i += 1) whileDown.push(await wrongLogin(email));
    expect(whileDown.map((answer) => answer.status)).toEqual(whileDown.map(() => 422));
    expect(Math.max(...whileDown.map((answer) => answer.ms))).toBeLessThan(1_500);
    expect((await send(server.origin, '/api/posts'))?.status).toBe(200);
    const ready = await send(server.origin, '/api/health/ready');
    expect(ready).toMatchObject({ status: 200, body: { status: 'degraded', redis: 'failed', database: 'ok' } });

    await redis.start();
    const back = Date.now();
    let counting = false;
    while (!counting && Date.now() - back < RECOVERY_BOUND_MS) {
      counting = JSON.stringify(await wrongLogins(LOGIN_ACCOUNT_LIMIT + 1)) === JSON.stringify(limited);
    }
    expect(counting).toBe(true);
    expect((await send(server.origin, '/api/health/ready'))?.status).toBe(200);

    expect(server.child.exitCode).toBeNull();
    expect(server.output()).not.toMatch(/unexpected error|unhandled promise rejection|uncaught exception/);
  }, 60_000);
});
