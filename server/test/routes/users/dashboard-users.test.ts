import type { FastifyInstance } from 'fastify';
import type { Paginated, User } from '@shop/contracts';
import { DB_TARGETS, buildTestApp, csrfHeaders, loginToken } from '../../helpers/test-app';

describe.each(DB_TARGETS)('dashboard users API on %s', (target) => {
  let app: FastifyInstance;
  let superToken: string;
  beforeAll(async () => {
    app = await buildTestApp(target);
    superToken = await loginToken(app, 'super@example.com', 'Super12345');
  });
  afterAll(() => app.close());

  const list = (query: string, token?: string) =>
    app.inject({
      url: `/api/dashboard/users${query}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('answers 401 to visitors, before validating the query', async () => {
    expect((await list('')).statusCode).toBe(401);
    expect((await list('?sort=nope')).statusCode).toBe(401);
  });

  it('answers 403 forbidden to ordinary users and to staff without show-users', async () => {
    const ordinary = await list('', await loginToken(app, 'user@example.com', 'User12345'));
    expect(ordinary.statusCode).toBe(403);
    expect(ordinary.json().message).toContain('forbidden');
    const staff = await list('', await loginToken(app, 'staff@example.com', 'Staff12345'));
    expect(staff.statusCode).toBe(403);
    expect(staff.json().message).toContain('forbidden');
  });

  it('answers 403 without forbidden/unauthorized to staff with an unverified email', async () => {
    // A fresh account made staff through the users module (no dashboard endpoint for that yet).
    const register = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: await csrfHeaders(app),
      payload: { full_name: 'کارمند تازه', email: 'fresh@example.com', password: 'Fresh12345', password_confirmation: 'Fresh12345' },
    });
    expect(register.statusCode).toBe(201);
    const { users } = await import('../../../src/db/schema');
    const { eq } = await import('drizzle-orm');
    await app.db.update(users).set({ status: 'staff' }).where(eq(users.email, 'fresh@example.com'));
    const response = await list('', register.json().token);
    expect(response.statusCode).toBe(403);
    const { message } = response.json<{ message: string }>();
    expect(message).toContain('ایمیل شما تأیید نشده است');
    expect(message).not.toMatch(/forbidden|unauthorized/i);
  });

  it('lists users for super with pagination, search and sort', async () => {
    const all = await list('', superToken);
    expect(all.statusCode).toBe(200);
    const body = all.json<Paginated<User>>();
    expect(body.meta.total).toBeGreaterThanOrEqual(8);
    const created = body.data.map((u) => Date.parse(u.created_at));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    const staff = body.data.find((u) => u.email === 'staff@example.com');
    expect(staff?.permissions.map((p) => p.name).sort()).toEqual(['manage-posts', 'show-comments']);

    const paged = (await list('?per_page=3&page=2&sort=full_name', superToken)).json<Paginated<User>>();
    expect(paged.meta).toMatchObject({ current_page: 2, per_page: 3 });
    expect(paged.data).toHaveLength(3);

    const byName = (await list('?sort=-full_name&per_page=50', superToken)).json<Paginated<User>>();
    expect(byName.data.length).toBe(body.meta.total);

    const byEmail = (await list('?q=STAFF@', superToken)).json<Paginated<User>>();
    expect(byEmail.data.map((u) => u.email)).toEqual(['staff@example.com']);
    const byPersianName = (await list(`?q=${encodeURIComponent('مریم')}`, superToken)).json<Paginated<User>>();
    expect(byPersianName.data.map((u) => u.email)).toEqual(['maryam@example.com']);
    const byArabicYe = (await list(`?q=${encodeURIComponent('كاربر نمونه'.replace('ی', 'ي'))}`, superToken)).json<Paginated<User>>();
    expect(byArabicYe.data.map((u) => u.email)).toEqual(['user@example.com']);
    const byMobile = (await list(`?q=${encodeURIComponent('۰۹۱۲۱۲۳۴۵۶۷')}`, superToken)).json<Paginated<User>>();
    expect(byMobile.data.map((u) => u.email)).toEqual(['user@example.com']);
    const wildcard = (await list('?q=%25', superToken)).json<Paginated<User>>();
    expect(wildcard.data).toEqual([]);

    const bad = await list('?sort=password_hash', superToken);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.sort).toHaveLength(1);
  });
});
