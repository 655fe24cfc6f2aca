/**
 * Terms and site information (issue 8 "Terms", "Site information"; SPEC §1 switches) through real
 * HTTP on every database target: the public record with every field, the permission of each
 * section, rich text stored sanitized and refused when it holds scripts, event handlers or
 * `javascript:` links, bad contacts and social links, and the three switches enforced by the
 * server (switched off through the API, request refused, switched on, accepted).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SOCIAL_NETWORKS, type SiteInformation, type SiteInformationInput } from '@shop/contracts';
import { posts } from '../../../src/modules/content/tables';
import { siteSettings } from '../../../src/modules/support/tables';
import { users } from '../../../src/modules/users/tables';
import { MESSAGES } from '../../../src/lib/messages';
import { newBuyer, newCourse } from '../../helpers/commerce-fixtures';
import { headersOf, newStaff, type AuthHeaders } from '../../helpers/dashboard-actors';
import { DB_TARGETS, buildTestApp, csrfHeaders } from '../../helpers/test-app';
import { SUPPORT_MESSAGES } from '../../../src/modules/support';
import { SITE_MESSAGES } from '../../../src/modules/site';

type Method = 'GET' | 'PUT';
const TERMS = '/api/dashboard/terms-and-conditions';
const SITE = '/api/dashboard/site-information';
const PERSIAN = /[\u0600-\u06FF]/;
/** Markup meant to run, each in its own document: every one must be refused. */
const SCRIPTED = [
  '<p>بند یک</p><script>alert(1)</script>',
  '<p>بند <img src="/media/a.png" onerror="alert(1)"></p>',
  '<p onmouseover="steal()">بند</p>',
  '<p><a href="javascript:alert(1)">پیوند</a></p>',
  '<p><a href="  JAVA&#x0A;SCRIPT:alert(1)">پیوند</a></p>',
];

describe.each(DB_TARGETS)('terms and site information API on %s', (target) => {
  let app: FastifyInstance;
  let superHeaders: AuthHeaders;

  beforeAll(async () => {
    app = await buildTestApp(target);
    superHeaders = await headersOf(app, 'super@example.com');
  }, 120_000);
  afterAll(() => app?.close());

  const call = (method: Method, url: string, headers: Record<string, string> = superHeaders, payload?: object) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const publicInfo = async () => (await call('GET', '/api/site-information', {})).json<{ data: SiteInformation }>().data;
  const storedRow = async () => (await app.db.select().from(siteSettings))[0]!;
  /** The editable record as the dashboard would send it back. */
  const editable = async (): Promise<SiteInformationInput> => {
    const { terms_and_conditions: _terms, ...rest } = await publicInfo();
    return rest;
  };
  const saveInfo = (change: Partial<SiteInformationInput>, headers: AuthHeaders = superHeaders) =>
    editable().then((info) => call('PUT', SITE, headers, { ...info, ...change }));

  it('answers every field of the site information publicly, as seeded', async () => {
    const response = await call('GET', '/api/site-information', {});
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: SiteInformation }>();
    expect(Object.keys(data).sort()).toEqual(
      [
        'site_name', 'short_description', 'about_me', 'terms_and_conditions', 'contact_email', 'contact_phone', 'address',
        'social_links', 'comments_enabled', 'tickets_enabled', 'selling_enabled', 'vat_percent',
        'max_devices', 'device_removals_per_month', 'max_concurrent_streams',
      ].sort(),
    );
    expect(data).toMatchObject({
      site_name: 'آکادمی نوشتار',
      // The demo's VAT rate (issue 36 item 5), and the playback limits' defaults (issue 38).
      vat_percent: 10,
      max_devices: 3,
      device_removals_per_month: 2,
      max_concurrent_streams: 1,
      short_description: expect.stringMatching(PERSIAN),
      about_me: expect.stringContaining('<p>'),
      terms_and_conditions: expect.stringContaining('<h2>'),
      contact_email: expect.stringMatching(/@/),
      contact_phone: expect.stringMatching(/^\+98\d{10}$/),
      address: expect.stringMatching(PERSIAN),
      comments_enabled: true,
      tickets_enabled: true,
      selling_enabled: true,
    });
    const networks = Object.keys(data.social_links);
    expect(networks.length).toBeGreaterThanOrEqual(2);
    for (const network of networks) {
      expect(SOCIAL_NETWORKS).toContain(network);
      expect(data.social_links[network as keyof typeof data.social_links]).toMatch(/^https:\/\//);
    }
    const dashboard = await call('GET', SITE);
    expect(dashboard.json()).toEqual({ data });
  });

  it('needs manage-terms for the terms and manage-site-information for the site information', async () => {
    const info = await editable();
    const terms = { terms_and_conditions: '<p>قوانین تازه</p>' };
    const before = await storedRow();
    const termsEditor = await newStaff(app, ['manage-terms']);
    const infoEditor = await newStaff(app, ['manage-site-information']);
    const refused: Array<[Record<string, string>, Method, string, object | undefined, number]> = [
      [await csrfHeaders(app), 'GET', TERMS, undefined, 401],
      [await csrfHeaders(app), 'PUT', TERMS, terms, 401],
      [await csrfHeaders(app), 'GET', SITE, undefined, 401],
      [await csrfHeaders(app), 'PUT', SITE, info, 401],
      [await headersOf(app, 'user@example.com'), 'PUT', TERMS, terms, 403],
      [await headersOf(app, 'user@example.com'), 'PUT', SITE, info, 403],
      [await headersOf(app, 'staff@example.com'), 'GET', TERMS, undefined, 403],
      [await headersOf(app, 'staff@example.com'), 'PUT', SITE, info, 403],
      [infoEditor, 'GET', TERMS, undefined, 403],
      [infoEditor, 'PUT', TERMS, terms, 403],
      [termsEditor, 'GET', SITE, undefined, 403],
      [termsEditor, 'PUT', SITE, { ...info, tickets_enabled: false }, 403],
    ];
    for (const [headers, method, url, payload, status] of refused) {
      const response = await call(method, url, headers, payload);
      expect([method, url, response.statusCode]).toEqual([method, url, status]);
      expect(response.json().message).toMatch(PERSIAN);
    }
    expect(await storedRow()).toEqual(before);

    expect((await call('GET', TERMS, termsEditor)).statusCode).toBe(200);
    const savedTerms = await call('PUT', TERMS, termsEditor, terms);
    expect(savedTerms.statusCode).toBe(200);
    expect(savedTerms.json()).toEqual({ message: SUPPORT_MESSAGES.termsSaved, data: terms });
    expect((await call('GET', SITE, infoEditor)).statusCode).toBe(200);
    const savedInfo = await call('PUT', SITE, infoEditor, { ...info, site_name: 'نام تازه' });
    expect(savedInfo.statusCode).toBe(200);
    expect(savedInfo.json()).toEqual({ message: SUPPORT_MESSAGES.siteInformationSaved, data: { ...info, site_name: 'نام تازه', ...terms } });
  });

  it('stores the terms sanitized: what the editor writes stays, other markup goes, the public page shows it', async () => {
    const written =
      '<h2 dir="rtl">قوانین</h2><p style="text-align: justify"><strong>پررنگ</strong> <em>کج</em> <u>زیر</u> <s>خط</s></p>' +
      '<ul><li><p>یک</p></li></ul><blockquote><p>نقل</p></blockquote><hr><p><a href="https://example.com" target="_blank">پیوند</a><br></p>';
    const response = await call('PUT', TERMS, superHeaders, {
      terms_and_conditions: `${written}<div class="x"><span style="color:red">بی‌قالب</span></div><iframe src="https://example.com"></iframe>`,
    });
    expect(response.statusCode).toBe(200);
    const expected =
      '<h2 dir="rtl">قوانین</h2><p style="text-align:justify"><strong>پررنگ</strong> <em>کج</em> <u>زیر</u> <s>خط</s></p>' +
      '<ul><li><p>یک</p></li></ul><blockquote><p>نقل</p></blockquote><hr /><p><a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">پیوند</a><br /></p>بی‌قالب';
    expect(response.json().data).toEqual({ terms_and_conditions: expected });
    expect((await call('GET', TERMS)).json()).toEqual({ data: { terms_and_conditions: expected } });
    expect((await publicInfo()).terms_and_conditions).toBe(expected);
  });

  it('refuses terms with scripts, event handlers or javascript: links; nothing stored, nothing runs', async () => {
    const before = await storedRow();
    for (const html of SCRIPTED) {
      const response = await call('PUT', TERMS, superHeaders, { terms_and_conditions: html });
      expect([html, response.statusCode]).toEqual([html, 422]);
      expect(response.json()).toEqual({ message: MESSAGES.validationFailed, errors: { terms_and_conditions: [SUPPORT_MESSAGES.richTextUnsafe] } });
    }
    expect(await storedRow()).toEqual(before);
    for (const body of [(await call('GET', TERMS)).body, JSON.stringify(await publicInfo())]) {
      expect(body).not.toMatch(/<script|onerror=|onmouseover=|javascript:/i);
    }
    const tooLong = await call('PUT', TERMS, superHeaders, { terms_and_conditions: `<p>${'ا'.repeat(100_000)}</p>` });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.terms_and_conditions[0]).toMatch(PERSIAN);
    expect((await call('PUT', TERMS, superHeaders, { terms_and_conditions: null })).statusCode).toBe(422);
    expect(await storedRow()).toEqual(before);
  });

  it('saves the site information with about-me sanitized, and leaves the terms alone', async () => {
    const terms = (await publicInfo()).terms_and_conditions;
    const response = await saveInfo({
      site_name: '  نوشتار  ',
      short_description: 'توضیح کوتاه تازه',
      about_me: '<p dir="rtl">درباره <strong>من</strong></p><p class="lead"><span>سلام</span></p>',
      contact_email: 'Hello@Example.com',
      contact_phone: '۰۹۱۲ ۱۱۱ ۲۲۳۳',
      address: '',
      social_links: { telegram: 'https://t.me/neveshtar', github: '' },
      // Digits in any script (issue 38's playback limits).
      max_devices: '۵' as unknown as number,
      device_removals_per_month: 0,
      max_concurrent_streams: 2,
    });
    expect(response.statusCode).toBe(200);
    const data = response.json<{ data: SiteInformation }>().data;
    expect(data).toMatchObject({ max_devices: 5, device_removals_per_month: 0, max_concurrent_streams: 2 });
    expect(data).toMatchObject({
      site_name: 'نوشتار',
      short_description: 'توضیح کوتاه تازه',
      about_me: '<p dir="rtl">درباره <strong>من</strong></p><p>سلام</p>',
      contact_email: 'Hello@Example.com',
      contact_phone: '+989121112233',
      address: null,
      social_links: { telegram: 'https://t.me/neveshtar' },
      terms_and_conditions: terms,
    });
    expect(await publicInfo()).toEqual(data);
  });

  it('refuses unsafe about-me, non-http(s) social links, bad contacts, an empty name and a VAT rate outside 0–100; nothing changes', async () => {
    const before = await storedRow();
    for (const html of SCRIPTED) {
      const response = await saveInfo({ about_me: html });
      expect([html, response.statusCode]).toEqual([html, 422]);
      expect(response.json().errors).toEqual({ about_me: [SUPPORT_MESSAGES.richTextUnsafe] });
    }
    const cases: Array<[object, string]> = [
      [{ social_links: { telegram: 'javascript:alert(1)' } }, 'social_links.telegram'],
      [{ social_links: { instagram: 'ftp://example.com/a' } }, 'social_links.instagram'],
      [{ social_links: { x: 'x.com/neveshtar' } }, 'social_links.x'],
      [{ social_links: 'https://t.me/' }, 'social_links'],
      [{ site_name: '' }, 'site_name'],
      [{ site_name: 'ن'.repeat(101) }, 'site_name'],
      [{ contact_email: 'info' }, 'contact_email'],
      [{ contact_phone: '12345' }, 'contact_phone'],
      [{ comments_enabled: 'maybe' }, 'comments_enabled'],
      [{ selling_enabled: null }, 'selling_enabled'],
      // The VAT rate: a whole percent of 0 to 100 (issue 36 item 5).
      [{ vat_percent: 101 }, 'vat_percent'],
      [{ vat_percent: -1 }, 'vat_percent'],
      [{ vat_percent: 'ده' }, 'vat_percent'],
      [{ vat_percent: 9.5 }, 'vat_percent'],
      // The playback limits (issue 38): devices 1–20, removals 0–10, streams 1–10.
      [{ max_devices: 0 }, 'max_devices'],
      [{ max_devices: 21 }, 'max_devices'],
      [{ device_removals_per_month: -1 }, 'device_removals_per_month'],
      [{ device_removals_per_month: 'دو' }, 'device_removals_per_month'],
      [{ max_concurrent_streams: 0 }, 'max_concurrent_streams'],
      [{ max_concurrent_streams: 1.5 }, 'max_concurrent_streams'],
    ];
    for (const [change, field] of cases) {
      const response = await saveInfo(change as Partial<SiteInformationInput>);
      expect([JSON.stringify(change), response.statusCode]).toEqual([JSON.stringify(change), 422]);
      expect(Object.keys(response.json().errors)).toEqual([field]);
      expect(response.json().errors[field][0]).toMatch(PERSIAN);
    }
    const { tickets_enabled: _missing, ...withoutSwitch } = await editable();
    const missing = await call('PUT', SITE, superHeaders, withoutSwitch);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ tickets_enabled: ['ارسال تیکت الزامی است'] });
    expect(await storedRow()).toEqual(before);
  });

  it('documents every route of running the site in the OpenAPI document', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    const methods = (path: string) => Object.keys(doc.paths[path] ?? {}).sort();
    expect(methods('/api/dashboard/announcements')).toEqual(['get', 'post']);
    expect(methods('/api/dashboard/announcements/{id}')).toEqual(['delete', 'get', 'put']);
    expect(methods('/api/dashboard/links')).toEqual(['get', 'post']);
    expect(methods('/api/dashboard/links/{id}')).toEqual(['delete', 'get', 'put']);
    expect(methods(TERMS)).toEqual(['get', 'put']);
    expect(methods(SITE)).toEqual(['get', 'put']);
    expect(methods('/api/dashboard/overview')).toEqual(['get']);
    for (const path of ['/api/announcements', '/api/links', '/api/site-information']) expect(methods(path)).toEqual(['get']);
    expect(JSON.stringify(doc.paths[SITE])).toContain('social_links');
    expect(JSON.stringify(doc.paths['/api/dashboard/announcements'])).toContain('expired_at');
    expect(JSON.stringify(doc.paths['/api/dashboard/overview'])).toContain('last_30_days');
  });

  describe('the three switches, enforced by the server', () => {
    let user: AuthHeaders;
    let userId: number;
    let postId: number;

    beforeAll(async () => {
      user = await headersOf(app, 'user@example.com');
      userId = (await app.db.select({ id: users.id }).from(users).where(eq(users.email, 'user@example.com')))[0]!.id;
      postId = (await app.db.select({ id: posts.id }).from(posts).where(eq(posts.comment_status, 'open')).limit(1))[0]!.id;
    });

    async function switchTo(change: Partial<SiteInformationInput>): Promise<void> {
      const response = await saveInfo(change);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject(change);
      expect(await publicInfo()).toMatchObject(change);
    }

    it('comments off: POST /api/comments answers 403 «sending comments is closed»; on again, it is accepted', async () => {
      const comment = () =>
        app.inject({
          method: 'POST',
          url: '/api/comments',
          headers: user,
          payload: { user_id: userId, parent_id: 0, text: 'دیدگاهی برای آزمون کلید', commentable_id: postId, commentable_type: 'post' },
        });
      await switchTo({ comments_enabled: false });
      const refused = await comment();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: SITE_MESSAGES.commentsSwitchedOff });
      expect(SITE_MESSAGES.commentsSwitchedOff).toMatch(/^forbidden: /);
      await switchTo({ comments_enabled: true });
      expect((await comment()).statusCode).toBe(201);
    });

    it('tickets off: POST /api/tickets answers 403 «tickets closed»; on again, it is accepted', async () => {
      const ticket = () =>
        app.inject({ method: 'POST', url: '/api/tickets', headers: user, payload: { title: 'پرسش آزمون کلید', text: 'متن پرسش برای آزمون کلید تیکت' } });
      await switchTo({ tickets_enabled: false });
      const refused = await ticket();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: SUPPORT_MESSAGES.ticketsSwitchedOff });
      await switchTo({ tickets_enabled: true });
      expect((await ticket()).statusCode).toBe(201);
    });

    it('selling off: adding to the cart and checkout answer 403; on again, they are accepted', async () => {
      const buyer = await newBuyer(app);
      const course = await newCourse(app, { price: 250_000 });
      const addToCart = () => app.inject({ method: 'POST', url: '/api/cart', headers: buyer.headers, payload: { product_id: course.id } });
      await switchTo({ selling_enabled: false });
      const refused = await addToCart();
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: SUPPORT_MESSAGES.sellingClosed });
      await switchTo({ selling_enabled: true });
      expect((await addToCart()).statusCode).toBe(201);
      await switchTo({ selling_enabled: false });
      const checkout = await app.inject({ method: 'POST', url: '/api/checkout', headers: buyer.headers });
      expect(checkout.statusCode).toBe(403);
      expect(checkout.json()).toEqual({ message: SUPPORT_MESSAGES.sellingClosed });
      await switchTo({ selling_enabled: true });
      expect((await app.inject({ method: 'POST', url: '/api/checkout', headers: buyer.headers })).statusCode).toBe(201);
    });
  });
});
