/**
 * The authorization matrix (issue 7), generated from the server's route table (`app.routeAccess`),
 * not written per route: every `/api/dashboard/*` route and every other mutating route is called by
 * a visitor, an ordinary user, staff without the route's permission, staff with it, and super
 * (a route for any dashboard user, issue 8, admits both staff). Refused callers get 401/403 and change nothing in the database; allowed callers never get
 * 401/403. A route that declares no access stops the server from starting, so it cannot be missed.
 * Then the IDOR checks: one user can never read or change another user's profile, cart, orders,
 * progress or tickets (nor a ticket's thread, issue 32 item 3).
 */
import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import { products } from '../../src/modules/commerce/tables';
import { users } from '../../src/modules/users/tables';
import { PERMISSIONS, SUPER_ONLY, type AccessRequirement, type PermissionName } from '@shop/contracts';
import routeAccessPlugin, { type RouteAccessEntry } from '../../src/plugins/app/route-access';
import { requireDashboardUser, requireUser } from '../../src/plugins/app/auth';
import { issueToken } from '../../src/modules/users/access-tokens';
import { hashPassword } from '../../src/lib/passwords';
import { createUser, grantPermissions } from '../../src/modules/users/users-service';
import { buildTestApp, csrfHeaders, DB_TARGETS, loginToken } from '../helpers/test-app';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Any path parameter: an id that exists nowhere, so allowed calls never touch real rows. */
const UNKNOWN_ID = '999999';

type Actor = 'visitor' | 'ordinary' | 'staff without' | 'staff with' | 'super';
const ACTORS: Actor[] = ['visitor', 'ordinary', 'staff without', 'staff with', 'super'];

/** The routes the matrix covers: the dashboard API and every mutating route. */
function coveredRoutes(table: RouteAccessEntry[]): RouteAccessEntry[] {
  return table.filter((r) => r.url.startsWith('/api/dashboard/') || r.url === '/api/dashboard' || MUTATING.has(r.method));
}

/** True when the actor may call a route of this access. */
function isAllowed(access: RouteAccessEntry['access'], actor: Actor): boolean {
  if (access === 'public') return true;
  if (access === 'signed-in') return actor !== 'visitor';
  if (access === 'dashboard') return actor === 'staff with' || actor === 'staff without' || actor === 'super';
  // Only super passes SUPER_ONLY (the audit log): no staff holds it.
  if (access.permission === SUPER_ONLY) return actor === 'super';
  return actor === 'staff with' || actor === 'super';
}

it('refuses to start when a route declares no access', async () => {
  const undeclared = Fastify({ logger: false });
  const start = async () => {
    await undeclared.register(routeAccessPlugin);
    await undeclared.register(async (scope) => {
      scope.post('/api/undeclared', async () => ({}));
    });
    await undeclared.ready();
  };
  await expect(start()).rejects.toThrow(/POST \/api\/undeclared declares no access/);
  const declared = Fastify({ logger: false });
  await declared.register(routeAccessPlugin);
  declared.post('/api/declared', { onRequest: requireUser }, async () => ({}));
  declared.get('/api/open', { config: { access: 'public' } }, async () => ({}));
  declared.get('/api/dashboard/home', { onRequest: requireDashboardUser }, async () => ({}));
  await declared.ready();
  expect(declared.routeAccess).toEqual([
    { method: 'POST', url: '/api/declared', access: 'signed-in' },
    { method: 'GET', url: '/api/open', access: 'public' },
    { method: 'GET', url: '/api/dashboard/home', access: 'dashboard' },
  ]);
  await declared.close();
});

describe.each(DB_TARGETS)('authorization matrix on %s', (target) => {
  let app: FastifyInstance;
  let csrf: Awaited<ReturnType<typeof csrfHeaders>>;
  const userIds = new Map<string, number>();
  /** One verified staff user per permission, holding only that permission. */
  const staffByPermission = new Map<PermissionName, number>();

  async function addUser(email: string, status: 'ordinary' | 'staff', permissions: PermissionName[] = []): Promise<number> {
    const user = await createUser(app.db, {
      full_name: 'کاربر ماتریس',
      email,
      password_hash: await hashPassword('Matrix12345'),
      status,
      email_verified_at: new Date(),
    });
    await grantPermissions(app.db, user.id, permissions);
    return user.id;
  }

  beforeAll(async () => {
    app = await buildTestApp(target, { rateLimit: { global: 1_000_000 } });
    csrf = await csrfHeaders(app);
    for (const row of await app.db.select({ id: users.id, email: users.email }).from(users)) userIds.set(row.email, row.id);
    for (const permission of PERMISSIONS) {
      staffByPermission.set(permission, await addUser(`matrix-${permission}@example.com`, 'staff', [permission]));
    }
  }, 120_000);

  afterAll(async () => {
    await app?.close();
  });

  /** A fresh token for the actor (logout revokes the one it is called with). */
  async function tokenOf(actor: Actor, permission: AccessRequirement | undefined): Promise<string | null> {
    // For SUPER_ONLY, "staff with" and "staff without" are two staff users holding other permissions.
    const index = permission && permission !== SUPER_ONLY ? PERMISSIONS.indexOf(permission) : 0;
    const id =
      actor === 'visitor'
        ? null
        : actor === 'ordinary'
          ? userIds.get('user@example.com')!
          : actor === 'super'
            ? userIds.get('super@example.com')!
            : actor === 'staff with'
              ? staffByPermission.get(PERMISSIONS[index]!)!
              : staffByPermission.get(PERMISSIONS[(index + 1) % PERMISSIONS.length]!)!;
    return id === null ? null : (await issueToken(app.db, id)).token;
  }

  /** Rows of a raw query on either database driver. */
  async function rowsOf<T>(query: SQL): Promise<T[]> {
    const result = (await app.db.execute(query)) as unknown as { rows?: T[] } | T[];
    return Array.isArray(result) ? result : (result.rows ?? []);
  }

  /**
   * A fingerprint of every table but the tokens (reading a token stamps its `last_used_at`):
   * the row count and an md5 of the rows of each, in one query.
   */
  async function databaseFingerprint(): Promise<string> {
    const tables = await rowsOf<{ tablename: string }>(
      sql`select tablename from pg_tables where schemaname = 'public' and tablename <> 'personal_access_tokens' order by tablename`,
    );
    const names = tables.map((t) => t.tablename);
    const parts = names.map(
      (name) => `(select '${name}:' || count(*) || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') from "${name}" t)`,
    );
    const [row] = await rowsOf<{ fingerprint: string }>(sql.raw(`select concat_ws(',', ${parts.join(', ')}) as fingerprint`));
    return row!.fingerprint;
  }

  async function call(route: RouteAccessEntry, token: string | null): Promise<LightMyRequestResponse> {
    const url = route.url.replace(/:[A-Za-z]+/g, UNKNOWN_ID);
    const headers: Record<string, string> = { ...csrf };
    if (token) headers.authorization = `Bearer ${token}`;
    return app.inject({
      method: route.method as 'GET',
      url,
      headers,
      ...(MUTATING.has(route.method) ? { payload: {} } : {}),
    });
  }

  it('covers the dashboard and every mutating route, each with a declared access', () => {
    const routes = coveredRoutes(app.routeAccess);
    expect(routes.length).toBeGreaterThan(40);
    const dashboardRoutes = routes.filter((r) => r.url.startsWith('/api/dashboard/'));
    for (const route of dashboardRoutes) {
      const access = route.access;
      const declared = typeof access === 'object' && (access.permission === SUPER_ONLY || PERMISSIONS.includes(access.permission));
      expect([route.url, access === 'dashboard' || declared]).toEqual([route.url, true]);
    }
    // The one route for any dashboard user: the home's figures (issue 8).
    expect(dashboardRoutes.filter((r) => r.access === 'dashboard').map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/dashboard/overview']);
  });

  it('lists the ticket threads\' routes (issue 32 item 3): the sender\'s signed in, staff\'s behind show-tickets', () => {
    const accessOf = (method: string, url: string) => app.routeAccess.find((r) => r.method === method && r.url === url)?.access;
    const showTickets = { permission: 'show-tickets' };
    expect(
      [
        ['GET', '/api/tickets'],
        ['GET', '/api/tickets/:ticketId'],
        ['POST', '/api/tickets/:ticketId/replies'],
        ['GET', '/api/dashboard/contact-us/:id'],
        ['POST', '/api/dashboard/contact-us/:id/replies'],
        ['POST', '/api/dashboard/contact-us/:id/close'],
        ['POST', '/api/dashboard/contact-us/:id/reopen'],
      ].map(([method, url]) => [method, url, accessOf(method!, url!)]),
    ).toEqual([
      ['GET', '/api/tickets', 'signed-in'],
      ['GET', '/api/tickets/:ticketId', 'signed-in'],
      ['POST', '/api/tickets/:ticketId/replies', 'signed-in'],
      ['GET', '/api/dashboard/contact-us/:id', showTickets],
      ['POST', '/api/dashboard/contact-us/:id/replies', showTickets],
      ['POST', '/api/dashboard/contact-us/:id/close', showTickets],
      ['POST', '/api/dashboard/contact-us/:id/reopen', showTickets],
    ]);
  });

  it('answers every caller as the route table says, and refused calls change nothing', async () => {
    const failures: string[] = [];
    for (const route of coveredRoutes(app.routeAccess)) {
      const permission = typeof route.access === 'object' ? route.access.permission : undefined;
      const refusedActors = ACTORS.filter((actor) => !isAllowed(route.access, actor));
      const allowedActors = ACTORS.filter((actor) => isAllowed(route.access, actor));
      // Refused callers first, between two fingerprints of the database.
      const before = refusedActors.length > 0 ? await databaseFingerprint() : '';
      for (const actor of refusedActors) {
        const response = await call(route, await tokenOf(actor, permission));
        const expected = actor === 'visitor' ? 401 : 403;
        if (response.statusCode !== expected) {
          failures.push(`${route.method} ${route.url} as ${actor}: ${response.statusCode}, expected ${expected}: ${response.body.slice(0, 160)}`);
        }
      }
      if (refusedActors.length > 0 && (await databaseFingerprint()) !== before) {
        failures.push(`${route.method} ${route.url}: a refused call changed the database`);
      }
      for (const actor of allowedActors) {
        const response = await call(route, await tokenOf(actor, permission));
        if (response.statusCode === 401 || response.statusCode === 403 || response.statusCode >= 500) {
          failures.push(`${route.method} ${route.url} as ${actor}: ${response.statusCode}, expected neither 401/403 nor 5xx: ${response.body.slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);

  describe('IDOR: one user never reads or changes another user\'s data', () => {
    let tokenA: string;
    let tokenB: string;
    let idB: number;
    let orderB: number;
    let productB: number;

    const as = (token: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, headers: Record<string, string> = {}) =>
      app.inject({ method, url, headers: { authorization: `Bearer ${token}`, ...headers }, ...(payload ? { payload } : {}) });

    beforeAll(async () => {
      tokenA = await loginToken(app, 'user@example.com', 'User12345');
      idB = await addUser('idor-b@example.com', 'ordinary');
      tokenB = (await issueToken(app.db, idB)).token;
      const [paid] = await app.db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.is_active, true), gt(products.price, 0)))
        .orderBy(products.id)
        .limit(1);
      productB = paid!.id;
      expect((await as(tokenB, 'POST', '/api/cart', { product_id: productB })).statusCode).toBe(201);
      const checkout = await as(tokenB, 'POST', '/api/checkout', {}, { 'idempotency-key': 'idor-b-checkout-0001' });
      expect(checkout.statusCode).toBe(201);
      orderB = checkout.json<{ data: { order: { id: number } } }>().data.order.id;
      const ticket = await as(tokenB, 'POST', '/api/tickets', { title: 'پرسش محرمانه ب', text: 'متن محرمانه کاربر ب برای پشتیبانی' });
      expect(ticket.statusCode).toBe(201);
    });

    it('sees the database change when a call does change it (the fingerprint can fail)', async () => {
      const before = await databaseFingerprint();
      const ticket = await as(tokenB, 'POST', '/api/tickets', { title: 'پرسش دوم ب', text: 'متن دوم کاربر ب برای پشتیبانی' });
      expect(ticket.statusCode).toBe(201);
      expect(await databaseFingerprint()).not.toBe(before);
    });

    it('keeps orders to their owner', async () => {
      const before = await databaseFingerprint();
      const read = await as(tokenA, 'GET', `/api/orders/${orderB}`);
      expect([403, 404]).toContain(read.statusCode);
      expect(read.body).not.toContain('idor-b@example.com');
      const pay = await as(tokenA, 'POST', `/api/orders/${orderB}/pay`, {});
      expect([403, 404]).toContain(pay.statusCode);
      // Cancelling (issue 32 item 2): another user's order is unknown to them, and stays unpaid.
      const cancel = await as(tokenA, 'POST', `/api/orders/${orderB}/cancel`, {});
      expect(cancel.statusCode).toBe(404);
      expect(cancel.body).not.toContain('idor-b@example.com');
      expect(await databaseFingerprint()).toBe(before);
    });

    it('keeps carts to their owner', async () => {
      const before = await databaseFingerprint();
      const cartA = await as(tokenA, 'GET', '/api/cart');
      expect(cartA.statusCode).toBe(200);
      expect(cartA.json<{ data: { items: Array<{ product_id?: number; id?: number }> } }>().data.items).toEqual([]);
      expect((await as(tokenA, 'DELETE', `/api/cart/${productB}`)).statusCode).toBe(404);
      expect(await databaseFingerprint()).toBe(before);
      const cartB = await as(tokenB, 'GET', '/api/cart');
      expect(cartB.json<{ data: { items: unknown[] } }>().data.items).toHaveLength(1);
    });

    it('keeps profiles to their owner: ids in a body are ignored', async () => {
      const answer = await as(tokenA, 'PUT', '/api/profile', {
        id: idB,
        user_id: idB,
        full_name: 'نام تازه کاربر الف',
        email: 'user@example.com',
      });
      expect(answer.statusCode).toBe(200);
      const me = await as(tokenB, 'POST', '/api/auth/logged-in-user-info', {});
      expect(me.json<{ data: { user: { full_name: string; id: number } } }>().data.user).toMatchObject({ id: idB, full_name: 'کاربر ماتریس' });
      const meA = await as(tokenA, 'POST', '/api/auth/logged-in-user-info', {});
      expect(meA.json<{ data: { user: { full_name: string } } }>().data.user.full_name).toBe('نام تازه کاربر الف');
    });

    it('keeps a buyer\'s lesson file link to the buyer: another user and a visitor get 403 (issue 31 item 4)', async () => {
      const json = async <T>(url: string) => (await as(tokenA, 'GET', url)).json<{ data: T }>().data;
      let fileUrl: string | null = null;
      for (const course of await json<Array<{ id: number }>>('/api/bought-products')) {
        for (const { id } of (await json<{ sessions: Array<{ id: number }> }>(`/api/products/${course.id}`)).sessions) {
          fileUrl ??= (await json<{ file_url: string | null }>(`/api/product-sessions/${id}`)).file_url;
        }
      }
      expect(fileUrl).toMatch(/^\/api\/media\/sessions\/\d+\?/);
      expect((await as(tokenA, 'GET', fileUrl!)).statusCode).toBe(200);
      expect((await as(tokenB, 'GET', fileUrl!)).statusCode).toBe(403);
      expect((await app.inject({ url: fileUrl! })).statusCode).toBe(403);
    });

    it('keeps a ticket\'s thread to its sender: another user reads and replies 404 and changes nothing (issue 32 item 3)', async () => {
      const mine = (await as(tokenB, 'GET', '/api/tickets')).json<{ data: Array<{ id: number; title: string }> }>().data;
      const ticketB = mine.find((ticket) => ticket.title === 'پرسش محرمانه ب')!.id;
      const before = await databaseFingerprint();
      const read = await as(tokenA, 'GET', `/api/tickets/${ticketB}`);
      expect(read.statusCode).toBe(404);
      expect(read.body).not.toContain('محرمانه');
      expect((await as(tokenA, 'POST', `/api/tickets/${ticketB}/replies`, { text: 'پاسخ کاربر الف در تیکت ب' })).statusCode).toBe(404);
      const listA = await as(tokenA, 'GET', '/api/tickets');
      expect(listA.statusCode).toBe(200);
      expect(listA.body).not.toContain('محرمانه');
      expect(await databaseFingerprint()).toBe(before);
      expect((await as(tokenB, 'GET', `/api/tickets/${ticketB}`)).json<{ data: { title: string } }>().data.title).toBe('پرسش محرمانه ب');
    });

    it('keeps tickets and other users\' details out of an ordinary user\'s reach', async () => {
      for (const url of ['/api/dashboard/contact-us', '/api/dashboard/users', `/api/dashboard/users/${idB}`, `/api/dashboard/financial-info/orders/${orderB}`]) {
        const response = await as(tokenA, 'GET', url);
        expect(response.statusCode).toBe(403);
        expect(response.body).not.toContain('محرمانه');
        expect(response.body).not.toContain('idor-b@example.com');
      }
    });
  });
});
