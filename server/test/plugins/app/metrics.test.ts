/**
 * Prometheus metrics at `GET /metrics` (plugins/app/metrics.ts; issue 10 "Operations"): requests
 * are counted per route pattern and status class, 5xx answers per cause, the process metrics are
 * there, and METRICS_TOKEN closes the endpoint.
 */
import type { FastifyInstance } from 'fastify';
import { createPglite } from '../../../src/db/client';
import { buildApp } from '../../../src/app';
import { MESSAGES } from '../../../src/lib/messages';
import { buildTestApp, DB_TARGETS, tempDir } from '../../helpers/test-app';

/** The value of the sample `name{labels}` in a Prometheus text answer (labels in any order), or undefined. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort()
    .join(',');
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[2] ?? '').split(/,(?=[a-zA-Z_]\w*=")/).filter(Boolean).sort().join(',');
    if (have === wanted) return Number(match[3]);
  }
  return undefined;
}

async function scrape(app: FastifyInstance, headers: Record<string, string> = {}): Promise<string> {
  const response = await app.inject({ url: '/metrics', headers });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.body;
}

describe.each(DB_TARGETS)('GET /metrics on %s', (target) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    // Five requests a minute per route; no cache, whose answers skip the route's rate limit.
    app = await buildTestApp(target, { rateLimit: { global: 5 }, publicCacheMs: 0 });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('has a latency histogram per method, route pattern and status class, never the raw URL', async () => {
    for (const id of [1, 2, 3]) expect((await app.inject({ url: `/api/posts/${id}` })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/posts/999999' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/no-such-thing/42' })).statusCode).toBe(404);

    const text = await scrape(app);
    const post = { method: 'GET', route: '/api/posts/:postId' };
    expect(sample(text, 'http_request_duration_seconds_count', { ...post, status_class: '2xx' })).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_count', { ...post, status_class: '4xx' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_bucket', { ...post, status_class: '2xx', le: '+Inf' })).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_sum', { ...post, status_class: '2xx' })).toBeGreaterThan(0);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_class: '4xx' })).toBe(1);
    expect(text).not.toMatch(/route="\/api\/posts\/\d/);
    expect(text).not.toContain('no-such-thing');
    expect(sample(text, 'http_server_errors_total', { ...post, kind: 'exception' })).toBeUndefined();
  });

  it('has the default process metrics: resident memory, heap and event-loop lag', async () => {
    const text = await scrape(app);
    expect(sample(text, 'process_resident_memory_bytes', {})).toBeGreaterThan(10 * 1024 * 1024);
    expect(sample(text, 'nodejs_heap_size_used_bytes', {})).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds', {})).toBeGreaterThanOrEqual(0);
  });

  it('is outside the rate limit and open when METRICS_TOKEN is unset', async () => {
    // The first test used four of the route's five: one more, then 429.
    expect((await app.inject({ url: '/api/posts/1' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/posts/1' })).statusCode).toBe(429);
    for (let i = 0; i < 5; i++) await scrape(app);
  });
});

describe('5xx answers (PGlite)', () => {
  it('are counted by route and cause: a thrown error (exception) or a chosen 5xx (status)', async () => {
    const pglite = createPglite();
    await pglite.waitReady;
    const app = await buildApp({ dataDir: tempDir(), logger: false, serveStatic: false, seed: false, pglite, publicCacheMs: 0 });
    try {
      await pglite.close();
      expect((await app.inject({ url: '/api/posts/1' })).statusCode).toBe(500);
      expect((await app.inject({ url: '/api/posts/2' })).statusCode).toBe(500);
      expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(503);
      const text = await scrape(app);
      expect(sample(text, 'http_server_errors_total', { method: 'GET', route: '/api/posts/:postId', kind: 'exception' })).toBe(2);
      expect(sample(text, 'http_server_errors_total', { method: 'GET', route: '/api/health/ready', kind: 'status' })).toBe(1);
      expect(
        sample(text, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/posts/:postId', status_class: '5xx' }),
      ).toBe(2);
    } finally {
      await app.close();
    }
  });
});

describe('METRICS_TOKEN', () => {
  it('requires Authorization: Bearer <token> (401 with a Persian message otherwise)', async () => {
    const app = await buildTestApp('pglite', { metricsToken: 'scrape-me-7f3a' });
    try {
      for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: 'scrape-me-7f3a' }]) {
        const response = await app.inject({ url: '/metrics', headers });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: MESSAGES.metricsTokenRequired });
        expect(response.headers['www-authenticate']).toBe('Bearer');
      }
      expect(await scrape(app, { authorization: 'Bearer scrape-me-7f3a' })).toContain('http_request_duration_seconds');
    } finally {
      await app.close();
    }
  });
});
