/**
 * Dashboard permissions (issue 7 "Permissions"; SPEC §2, §3, §6) through real HTTP on every
 * database target: the seeded catalogue, create / rename / delete with the built-in refusals,
 * assigning and removing staff holders, and a new permission showing up in a staff user's list.
 * Every refusal is read back from the database to show nothing changed.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PERMISSIONS, type Paginated, type PermissionDetail, type User } from '@shop/contracts';
import { permissions, permissionUser, users } from '../../../src/modules/users/tables';
import { MESSAGES } from '../../../src/lib/messages';
import { hashPassword } from '../../../src/lib/passwords';
import { createUser, grantPermissions } from '../../../src/modules/users/users-service';
import { DB_TARGETS, buildTestApp, loginToken } from '../../helpers/test-app';
import { USERS_MESSAGES } from '../../../src/modules/users';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const BASE = '/api/dashboard/permissions';

describe.each(DB_TARGETS)('dashboard permissions API on %s', (target) => {
  let app: FastifyInstance;
  let superToken: string;
  let staffId: number;

  beforeAll(async () => {
    app = await buildTestApp(target, { rateLimit: { global: 1_000_000 } });
    superToken = await loginToken(app, 'super@example.com', 'Super12345');
    staffId = (await app.db.select({ id: users.id }).from(users).where(eq(users.email, 'staff@example.com')))[0]!.id;
  }, 120_000);
  afterAll(() => app?.close());

  const call = (method: Method, url: string, token: string | undefined = superToken, payload?: object) =>
    app.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload ? { payload } : {}) });
  const idOfName = async (name: string) =>
    (await app.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.name, name)))[0]?.id;
  const idOfEmail = async (email: string) => (await app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

  /** Every permission with its holder ids, straight from the database. */
  async function storedPermissions() {
    const rows = await app.db.select().from(permissions).orderBy(asc(permissions.id));
    const held = await app.db.select().from(permissionUser).orderBy(asc(permissionUser.permission_id), asc(permissionUser.user_id));
    return rows.map((row) => ({ ...row, users: held.filter((h) => h.permission_id === row.id).map((h) => h.user_id) }));
  }

  /** A verified staff user holding only the given permissions; answers its token. */
  async function staffWith(email: string, names: string[]): Promise<{ id: number; token: string }> {
    const user = await createUser(app.db, {
      full_name: 'کارمند آزمایشی',
      email,
      password_hash: await hashPassword('Staff12345'),
      status: 'staff',
      email_verified_at: new Date(),
    });
    await grantPermissions(app.db, user.id, names);
    return { id: user.id, token: await loginToken(app, email, 'Staff12345') };
  }

  it('answers 401 to visitors and 403 forbidden to ordinary users and staff without manage-permissions', async () => {
    expect((await call('GET', BASE, '')).statusCode).toBe(401);
    const ordinary = await call('GET', BASE, await loginToken(app, 'user@example.com', 'User12345'));
    expect(ordinary.statusCode).toBe(403);
    expect(ordinary.json().message).toMatch(/^forbidden:/);
    const staffToken = await loginToken(app, 'staff@example.com', 'Staff12345');
    const before = await storedPermissions();
    for (const [method, url, body] of [
      ['GET', BASE, undefined],
      ['POST', BASE, { name: 'staff-made' }],
      ['PUT', `${BASE}/1`, { name: 'renamed' }],
      ['DELETE', `${BASE}/1`, undefined],
      ['POST', `${BASE}/1/users`, { user_id: staffId }],
      ['DELETE', `${BASE}/1/users/${staffId}`, undefined],
    ] as Array<[Method, string, object | undefined]>) {
      const response = await call(method, url, staffToken, body);
      expect([method, url, response.statusCode]).toEqual([method, url, 403]);
    }
    expect(await storedPermissions()).toEqual(before);
  });

  it('lists the whole seeded catalogue as built in, with the holders of each', async () => {
    const response = await call('GET', `${BASE}?per_page=50`);
    expect(response.statusCode).toBe(200);
    const body = response.json<Paginated<PermissionDetail>>();
    expect(body.data.map((p) => p.name)).toEqual([...PERMISSIONS]);
    expect(body.data.every((p) => p.is_builtin)).toBe(true);
    const holders = (name: string) => body.data.find((p) => p.name === name)!.users;
    expect(holders('manage-posts')).toEqual([{ id: staffId, full_name: 'پشتیبان سایت', email: 'staff@example.com' }]);
    expect(holders('show-comments').map((u) => u.email)).toEqual(['staff@example.com']);
    expect(holders('show-users')).toEqual([]);

    const paged = (await call('GET', `${BASE}?per_page=5&page=2`)).json<Paginated<PermissionDetail>>();
    expect(paged.meta).toEqual({ current_page: 2, last_page: Math.ceil(PERMISSIONS.length / 5), per_page: 5, total: PERMISSIONS.length });
    expect(paged.data.map((p) => p.name)).toEqual(PERMISSIONS.slice(5, 10));
    const search = (await call('GET', `${BASE}?q=MANAGE-P`)).json<Paginated<PermissionDetail>>();
    expect(search.data.map((p) => p.name)).toEqual(['manage-posts', 'manage-podcasts', 'manage-products', 'manage-product-sessions', 'manage-permissions']);
    expect((await call('GET', `${BASE}?q=%25`)).json().data).toEqual([]);
  });

  it('creates a permission; a taken or malformed name is refused and nothing is written', async () => {
    const created = await call('POST', BASE, superToken, { name: 'view-reports' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      message: USERS_MESSAGES.permissionCreated,
      data: { id: expect.any(Number), name: 'view-reports', is_builtin: false, users: [] },
    });
    const one = await call('GET', `${BASE}/${created.json().data.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().data).toEqual(created.json().data);

    const before = await storedPermissions();
    const taken = await call('POST', BASE, superToken, { name: 'view-reports' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({ message: USERS_MESSAGES.permissionTaken, errors: { name: [USERS_MESSAGES.permissionTaken] } });
    const builtinName = await call('POST', BASE, superToken, { name: 'show-users' });
    expect(builtinName.statusCode).toBe(422);
    for (const name of ['View Reports', 'view--reports', '-view', 'گزارش', '', 'a'.repeat(101)]) {
      const bad = await call('POST', BASE, superToken, { name });
      expect([name, bad.statusCode]).toEqual([name, 422]);
      expect(bad.json().errors.name[0]).toMatch(/[\u0600-\u06FF]/);
    }
    expect((await call('POST', BASE, superToken, {})).statusCode).toBe(422);
    expect(await storedPermissions()).toEqual(before);
    expect((await call('GET', `${BASE}/999999`)).statusCode).toBe(404);
    expect((await call('GET', `${BASE}/abc`)).statusCode).toBe(404);
  });

  it('renames a permission of its own, never a built-in one or onto a taken name', async () => {
    const id = (await idOfName('view-reports'))!;
    const renamed = await call('PUT', `${BASE}/${id}`, superToken, { name: 'read-reports' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ message: USERS_MESSAGES.permissionUpdated, data: { id, name: 'read-reports', is_builtin: false } });
    expect((await call('PUT', `${BASE}/${id}`, superToken, { name: 'read-reports' })).statusCode).toBe(200);

    const before = await storedPermissions();
    const builtinId = (await idOfName('show-users'))!;
    const builtin = await call('PUT', `${BASE}/${builtinId}`, superToken, { name: 'see-users' });
    expect(builtin.statusCode).toBe(422);
    expect(builtin.json()).toEqual({ message: USERS_MESSAGES.permissionBuiltin, errors: { name: [USERS_MESSAGES.permissionBuiltin] } });
    const taken = await call('PUT', `${BASE}/${id}`, superToken, { name: 'manage-posts' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ name: [USERS_MESSAGES.permissionTaken] });
    expect((await call('PUT', `${BASE}/${id}`, superToken, { name: 'Bad Name' })).statusCode).toBe(422);
    expect((await call('PUT', `${BASE}/999999`, superToken, { name: 'ghost' })).statusCode).toBe(404);
    expect(await storedPermissions()).toEqual(before);
  });

  it('assigns staff users only, idempotently, and removes them', async () => {
    const id = (await idOfName('read-reports'))!;
    const assign = (userId: number | string) => call('POST', `${BASE}/${id}/users`, superToken, { user_id: userId });
    const assigned = await assign(staffId);
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toEqual({
      message: USERS_MESSAGES.permissionAssigned,
      data: { id, name: 'read-reports', is_builtin: false, users: [{ id: staffId, full_name: 'پشتیبان سایت', email: 'staff@example.com' }] },
    });
    const again = await assign(staffId);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.users).toHaveLength(1);

    const before = await storedPermissions();
    const ordinary = await assign(await idOfEmail('user@example.com'));
    expect(ordinary.statusCode).toBe(422);
    expect(ordinary.json()).toEqual({ message: USERS_MESSAGES.permissionsOnlyForStaff, errors: { user_id: [USERS_MESSAGES.permissionsOnlyForStaff] } });
    const superUser = await assign(await idOfEmail('super@example.com'));
    expect(superUser.statusCode).toBe(422);
    const unknown = await assign(999_999);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ user_id: [MESSAGES.userUnknown] });
    expect((await assign('abc')).statusCode).toBe(422);
    // Past the integer column: 422 on the field, not PostgreSQL's out-of-range error (issue 10 fuzz: 500).
    for (const huge of [2 ** 31, 2 ** 53 + 2, 1e308]) {
      const tooLarge = await assign(huge);
      expect([huge, tooLarge.statusCode, Object.keys(tooLarge.json().errors)]).toEqual([huge, 422, ['user_id']]);
    }
    expect((await call('POST', `${BASE}/999999/users`, superToken, { user_id: staffId })).statusCode).toBe(404);
    expect(await storedPermissions()).toEqual(before);

    // The staff user sees the new permission in their own user data.
    const staffToken = await loginToken(app, 'staff@example.com', 'Staff12345');
    const info = await call('POST', '/api/auth/logged-in-user-info', staffToken);
    expect(info.json().data.user.permissions.map((p: { name: string }) => p.name)).toContain('read-reports');
    const shown = await call('GET', `/api/dashboard/users/${staffId}`);
    expect(shown.json<{ data: User }>().data.permissions.map((p) => p.name)).toEqual(['show-comments', 'manage-posts', 'read-reports']);

    const removed = await call('DELETE', `${BASE}/${id}/users/${staffId}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ message: USERS_MESSAGES.permissionUnassigned, data: { id, users: [] } });
    expect((await call('DELETE', `${BASE}/${id}/users/${staffId}`)).statusCode).toBe(200);
    expect((await call('DELETE', `${BASE}/999999/users/${staffId}`)).statusCode).toBe(404);
    expect((await storedPermissions()).find((p) => p.id === id)!.users).toEqual([]);
  });

  it('deletes a permission of its own (holders lose it), never a built-in one', async () => {
    const builtinId = (await idOfName('show-comments'))!;
    const before = await storedPermissions();
    const builtin = await call('DELETE', `${BASE}/${builtinId}`);
    expect(builtin.statusCode).toBe(422);
    expect(builtin.json().message).toBe(USERS_MESSAGES.permissionBuiltin);
    expect(await storedPermissions()).toEqual(before);

    const id = (await idOfName('read-reports'))!;
    expect((await call('POST', `${BASE}/${id}/users`, superToken, { user_id: staffId })).statusCode).toBe(200);
    const removed = await call('DELETE', `${BASE}/${id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: USERS_MESSAGES.permissionDeleted });
    expect(await idOfName('read-reports')).toBeUndefined();
    expect((await app.db.select().from(permissionUser).where(eq(permissionUser.permission_id, id))).length).toBe(0);
    expect((await call('DELETE', `${BASE}/${id}`)).statusCode).toBe(404);
  });

  it('documents every permissions and users route in the OpenAPI document', async () => {
    const doc = (await app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(doc.paths['/api/dashboard/permissions']!).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/dashboard/permissions/{id}']!).sort()).toEqual(['delete', 'get', 'put']);
    expect(Object.keys(doc.paths['/api/dashboard/permissions/{id}/users']!)).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/dashboard/permissions/{id}/users/{userId}']!)).toEqual(['delete']);
    expect(Object.keys(doc.paths['/api/dashboard/users/{id}']!).sort()).toEqual(['delete', 'get', 'put']);
    expect(JSON.stringify(doc.paths['/api/dashboard/users/{id}/comment-status'])).toContain('barred_until');
    expect(JSON.stringify(doc.paths['/api/dashboard/users'])).toContain('permission_ids');
  });

  it('lets staff holding manage-permissions run the page, and super create, assign and see it work', async () => {
    const manager = await staffWith('permission-manager@example.com', ['manage-permissions']);
    expect((await call('GET', BASE, manager.token)).statusCode).toBe(200);
    const created = await call('POST', BASE, manager.token, { name: 'beta-features' });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    const reader = await staffWith('beta-staff@example.com', []);
    expect((await call('POST', `${BASE}/${id}/users`, manager.token, { user_id: reader.id })).statusCode).toBe(200);
    const info = await call('POST', '/api/auth/logged-in-user-info', reader.token);
    expect(info.json().data.user.permissions).toEqual([{ id, name: 'beta-features' }]);
  });
});
