import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { BoughtProduct, ProductDetail, ProductSessionDetail, SessionProgressAnswer } from '@shop/contracts';
import { productSessions } from '../../../src/modules/commerce/tables';
import { users } from '../../../src/modules/users/tables';
import { signSessionFileUrl } from '../../../src/modules/commerce/signed-urls';
import { DB_TARGETS, buildTestApp, csrfHeaders } from '../../helpers/test-app';
import { addToCart, buy, newBuyer, newCourse, type Buyer, refundInDatabase } from '../../helpers/commerce-fixtures';

const LESSON = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
const REFUSED = 'forbidden: پیوند این فایل نامعتبر است یا منقضی شده است.';

describe.each(DB_TARGETS)('sessions, progress and bought products on %s', (target) => {
  let app: FastifyInstance;
  let owner: Buyer;
  let visitor: Buyer;
  let course: { id: number; sessionIds: number[] };
  beforeAll(async () => {
    app = await buildTestApp(target, { seed: false, signedUrlTtlSeconds: 600 });
    course = await newCourse(app, {
      price: 300_000,
      sessions: [
        { is_free_preview: true, file: { content: LESSON, type: 'audio/mpeg' } },
        { file: { content: LESSON, type: 'video/mp4' } },
        {},
        { is_active: false },
      ],
    });
    [owner, visitor] = await Promise.all([newBuyer(app), newBuyer(app)]);
    await buy(app, owner, course.id);
  });
  afterAll(() => app.close());

  const session = (who: Buyer | null, id: number) =>
    app.inject({ url: `/api/product-sessions/${id}`, headers: who?.headers ?? {} });
  const detailOf = async (who: Buyer, id: number) => (await session(who, id)).json<{ data: ProductSessionDetail }>().data;
  const progress = (who: Buyer, id: number, payload: object) =>
    app.inject({ method: 'PUT', url: `/api/product-sessions/${id}/progress`, headers: who.headers, payload });
  /** A lesson left in `CourseProgress.left`: `newCourse` titles the n-th session «جلسه n». */
  const lessonLeft = (id: number | undefined, n: number) => ({ session_id: id, title: `جلسه ${n}`, kind: 'lesson' });

  it('answers a bought session with a signed file URL, neighbours and rights', async () => {
    const [first, second, third] = course.sessionIds;
    const data = await detailOf(owner, second!);
    expect(data).toMatchObject({
      id: second,
      product_id: course.id,
      product_price: 300_000,
      position: 2,
      is_free_preview: false,
      can_view: true,
      is_bought: true,
      is_done: false,
      can_comment: true,
      liked_by_me: false,
      file_type: 'video/mp4',
      file_size: 1000,
      previous_session_id: first,
      next_session_id: third,
    });
    expect(data.file_url).toMatch(new RegExp(`^/api/media/sessions/${second}\\?expires=\\d+&signature=[\\w-]+$`));
    const expiresIn = Date.parse(data.file_url_expires_at!) - Date.now();
    expect(expiresIn).toBeGreaterThan(590_000);
    expect(expiresIn).toBeLessThanOrEqual(600_000);
    const file = await app.inject({ url: data.file_url!, headers: owner.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers).toMatchObject({ 'content-type': 'video/mp4', 'accept-ranges': 'bytes', 'cache-control': 'private, no-store' });
    expect(file.rawPayload.equals(LESSON)).toBe(true);
  });

  it('locks paid sessions for others but opens free previews to any signed-in user', async () => {
    const [free, paid, empty] = course.sessionIds;
    expect(await detailOf(visitor, paid!)).toMatchObject({ can_view: false, is_bought: false, file_url: null, file_url_expires_at: null, file_type: 'video/mp4' });
    const preview = await detailOf(visitor, free!);
    expect(preview).toMatchObject({ can_view: true, is_bought: false, previous_session_id: null });
    expect(preview.file_url).not.toBeNull();
    expect(await detailOf(owner, empty!)).toMatchObject({ file_url: null, file_type: null, file_size: null, next_session_id: null });
  });

  it('answers 401 to visitors, 403 to an unverified email and 404 for unknown or inactive sessions', async () => {
    expect((await session(null, course.sessionIds[0]!)).statusCode).toBe(401);
    const unverified = await newBuyer(app, { verified: false });
    const locked = await session(unverified, course.sessionIds[0]!);
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe('ایمیل شما تأیید نشده است؛ ابتدا ایمیل خود را تأیید کنید.');
    const hidden = await newCourse(app, { price: 1000, is_active: false });
    for (const id of [course.sessionIds[3], hidden.sessionIds[0], 999_999, 'x']) {
      expect((await session(owner, id as number)).statusCode).toBe(404);
    }
  });

  it('serves byte ranges (206) and answers 416 for a bad range', async () => {
    const { file_url } = await detailOf(owner, course.sessionIds[0]!);
    const part = await app.inject({ url: file_url!, headers: { ...owner.headers, range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 10-19/1000');
    expect(part.rawPayload.equals(LESSON.subarray(10, 20))).toBe(true);
    const tail = await app.inject({ url: file_url!, headers: { ...owner.headers, range: 'bytes=-5' } });
    expect(tail.headers['content-range']).toBe('bytes 995-999/1000');
    const open = await app.inject({ url: file_url!, headers: { ...owner.headers, range: 'bytes=990-' } });
    expect(open.rawPayload.length).toBe(10);
    for (const range of ['bytes=2000-2100', 'bytes=5-2', 'items=0-1', 'bytes=0-1,5-6']) {
      const bad = await app.inject({ url: file_url!, headers: { ...owner.headers, range } });
      expect(bad.statusCode).toBe(416);
      expect(bad.headers['content-range']).toBe('bytes */1000');
      expect(bad.json().message).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('refuses expired and tampered signed URLs with 403', async () => {
    const id = course.sessionIds[1]!;
    const { file_url } = await detailOf(owner, id);
    const key = app.settings.appKey;
    const expired = signSessionFileUrl(key, id, owner.id, 60, Date.now() - 120_000).url;
    const otherSession = signSessionFileUrl(key, course.sessionIds[0]!, owner.id, 600).url.replace(`/sessions/${course.sessionIds[0]}?`, `/sessions/${id}?`);
    const later = file_url!.replace(/expires=(\d+)/, (_, s: string) => `expires=${Number(s) + 1}`);
    const forged = file_url!.replace(/signature=.*/, 'signature=AAAA');
    const wrongKey = signSessionFileUrl('another-key', id, owner.id, 600).url;
    for (const url of [expired, otherSession, later, forged, wrongKey, `/api/media/sessions/${id}`]) {
      const response = await app.inject({ url, headers: owner.headers });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(REFUSED);
    }
  });

  it('opens a file URL only for the signed-in user it was signed for, by bearer or cookie (issue 31 item 4)', async () => {
    const id = course.sessionIds[1]!;
    const { file_url } = await detailOf(owner, id);
    const token = owner.headers.authorization.slice('Bearer '.length);
    // The buyer, by bearer or by the cookie the browser's <video> and download link send.
    for (const headers of [owner.headers, { cookie: `auth_token=${token}` }]) {
      const file = await app.inject({ url: file_url!, headers });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(LESSON)).toBe(true);
    }
    // The buyer's link in anyone else's hands: a visitor, another user, a stale token.
    for (const headers of [{}, visitor.headers, { authorization: 'Bearer nobody' }, { cookie: 'auth_token=nobody' }]) {
      const refused = await app.inject({ url: file_url!, headers });
      expect([headers, refused.statusCode]).toEqual([headers, 403]);
      expect(refused.json().message).toBe(REFUSED);
    }
    // A link signed for a user who did not buy the course opens nothing either.
    const forVisitor = signSessionFileUrl(app.settings.appKey, id, visitor.id, 600).url;
    expect((await app.inject({ url: forVisitor, headers: visitor.headers })).statusCode).toBe(403);
    expect((await app.inject({ url: `/api/media/sessions/x?${file_url!.split('?')[1]}`, headers: owner.headers })).statusCode).toBe(404);
  });

  it('keeps free previews open to any signed-in user with a verified email, each through their own link', async () => {
    const free = course.sessionIds[0]!;
    const mine = (await detailOf(visitor, free)).file_url!;
    expect((await app.inject({ url: mine, headers: visitor.headers })).statusCode).toBe(200);
    const owners = (await detailOf(owner, free)).file_url!;
    expect(owners).not.toBe(mine);
    expect((await app.inject({ url: owners, headers: visitor.headers })).statusCode).toBe(403);
    expect((await app.inject({ url: mine })).statusCode).toBe(403);
    // Unverified: no session page, and no file through a link signed for them.
    const unverified = await newBuyer(app, { verified: false });
    const signed = signSessionFileUrl(app.settings.appKey, free, unverified.id, 600).url;
    expect((await app.inject({ url: signed, headers: unverified.headers })).statusCode).toBe(403);
  });

  it('stops a file URL at once when the course is refunded, before it expires', async () => {
    const buyer = await newBuyer(app);
    const own = await newCourse(app, { price: 40_000, sessions: [{ file: { content: LESSON, type: 'application/pdf' } }] });
    const id = own.sessionIds[0]!;
    await buy(app, buyer, own.id);
    const { file_url } = await detailOf(buyer, id);
    expect((await app.inject({ url: file_url!, headers: buyer.headers })).statusCode).toBe(200);
    await refundInDatabase(app, buyer.id, own.id);
    const refused = await app.inject({ url: file_url!, headers: buyer.headers });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(REFUSED);
    expect(await detailOf(buyer, id)).toMatchObject({ can_view: false, file_url: null });
  });

  it('records progress for buyers idempotently and refuses others with 403', async () => {
    const [first, second, third] = course.sessionIds;
    for (let i = 0; i < 2; i++) {
      const done = await progress(owner, first!, { done: true });
      expect(done.statusCode).toBe(200);
      expect(done.json<{ data: SessionProgressAnswer }>().data).toEqual({ session_id: first, is_done: true, position_seconds: 0, progress: { done: 1, total: 3, resume_session_id: second, left: [lessonLeft(second, 2), lessonLeft(third, 3)] } });
    }
    await progress(owner, second!, { done: true });
    const undone = await progress(owner, second!, { done: false });
    expect(undone.json<{ data: SessionProgressAnswer }>().data.progress).toEqual({ done: 1, total: 3, resume_session_id: second, left: [lessonLeft(second, 2), lessonLeft(third, 3)] });
    expect((await detailOf(owner, first!)).is_done).toBe(true);
    const locked = await progress(visitor, first!, { done: true });
    expect(locked.statusCode).toBe(403);
    expect(locked.json().message).toBe('forbidden: برای دیدن این جلسه باید دوره را بخرید.');
    expect((await progress(owner, first!, { done: 'maybe' })).statusCode).toBe(422);
    expect((await progress(owner, first!, {})).statusCode).toBe(422);
    expect((await progress(owner, 999_999, { done: true })).statusCode).toBe(404);
    const headers = await csrfHeaders(app);
    expect((await app.inject({ method: 'PUT', url: `/api/product-sessions/${first}/progress`, headers, payload: { done: true } })).statusCode).toBe(401);
  });

  it('lists bought courses with progress, in buyedProducts too', async () => {
    const list = await app.inject({ url: '/api/bought-products', headers: owner.headers });
    expect(list.statusCode).toBe(200);
    const data = list.json<{ data: BoughtProduct[] }>().data;
    expect(data).toEqual([
      {
        id: course.id,
        title: expect.any(String),
        slug: expect.any(String),
        image: null,
        bought_at: expect.any(String),
        progress: { done: 1, total: 3, resume_session_id: course.sessionIds[1], left: [lessonLeft(course.sessionIds[1], 2), lessonLeft(course.sessionIds[2], 3)] },
      },
    ]);
    const info = await app.inject({ method: 'POST', url: '/api/auth/logged-in-user-info', headers: owner.headers });
    expect(info.json().data.buyedProducts).toEqual(data);
    expect((await app.inject({ url: '/api/bought-products', headers: visitor.headers })).json().data).toEqual([]);
    expect((await app.inject({ url: '/api/bought-products' })).statusCode).toBe(401);
  });

  it('adds the viewer fields to the course page', async () => {
    const page = async (who: Buyer | null) =>
      (await app.inject({ url: `/api/products/${course.id}`, headers: who?.headers ?? {} })).json<{ data: ProductDetail }>().data;
    const forOwner = await page(owner);
    expect(forOwner).toMatchObject({ in_cart: false, is_bought: true, progress: { done: 1, total: 3, resume_session_id: course.sessionIds[1], left: [lessonLeft(course.sessionIds[1], 2), lessonLeft(course.sessionIds[2], 3)] } });
    expect(forOwner.sessions.map((s) => [s.position, s.can_view, s.is_done])).toEqual([
      [1, true, true],
      [2, true, false],
      [3, true, false],
    ]);
    const shopper = await newBuyer(app);
    await addToCart(app, shopper, course.id);
    const forShopper = await page(shopper);
    expect(forShopper).toMatchObject({ in_cart: true, is_bought: false, progress: null });
    expect(forShopper.sessions.map((s) => s.can_view)).toEqual([true, false, false]);
    const forVisitor = await page(null);
    expect(forVisitor).toMatchObject({ in_cart: false, is_bought: false, progress: null });
    expect(forVisitor.sessions.every((s) => !s.can_view && !s.is_done)).toBe(true);
  });

  it('points «ادامه یادگیری» at the first session not done, by position, and at none once all are done', async () => {
    // Sessions stored out of order: position, not id, decides; an inactive one is never offered.
    const reordered = await newCourse(app, { price: 10_000, sessions: [{}, {}, { is_active: false }, {}] });
    const [a, b, inactive, c] = reordered.sessionIds;
    await app.db.update(productSessions).set({ position: 3 }).where(eq(productSessions.id, a!));
    await app.db.update(productSessions).set({ position: 1 }).where(eq(productSessions.id, inactive!));
    await app.db.update(productSessions).set({ position: 2 }).where(eq(productSessions.id, c!));
    const learner = await newBuyer(app);
    await buy(app, learner, reordered.id);
    const resumeIds = async () => {
      const bought = (await app.inject({ url: '/api/bought-products', headers: learner.headers })).json<{ data: BoughtProduct[] }>().data;
      const page = (await app.inject({ url: `/api/products/${reordered.id}`, headers: learner.headers })).json<{ data: ProductDetail }>().data;
      const listed = bought.find((p) => p.id === reordered.id)!.progress;
      // What is left follows the same order on both, and starts with the session to resume.
      expect(page.progress!.left).toEqual(listed.left);
      expect(listed.left[0]?.session_id ?? null).toBe(listed.resume_session_id);
      return [listed.resume_session_id, page.progress!.resume_session_id];
    };
    // Order: b (1), c (2), a (3).
    expect(await resumeIds()).toEqual([b, b]);
    const leftIds = async () => (await app.inject({ url: `/api/products/${reordered.id}`, headers: learner.headers })).json<{ data: ProductDetail }>().data.progress!.left.map((l) => l.session_id);
    expect(await leftIds()).toEqual([b, c, a]);
    await progress(learner, b!, { done: true });
    expect(await resumeIds()).toEqual([c, c]);
    await progress(learner, a!, { done: true });
    expect(await resumeIds()).toEqual([c, c]);
    const last = await progress(learner, c!, { done: true });
    expect(last.json<{ data: SessionProgressAnswer }>().data.progress).toEqual({ done: 3, total: 3, resume_session_id: null, left: [] });
    expect(await resumeIds()).toEqual([null, null]);
    await progress(learner, b!, { done: false });
    expect(await resumeIds()).toEqual([b, b]);
  });

  describe('buyers-only comments', () => {
    let closedCourse: { id: number; sessionIds: number[] };
    let buyersOnly: { id: number; sessionIds: number[] };
    beforeAll(async () => {
      buyersOnly = await newCourse(app, { price: 20_000, comment_status: 'buyers-only', sessions: [{}] });
      closedCourse = await newCourse(app, { price: 0, comment_status: 'closed', sessions: [{ is_free_preview: true }] });
      await buy(app, owner, buyersOnly.id);
    });
    const comment = (who: Buyer & { id: number }, type: string, id: number) =>
      app.inject({
        method: 'POST',
        url: '/api/comments',
        headers: who.headers,
        payload: { user_id: who.id, commentable_type: type, commentable_id: id, text: 'دیدگاهی آزمایشی درباره دوره', parent_id: 0 },
      });

    it('lets buyers and staff comment on a buyers-only course and its sessions, and refuses others with 403', async () => {
      for (const [type, id] of [['product', buyersOnly.id], ['product_session', buyersOnly.sessionIds[0]!]] as const) {
        expect((await comment(owner, type, id)).statusCode).toBe(201);
        const refused = await comment(visitor, type, id);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().message).toBe('forbidden: دیدگاه‌های این دوره فقط برای خریداران آن باز است.');
      }
      const staff = await newBuyer(app);
      await app.db.update(users).set({ status: 'staff' }).where(eq(users.id, staff.id));
      expect((await comment(staff, 'product', buyersOnly.id)).statusCode).toBe(201);
      expect((await detailOf(owner, buyersOnly.sessionIds[0]!)).can_comment).toBe(true);
    });

    it('keeps closed comments closed and says so in can_comment', async () => {
      const closed = await comment(owner, 'product_session', closedCourse.sessionIds[0]!);
      expect(closed.statusCode).toBe(403);
      expect(closed.json().message).toBe('forbidden: دیدگاه‌ها برای این صفحه بسته است.');
      expect((await detailOf(visitor, closedCourse.sessionIds[0]!)).can_comment).toBe(false);
    });
  });
});
