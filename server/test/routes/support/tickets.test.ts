import type { FastifyInstance } from 'fastify';
import type { Paginated, Ticket } from '@shop/contracts';
import { getSiteInformation, saveSiteInformation } from '../../../src/modules/support/support-service';
import { DB_TARGETS, buildTestApp, csrfHeaders, loginToken } from '../../helpers/test-app';

describe.each(DB_TARGETS)('tickets API on %s', (target) => {
  let app: FastifyInstance;
  let userToken: string;
  let staffToken: string;
  let superToken: string;
  beforeAll(async () => {
    app = await buildTestApp(target);
    [userToken, staffToken, superToken] = await Promise.all([
      loginToken(app, 'user@example.com', 'User12345'),
      loginToken(app, 'staff@example.com', 'Staff12345'),
      loginToken(app, 'super@example.com', 'Super12345'),
    ]);
  });
  afterAll(() => app.close());

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const send = async (token: string | null, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: token ? auth(token) : await csrfHeaders(app),
      payload: payload as object,
    });
  const list = async (query = '') => {
    const response = await app.inject({ url: `/api/dashboard/contact-us${query}`, headers: auth(superToken) });
    expect(response.statusCode).toBe(200);
    return response.json<Paginated<Ticket>>();
  };
  const valid = { title: 'سؤال درباره دوره', text: 'آیا این دوره گواهی پایان دوره هم دارد؟' };

  describe('POST /api/tickets', () => {
    it('stores the ticket of a verified user: 201 with the message and the Ticket', async () => {
      const response = await send(userToken, { title: '  سؤال درباره دوره ', text: valid.text });
      expect(response.statusCode).toBe(201);
      const body = response.json<{ message: string; data: Ticket }>();
      expect(body.message).toBe('پیام شما ثبت شد؛ به‌زودی پاسخ می‌دهیم.');
      expect(body.data).toEqual({
        id: expect.any(Number),
        user_id: expect.any(Number),
        user_name: 'کاربر نمونه',
        user_email: 'user@example.com',
        user_mobile: '+989121234567',
        title: 'سؤال درباره دوره',
        is_read: false,
        text: valid.text,
        created_at: expect.any(String),
        closed_at: null,
        replies_count: 0,
        state: 'waiting',
      });
      expect(new Date(body.data.created_at).toISOString()).toBe(body.data.created_at);
      expect((await list()).data[0]).toEqual(body.data);
    });

    it('works from the browser with the cookie and the XSRF pair', async () => {
      const csrf = await csrfHeaders(app);
      const response = await app.inject({
        method: 'POST',
        url: '/api/tickets',
        headers: { ...csrf, cookie: `${csrf.cookie}; auth_token=${userToken}` },
        payload: valid,
      });
      expect(response.statusCode).toBe(201);
      const withoutCsrf = await app.inject({
        method: 'POST',
        url: '/api/tickets',
        headers: { cookie: `auth_token=${userToken}` },
        payload: valid,
      });
      expect(withoutCsrf.statusCode).toBe(419);
    });

    it('answers 401 to visitors, before validating the body', async () => {
      const response = await send(null, {});
      expect(response.statusCode).toBe(401);
      expect(response.json<{ message: string }>().message).toMatch(/[\u0600-\u06FF]/);
    });

    it('answers 403 without forbidden/unauthorized for an unverified email', async () => {
      const token = await loginToken(app, 'ali@example.com', 'Reader12345');
      const response = await send(token, valid);
      expect(response.statusCode).toBe(403);
      const { message } = response.json<{ message: string }>();
      expect(message).not.toMatch(/forbidden|unauthorized/i);
      expect(message).toMatch(/[\u0600-\u06FF]/);
    });

    it('answers 403 forbidden when tickets are closed, and accepts again once reopened', async () => {
      const info = await getSiteInformation(app.db);
      await saveSiteInformation(app.db, { ...info, tickets_enabled: false });
      try {
        const response = await send(userToken, valid);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: 'forbidden: ارسال تیکت در حال حاضر بسته است.' });
      } finally {
        await saveSiteInformation(app.db, info);
      }
      expect((await send(userToken, valid)).statusCode).toBe(201);
    });

    it('answers 422 with Persian field errors', async () => {
      const short = await send(userToken, { title: 'ab', text: 'کوتاه' });
      expect(short.statusCode).toBe(422);
      expect(short.json()).toEqual({
        message: 'اطلاعات وارد شده معتبر نیست.',
        errors: { title: ['موضوع باید دست‌کم ۳ نویسه باشد'], text: ['متن پیام باید دست‌کم ۱۰ نویسه باشد'] },
      });
      const long = await send(userToken, { title: 'a'.repeat(151), text: 'b'.repeat(5001) });
      expect(long.statusCode).toBe(422);
      expect(Object.keys(long.json<{ errors: object }>().errors).sort()).toEqual(['text', 'title']);
      const missing = await send(userToken, {});
      expect(missing.json()).toMatchObject({ errors: { title: ['موضوع الزامی است'], text: ['متن پیام الزامی است'] } });
      expect((await send(userToken, [1, 2])).statusCode).toBe(422);
    });
  });

  describe('dashboard /api/dashboard/contact-us', () => {
    it('lists the seeded tickets newest first, with sender contacts', async () => {
      const seeded = await list('?q=' + encodeURIComponent('پادکست'));
      expect(seeded.data).toHaveLength(1);
      expect(seeded.data[0]).toMatchObject({ title: 'مشکل در پخش پادکست', is_read: true });
      const all = await list('?per_page=50');
      const dates = all.data.map((t) => Date.parse(t.created_at));
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      expect(all.data.map((t) => t.title)).toEqual(
        expect.arrayContaining(['مشکل در پخش پادکست', 'پرسش درباره خرید دوره', 'پیشنهاد موضوع برای نوشته بعدی']),
      );
      const reader = all.data.find((t) => t.title === 'پرسش درباره خرید دوره')!;
      expect(reader).toMatchObject({ user_name: 'مریم احمدی', user_email: 'maryam@example.com', user_mobile: null });
    });

    it('filters by status (default all) and searches title, text and sender', async () => {
      const all = await list();
      const read = await list('?status=read');
      const unread = await list('?status=unread');
      expect(read.data.every((t) => t.is_read)).toBe(true);
      expect(unread.data.every((t) => !t.is_read)).toBe(true);
      expect(read.meta.total + unread.meta.total).toBe(all.meta.total);
      expect((await list('?status=all')).meta.total).toBe(all.meta.total);
      expect((await list(`?q=${encodeURIComponent('گواهی پایان')}`)).meta.total).toBeGreaterThan(0);
      const bySender = await list('?q=maryam');
      expect(bySender.data.map((t) => t.user_email)).toEqual(['maryam@example.com']);
      expect((await list('?q=' + encodeURIComponent('هیچ‌چیز-ناموجود'))).meta.total).toBe(0);
      const paged = await list('?per_page=2&page=2');
      expect(paged.meta).toMatchObject({ current_page: 2, per_page: 2, total: all.meta.total });
      expect(paged.data).toHaveLength(Math.min(2, all.meta.total - 2));
      const bad = await app.inject({ url: '/api/dashboard/contact-us?status=hidden', headers: auth(superToken) });
      expect(bad.statusCode).toBe(422);
    });

    it('marks a ticket read and unread; 404 for unknown ids', async () => {
      const [ticket] = (await list('?status=unread')).data;
      const post = (url: string) => app.inject({ method: 'POST', url, headers: auth(superToken) });
      const read = await post(`/api/dashboard/contact-us/${ticket!.id}/read`);
      expect(read.statusCode).toBe(200);
      expect(read.json<{ data: Ticket }>().data).toEqual({ ...ticket, is_read: true });
      expect((await list('?status=read')).data.map((t) => t.id)).toContain(ticket!.id);
      const unread = await post(`/api/dashboard/contact-us/${ticket!.id}/unread`);
      expect(unread.json<{ data: Ticket }>().data.is_read).toBe(false);
      expect((await post('/api/dashboard/contact-us/99999/read')).statusCode).toBe(404);
      expect((await post('/api/dashboard/contact-us/abc/unread')).statusCode).toBe(404);
    });

    it('needs show-tickets: 401 visitors, 403 ordinary users and staff without it', async () => {
      expect((await app.inject({ url: '/api/dashboard/contact-us' })).statusCode).toBe(401);
      const ordinary = await app.inject({ url: '/api/dashboard/contact-us', headers: auth(userToken) });
      expect(ordinary.statusCode).toBe(403);
      expect(ordinary.json<{ message: string }>().message).toMatch(/forbidden/);
      expect((await app.inject({ url: '/api/dashboard/contact-us', headers: auth(staffToken) })).statusCode).toBe(403);
      const mark = await app.inject({ method: 'POST', url: '/api/dashboard/contact-us/1/read', headers: auth(staffToken) });
      expect(mark.statusCode).toBe(403);
      const visitor = await app.inject({ method: 'POST', url: '/api/dashboard/contact-us/1/read', headers: await csrfHeaders(app) });
      expect(visitor.statusCode).toBe(401);
    });
  });
});
