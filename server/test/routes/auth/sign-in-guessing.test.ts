/**
 * Password guessing spread over many addresses (issue 31 item 1): one account's tries from every
 * address together are limited for devices it never signed in on, never for its known devices,
 * and the failures and the lockout are in the audit log (item 7).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { auditLog } from '../../../src/modules/audit/tables';
import { KNOWN_DEVICE_COOKIE } from '../../../src/modules/auth/known-devices';
import { DB_TARGETS, buildTestApp, csrfHeaders, setCookie } from '../../helpers/test-app';
import { AUTH_MESSAGES } from '../../../src/modules/auth';
import { AUDIT_MESSAGES } from '../../../src/modules/audit';

/** Tries a new device may make on one account per window in these tests. */
const NEW_DEVICE_TRIES = 3;

describe.each(DB_TARGETS)('sign-in guessing on %s', (target) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(target, { rateLimit: { loginPerAccountNewDevice: NEW_DEVICE_TRIES } });
  });
  afterAll(() => app.close());

  let address = 0;
  /** A login from an address of its own (a new one each call, as a botnet's), with the given cookies. */
  async function login(body: object, cookies = '') {
    const csrf = await csrfHeaders(app);
    return app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: `10.31.${Math.floor(++address / 250)}.${address % 250}`,
      headers: { ...csrf, cookie: [csrf.cookie, cookies].filter(Boolean).join('; ') },
      payload: body,
    });
  }
  const auditOf = (actions: Array<'login_failed' | 'lockout'>, userId: number | null) =>
    app.db
      .select()
      .from(auditLog)
      .where(and(inArray(auditLog.action, actions), userId === null ? undefined : eq(auditLog.entity_id, userId)))
      .orderBy(auditLog.id);

  it('holds back new devices after the tries of the window, from any address, but never a device the owner signed in on', async () => {
    // The owner signs in once: this browser becomes a known device of the account.
    const owner = await login({ email: 'user@example.com', password: 'User12345' });
    expect(owner.statusCode).toBe(200);
    const device = setCookie(owner, KNOWN_DEVICE_COOKIE)!;
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    const userId = owner.json<{ data: { user: { id: number } } }>().data.user.id;
    const known = `${KNOWN_DEVICE_COOKIE}=${device.value}`;

    // Guesses from as many addresses (the owner's first sign-in was a try too): each is refused,
    // and the next new device waits.
    for (let i = 1; i < NEW_DEVICE_TRIES; i += 1) {
      expect((await login({ email: 'user@example.com', password: `Guess${i}abc` })).statusCode).toBe(422);
    }
    for (const password of ['Guess9abc', 'User12345']) {
      const held = await login({ email: 'USER@example.com', password });
      expect(held.statusCode).toBe(429);
      const wait = Number(held.headers['retry-after']);
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(15 * 60);
      expect(held.json()).toEqual({ message: AUTH_MESSAGES.loginNewDeviceWait(wait) });
    }
    // The owner's device passes from yet another address; a forged or another account's device does not.
    expect((await login({ email: 'user@example.com', password: 'User12345' }, known)).statusCode).toBe(200);
    const [, expires, mac] = device.value.split('.');
    expect((await login({ email: 'user@example.com', password: 'User12345' }, `${KNOWN_DEVICE_COOKIE}=${userId}.${expires}.${mac!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`)).statusCode).toBe(429);
    const staff = await login({ email: 'staff@example.com', password: 'Staff12345' });
    const staffDevice = `${KNOWN_DEVICE_COOKIE}=${setCookie(staff, KNOWN_DEVICE_COOKIE)!.value}`;
    expect((await login({ email: 'user@example.com', password: 'User12345' }, staffDevice)).statusCode).toBe(429);

    // The audit log has each failure, and the lockout once, on the account.
    const entries = await auditOf(['login_failed', 'lockout'], userId);
    expect(entries.map((entry) => entry.action)).toEqual([...Array(NEW_DEVICE_TRIES - 1).fill('login_failed'), 'lockout']);
    expect(entries[0]).toMatchObject({ actor_id: 0, actor_name: AUDIT_MESSAGES.auditUnknownActor, entity_type: 'user', ip: expect.stringMatching(/^10\.31\./) });
    expect(entries[0]!.after).toEqual({ identifier: 'user@example.com', by: 'password' });
    expect(entries.at(-1)!.after).toMatchObject({ identifier: 'user@example.com', by: 'password', until: expect.any(String) });
  });

  it('limits an unknown identifier the same way, so the limit tells nothing of who has an account', async () => {
    const email = 'nobody-here@example.com';
    for (let i = 0; i < NEW_DEVICE_TRIES; i += 1) expect((await login({ email, password: 'Whatever1' })).statusCode).toBe(422);
    expect((await login({ email, password: 'Whatever1' })).statusCode).toBe(429);
    const failures = await app.db.select().from(auditLog).where(eq(auditLog.action, 'login_failed'));
    expect(failures.filter((entry) => (entry.after as { identifier?: string }).identifier === email && entry.entity_id === null)).toHaveLength(NEW_DEVICE_TRIES);
  });
});
