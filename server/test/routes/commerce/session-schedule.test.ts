/**
 * A session's schedule (issue 37 item 5): days after purchase, a Jalali day, a prerequisite lesson or
 * quiz, staff's per-buyer lift and moved date, the refusals (423 with Persian messages), the form's
 * validation and the daily «session opened» mail, once.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DashboardProductSession, ProductDetail, ProductSessionDetail, SessionUnlock } from '@shop/contracts';
import { formatJalaliDate } from '@shop/format';
import { mailOpenedSessions, setSessionProgress } from '../../../src/modules/commerce';
import { accessGrants, productSessions } from '../../../src/modules/commerce/tables';
import { sessionUnlocks } from '../../../src/modules/commerce/session-schedule-tables';
import { users } from '../../../src/modules/users/tables';
import { jalaliDayKey } from '../../../src/lib/jalali-periods';
import { signSessionFileUrl } from '../../../src/modules/commerce/signed-urls';
import { DB_TARGETS, buildTestApp } from '../../helpers/test-app';
import { buy, newBuyer, newCourse, type Buyer } from '../../helpers/commerce-fixtures';
import { newStaff, type AuthHeaders } from '../../helpers/dashboard-actors';
import { multipart } from '../../helpers/multipart';
import { startSmtpServer, type TestSmtpServer } from '../../helpers/smtp';

const DAY_MS = 86_400_000;

describe.each(DB_TARGETS)('session schedule on %s', (target) => {
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let staff: AuthHeaders;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildTestApp(target, { smtpUrl: smtp.url, publicUrl: 'https://shop.example' });
    staff = await newStaff(app, ['manage-product-sessions']);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const detail = (who: Buyer, id: number) => app.inject({ url: `/api/product-sessions/${id}`, headers: who.headers });
  const detailOf = async (who: Buyer, id: number) => (await detail(who, id)).json<{ data: ProductSessionDetail }>().data;
  const courseOf = async (who: Buyer, id: number) => (await app.inject({ url: `/api/products/${id}`, headers: who.headers })).json<{ data: ProductDetail }>().data;
  const progress = (who: Buyer, id: number, payload: object) =>
    app.inject({ method: 'PUT', url: `/api/product-sessions/${id}/progress`, headers: who.headers, payload });
  const setRules = (id: number, values: Partial<typeof productSessions.$inferInsert>) => app.db.update(productSessions).set(values).where(eq(productSessions.id, id));
  /** Moves `buyer`'s access to course `productId` back `days` days, as if bought then. */
  const boughtDaysAgo = (buyer: Buyer, productId: number, days: number) =>
    app.db
      .update(accessGrants)
      .set({ starts_at: sql`now() - ${days} * interval '1 day'` })
      .where(and(eq(accessGrants.user_id, buyer.id), eq(accessGrants.product_id, productId)));
  const emailOf = async (buyer: Buyer) => (await app.db.select({ email: users.email }).from(users).where(eq(users.id, buyer.id)))[0]!.email;
  const sessionForm = (courseId: number, extra: Record<string, string>) =>
    multipart({ product_id: String(courseId), title: 'جلسه زمان‌بندی', slug: `scheduled-${Math.random().toString(36).slice(2)}`, description: 'متن', position: '9', ...extra });
  const saveForm = (method: 'POST' | 'PUT', url: string, form: ReturnType<typeof multipart>) =>
    app.inject({ method, url, payload: form.payload, headers: { ...form.headers, ...staff } });

  it('opens a session seven days after purchase: locked for a new buyer with the day, open for one who bought earlier', async () => {
    const course = await newCourse(app, { price: 1000, sessions: [{}, {}] });
    const lesson = course.sessionIds[1]!;
    await setRules(lesson, { release_days: 7, file: 'sessions/x.bin', file_type: 'application/pdf', file_size: 3 });
    const [fresh, early] = await Promise.all([newBuyer(app), newBuyer(app)]);
    await buy(app, fresh, course.id);
    await buy(app, early, course.id);
    await boughtDaysAgo(early, course.id, 8);

    const locked = await detailOf(fresh, lesson);
    expect(locked.lock).toMatchObject({ days_after_purchase: 7, prerequisite: null });
    const opensIn = Date.parse(locked.lock!.opens_at!) - Date.now();
    expect(opensIn).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(opensIn).toBeLessThanOrEqual(7 * DAY_MS);
    expect(locked).toMatchObject({ can_view: true, is_bought: true, file_url: null, media: null });
    const listed = (await courseOf(fresh, course.id)).sessions;
    expect(listed.map((s) => s.lock === null)).toEqual([true, false]);

    const refused = await progress(fresh, lesson, { done: true });
    expect(refused.statusCode).toBe(423);
    expect(refused.json().message).toBe(`این جلسه هنوز باز نیست: ۷ روز پس از خرید باز می‌شود: ${formatJalaliDate(locked.lock!.opens_at!)}.`);
    const signed = signSessionFileUrl(app.settings.appKey, lesson, fresh.id, 600).url;
    const file = await app.inject({ url: signed, headers: fresh.headers });
    expect(file.statusCode).toBe(423);
    expect(file.json().message).toBe(refused.json().message);

    expect(await detailOf(early, lesson)).toMatchObject({ lock: null });
    expect((await detailOf(early, lesson)).file_url).not.toBeNull();
    expect((await progress(early, lesson, { done: true })).statusCode).toBe(200);
  });

  it('opens a session on a Jalali day at Tehran midnight, set in the form', async () => {
    const course = await newCourse(app, { price: 1000, sessions: [{}, {}] });
    const future = new Date(Date.now() + 10 * DAY_MS);
    const day = jalaliDayKey(future);
    const saved = await saveForm('PUT', `/api/dashboard/product-sessions/${course.sessionIds[1]}`, sessionForm(course.id, { release: 'on_date', release_date: day }));
    expect(saved.statusCode).toBe(200);
    const data = saved.json<{ data: DashboardProductSession }>().data;
    expect(data).toMatchObject({ release: 'on_date', release_date: day, release_days: null, prerequisite_session_id: null });
    // 00:00 in Tehran (UTC+03:30) is 20:30 UTC the day before.
    expect(data.release_at).toMatch(/T20:30:00\.000Z$/);

    const buyer = await newBuyer(app);
    await buy(app, buyer, course.id);
    const { lock } = await detailOf(buyer, course.sessionIds[1]!);
    expect(lock).toEqual({ opens_at: data.release_at, days_after_purchase: null, prerequisite: null });
    const refused = await progress(buyer, course.sessionIds[1]!, { position_seconds: 0 });
    expect(refused.statusCode).toBe(423);
    expect(refused.json().message).toBe(`این جلسه هنوز باز نیست: از ${formatJalaliDate(data.release_at)} باز می‌شود.`);

    await setRules(course.sessionIds[1]!, { release_at: new Date(Date.now() - DAY_MS) });
    expect((await detailOf(buyer, course.sessionIds[1]!)).lock).toBeNull();
  });

  it('opens a session after its prerequisite lesson is done, and after its prerequisite quiz is passed', async () => {
    const course = await newCourse(app, { price: 1000, sessions: [{}, { kind: 'quiz' }, {}, {}] });
    const [first, quiz, afterFirst, afterQuiz] = course.sessionIds as [number, number, number, number];
    const form = (prerequisite: number) => sessionForm(course.id, { prerequisite_session_id: String(prerequisite) });
    expect((await saveForm('PUT', `/api/dashboard/product-sessions/${afterFirst}`, form(first))).statusCode).toBe(200);
    expect((await saveForm('PUT', `/api/dashboard/product-sessions/${afterQuiz}`, form(quiz))).statusCode).toBe(200);
    const buyer = await newBuyer(app);
    await buy(app, buyer, course.id);

    const locks = (await courseOf(buyer, course.id)).sessions.map((s) => s.lock);
    expect(locks).toEqual([
      null,
      null,
      { opens_at: null, days_after_purchase: null, prerequisite: { id: first, title: 'جلسه 1', kind: 'lesson' } },
      { opens_at: null, days_after_purchase: null, prerequisite: { id: quiz, title: 'جلسه 2', kind: 'quiz' } },
    ]);
    const lessonRefused = await progress(buyer, afterFirst, { done: true });
    expect(lessonRefused.json().message).toBe('این جلسه هنوز باز نیست: پس از انجام جلسهٔ «جلسه 1» باز می‌شود.');
    const quizRefused = await progress(buyer, afterQuiz, { done: true });
    expect(quizRefused.json().message).toBe('این جلسه هنوز باز نیست: پس از قبولی در «جلسه 2» باز می‌شود.');

    expect((await progress(buyer, first, { done: true })).statusCode).toBe(200);
    expect((await detailOf(buyer, afterFirst)).lock).toBeNull();
    const user = { id: buyer.id, is_email_verified: true } as Parameters<typeof setSessionProgress>[1];
    await setSessionProgress(app.db, user, quiz, { done: true }, 'quiz');
    expect((await detailOf(buyer, afterQuiz)).lock).toBeNull();
  });

  it('resumes the first session left that is open: past a locked one, at one its prerequisite just opened, none while all left are locked', async () => {
    const course = await newCourse(app, { price: 1000, sessions: [{}, {}, {}] });
    const [first, dated, afterFirst] = course.sessionIds as [number, number, number];
    await setRules(dated, { release_days: 7 });
    await setRules(afterFirst, { prerequisite_session_id: first });
    const buyer = await newBuyer(app);
    await buy(app, buyer, course.id);
    const resumeOf = async () => {
      const listed = (await app.inject({ url: '/api/bought-products', headers: buyer.headers })).json<{ data: Array<{ id: number; progress: ProductDetail['progress'] }> }>().data;
      const page = (await courseOf(buyer, course.id)).progress!;
      expect(listed.find((product) => product.id === course.id)!.progress).toEqual(page);
      return page.resume_session_id;
    };
    expect(await resumeOf()).toBe(first);

    // Done by this save, the first opens the third, which the save's own answer already resumes.
    const saved = await progress(buyer, first, { done: true });
    expect(saved.json().data.progress).toMatchObject({ done: 1, resume_session_id: afterFirst });
    expect(saved.json().data.progress.left.map((s: { session_id: number }) => s.session_id)).toEqual([dated, afterFirst]);
    expect(await resumeOf()).toBe(afterFirst);

    const last = await progress(buyer, afterFirst, { done: true });
    expect(last.json().data.progress).toMatchObject({ done: 2, resume_session_id: null, left: [{ session_id: dated }] });
    expect(await resumeOf()).toBeNull();
    // Undone, the first closes the third again: the answer resumes the first.
    const undone = await progress(buyer, first, { done: false });
    expect(undone.json().data.progress).toMatchObject({ done: 1, resume_session_id: first });
  });

  it('refuses a locked quiz its start with 423', async () => {
    const course = await newCourse(app, { price: 1000, sessions: [{}, { kind: 'quiz' }] });
    await setRules(course.sessionIds[1]!, { prerequisite_session_id: course.sessionIds[0]! });
    const buyer = await newBuyer(app);
    await buy(app, buyer, course.id);
    const start = await app.inject({ method: 'POST', url: `/api/product-sessions/${course.sessionIds[1]}/quiz/attempts`, headers: buyer.headers });
    expect(start.statusCode).toBe(423);
    expect(start.json().message).toBe('این جلسه هنوز باز نیست: پس از انجام جلسهٔ «جلسه 1» باز می‌شود.');
  });

  it('lets staff lift a lock or move its date for one buyer only, audited', async () => {
    const course = await newCourse(app, { price: 1000, sessions: [{}, {}] });
    const lesson = course.sessionIds[1]!;
    await setRules(lesson, { release_days: 30, prerequisite_session_id: course.sessionIds[0]! });
    const [lifted, moved, other] = await Promise.all([newBuyer(app), newBuyer(app), newBuyer(app)]);
    for (const buyer of [lifted, moved, other]) await buy(app, buyer, course.id);
    const unlock = (payload: object) => app.inject({ method: 'PUT', url: `/api/dashboard/product-sessions/${lesson}/unlocks`, headers: staff, payload });

    const lift = await unlock({ buyer: await emailOf(lifted), opens_date: null, reason: 'درخواست پشتیبانی' });
    expect(lift.statusCode).toBe(200);
    expect(lift.json<{ data: SessionUnlock }>().data).toMatchObject({ user_id: lifted.id, opens_at: null, reason: 'درخواست پشتیبانی', by_full_name: 'کارمند آزمایشی' });
    const tomorrow = jalaliDayKey(new Date(Date.now() + DAY_MS));
    expect((await unlock({ buyer: await emailOf(moved), opens_date: tomorrow, reason: '' })).statusCode).toBe(200);

    expect((await detailOf(lifted, lesson)).lock).toBeNull();
    const movedLock = (await detailOf(moved, lesson)).lock!;
    expect(movedLock).toMatchObject({ days_after_purchase: null, prerequisite: { id: course.sessionIds[0] } });
    expect(jalaliDayKey(new Date(movedLock.opens_at!))).toBe(tomorrow);
    expect((await detailOf(other, lesson)).lock).toMatchObject({ days_after_purchase: 30 });

    const list = await app.inject({ url: `/api/dashboard/product-sessions/${lesson}/unlocks`, headers: staff });
    expect(list.json<{ data: SessionUnlock[] }>().data.map((row) => row.user_id).sort()).toEqual([lifted.id, moved.id].sort());
    const stranger = await newBuyer(app);
    const unknown = await unlock({ buyer: await emailOf(stranger), opens_date: null });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.buyer).toEqual(['خریداری از این دوره با این ایمیل یافت نشد؛ ایمیل کامل خریدار را بنویسید.']);
    expect((await unlock({ buyer: await emailOf(moved), opens_date: '1405-13-40' })).json().errors.opens_date).toBeDefined();

    const removed = await app.inject({ method: 'DELETE', url: `/api/dashboard/product-sessions/${lesson}/unlocks/${lifted.id}`, headers: staff });
    expect(removed.statusCode).toBe(200);
    expect((await detailOf(lifted, lesson)).lock).not.toBeNull();
    const audit = await app.db.execute(sql`select count(*)::int as n from audit_log where entity_type = 'product_session' and entity_id = ${lesson}`);
    expect((audit as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(3);
    const buyerTries = await app.inject({ url: `/api/dashboard/product-sessions/${lesson}/unlocks`, headers: other.headers });
    expect(buyerTries.statusCode).toBe(403);
  });

  it('refuses a prerequisite of another course, itself or a cycle, and a missing day or count, on their fields', async () => {
    const course = await newCourse(app, { price: 1000, sessions: [{}, {}, {}] });
    const otherCourse = await newCourse(app, { price: 1000 });
    const [a, b, c] = course.sessionIds as [number, number, number];
    const put = (id: number, extra: Record<string, string>) => saveForm('PUT', `/api/dashboard/product-sessions/${id}`, sessionForm(course.id, extra));
    const errorsOf = async (id: number, extra: Record<string, string>) => {
      const response = await put(id, extra);
      expect(response.statusCode).toBe(422);
      return response.json<{ errors: Record<string, string[]> }>().errors;
    };
    expect((await errorsOf(a, { prerequisite_session_id: String(otherCourse.sessionIds[0]) })).prerequisite_session_id).toEqual(['جلسهٔ پیش‌نیاز باید از همین دوره باشد.']);
    expect((await errorsOf(a, { prerequisite_session_id: String(a) })).prerequisite_session_id).toEqual(['جلسه نمی‌تواند پیش‌نیاز خودش باشد.']);
    expect((await put(b, { prerequisite_session_id: String(a) })).statusCode).toBe(200);
    expect((await put(c, { prerequisite_session_id: String(b) })).statusCode).toBe(200);
    expect((await errorsOf(a, { prerequisite_session_id: String(c) })).prerequisite_session_id).toEqual([
      'این پیش‌نیاز دور می‌سازد: آن جلسه خودش پس از این جلسه باز می‌شود.',
    ]);
    expect((await errorsOf(a, { release: 'days_after_purchase' })).release_days).toEqual(['تعداد روز پس از خرید الزامی است']);
    expect((await errorsOf(a, { release: 'days_after_purchase', release_days: '۴۰۰' })).release_days).toEqual(['تعداد روز پس از خرید نباید بیشتر از ۳۶۵ باشد']);
    expect((await errorsOf(a, { release: 'on_date' })).release_date).toEqual(['تاریخ باز شدن الزامی است']);
    expect((await errorsOf(a, { release: 'on_date', release_date: '1405-12-31' })).release_date).toEqual([
      'تاریخ باز شدن را به شکل سال/ماه/روز شمسی بنویسید، مانند ۱۴۰۵/۰۹/۱۲.',
    ]);
    const days = await put(a, { release: 'days_after_purchase', release_days: '۷', release_date: '1405-09-12' });
    expect(days.json<{ data: DashboardProductSession }>().data).toMatchObject({ release: 'days_after_purchase', release_days: 7, release_date: null, release_at: null });
  });

  it('mails a buyer once when a session opens by its date, not before and not for a lifted one', async () => {
    const course = await newCourse(app, { price: 1000, sessions: [{}, {}, {}, {}] });
    const [, byDays, later, lifted] = course.sessionIds as [number, number, number, number];
    await setRules(byDays, { release_days: 7 });
    await setRules(later, { release_days: 30 });
    await setRules(lifted, { release_days: 6 });
    const buyer = await newBuyer(app);
    await buy(app, buyer, course.id);
    await boughtDaysAgo(buyer, course.id, 8);
    await app.db.insert(sessionUnlocks).values({ user_id: buyer.id, product_session_id: lifted, opens_at: null });
    const email = await emailOf(buyer);
    const opened = () => smtp.messages.filter((message) => message.to.includes(email) && message.subject.includes('جلسهٔ تازه باز شد'));

    expect(await mailOpenedSessions(app)).toBeGreaterThanOrEqual(1);
    const mail = await smtp.waitForMail((message) => message.to.includes(email) && message.subject.includes('جلسهٔ تازه باز شد'));
    expect(mail.subject).toBe('جلسهٔ تازه باز شد: جلسه 2 — آکادمی نوشتار');
    expect(mail.text).toContain(`جلسهٔ «جلسه 2» دوره «`);
    expect(mail.text).toContain(`https://shop.example/products/${course.id}/${byDays}`);
    expect(mail.html).toContain('dir="rtl"');
    await Promise.all([mailOpenedSessions(app), mailOpenedSessions(app)]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(opened()).toHaveLength(1);
  });
});
