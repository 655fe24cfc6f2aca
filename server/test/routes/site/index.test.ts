import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { CommentNode, LikeAnswer, Paginated, Post, SearchResult } from '@shop/contracts';
import { users } from '../../../src/modules/users/tables';
import { saveSiteInformation, getSiteInformation } from '../../../src/modules/support/support-service';
import { counterMismatches } from '../../helpers/counters';
import { DB_TARGETS, buildTestApp, csrfHeaders, loginToken } from '../../helpers/test-app';
import { multipart, pngFile } from '../../helpers/multipart';

describe.each(DB_TARGETS)('likes, comments and search on %s', (target) => {
  let app: FastifyInstance;
  let userToken: string;
  let userId: number;
  let staffToken: string;
  let superToken: string;
  beforeAll(async () => {
    // These tests post more comments a minute than a person would.
    app = await buildTestApp(target, { rateLimit: { comments: 100 } });
    [userToken, staffToken, superToken] = await Promise.all([
      loginToken(app, 'user@example.com', 'User12345'),
      loginToken(app, 'staff@example.com', 'Staff12345'),
      loginToken(app, 'super@example.com', 'Super12345'),
    ]);
    userId = (await me(userToken)).id;
  });
  afterAll(() => app.close());

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  async function me(token: string): Promise<{ id: number }> {
    const response = await app.inject({ method: 'POST', url: '/api/auth/logged-in-user-info', headers: auth(token) });
    return response.json<{ data: { user: { id: number } } }>().data.user;
  }
  // Visitors send the XSRF pair like a browser does, so the answer is about auth, not CSRF.
  const like = async (token: string | null, payload: object) =>
    app.inject({ method: 'POST', url: '/api/like', headers: token ? auth(token) : await csrfHeaders(app), payload });
  const comment = async (token: string | null, payload: object) =>
    app.inject({ method: 'POST', url: '/api/comments', headers: token ? auth(token) : await csrfHeaders(app), payload });
  const createPost = async (fields: Record<string, string>) => {
    const form = multipart(fields, { image: await pngFile(40, 20) });
    return app.inject({ method: 'POST', url: '/api/dashboard/posts', payload: form.payload, headers: { ...form.headers, ...auth(superToken) } });
  };

  describe('POST /api/like', () => {
    it('likes once, answers the new count, and refuses a second like in Persian', async () => {
      const before = (await app.inject({ url: '/api/podcasts/5', headers: auth(userToken) })).json<{ data: { likes_count: number; liked_by_me: boolean } }>().data;
      expect(before.liked_by_me).toBe(false);
      const first = await like(userToken, { user_id: userId, likeable_id: 5, likeable_type: 'podcast' });
      expect(first.statusCode).toBe(201);
      expect(first.json<LikeAnswer>().data).toEqual({ likeable_type: 'podcast', likeable_id: 5, likes_count: before.likes_count + 1 });
      const after = await app.inject({ url: '/api/podcasts/5', headers: auth(userToken) });
      expect(after.json<{ data: { liked_by_me: boolean } }>().data.liked_by_me).toBe(true);
      expect((await app.inject({ url: '/api/podcasts/5' })).json<{ data: { liked_by_me: boolean } }>().data.liked_by_me).toBe(false);

      const second = await like(userToken, { user_id: userId, likeable_id: 5, likeable_type: 'podcast' });
      expect(second.statusCode).toBe(422);
      expect(second.json()).toEqual({ message: 'شما قبلاً این پادکست را پسندیده‌اید.' });
    });

    it('names each item type in the second-like message', async () => {
      // The seed's user already liked the first items of each type.
      const post = await like(userToken, { user_id: userId, likeable_id: 1, likeable_type: 'post' });
      expect(post.json()).toEqual({ message: 'شما قبلاً این نوشته را پسندیده‌اید.' });
      const first = await like(userToken, { user_id: userId, likeable_id: 1, likeable_type: 'product_session' });
      expect(first.statusCode).toBe(201);
      const again = await like(userToken, { user_id: userId, likeable_id: 1, likeable_type: 'product_session' });
      expect(again.json()).toEqual({ message: 'شما قبلاً این جلسه را پسندیده‌اید.' });
    });

    it('answers 401 to visitors, 403 for another user_id, 404 for unknown items, 422 for bad bodies', async () => {
      expect((await like(null, { user_id: userId, likeable_id: 3, likeable_type: 'post' })).statusCode).toBe(401);
      const other = await like(userToken, { user_id: userId + 1, likeable_id: 3, likeable_type: 'post' });
      expect(other.statusCode).toBe(403);
      expect(other.json<{ message: string }>().message).toContain('forbidden');
      expect((await like(userToken, { user_id: userId, likeable_id: 9999, likeable_type: 'post' })).statusCode).toBe(404);
      const bad = await like(userToken, { user_id: userId, likeable_id: 'x', likeable_type: 'tag' });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json<{ errors: object }>().errors).length).toBeGreaterThan(0);
    });
  });

  describe('POST /api/comments', () => {
    const body = (extra: object = {}) => ({
      user_id: userId,
      parent_id: 0,
      text: 'دیدگاه تازه برای آزمون',
      commentable_id: 3,
      commentable_type: 'post',
      ...extra,
    });
    const tree = async (url: string) => (await app.inject({ url })).json<{ data: CommentNode[] }>().data;

    it('records a pending comment that the public tree does not show', async () => {
      const response = await comment(userToken, body());
      expect(response.statusCode).toBe(201);
      const answer = response.json<{ message: string; data: CommentNode }>();
      expect(answer.message).toBe('دیدگاه شما ثبت شد و پس از تأیید نمایش داده می‌شود.');
      expect(answer.data).toMatchObject({ parent_id: 0, text: 'دیدگاه تازه برای آزمون', replies: [] });
      expect(JSON.stringify(await tree('/api/posts/3/comments'))).not.toContain('دیدگاه تازه برای آزمون');
    });

    it('approves staff comments at once', async () => {
      const staff = await me(staffToken);
      const response = await comment(staffToken, body({ user_id: staff.id, text: 'پاسخ فوری پشتیبان' }));
      expect(response.statusCode).toBe(201);
      expect(response.json<{ message: string }>().message).toBe('دیدگاه شما ثبت شد.');
      const shown = await tree('/api/posts/3/comments');
      expect(shown.map((c) => c.text)).toContain('پاسخ فوری پشتیبان');
      expect(shown.find((c) => c.text === 'پاسخ فوری پشتیبان')!.user.is_staff).toBe(true);
    });

    it('answers 401 with the comment login message to visitors', async () => {
      const response = await comment(null, body());
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'برای ثبت دیدگاه ابتدا وارد حساب خود شوید.' });
    });

    it('answers 403 without forbidden for an unverified email', async () => {
      const token = await loginToken(app, 'ali@example.com', 'Reader12345');
      const ali = await me(token);
      const response = await comment(token, body({ user_id: ali.id }));
      expect(response.statusCode).toBe(403);
      const { message } = response.json<{ message: string }>();
      expect(message).not.toMatch(/forbidden|unauthorized/i);
      expect(message).toMatch(/[\u0600-\u06FF]/);
    });

    it('answers 403 forbidden to barred users, permanently or until the end of a temporary bar', async () => {
      const token = await loginToken(app, 'maryam@example.com', 'Reader12345');
      const maryam = await me(token);
      const tomorrow = new Date(Date.now() + 24 * 3600_000);
      for (const status of ['barred', 'temporarily-barred'] as const) {
        await app.db
          .update(users)
          .set({ write_comment_status: status, comment_barred_until: status === 'barred' ? null : tomorrow })
          .where(eq(users.id, maryam.id));
        const response = await comment(token, body({ user_id: maryam.id }));
        expect(response.statusCode).toBe(403);
        expect(response.json<{ message: string }>().message).toMatch(/^forbidden: /);
      }
      // A temporary bar ends by itself at its time.
      await app.db
        .update(users)
        .set({ comment_barred_until: new Date(Date.now() - 1000) })
        .where(eq(users.id, maryam.id));
      expect((await comment(token, body({ user_id: maryam.id }))).statusCode).toBe(201);
    });

    it('answers 403 closed when the item or the site switch closes comments', async () => {
      const created = await createPost({
        title: 'نوشته‌ای با دیدگاه بسته',
        slug: 'closed-comments-post',
        description: '<p>بسته</p>',
        comment_status: 'closed',
      });
      expect(created.statusCode).toBe(201);
      const closedId = created.json<{ data: Post }>().data.id;
      const closed = await comment(userToken, body({ commentable_id: closedId }));
      expect(closed.statusCode).toBe(403);
      expect(closed.json()).toEqual({ message: 'forbidden: دیدگاه‌ها برای این صفحه بسته است.' });

      const info = await getSiteInformation(app.db);
      await saveSiteInformation(app.db, { ...info, comments_enabled: false });
      try {
        const off = await comment(userToken, body());
        expect(off.statusCode).toBe(403);
        expect(off.json()).toEqual({ message: 'forbidden: ارسال دیدگاه در حال حاضر بسته است.' });
      } finally {
        await saveSiteInformation(app.db, info);
      }
    });

    it('answers 403 for another user_id, 404 for an unknown item, 422 for a parent of another item', async () => {
      expect((await comment(userToken, body({ user_id: userId + 1 }))).statusCode).toBe(403);
      expect((await comment(userToken, body({ commentable_id: 9999 }))).statusCode).toBe(404);
      const firstPostComment = (await tree('/api/posts/1/comments'))[0]!;
      const wrongParent = await comment(userToken, body({ parent_id: firstPostComment.id }));
      expect(wrongParent.statusCode).toBe(422);
      expect(wrongParent.json<{ errors: Record<string, string[]> }>().errors.parent_id?.[0]).toMatch(/[\u0600-\u06FF]/);
      const missing = await comment(userToken, { user_id: userId, commentable_type: 'post' });
      expect(missing.statusCode).toBe(422);
      expect(Object.keys(missing.json<{ errors: object }>().errors)).toEqual(expect.arrayContaining(['text', 'commentable_id']));
    });

    it('accepts a reply to a comment of the same item', async () => {
      const parent = (await tree('/api/posts/1/comments'))[0]!;
      const response = await comment(userToken, body({ commentable_id: 1, parent_id: parent.id, text: 'پاسخ به رشته' }));
      expect(response.statusCode).toBe(201);
      expect(response.json<{ data: CommentNode }>().data.parent_id).toBe(parent.id);
    });

    it('counts only approved comments: a pending one leaves comments_count, a staff one adds to it', async () => {
      const count = async () => (await app.inject({ url: '/api/posts/4' })).json<{ data: Post }>().data.comments_count;
      const before = await count();
      expect((await comment(userToken, body({ commentable_id: 4, text: 'در صف تأیید' }))).statusCode).toBe(201);
      expect(await count()).toBe(before);
      const staff = await me(staffToken);
      expect((await comment(staffToken, body({ user_id: staff.id, commentable_id: 4, text: 'پاسخ پشتیبان' }))).statusCode).toBe(201);
      expect(await count()).toBe(before + 1);
      expect(await counterMismatches(app.db)).toEqual([]);
    });
  });

  describe('counters (issue 9: kept in the transaction of each write)', () => {
    it('adds a like to the item and to the lists, as a count of the likes would', async () => {
      const likes = async () => {
        const detail = (await app.inject({ url: '/api/products/2' })).json<{ data: { likes_count: number } }>().data;
        const listed = (await app.inject({ url: '/api/products?per_page=50' })).json<Paginated<{ id: number; likes_count: number }>>();
        return [detail.likes_count, listed.data.find((p) => p.id === 2)!.likes_count];
      };
      const [before] = await likes();
      const superUser = await me(superToken);
      const liked = await like(superToken, { user_id: superUser.id, likeable_id: 2, likeable_type: 'product' });
      expect([liked.statusCode, liked.json<LikeAnswer>().data.likes_count]).toEqual([201, before! + 1]);
      expect(await likes()).toEqual([before! + 1, before! + 1]);
      expect(await counterMismatches(app.db)).toEqual([]);
    });

    it('orders most-liked by the counter', async () => {
      const list = (await app.inject({ url: '/api/posts?filter=most-liked&per_page=50' })).json<Paginated<Post>>().data;
      const counts = list.map((p) => p.likes_count);
      expect(counts).toEqual([...counts].sort((a, b) => b - a));
    });

    it('keeps the totals of the public lists: a new active post counts, an inactive one does not', async () => {
      const total = async () => (await app.inject({ url: '/api/posts' })).json<Paginated<Post>>().meta.total;
      const before = await total();
      const shown = await createPost({ title: 'نوشته تازه برای شمارش', slug: 'counted-post', description: '<p>متن</p>' });
      expect(shown.statusCode).toBe(201);
      const hidden = await createPost({ title: 'نوشته پنهان', slug: 'hidden-post', description: '<p>متن</p>', is_active: 'false' });
      expect(hidden.statusCode).toBe(201);
      expect(await total()).toBe(before + 1);
      expect(await counterMismatches(app.db)).toEqual([]);
    });
  });

  describe('GET /api/search', () => {
    const search = async (q: string) => {
      const response = await app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` });
      expect(response.statusCode).toBe(200);
      return response.json<Paginated<SearchResult>>();
    };

    it('finds a Persian title typed with Arabic ي and ك', async () => {
      const body = await search('يادداشتهاي يك سال');
      expect(body.data[0]).toMatchObject({ type: 'post', title: 'یادداشت‌های یک سال کار از راه دور' });
      expect((await search('ديتابيس پستگرس')).data).toEqual([]);
      expect((await search('دوره مقدماتي جاوااسكريپت')).data[0]).toMatchObject({ type: 'product' });
    });

    it('matches ZWNJ, space-less and Arabic variants alike', async () => {
      for (const q of ['نام‌گذاری خوب', 'نامگذاری خوب', 'نامـگذاری خوب']) {
        expect((await search(q)).data.map((r) => r.title)).toContain('نام‌گذاری خوب، نیمی از کد تمیز');
      }
    });

    it('matches Persian digits with Latin ones, and ranks title hits first', async () => {
      for (const [title, slug, description] of [
        ['نکته‌هایی درباره زنبورک', 'spring-notes', '<p>متن ساده</p>'],
        ['یادداشت ۱۴۰۳ برنامه‌نویسی', 'notes-1403', '<p>درباره زنبورک هم گفته‌ایم.</p>'],
      ] as const) {
        const created = await createPost({ title, slug, description });
        expect(created.statusCode).toBe(201);
      }
      expect((await search('1403')).data.map((r) => r.title)).toEqual(['یادداشت ۱۴۰۳ برنامه‌نویسی']);
      expect((await search('یادداشت ۱۴۰۳')).data.map((r) => r.title)).toEqual(['یادداشت ۱۴۰۳ برنامه‌نویسی']);
      // The newer post mentions the word only in its text: the older title hit comes first.
      const ranked = await search('زنبورک');
      expect(ranked.data.map((r) => r.title)).toEqual(['نکته‌هایی درباره زنبورک', 'یادداشت ۱۴۰۳ برنامه‌نویسی']);
      expect(ranked.data[1]!.excerpt).toContain('زنبورک');
      expect(ranked.meta).toMatchObject({ current_page: 1, total: 2 });
    });

    it('answers 422 for a query shorter than 2 characters', async () => {
      for (const q of ['', 'a', ' ب ']) {
        const response = await app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` });
        expect(response.statusCode).toBe(422);
        expect(response.json<{ errors: Record<string, string[]> }>().errors.q?.[0]).toMatch(/[\u0600-\u06FF]/);
      }
    });

    it('ignores parameters named after Object.prototype members (issue 10 fuzz: yup threw, 500)', async () => {
      for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
        const response = await app.inject({ url: `/api/search?q=${encodeURIComponent('زنبورک')}&${name}=2147483648` });
        expect([name, response.statusCode, response.json<{ meta: { total: number } }>().meta.total]).toEqual([name, 200, 2]);
      }
    });
  });
});
