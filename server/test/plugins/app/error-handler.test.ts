import type { FastifyInstance } from 'fastify';
import { DB_TARGETS, buildTestApp, csrfHeaders } from '../../helpers/test-app';

describe.each(DB_TARGETS)('error answers on %s', (target) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(target);
  });
  afterAll(() => app.close());

  it('answers 400 in Persian for malformed JSON', async () => {
    for (const payload of ['{"email": ', '{email: 1}', '\u0000', '[1,2']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { ...(await csrfHeaders(app)), 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'بدنه درخواست JSON معتبر نیست.' });
    }
  });

  it('answers 415 for an unsupported content type and 413 for a too large body', async () => {
    const csrf = await csrfHeaders(app);
    const xml = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...csrf, 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().message).toMatch(/[\u0600-\u06FF]/);

    const huge = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { ...csrf, 'content-type': 'application/json' },
      payload: JSON.stringify({ full_name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('حجم درخواست بیش از حد مجاز است.');
  });

  it('answers 404 JSON for unknown /api paths and 405 for a known path with another method', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const response = await app.inject({ method, url: '/api/does-not-exist?x=1' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json().message).toMatch(/[\u0600-\u06FF]/);
    }
    const wrong = await app.inject({ method: 'DELETE', url: '/api/posts/1' });
    expect(wrong.statusCode).toBe(405);
    expect(wrong.headers.allow).toContain('GET');
    expect(wrong.json().message).toMatch(/[\u0600-\u06FF]/);
    expect((await app.inject({ method: 'GET', url: '/api/auth/login' })).statusCode).toBe(405);
  });

  it('never answers 5xx to odd input', async () => {
    const urls = [
      `/api/posts?filter=${encodeURIComponent('😀'.repeat(1000))}`,
      `/api/posts?page=${'9'.repeat(5000)}`,
      '/api/posts?page[]=1',
      '/api/posts?per_page=%00',
      `/api/posts/${encodeURIComponent('۱۲')}`,
      `/api/links?type=${encodeURIComponent('<script>')}`,
      `/api/posts/${'1'.repeat(400)}/comments`,
      '/api/products/1%2F..%2F2',
    ];
    for (const url of urls) {
      const response = await app.inject({ url });
      expect([url, response.statusCode]).toEqual([url, expect.any(Number)]);
      expect(response.statusCode).toBeLessThan(500);
      if (response.statusCode >= 400) expect(response.json().message).toEqual(expect.any(String));
      else expect(response.json().data).toBeDefined();
    }
    const csrf = await csrfHeaders(app);
    for (const payload of [{ email: { $gt: '' }, password: 'x' }, { mobile: 9121234567, password: 1 }, {}]) {
      const response = await app.inject({ method: 'POST', url: '/api/auth/login', headers: csrf, payload });
      expect(response.statusCode).toBe(422);
    }
  });

  it('answers 400 in Persian to a path whose percent-encoding is not UTF-8 (issue 10 fuzz: Fastify answered in English)', async () => {
    for (const url of ['/api/posts/%ED%A0%80', '/api/dashboard/users/%FF', '/api/nowhere/%C0%AF']) {
      const response = await app.inject({ url });
      expect([url, response.statusCode, response.json()]).toEqual([url, 400, { message: 'درخواست معتبر نیست.' }]);
    }
  });

  it('serves the OpenAPI document with every API route', async () => {
    const response = await app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json<{ paths: Record<string, Record<string, unknown>> }>();
    for (const path of [
      '/api/posts',
      '/api/posts/{postId}',
      '/api/posts/{postId}/comments',
      '/api/podcasts',
      '/api/products/{productId}',
      '/api/site-information',
      '/api/links',
      '/api/auth/register',
      '/api/auth/login',
      '/api/dashboard/users',
      '/sanctum/csrf-cookie',
    ]) {
      expect(doc.paths).toHaveProperty([path]);
    }
    expect(JSON.stringify(doc.paths['/api/auth/register'])).toContain('password_confirmation');
    const ui = await app.inject({ url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});
