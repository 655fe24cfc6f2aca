import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { MESSAGES } from '../../../src/lib/messages';
import { DB_TARGETS, buildTestApp, csrfHeaders, loginToken } from '../../helpers/test-app';

const REDIS_URL = 'redis://127.0.0.1:6379';

/** Expects the 429 of SPEC §8: the Persian message and a Retry-After within the window. */
function expectLimited(response: LightMyRequestResponse, windowSeconds: number): void {
  expect(response.statusCode).toBe(429);
  expect(response.json<{ message: string }>().message).toBe(MESSAGES.tooManyRequests);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

async function register(app: FastifyInstance, headers: Record<string, string> = {}, remoteAddress?: string) {
  const email = `limit-${randomBytes(6).toString('hex')}@example.com`;
  return app.inject({
    method: 'POST',
    url: '/api/auth/register',
    remoteAddress,
    headers: { ...(await csrfHeaders(app)), ...headers },
    payload: { full_name: 'کاربر محدود', email, password: 'Secret123', password_confirmation: 'Secret123' },
  });
}

describe.each(DB_TARGETS)('route rate limits on %s', (target) => {
  let app: FastifyInstance;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  let userToken: string;
  let userId: number;
  let staffToken: string;

  beforeAll(async () => {
    app = await buildTestApp(target, {
      rateLimit: { register: 2, comments: 2, tickets: 1, checkout: 2 },
      // The gateway in front of the server is this host: its X-Forwarded-For names the client.
      trustProxy: 'loopback',
    });
    [userToken, staffToken] = await Promise.all([
      loginToken(app, 'user@example.com', 'User12345'),
      loginToken(app, 'staff@example.com', 'Staff12345'),
    ]);
    const me = await app.inject({ method: 'POST', url: '/api/auth/logged-in-user-info', headers: auth(userToken) });
    userId = me.json<{ data: { user: { id: number } } }>().data.user.id;
  });
  afterAll(() => app.close());

  it('limits registrations per client IP, read from the trusted gateway’s X-Forwarded-For', async () => {
    const client = { 'x-forwarded-for': '203.0.113.7' };
    expect((await register(app, client)).statusCode).toBe(201);
    expect((await register(app, client)).statusCode).toBe(201);
    expectLimited(await register(app, client), 3600);
    // Another client behind the same gateway still registers.
    expect((await register(app, { 'x-forwarded-for': '203.0.113.8' })).statusCode).toBe(201);
    // A client that is not the gateway cannot pick its address with the header.
    const spoofer = '198.51.100.4';
    expect((await register(app, { 'x-forwarded-for': '203.0.113.9' }, spoofer)).statusCode).toBe(201);
    expect((await register(app, { 'x-forwarded-for': '203.0.113.10' }, spoofer)).statusCode).toBe(201);
    expectLimited(await register(app, { 'x-forwarded-for': '203.0.113.11' }, spoofer), 3600);
  });

  it('limits comments per user, counting only comments that passed validation', async () => {
    const comment = (token: string, payload: object) =>
      app.inject({ method: 'POST', url: '/api/comments', headers: auth(token), payload });
    const valid = { user_id: userId, parent_id: 0, text: 'دیدگاهی برای آزمون محدودیت', commentable_id: 3, commentable_type: 'post' };
    for (let i = 0; i < 3; i += 1) expect((await comment(userToken, { ...valid, text: '' })).statusCode).toBe(422);
    expect((await comment(userToken, valid)).statusCode).toBe(201);
    expect((await comment(userToken, valid)).statusCode).toBe(201);
    expectLimited(await comment(userToken, valid), 60);
    // Another user has a budget of their own.
    const staff = await app.inject({ method: 'POST', url: '/api/auth/logged-in-user-info', headers: auth(staffToken) });
    const staffId = staff.json<{ data: { user: { id: number } } }>().data.user.id;
    expect((await comment(staffToken, { ...valid, user_id: staffId })).statusCode).toBe(201);
  });

  it('limits tickets per user', async () => {
    const ticket = () =>
      app.inject({
        method: 'POST',
        url: '/api/tickets',
        headers: auth(userToken),
        payload: { title: 'پرسش دربارهٔ دوره', text: 'آیا این دوره گواهی پایان دوره دارد؟' },
      });
    expect((await ticket()).statusCode).toBe(201);
    expectLimited(await ticket(), 3600);
  });

  it('limits new orders and payment attempts of a user together', async () => {
    const headers = { ...auth(userToken), 'idempotency-key': 'limit-test' };
    // An empty cart is refused, but the attempt counts: the limit guards the gateway requests too.
    expect((await app.inject({ method: 'POST', url: '/api/checkout', headers })).statusCode).toBe(422);
    expect((await app.inject({ method: 'POST', url: '/api/orders/999999/pay', headers: auth(userToken) })).statusCode).toBe(404);
    expectLimited(await app.inject({ method: 'POST', url: '/api/checkout', headers }), 60);
    expectLimited(await app.inject({ method: 'POST', url: '/api/orders/999999/pay', headers: auth(userToken) }), 60);
    // Reading one's orders is not limited by it.
    expect((await app.inject({ url: '/api/orders/999999', headers: auth(userToken) })).statusCode).toBe(404);
  });
});

describe('rate limits shared by two instances through Redis', () => {
  const namespace = `harden-test-${randomBytes(4).toString('hex')}:`;
  let first: FastifyInstance;
  let second: FastifyInstance;

  beforeAll(async () => {
    const options = { seed: false, redisUrl: REDIS_URL, rateLimitNamespace: namespace, rateLimit: { register: 3 } };
    [first, second] = await Promise.all([buildTestApp('pglite', options), buildTestApp('pglite', options)]);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${namespace}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('counts one client’s registrations on both instances', async () => {
    expect((await register(first)).statusCode).toBe(201);
    expect((await register(second)).statusCode).toBe(201);
    expect((await register(first)).statusCode).toBe(201);
    expectLimited(await register(second), 3600);
    expectLimited(await register(first), 3600);
  });
});

describe('rate limits while Redis is unreachable', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    // Nothing listens on port 1: every Redis command fails at once.
    app = await buildTestApp('pglite', { seed: false, redisUrl: 'redis://127.0.0.1:1', rateLimit: { register: 1 } });
  });
  afterAll(() => app.close());

  it('serves the API without counting instead of failing every request', async () => {
    expect((await app.inject({ url: '/api/posts' })).statusCode).toBe(200);
    expect((await register(app)).statusCode).toBe(201);
    // Not counted: a second registration passes the limit of one.
    expect((await register(app)).statusCode).toBe(201);
    const ready = await app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'degraded', redis: 'failed' });
  });
});
