/**
 * Regressions of the OpenAPI fuzz test (issue 10 "Bad input"), on every database target: JSON
 * nested 10 000 levels deep and NUL characters in bodies and queries answered 500 (yup overflowed
 * its stack printing the value; PostgreSQL refused the text). Now 400 and 422, nothing written.
 * Issue 22 item 3: a NUL in a path parameter answered 500 (`GET /api/payments/sandbox/%00`), bytes
 * that are not UTF-8 in a query and lone surrogates in a body reached the database as U+FFFD.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jsonDeeperThan, MAX_JSON_DEPTH } from '../../../src/lib/bad-input';
import { headersOf, type AuthHeaders } from '../../helpers/dashboard-actors';
import { DB_TARGETS, buildTestApp } from '../../helpers/test-app';

const DEEP_ARRAY = '['.repeat(10_000) + ']'.repeat(10_000);
const DEEP_OBJECT = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);

describe('jsonDeeperThan', () => {
  it('counts nesting outside strings only', () => {
    expect(jsonDeeperThan('{"a":[1,{"b":[]}]}', 4)).toBe(false);
    expect(jsonDeeperThan('{"a":[1,{"b":[]}]}', 3)).toBe(true);
    expect(jsonDeeperThan(JSON.stringify({ text: '[[[[[[{{{{' }), 1)).toBe(false);
    expect(jsonDeeperThan(JSON.stringify({ text: 'a\\"[[[' }), 1)).toBe(false);
    expect(jsonDeeperThan(DEEP_ARRAY, MAX_JSON_DEPTH)).toBe(true);
    expect(jsonDeeperThan('['.repeat(MAX_JSON_DEPTH) + ']'.repeat(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
  });
});

describe.each(DB_TARGETS)('input guard on %s', (target) => {
  let app: FastifyInstance;
  let superUser: AuthHeaders;
  beforeAll(async () => {
    app = await buildTestApp(target);
    superUser = await headersOf(app, 'super@example.com');
  }, 120_000);
  afterAll(() => app?.close());

  const json = { 'content-type': 'application/json' };
  const rowCount = async (table: string) => {
    const result = (await app.db.execute(sql.raw(`select count(*)::int as n from "${table}"`))) as unknown as { rows: Array<{ n: number }> };
    return Number(result.rows[0]!.n);
  };

  it('answers 400 jsonTooDeep to a body or a field nested 10 000 levels deep', async () => {
    const comments = await rowCount('comments');
    const bodies: Array<[string, string]> = [
      ['/api/comments', `{"user_id":1,"text":"سلام دنیا","commentable_type":"post","commentable_id":${DEEP_ARRAY}}`],
      ['/api/comments', DEEP_OBJECT],
      ['/api/dashboard/users/2/comment-status', `{"write_comment_status":${DEEP_ARRAY}}`],
    ];
    for (const [url, payload] of bodies) {
      const response = await app.inject({ method: 'POST', url, headers: { ...json, ...superUser }, payload });
      expect([url, response.statusCode, response.json()]).toEqual([url, 400, { message: 'بدنه درخواست JSON بیش از حد تودرتو است.' }]);
    }
    expect(await rowCount('comments')).toBe(comments);
    // A body of ordinary depth still reaches the route (prototype poisoning is still refused).
    const shallow = await app.inject({ method: 'POST', url: '/api/dashboard/users/2/comment-status', headers: { ...json, ...superUser }, payload: '{"write_comment_status":[[1]]}' });
    expect(shallow.statusCode).toBe(422);
    const poisoned = await app.inject({ method: 'POST', url: '/api/comments', headers: { ...json, ...superUser }, payload: '{"__proto__":{"x":1}}' });
    expect([poisoned.statusCode, poisoned.json().message]).toEqual([400, 'بدنه درخواست JSON معتبر نیست.']);
  });

  it('answers 422 on the field to a NUL character in a body, a nested key or a query', async () => {
    const links = await rowCount('links');
    const created = await app.inject({
      method: 'POST',
      url: '/api/dashboard/links',
      headers: superUser,
      payload: { title: 'a\u0000b', type: 'question', text: 'پاسخ' },
    });
    expect(created.statusCode).toBe(422);
    expect(created.json()).toEqual({ message: 'اطلاعات وارد شده معتبر نیست.', errors: { title: ['این فیلد نویسه نامعتبر دارد.'] } });
    expect(await rowCount('links')).toBe(links);

    const nested = await app.inject({
      method: 'PUT',
      url: '/api/dashboard/site-information',
      headers: superUser,
      payload: { site_name: 'سایت', comments_enabled: true, tickets_enabled: true, selling_enabled: true, social_links: { ['x\u0000']: 'https://x.com/a' } },
    });
    expect(nested.statusCode).toBe(422);
    expect(Object.keys(nested.json<{ errors: object }>().errors)).toEqual(['social_links.x\u0000']);

    for (const url of ['/api/search?q=%00%00', '/api/dashboard/users?q=a%00b', '/api/dashboard/comments?q=%00']) {
      const response = await app.inject({ url, headers: superUser });
      expect([url, response.statusCode]).toEqual([url, 422]);
      expect(response.json().errors.q).toEqual(['این فیلد نویسه نامعتبر دارد.']);
    }
  });

  const invalid = 'این فیلد نویسه نامعتبر دارد.';

  it('answers 422 on the parameter to a NUL in a path parameter, of a read or a write, and saves nothing', async () => {
    const payments = await rowCount('payments');
    const cases: Array<[string, string]> = [
      ['/api/payments/sandbox/%00', 'token'],
      ['/api/payments/sandbox/a%00b', 'token'],
      ['/api/dashboard/users/%00', 'id'],
      ['/api/dashboard/links/1%00', 'id'],
    ];
    for (const [url, field] of cases) {
      const response = await app.inject({ url, headers: superUser });
      expect([url, response.statusCode, response.json()]).toEqual([url, 422, { message: 'اطلاعات وارد شده معتبر نیست.', errors: { [field]: [invalid] } }]);
    }
    const links = await rowCount('links');
    const write = await app.inject({ method: 'PUT', url: '/api/dashboard/links/1%00', headers: superUser, payload: { title: 'پیوند', type: 'question', text: 'پاسخ' } });
    expect([write.statusCode, write.json().errors]).toEqual([422, { id: [invalid] }]);
    expect([await rowCount('payments'), await rowCount('links')]).toEqual([payments, links]);
  });

  it('answers 400 in Persian to a path that is not UTF-8 (the router refuses it)', async () => {
    for (const url of ['/api/payments/sandbox/%C3%28', '/api/payments/sandbox/%FF', '/api/posts/%ED%A0%80', '/api/posts/%C0%80']) {
      const response = await app.inject({ url });
      expect([url, response.statusCode, response.json()]).toEqual([url, 400, { message: 'درخواست معتبر نیست.' }]);
    }
  });

  it('answers 422 on the parameter to a query whose bytes are not UTF-8, in a value or a name', async () => {
    const cases: Array<[string, string]> = [
      ['/api/posts?filter=%FF', 'filter'],
      ['/api/search?q=%C3%28', 'q'],
      ['/api/search?q=%ED%A0%80', 'q'],
      ['/api/search?q=%E2%82', 'q'],
      ['/api/posts?x%FF=1', 'x%FF'],
      ['/api/health?q=%80', 'q'],
    ];
    for (const [url, field] of cases) {
      const response = await app.inject({ url });
      expect([url, response.statusCode, response.json()]).toEqual([url, 422, { message: 'اطلاعات وارد شده معتبر نیست.', errors: { [field]: [invalid] } }]);
    }
    // Valid UTF-8, `+` and a `%` that encodes nothing (text, as the query parser reads it) are still read.
    for (const url of ['/api/search?q=%D8%A8+%D8%AA', '/api/search?q=50%', '/api/search?q=%zz']) expect([url, (await app.inject({ url })).statusCode]).toEqual([url, 200]);
  });

  it('answers 422 to a lone surrogate in a JSON string or key, and 400 to a body that is not UTF-8', async () => {
    const links = await rowCount('links');
    for (const payload of ['{"title":"a\\ud800","type":"question","text":"پاسخ"}', '{"title":"پیوند","type":"question","text":"\\udc00b"}']) {
      const response = await app.inject({ method: 'POST', url: '/api/dashboard/links', headers: { ...json, ...superUser }, payload });
      expect(response.statusCode).toBe(422);
      expect(Object.values(response.json<{ errors: Record<string, string[]> }>().errors)).toEqual([[invalid]]);
    }
    const bytes = Buffer.concat([Buffer.from('{"title":"'), Buffer.from([0xff, 0xfe]), Buffer.from('","type":"question","text":"پاسخ"}')]);
    const notUtf8 = await app.inject({ method: 'POST', url: '/api/dashboard/links', headers: { ...json, ...superUser }, payload: bytes });
    expect([notUtf8.statusCode, notUtf8.json()]).toEqual([400, { message: 'بدنه درخواست متن UTF-8 معتبر نیست.' }]);
    expect(await rowCount('links')).toBe(links);
  });

  it('answers 400 to a NUL in the auth cookie or the bearer token, before the token is looked up', async () => {
    const refused = (field: string) => ({ message: 'یکی از سرآیندها یا کوکی‌های درخواست نویسه نامعتبر دارد.', errors: { [field]: [invalid] } });
    for (const cookie of ['auth_token=%00', 'auth_token=abc%00def']) {
      const response = await app.inject({ url: '/api/cart', headers: { cookie } });
      expect([cookie, response.statusCode, response.json()]).toEqual([cookie, 400, refused('cookie.auth_token')]);
    }
    const bearer = await app.inject({ url: '/api/cart', headers: { authorization: 'Bearer abc\u0000def' } });
    expect([bearer.statusCode, bearer.json()]).toEqual([400, refused('authorization')]);
  });
});
