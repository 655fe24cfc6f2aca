/**
 * Dashboard users (issue 7 "Dashboard users"; SPEC §2, §4, §6, §8) through real HTTP on every
 * database target: search and filters, the add/edit rules (who changes types and permissions,
 * the last super), deleting, and comment restrictions with their automatic end. Every refusal
 * is read back from the database to show nothing changed.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Paginated, User } from '@shop/contracts';
import { orders } from '../../../src/modules/commerce/tables';
import { posts } from '../../../src/modules/content/tables';
import { comments, likes } from '../../../src/modules/engagement/tables';
import { tickets } from '../../../src/modules/support/tables';
import { permissions, permissionUser, users } from '../../../src/modules/users/tables';
import { addToCart, checkout, newBuyer, newCourse } from '../../helpers/commerce-fixtures';
import { counterMismatches } from '../../helpers/counters';
import { DB_TARGETS, buildTestApp, csrfHeaders, loginToken } from '../../helpers/test-app';
import { USERS_MESSAGES } from '../../../src/modules/users';
import { SITE_MESSAGES } from '../../../src/modules/site';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(DB_TARGETS)('dashboard users API on %s', (target) => {
  let app: FastifyInstance;
  let superToken: string;
  /** A verified staff user holding only show-users (made through the API in the create tests). */
  let stafferToken: string;
  let stafferId: number;
  const permissionIds = new Map<string, number>();

  beforeAll(async () => {
    app = await buildTestApp(target, { rateLimit: { global: 1_000_000 } });
    superToken = await loginToken(app, 'super@example.com', 'Super12345');
    for (const row of await app.db.select().from(permissions)) permissionIds.set(row.name, row.id);
  }, 120_000);
  afterAll(() => app?.close());

  const call = (method: Method, url: string, token?: string, payload?: object) =>
    app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload ? { payload } : {}) });
  const list = (query: string, token: string = superToken) => call('GET', `/api/dashboard/users${query}`, token);
  const emailsOf = async (query: string) => (await list(query)).json<Paginated<User>>().data.map((u) => u.email).sort();
  const idOf = async (email: string) => (await app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
  const pid = (name: string) => permissionIds.get(name)!;

  /** A user's row and permission ids, straight from the database. */
  async function stored(id: number) {
    const [row] = await app.db.select().from(users).where(eq(users.id, id));
    const held = await app.db
      .select({ id: permissionUser.permission_id })
      .from(permissionUser)
      .where(eq(permissionUser.user_id, id))
      .orderBy(asc(permissionUser.permission_id));
    return row ? { ...row, permission_ids: held.map((p) => p.id) } : null;
  }
  const userCount = async () => (await app.db.select({ n: count() }).from(users))[0]!.n;

  /** Adds a user as super through the API; answers its id. */
  async function addUser(body: Record<string, unknown>): Promise<number> {
    const response = await call('POST', '/api/dashboard/users', superToken, {
      password: 'Strong12345',
      status: 'ordinary',
      permission_ids: [],
      ...body,
    });
    if (response.statusCode !== 201) throw new Error(`add user failed: ${response.body}`);
    return response.json<{ data: User }>().data.id;
  }

  describe('access', () => {
    it('answers 401 to visitors, before validating the query', async () => {
      expect((await call('GET', '/api/dashboard/users')).statusCode).toBe(401);
      expect((await call('GET', '/api/dashboard/users?sort=nope')).statusCode).toBe(401);
      const post = await app.inject({ method: 'POST', url: '/api/dashboard/users', headers: await csrfHeaders(app), payload: {} });
      expect(post.statusCode).toBe(401);
    });

    it('answers 403 forbidden to ordinary users and to staff without show-users', async () => {
      const ordinary = await list('', await loginToken(app, 'user@example.com', 'User12345'));
      expect(ordinary.statusCode).toBe(403);
      expect(ordinary.json().message).toContain('forbidden');
      const staffToken = await loginToken(app, 'staff@example.com', 'Staff12345');
      const staff = await list('', staffToken);
      expect(staff.statusCode).toBe(403);
      expect(staff.json().message).toContain('forbidden');
      const before = await userCount();
      const create = await call('POST', '/api/dashboard/users', staffToken, {
        full_name: 'کاربر تازه',
        email: 'nope@example.com',
        password: 'Strong12345',
        status: 'ordinary',
        permission_ids: [],
      });
      expect(create.statusCode).toBe(403);
      expect(await userCount()).toBe(before);
    });

    it('answers 403 without forbidden/unauthorized to staff with an unverified email', async () => {
      const register = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: await csrfHeaders(app),
        payload: { full_name: 'کارمند تازه', email: 'fresh@example.com', password: 'Fresh12345', password_confirmation: 'Fresh12345' },
      });
      expect(register.statusCode).toBe(201);
      await app.db.update(users).set({ status: 'staff' }).where(eq(users.email, 'fresh@example.com'));
      const response = await list('', register.json().token);
      expect(response.statusCode).toBe(403);
      const { message } = response.json<{ message: string }>();
      expect(message).toContain('ایمیل شما تأیید نشده است');
      expect(message).not.toMatch(/forbidden|unauthorized/i);
    });
  });

  describe('list, search and filters', () => {
    beforeAll(async () => {
      await addUser({ full_name: 'پریسا نوری', email: 'parisa.noori@example.com', mobile: '09127654321' });
      await addUser({ full_name: 'کامران ملکی', email: 'kamran@example.org', mobile: '0935 123 9120' });
    });

    it('lists users with pagination and sort', async () => {
      const all = await list('');
      expect(all.statusCode).toBe(200);
      const body = all.json<Paginated<User>>();
      expect(body.meta.total).toBe(await userCount());
      const created = body.data.map((u) => Date.parse(u.created_at));
      expect(created).toEqual([...created].sort((a, b) => b - a));

      const paged = (await list('?per_page=3&page=2&sort=full_name')).json<Paginated<User>>();
      expect(paged.meta).toMatchObject({ current_page: 2, per_page: 3 });
      expect(paged.data).toHaveLength(3);
      const byId = (await list('?sort=id&per_page=50')).json<Paginated<User>>().data.map((u) => u.id);
      expect(byId).toEqual([...byId].sort((a, b) => a - b));

      const bad = await list('?sort=password_hash');
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.sort).toHaveLength(1);
      expect((await list('?status=boss')).statusCode).toBe(422);
      expect((await list('?write_comment_status=maybe')).statusCode).toBe(422);
    });

    it('shows each user with permissions and the how-found answer', async () => {
      const data = (await list('?per_page=50')).json<Paginated<User>>().data;
      const staff = data.find((u) => u.email === 'staff@example.com');
      expect(staff?.permissions.map((p) => p.name).sort()).toEqual(['manage-posts', 'show-comments']);
      const ordinary = data.find((u) => u.email === 'user@example.com');
      expect(ordinary?.way_of_knowing_our_website).toBe('از طریق جست‌وجو در اینترنت');
    });

    it('finds any part of the mobile in Persian, Arabic-Indic or Latin digits, local or E.164', async () => {
      const local0912 = ['parisa.noori@example.com', 'user@example.com'];
      expect(await emailsOf(`?q=${encodeURIComponent('۰۹۱۲')}`)).toEqual(local0912);
      expect(await emailsOf(`?q=${encodeURIComponent('٠٩١٢')}`)).toEqual(local0912);
      expect(await emailsOf('?q=0912')).toEqual(local0912);
      // «912» is a part of all three numbers (+98912…, +98912…, +98935123 9120).
      const part = await emailsOf('?q=912');
      expect(part).toEqual(expect.arrayContaining([...local0912, 'kamran@example.org']));
      for (const user of (await list('?q=912&per_page=50')).json<Paginated<User>>().data) expect(user.mobile).toContain('912');
      // Spaces, dashes and the country code are all read as the same number.
      expect(await emailsOf(`?q=${encodeURIComponent('۰۹۱۲ ۷۶۵-۴۳')}`)).toEqual(['parisa.noori@example.com']);
      expect(await emailsOf(`?q=${encodeURIComponent('+98 912 765')}`)).toEqual(['parisa.noori@example.com']);
      expect(await emailsOf(`?q=${encodeURIComponent('00989127654321')}`)).toEqual(['parisa.noori@example.com']);
      expect(await emailsOf('?q=09351239120')).toEqual(['kamran@example.org']);
      expect(await emailsOf('?q=9120')).toContain('kamran@example.org');
      expect(await emailsOf('?q=0999999')).toEqual([]);
    });

    it('finds a part of the name (Arabic ي/ك too) or of the email, and no LIKE wildcards', async () => {
      expect(await emailsOf(`?q=${encodeURIComponent('نوری')}`)).toEqual(['parisa.noori@example.com']);
      expect(await emailsOf(`?q=${encodeURIComponent('كامران ملكي')}`)).toEqual(['kamran@example.org']);
      expect(await emailsOf(`?q=${encodeURIComponent('مریم')}`)).toEqual(['maryam@example.com']);
      expect(await emailsOf('?q=STAFF@')).toEqual(['staff@example.com']);
      expect(await emailsOf('?q=example.org')).toEqual(['kamran@example.org']);
      expect(await emailsOf('?q=%25')).toEqual([]);
      expect(await emailsOf('?q=_')).toEqual([]);
    });

    it('filters by type, verified and the comment status in force, with search', async () => {
      const staff = (await list('?status=staff&per_page=50')).json<Paginated<User>>().data;
      expect(staff.length).toBeGreaterThan(0);
      expect(staff.every((u) => u.status === 'staff')).toBe(true);
      expect(staff.map((u) => u.email)).toContain('staff@example.com');
      expect(await emailsOf('?status=super')).toEqual(['super@example.com']);

      const unverified = (await list('?verified=no&per_page=50')).json<Paginated<User>>().data;
      expect(unverified.map((u) => u.email)).toEqual(expect.arrayContaining(['ali@example.com', 'reza@example.com']));
      expect(unverified.every((u) => !u.is_email_verified)).toBe(true);
      const verified = (await list('?verified=yes&per_page=50')).json<Paginated<User>>();
      expect(verified.data.every((u) => u.is_email_verified)).toBe(true);
      const total = (await list('')).json<Paginated<User>>().meta.total;
      const unverifiedTotal = (await list('?verified=no')).json<Paginated<User>>().meta.total;
      expect(verified.meta.total + unverifiedTotal).toBe(total);

      // The seed bars one reader for good and one for a week.
      expect(await emailsOf('?write_comment_status=barred')).toEqual(['reza@example.com']);
      const paused = (await list('?write_comment_status=temporarily-barred')).json<Paginated<User>>().data;
      expect(paused.map((u) => u.email)).toEqual(['negar@example.com']);
      expect(Date.parse(paused[0]!.comment_barred_until!)).toBeGreaterThan(Date.now());
      expect(await emailsOf(`?write_comment_status=allowed&q=${encodeURIComponent('نگار')}`)).toEqual([]);
      expect(await emailsOf(`?status=ordinary&verified=yes&q=0912`)).toEqual(['parisa.noori@example.com', 'user@example.com']);
      expect(await emailsOf(`?status=staff&q=0912`)).toEqual([]);
    });
  });

  describe('add and edit', () => {
    const base = { full_name: 'کارمند پشتیبانی', mobile: '', permission_ids: [] as number[] };

    it('lets super add a staff user with permissions; the email counts as verified', async () => {
      const response = await call('POST', '/api/dashboard/users', superToken, {
        ...base,
        email: 'Staffer@Example.com',
        mobile: '۰۹۱۳۱۱۱۲۲۳۳',
        password: 'Staffer12345',
        status: 'staff',
        permission_ids: [pid('show-users'), pid('show-users')],
      });
      expect(response.statusCode).toBe(201);
      const { message, data } = response.json<{ message: string; data: User }>();
      expect(message).toBe(USERS_MESSAGES.userCreated);
      expect(data).toMatchObject({
        email: 'staffer@example.com',
        mobile: '+989131112233',
        status: 'staff',
        is_email_verified: true,
        write_comment_status: 'allowed',
      });
      expect(data.permissions.map((p) => p.name)).toEqual(['show-users']);
      stafferId = data.id;
      stafferToken = await loginToken(app, 'staffer@example.com', 'Staffer12345');
      expect((await list('', stafferToken)).statusCode).toBe(200);
      const read = await call('GET', `/api/dashboard/users/${stafferId}`, stafferToken);
      expect(read.statusCode).toBe(200);
      expect(read.json().data).toEqual(data);
    });

    it('refuses bad input with Persian field errors and writes nothing', async () => {
      const before = await userCount();
      const bad = await call('POST', '/api/dashboard/users', superToken, {
        full_name: 'ab',
        email: 'not-an-email',
        mobile: '12345',
        password: 'weak',
        status: 'boss',
        permission_ids: [0],
      });
      expect(bad.statusCode).toBe(422);
      const { errors } = bad.json<{ errors: Record<string, string[]> }>();
      expect(Object.keys(errors)).toEqual(expect.arrayContaining(['full_name', 'email', 'mobile', 'password', 'status']));
      for (const messages of Object.values(errors)) expect(messages[0]).toMatch(/[\u0600-\u06FF]/);

      const taken = await call('POST', '/api/dashboard/users', superToken, {
        ...base,
        email: 'USER@example.com',
        mobile: '09121234567',
        password: 'Strong12345',
        status: 'ordinary',
      });
      expect(taken.statusCode).toBe(422);
      expect(taken.json().errors).toEqual({ email: [USERS_MESSAGES.emailTaken], mobile: [USERS_MESSAGES.mobileTaken] });

      const ordinaryWithPermissions = await call('POST', '/api/dashboard/users', superToken, {
        ...base,
        email: 'perm-ordinary@example.com',
        password: 'Strong12345',
        status: 'ordinary',
        permission_ids: [pid('show-users')],
      });
      expect(ordinaryWithPermissions.statusCode).toBe(422);
      expect(ordinaryWithPermissions.json().errors).toEqual({ permission_ids: [USERS_MESSAGES.permissionsOnlyForStaff] });

      const unknownPermission = await call('POST', '/api/dashboard/users', superToken, {
        ...base,
        email: 'perm-unknown@example.com',
        password: 'Strong12345',
        status: 'staff',
        permission_ids: [pid('show-users'), 999_999],
      });
      expect(unknownPermission.statusCode).toBe(422);
      expect(unknownPermission.json().errors).toEqual({ permission_ids: [USERS_MESSAGES.permissionUnknown] });
      expect(await userCount()).toBe(before);
    });

    it('lets staff add only ordinary users without permissions', async () => {
      const before = await userCount();
      const asStaff = (body: object) => call('POST', '/api/dashboard/users', stafferToken, { ...base, password: 'Strong12345', ...body });
      const staffType = await asStaff({ email: 'by-staff-1@example.com', status: 'staff' });
      expect(staffType.statusCode).toBe(403);
      expect(staffType.json().message).toBe(USERS_MESSAGES.onlySuperChangesType);
      expect(staffType.json().message).toMatch(/^forbidden:/);
      expect((await asStaff({ email: 'by-staff-2@example.com', status: 'super' })).statusCode).toBe(403);
      const withPermissions = await asStaff({ email: 'by-staff-3@example.com', status: 'ordinary', permission_ids: [pid('show-users')] });
      expect(withPermissions.statusCode).toBe(403);
      expect(await userCount()).toBe(before);

      const ordinary = await asStaff({ email: 'by-staff-4@example.com', status: 'ordinary' });
      expect(ordinary.statusCode).toBe(201);
      expect(ordinary.json().data).toMatchObject({ status: 'ordinary', permissions: [], is_email_verified: true });
      expect(await userCount()).toBe(before + 1);
    });

    it('lets staff edit details when type and permissions are sent unchanged, and refuses changing them', async () => {
      const id = await addUser({ full_name: 'کاربر ویرایشی', email: 'editable@example.com' });
      const edit = (body: object) =>
        call('PUT', `/api/dashboard/users/${id}`, stafferToken, {
          full_name: 'کاربر ویرایش‌شده',
          email: 'editable@example.com',
          mobile: '09141112233',
          status: 'ordinary',
          permission_ids: [],
          ...body,
        });
      const ok = await edit({});
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ message: USERS_MESSAGES.userUpdated, data: { full_name: 'کاربر ویرایش‌شده', mobile: '+989141112233' } });

      const before = await stored(id);
      const promote = await edit({ full_name: 'نام دیگر', status: 'staff' });
      expect(promote.statusCode).toBe(403);
      expect(promote.json().message).toBe(USERS_MESSAGES.onlySuperChangesType);
      expect((await edit({ status: 'staff', permission_ids: [pid('show-users')] })).statusCode).toBe(403);
      expect(await stored(id)).toEqual(before);

      // A staff user's permission set: the same set passes, another one is refused.
      const staffId = await idOf('staff@example.com');
      const staffEdit = (ids: number[]) =>
        call('PUT', `/api/dashboard/users/${staffId}`, stafferToken, {
          full_name: 'پشتیبان سایت',
          email: 'staff@example.com',
          status: 'staff',
          permission_ids: ids,
        });
      const staffBefore = await stored(staffId);
      expect((await staffEdit([pid('show-comments'), pid('manage-posts')])).statusCode).toBe(200);
      const more = await staffEdit([pid('show-comments'), pid('manage-posts'), pid('show-users')]);
      expect(more.statusCode).toBe(403);
      expect(more.json().message).toBe(USERS_MESSAGES.onlySuperChangesType);
      expect((await staffEdit([pid('manage-posts')])).statusCode).toBe(403);
      expect((await stored(staffId))!.permission_ids).toEqual(staffBefore!.permission_ids);
    });

    it('lets only super edit a super account', async () => {
      const superId = await idOf('super@example.com');
      const before = await stored(superId);
      const response = await call('PUT', `/api/dashboard/users/${superId}`, stafferToken, {
        full_name: 'مدیر ربوده‌شده',
        email: 'super@example.com',
        status: 'super',
        permission_ids: [],
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(USERS_MESSAGES.onlySuperEditsSuper);
      expect(await stored(superId)).toEqual(before);
    });

    it('lets super change the type; permissions only for staff; ordinary drops them', async () => {
      const id = await addUser({ full_name: 'کاربر ارتقایی', email: 'promoted@example.com' });
      const edit = (body: object) =>
        call('PUT', `/api/dashboard/users/${id}`, superToken, {
          full_name: 'کاربر ارتقایی',
          email: 'promoted@example.com',
          status: 'ordinary',
          permission_ids: [],
          ...body,
        });
      const promoted = await edit({ status: 'staff', permission_ids: [pid('manage-posts'), pid('show-tickets')] });
      expect(promoted.statusCode).toBe(200);
      expect(promoted.json().data.status).toBe('staff');
      expect(promoted.json().data.permissions.map((p: { name: string }) => p.name).sort()).toEqual(['manage-posts', 'show-tickets']);

      const before = await stored(id);
      const keepPermissions = await edit({ status: 'ordinary', permission_ids: [pid('manage-posts')] });
      expect(keepPermissions.statusCode).toBe(422);
      expect(keepPermissions.json().errors).toEqual({ permission_ids: [USERS_MESSAGES.permissionsOnlyForStaff] });
      const unknown = await edit({ status: 'staff', permission_ids: [999_999] });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors).toEqual({ permission_ids: [USERS_MESSAGES.permissionUnknown] });
      expect(await stored(id)).toEqual(before);

      const demoted = await edit({ status: 'ordinary', permission_ids: [] });
      expect(demoted.statusCode).toBe(200);
      expect(demoted.json().data).toMatchObject({ status: 'ordinary', permissions: [] });
      expect((await stored(id))!.permission_ids).toEqual([]);
    });

    it('refuses a taken email or mobile and an unknown user', async () => {
      const id = await addUser({ full_name: 'کاربر تکراری', email: 'duplicate@example.com', mobile: '09151112233' });
      const before = await stored(id);
      const response = await call('PUT', `/api/dashboard/users/${id}`, superToken, {
        full_name: 'کاربر تکراری',
        email: 'staff@example.com',
        mobile: '+98 912 123 4567',
        status: 'ordinary',
        permission_ids: [],
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ email: [USERS_MESSAGES.emailTaken], mobile: [USERS_MESSAGES.mobileTaken] });
      expect(await stored(id)).toEqual(before);

      const unknown = await call('PUT', '/api/dashboard/users/999999', superToken, {
        full_name: 'کسی',
        email: 'nobody@example.com',
        status: 'ordinary',
        permission_ids: [],
      });
      expect(unknown.statusCode).toBe(404);
      expect((await call('GET', '/api/dashboard/users/999999', superToken)).statusCode).toBe(404);
      expect((await call('GET', '/api/dashboard/users/abc', superToken)).statusCode).toBe(404);
    });

    it('keeps the password when it is left empty; a new one revokes the user’s tokens', async () => {
      const id = await addUser({ full_name: 'کاربر رمزدار', email: 'password@example.com', password: 'First12345' });
      const token = await loginToken(app, 'password@example.com', 'First12345');
      const body = { full_name: 'کاربر رمزدار', email: 'password@example.com', status: 'ordinary', permission_ids: [] };
      expect((await call('PUT', `/api/dashboard/users/${id}`, superToken, { ...body, password: '' })).statusCode).toBe(200);
      expect((await call('POST', '/api/auth/logged-in-user-info', token)).statusCode).toBe(200);
      await loginToken(app, 'password@example.com', 'First12345');

      const weak = await call('PUT', `/api/dashboard/users/${id}`, superToken, { ...body, password: 'short' });
      expect(weak.statusCode).toBe(422);
      expect(weak.json().errors.password).toHaveLength(1);

      expect((await call('PUT', `/api/dashboard/users/${id}`, superToken, { ...body, password: 'Second12345' })).statusCode).toBe(200);
      expect((await call('POST', '/api/auth/logged-in-user-info', token)).statusCode).toBe(401);
      await expect(loginToken(app, 'password@example.com', 'First12345')).rejects.toThrow(/login failed/);
      await loginToken(app, 'password@example.com', 'Second12345');
    });

    it('keeps the caller signed in when a super changes their own password', async () => {
      await addUser({ full_name: 'مدیر دوم', email: 'second-super@example.com', status: 'super', password: 'Second12345' });
      const token = await loginToken(app, 'second-super@example.com', 'Second12345');
      const other = await loginToken(app, 'second-super@example.com', 'Second12345');
      const id = await idOf('second-super@example.com');
      const response = await call('PUT', `/api/dashboard/users/${id}`, token, {
        full_name: 'مدیر دوم',
        email: 'second-super@example.com',
        password: 'Third123456',
        status: 'super',
        permission_ids: [],
      });
      expect(response.statusCode).toBe(200);
      expect((await list('', token)).statusCode).toBe(200);
      expect((await list('', other)).statusCode).toBe(401);
    });

    it('never demotes the last super user', async () => {
      const secondId = await idOf('second-super@example.com');
      const superId = await idOf('super@example.com');
      const demote = (id: number, email: string, token = superToken) =>
        call('PUT', `/api/dashboard/users/${id}`, token, { full_name: 'مدیر', email, status: 'staff', permission_ids: [] });
      // Two supers: one may be demoted.
      expect((await demote(secondId, 'second-super@example.com')).statusCode).toBe(200);
      // Now one: demoting oneself, the last super, is refused.
      const before = await stored(superId);
      const last = await demote(superId, 'super@example.com');
      expect(last.statusCode).toBe(422);
      expect(last.json().errors).toEqual({ status: [USERS_MESSAGES.lastSuperUser] });
      expect(await stored(superId)).toEqual(before);
    });
  });

  describe('delete', () => {
    const remove = (id: number | string, token = superToken) => call('DELETE', `/api/dashboard/users/${id}`, token);

    it('refuses a user who bought something with 405 «operation is not valid»', async () => {
      const id = await idOf('user@example.com');
      const before = await stored(id);
      const response = await remove(id);
      expect(response.statusCode).toBe(405);
      expect(response.json().message).toBe(USERS_MESSAGES.operationNotValid);
      expect(await stored(id)).toEqual(before);
    });

    it('refuses a user with an unpaid order the same way (orders are kept), never with a 5xx', async () => {
      const buyer = await newBuyer(app);
      const course = await newCourse(app, { price: 90_000 });
      await addToCart(app, buyer, course.id);
      expect((await checkout(app, buyer)).statusCode).toBe(201);
      const response = await remove(buyer.id);
      expect(response.statusCode).toBe(405);
      expect(await stored(buyer.id)).not.toBeNull();
      expect((await app.db.select().from(orders).where(eq(orders.user_id, buyer.id))).length).toBe(1);
    });

    it('refuses deleting oneself, and staff deleting a super', async () => {
      const superId = await idOf('super@example.com');
      const self = await remove(superId);
      expect(self.statusCode).toBe(422);
      expect(self.json().message).toBe(USERS_MESSAGES.cannotDeleteSelf);
      const byStaff = await remove(superId, stafferToken);
      expect(byStaff.statusCode).toBe(403);
      expect(byStaff.json().message).toMatch(/^forbidden:/);
      const ownStaff = await remove(stafferId, stafferToken);
      expect(ownStaff.statusCode).toBe(422);
      expect(await stored(superId)).not.toBeNull();
      expect(await stored(stafferId)).not.toBeNull();
      expect((await remove(999_999)).statusCode).toBe(404);
    });

    it('deletes a user with comments, likes and tickets, and what was theirs', async () => {
      const id = await idOf('maryam@example.com');
      const counts = async () => ({
        comments: (await app.db.select().from(comments).where(eq(comments.user_id, id))).length,
        likes: (await app.db.select().from(likes).where(eq(likes.user_id, id))).length,
        tickets: (await app.db.select().from(tickets).where(eq(tickets.user_id, id))).length,
      });
      const before = await counts();
      expect(before.comments).toBeGreaterThan(0);
      expect(before.likes).toBeGreaterThan(0);
      expect(before.tickets).toBeGreaterThan(0);
      const token = await loginToken(app, 'maryam@example.com', 'Reader12345');
      const likedPost = (await app.db.select({ item: likes.likeable_id }).from(likes).where(and(eq(likes.user_id, id), eq(likes.likeable_type, 'post'))))[0]!.item;
      const likesOf = async () => (await app.inject({ url: `/api/posts/${likedPost}` })).json<{ data: { likes_count: number } }>().data.likes_count;
      const likedBefore = await likesOf();
      const response = await remove(id, stafferToken);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: USERS_MESSAGES.userDeleted });
      expect(await stored(id)).toBeNull();
      expect(await counts()).toEqual({ comments: 0, likes: 0, tickets: 0 });
      // Her likes and approved comments went through ON DELETE CASCADE: the counters followed.
      expect(await likesOf()).toBe(likedBefore - 1);
      expect(await counterMismatches(app.db)).toEqual([]);
      expect((await list('', token)).statusCode).toBe(401);
      expect((await remove(id)).statusCode).toBe(404);
    });
  });

  describe('comment restriction', () => {
    const restrict = (id: number, body: object, token = superToken) =>
      call('POST', `/api/dashboard/users/${id}/comment-status`, token, body);

    it('refuses an end in the past or missing, and an unknown status; nothing changes', async () => {
      const id = await idOf('ali@example.com');
      const before = await stored(id);
      const past = await restrict(id, { write_comment_status: 'temporarily-barred', barred_until: new Date(Date.now() - 60_000).toISOString() });
      expect(past.statusCode).toBe(422);
      expect(past.json().errors.barred_until).toEqual(['پایان محدودیت باید در آینده باشد']);
      const missing = await restrict(id, { write_comment_status: 'temporarily-barred' });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors.barred_until).toHaveLength(1);
      expect((await restrict(id, { write_comment_status: 'temporarily-barred', barred_until: 'فردا' })).statusCode).toBe(422);
      // A year past 9999 parses in JavaScript but not in the databases: refused, never a 5xx.
      expect((await restrict(id, { write_comment_status: 'temporarily-barred', barred_until: '+020000-01-01T00:00:00.000Z' })).statusCode).toBe(422);
      expect((await restrict(id, { write_comment_status: 'maybe' })).statusCode).toBe(422);
      expect(await stored(id)).toEqual(before);
      expect((await restrict(999_999, { write_comment_status: 'barred' })).statusCode).toBe(404);
    });

    it('bars for a while: the user cannot comment until the end, then can again by itself', async () => {
      const buyer = await newBuyer(app);
      const until = new Date(Date.now() + DAY_MS).toISOString();
      const barred = await restrict(buyer.id, { write_comment_status: 'temporarily-barred', barred_until: until }, stafferToken);
      expect(barred.statusCode).toBe(200);
      expect(barred.json()).toMatchObject({
        message: USERS_MESSAGES.commentStatusSaved,
        data: { write_comment_status: 'temporarily-barred', comment_barred_until: until },
      });
      expect((await list(`?write_comment_status=temporarily-barred&per_page=50`)).json<Paginated<User>>().data.map((u) => u.id)).toContain(buyer.id);

      const [post] = await app.db.select({ id: posts.id }).from(posts).where(eq(posts.is_active, true)).orderBy(asc(posts.id)).limit(1);
      const comment = () =>
        app.inject({
          method: 'POST',
          url: '/api/comments',
          headers: buyer.headers,
          payload: { user_id: buyer.id, parent_id: 0, text: 'دیدگاهی برای آزمون محدودیت', commentable_id: post!.id, commentable_type: 'post' },
        });
      const refused = await comment();
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(SITE_MESSAGES.commentBarredTemporarily);

      // The end passes (set in the database): the user reads as allowed and leaves the list.
      await app.db.update(users).set({ comment_barred_until: new Date(Date.now() - 1000) }).where(eq(users.id, buyer.id));
      const read = await call('GET', `/api/dashboard/users/${buyer.id}`, superToken);
      expect(read.json().data).toMatchObject({ write_comment_status: 'allowed', comment_barred_until: null });
      const temporary = (await list('?write_comment_status=temporarily-barred&per_page=50')).json<Paginated<User>>().data;
      expect(temporary.map((u) => u.id)).not.toContain(buyer.id);
      expect((await list(`?write_comment_status=allowed&per_page=50&sort=-id`)).json<Paginated<User>>().data.map((u) => u.id)).toContain(buyer.id);
      expect((await comment()).statusCode).toBe(201);
    });

    it('bars for good and frees again', async () => {
      const id = await idOf('sara@example.com');
      const barred = await restrict(id, { write_comment_status: 'barred', barred_until: new Date(Date.now() + DAY_MS).toISOString() });
      expect(barred.statusCode).toBe(200);
      expect(barred.json().data).toMatchObject({ write_comment_status: 'barred', comment_barred_until: null });
      expect(await emailsOf('?write_comment_status=barred')).toEqual(['reza@example.com', 'sara@example.com']);

      const freed = await restrict(id, { write_comment_status: 'allowed' });
      expect(freed.statusCode).toBe(200);
      expect(freed.json().data).toMatchObject({ write_comment_status: 'allowed', comment_barred_until: null });
      expect(await stored(id)).toMatchObject({ write_comment_status: 'allowed', comment_barred_until: null });

      // Freeing a temporary bar clears its end too.
      const negar = await idOf('negar@example.com');
      expect((await restrict(negar, { write_comment_status: 'allowed' })).statusCode).toBe(200);
      expect(await stored(negar)).toMatchObject({ write_comment_status: 'allowed', comment_barred_until: null });
      expect(await emailsOf('?write_comment_status=temporarily-barred')).toEqual([]);
    });

    it('lets only super restrict a super account', async () => {
      const superId = await idOf('super@example.com');
      const before = await stored(superId);
      const response = await restrict(superId, { write_comment_status: 'barred' }, stafferToken);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(USERS_MESSAGES.onlySuperEditsSuper);
      expect(await stored(superId)).toEqual(before);
    });
  });
});
