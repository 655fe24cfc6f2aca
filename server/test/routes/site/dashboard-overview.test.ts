/**
 * The dashboard home's figures (issue 8 "Dashboard home"; `GET /api/dashboard/overview`) through
 * real HTTP on every database target: who may call it, which keys each permission brings, and the
 * figures themselves — unread tickets, pending comments and new users followed through real
 * writes, and sales from real paid orders checked against the financial dashboard's own summaries.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DashboardOverview, Paginated, SalesSummaryAnswer, Ticket } from '@shop/contracts';
import { products } from '../../../src/modules/commerce/tables';
import { posts } from '../../../src/modules/content/tables';
import { users } from '../../../src/modules/users/tables';
import { insertOrders } from '../../../src/seed/orders';
import { addDays, tehranDateOf, tehranMidnight } from '../../../src/lib/jalali-periods';
import { MESSAGES } from '../../../src/lib/messages';
import { hashPassword } from '../../../src/lib/passwords';
import { createUser } from '../../../src/modules/users/users-service';
import { buy, insertDiscountedOrder, newBuyer, newCourse } from '../../helpers/commerce-fixtures';
import { headersOf, newStaff, type AuthHeaders } from '../../helpers/dashboard-actors';
import { DB_TARGETS, buildTestApp, csrfHeaders } from '../../helpers/test-app';

const OVERVIEW = '/api/dashboard/overview';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Price of the course sold ten days ago, so that day's figure is known to hold it. */
const PAST_PRICE = 777_000;

describe.each(DB_TARGETS)('dashboard overview API on %s', (target) => {
  let app: FastifyInstance;
  let superHeaders: AuthHeaders;
  let tenDaysAgo: Date;

  beforeAll(async () => {
    app = await buildTestApp(target);
    superHeaders = await headersOf(app, 'super@example.com');
    // A sale ten days ago, written before any summary reads (and rolls up) that day.
    tenDaysAgo = new Date(Date.now() - 10 * DAY_MS);
    const [buyer] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, 'user@example.com'));
    const [course] = await app.db
      .insert(products)
      .values({ title: 'دوره فروش ده روز پیش', slug: 'overview-past-sale', price: PAST_PRICE })
      .returning({ id: products.id, title: products.title, price: products.price });
    await insertOrders(app.db, [{ userId: buyer!.id, createdAt: tenDaysAgo, paidAt: tenDaysAgo, items: [{ product: course! }] }]);
  }, 120_000);
  afterAll(() => app?.close());

  const overviewOf = async (headers: Record<string, string>): Promise<DashboardOverview> => {
    const response = await app.inject({ url: OVERVIEW, headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: DashboardOverview }>().data;
  };
  const read = async <T>(url: string): Promise<T> => (await app.inject({ url, headers: superHeaders })).json<T>();

  it('answers 401 to visitors, 403 to ordinary users and to staff without a verified email', async () => {
    expect((await app.inject({ url: OVERVIEW, headers: await csrfHeaders(app) })).statusCode).toBe(401);
    const ordinary = await app.inject({ url: OVERVIEW, headers: await headersOf(app, 'user@example.com') });
    expect(ordinary.statusCode).toBe(403);
    expect(ordinary.json().message).toMatch(/^forbidden:/);
    const unverified = await app.inject({ url: OVERVIEW, headers: await newStaff(app, ['show-tickets'], { verified: false }) });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual({ message: MESSAGES.emailNotVerified });
  });

  it('holds only the keys the caller\'s permissions allow', async () => {
    expect(await overviewOf(await newStaff(app, []))).toEqual({});
    expect(Object.keys(await overviewOf(await newStaff(app, ['manage-posts', 'manage-links'])))).toEqual([]);
    const cases: Array<[Parameters<typeof newStaff>[1], Array<keyof DashboardOverview>]> = [
      [['show-tickets'], ['unread_tickets']],
      [['show-comments'], ['pending_comments']],
      [['show-financial-info'], ['sales']],
      [['show-users'], ['new_users_this_week']],
      [['show-tickets', 'show-users'], ['unread_tickets', 'new_users_this_week']],
    ];
    for (const [permissions, keys] of cases) {
      expect([permissions, Object.keys(await overviewOf(await newStaff(app, permissions))).sort()]).toEqual([permissions, [...keys].sort()]);
    }
    // The seeded staff account holds manage-posts and show-comments.
    expect(Object.keys(await overviewOf(await headersOf(app, 'staff@example.com')))).toEqual(['pending_comments']);
    expect(Object.keys(await overviewOf(superHeaders)).sort()).toEqual(['new_users_this_week', 'pending_comments', 'sales', 'unread_tickets']);
  });

  it('counts unread tickets as the tickets list does, and follows a new ticket and a read one', async () => {
    const unreadInList = async () => (await read<Paginated<Ticket>>('/api/dashboard/contact-us?status=unread')).meta.total;
    const before = (await overviewOf(superHeaders)).unread_tickets!;
    expect(before).toBe(await unreadInList());
    expect(before).toBeGreaterThan(0);
    const sender = await newBuyer(app);
    const sent = await app.inject({ method: 'POST', url: '/api/tickets', headers: sender.headers, payload: { title: 'پرسش تازه', text: 'متن پرسش تازه برای پیشخوان' } });
    expect(sent.statusCode).toBe(201);
    expect((await overviewOf(superHeaders)).unread_tickets).toBe(before + 1);
    await app.inject({ method: 'POST', url: `/api/dashboard/contact-us/${sent.json().data.id}/read`, headers: superHeaders });
    expect((await overviewOf(superHeaders)).unread_tickets).toBe(before);
    expect(await unreadInList()).toBe(before);
  });

  it('counts comments waiting for approval as the moderation list does, and follows a new one', async () => {
    const pendingInList = async () => (await read<Paginated<unknown>>('/api/dashboard/comments?status=pending')).meta.total;
    const before = (await overviewOf(superHeaders)).pending_comments!;
    expect(before).toBe(await pendingInList());
    const commenter = await newBuyer(app);
    const [post] = await app.db.select({ id: posts.id }).from(posts).where(eq(posts.comment_status, 'open')).limit(1);
    const posted = await app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: commenter.headers,
      payload: { user_id: commenter.id, text: 'دیدگاهی در انتظار تأیید', commentable_id: post!.id, commentable_type: 'post' },
    });
    expect(posted.statusCode).toBe(201);
    expect((await overviewOf(superHeaders)).pending_comments).toBe(before + 1);
    expect(await pendingInList()).toBe(before + 1);
  });

  it('counts users registered in the last 7 days', async () => {
    const count = async () => (await overviewOf(superHeaders)).new_users_this_week!;
    const before = await count();
    const addUser = async (daysAgo: number) =>
      createUser(app.db, {
        full_name: 'کاربر تازه',
        email: `new-${daysAgo}-${Date.now()}@example.com`,
        password_hash: await hashPassword('Secret123'),
        created_at: new Date(Date.now() - daysAgo * DAY_MS),
      });
    await addUser(8);
    expect(await count()).toBe(before);
    await addUser(6);
    expect(await count()).toBe(before + 1);
    await newBuyer(app);
    expect(await count()).toBe(before + 2);
  });

  it('reports sales from paid orders: today, this Jalali month and the last 30 Tehran days, as the sales summaries do', async () => {
    const summary = (period: string) => read<SalesSummaryAnswer>(`/api/dashboard/financial-info/sales?period=${period}`);
    const before = (await overviewOf(superHeaders)).sales!;
    const price = 1_250_000;
    const course = await newCourse(app, { price });
    await buy(app, await newBuyer(app), course.id);
    const after = (await overviewOf(await newStaff(app, ['show-financial-info']))).sales!;

    expect(after.today).toBe(before.today + price);
    expect(after.this_month).toBe(before.this_month + price);
    expect(after.today).toBe((await summary('day')).meta.total_amount);
    expect(after.this_month).toBe((await summary('month')).meta.total_amount);
    // Thirty consecutive Tehran days, oldest first, ending today; zero-filled like the summaries' series.
    const today = tehranDateOf(new Date());
    expect(after.last_30_days.map((d) => d.date)).toEqual(
      Array.from({ length: 30 }, (_, i) => tehranMidnight(addDays(today, i - 29)).toISOString()),
    );
    const lastDay = after.last_30_days.at(-1)!;
    expect(lastDay).toEqual({ date: lastDay.date, count: before.last_30_days.at(-1)!.count + 1, total: after.today });
    const series = new Map((await summary('three-months')).series.map((d) => [d.date, d]));
    for (const day of after.last_30_days) expect(day).toEqual(series.get(day.date));
    const pastDay = after.last_30_days.find((d) => d.date === tehranMidnight(tehranDateOf(tenDaysAgo)).toISOString())!;
    expect(pastDay.total).toBeGreaterThanOrEqual(PAST_PRICE);

    // Net of discounts as the financial page's «خالص» (issue 32 item 6): a sale at 300 000 off.
    const buyer = await newBuyer(app);
    await insertDiscountedOrder(app, { userId: buyer.id, code: 'NET32', paidAt: new Date(), items: [{ product: { id: course.id, title: 'دوره با تخفیف', price }, discount: 300_000 }] });
    const discounted = (await overviewOf(superHeaders)).sales!;
    expect([discounted.today, discounted.today_net]).toEqual([after.today + price, after.today_net + price - 300_000]);
    expect(discounted.this_month_net).toBe(after.this_month_net + price - 300_000);
    expect(discounted.today_net).toBe((await summary('day')).meta.total_net);
    expect(discounted.this_month_net).toBe((await summary('month')).meta.total_net);
  });
});
