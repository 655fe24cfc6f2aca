/**
 * Regressions of the OpenAPI fuzz test (issue 10 "Bad input"), on every database target: JSON
 * nested 10 000 levels deep and NUL characters in bodies and queries answered 500 (yup overflowed
 * its stack printing the value; PostgreSQL refused the text). Now 400 and 422, nothing written.
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
});
