/**
 * Links and FAQ entries (issue 8 "Links"; SPEC §3 "Link") through real HTTP on every database
 * target: the permission, create / read / update / delete in the dashboard, the type filter, the
 * public FAQ tabs and footer, and bad input (unknown type, an empty title, a footer link that is
 * no http(s) URL) answered in Persian with nothing changed.
 */
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Link, LinkType, Paginated } from '@shop/contracts';
import { links } from '../../../src/modules/support/tables';
import { headersOf, newStaff, type AuthHeaders } from '../../helpers/dashboard-actors';
import { DB_TARGETS, buildTestApp, csrfHeaders } from '../../helpers/test-app';
import { SUPPORT_MESSAGES } from '../../../src/modules/support';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const BASE = '/api/dashboard/links';
const PERSIAN = /[\u0600-\u06FF]/;

describe.each(DB_TARGETS)('links API on %s', (target) => {
  let app: FastifyInstance;
  let editor: AuthHeaders;

  beforeAll(async () => {
    app = await buildTestApp(target);
    editor = await newStaff(app, ['manage-links']);
  }, 120_000);
  afterAll(() => app?.close());

  const call = (method: Method, url: string, headers: Record<string, string> = editor, payload?: object) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const stored = () => app.db.select().from(links).orderBy(asc(links.id));
  const publicLinks = async (type: LinkType) => (await call('GET', `/api/links?type=${type}`, {})).json<{ data: Link[] }>().data;

  it('needs manage-links: 401 visitor, 403 ordinary and other staff, nothing changed', async () => {
    const id = (await stored())[0]!.id;
    const body = { title: 'عنوان', text: 'پاسخ', type: 'question' };
    const routes: Array<[Method, string, object | undefined]> = [
      ['GET', BASE, undefined],
      ['POST', BASE, body],
      ['GET', `${BASE}/${id}`, undefined],
      ['PUT', `${BASE}/${id}`, body],
      ['DELETE', `${BASE}/${id}`, undefined],
    ];
    const before = await stored();
    const callers: Array<[Record<string, string>, number]> = [
      [await csrfHeaders(app), 401],
      [await headersOf(app, 'user@example.com'), 403],
      [await headersOf(app, 'staff@example.com'), 403],
      [await newStaff(app, ['manage-announcements', 'manage-terms']), 403],
    ];
    for (const [headers, status] of callers) {
      for (const [method, url, payload] of routes) {
        const response = await call(method, url, headers, payload);
        expect([method, url, response.statusCode]).toEqual([method, url, status]);
      }
    }
    expect(await stored()).toEqual(before);
    for (const headers of [editor, await headersOf(app, 'super@example.com')]) {
      expect((await call('GET', BASE, headers)).statusCode).toBe(200);
      expect((await call('GET', `${BASE}/${id}`, headers)).statusCode).toBe(200);
    }
  });

  it('lists links newest first, by type, with pages', async () => {
    const all = await stored();
    const page = (await call('GET', `${BASE}?per_page=3`)).json<Paginated<Link>>();
    expect(page.meta).toEqual({ current_page: 1, last_page: Math.ceil(all.length / 3), per_page: 3, total: all.length });
    expect(page.data.map((l) => l.id)).toEqual(all.map((l) => l.id).reverse().slice(0, 3));
    const footer = (await call('GET', `${BASE}?type=link`)).json<Paginated<Link>>();
    expect(footer.data.length).toBeGreaterThanOrEqual(2);
    expect(footer.data.every((l) => l.type === 'link')).toBe(true);
    expect(footer.meta.total).toBe(all.filter((l) => l.type === 'link').length);
    const unknown = await call('GET', `${BASE}?type=faq`);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.type[0]).toMatch(PERSIAN);
  });

  it('creates, reads, updates and deletes an FAQ entry, which the public tab follows', async () => {
    const created = await call('POST', BASE, editor, { title: ' پرسش تازه؟ ', text: 'پاسخ تازه', type: 'product-related-question' });
    expect(created.statusCode).toBe(201);
    const { data } = created.json<{ message: string; data: Link }>();
    expect(created.json()).toEqual({
      message: SUPPORT_MESSAGES.linkCreated,
      data: { id: expect.any(Number), title: 'پرسش تازه؟', text: 'پاسخ تازه', type: 'product-related-question' },
    });
    expect((await call('GET', `${BASE}/${data.id}`)).json()).toEqual({ data });
    expect(await publicLinks('product-related-question')).toContainEqual(data);

    const updated = await call('PUT', `${BASE}/${data.id}`, editor, { title: 'پرسش دیگر؟', text: 'پاسخ دیگر', type: 'question' });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toEqual({ message: SUPPORT_MESSAGES.linkUpdated, data: { id: data.id, title: 'پرسش دیگر؟', text: 'پاسخ دیگر', type: 'question' } });
    expect((await publicLinks('product-related-question')).map((l) => l.id)).not.toContain(data.id);
    expect(await publicLinks('question')).toContainEqual(updated.json().data);

    const deleted = await call('DELETE', `${BASE}/${data.id}`);
    expect(deleted.json()).toEqual({ message: SUPPORT_MESSAGES.linkDeleted });
    expect((await publicLinks('question')).map((l) => l.id)).not.toContain(data.id);
    for (const [method, url] of [
      ['GET', `${BASE}/${data.id}`],
      ['PUT', `${BASE}/${data.id}`],
      ['DELETE', `${BASE}/${data.id}`],
      ['GET', `${BASE}/abc`],
    ] as Array<[Method, string]>) {
      const response = await call(method, url, editor, method === 'PUT' ? { title: 'ع', text: 'م', type: 'question' } : undefined);
      expect([method, url, response.statusCode]).toEqual([method, url, 404]);
    }
  });

  it('takes a footer link as an http(s) URL or a path of the site, and the footer shows it', async () => {
    for (const text of ['https://example.com/docs', '/podcasts']) {
      const created = await call('POST', BASE, editor, { title: 'پیوند پانویس', text, type: 'link' });
      expect(created.statusCode).toBe(201);
      expect(await publicLinks('link')).toContainEqual(created.json().data);
    }
  });

  it('refuses an unknown type, an empty title and a footer link that is no http(s) URL, changing nothing', async () => {
    const id = (await stored())[0]!.id;
    const before = await stored();
    const cases: Array<[object, string]> = [
      [{ title: 'عنوان', text: 'پاسخ', type: 'faq' }, 'type'],
      [{ title: 'عنوان', text: 'پاسخ' }, 'type'],
      [{ title: '', text: 'پاسخ', type: 'question' }, 'title'],
      [{ title: '  ', text: 'پاسخ', type: 'question' }, 'title'],
      [{ title: 'عنوان', text: '', type: 'question' }, 'text'],
      [{ title: 'عنوان', text: 'javascript:alert(1)', type: 'link' }, 'text'],
      [{ title: 'عنوان', text: 'ftp://example.com/a', type: 'link' }, 'text'],
      [{ title: 'عنوان', text: '//evil.example.com', type: 'link' }, 'text'],
      [{ title: 'ع'.repeat(151), text: 'پاسخ', type: 'question' }, 'title'],
    ];
    for (const [body, field] of cases) {
      for (const [method, url] of [
        ['POST', BASE],
        ['PUT', `${BASE}/${id}`],
      ] as Array<[Method, string]>) {
        const response = await call(method, url, editor, body);
        expect([method, JSON.stringify(body), response.statusCode]).toEqual([method, JSON.stringify(body), 422]);
        expect(Object.keys(response.json().errors)).toEqual([field]);
        expect(response.json().errors[field][0]).toMatch(PERSIAN);
      }
    }
    expect(await stored()).toEqual(before);
  });
});
