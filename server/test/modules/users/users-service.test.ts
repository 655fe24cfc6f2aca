/**
 * Rules of modules/users/users-service.ts that HTTP cannot reach in one request, on every database
 * target: the last super user under races (a stale caller, two supers demoting each other at once),
 * and the comment status in force read by every reader of a user.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { User } from '@shop/contracts';
import { users } from '../../../src/modules/users/tables';
import { ApiError } from '../../../src/lib/api-error';
import { auditActor } from '../../../src/modules/audit/audit-log';
import { hasPaidOrders } from '../../../src/modules/commerce/ownership';
import { hashPassword } from '../../../src/lib/passwords';
import { deleteDashboardUser, listUsers, setCommentRestriction, updateDashboardUser } from '../../../src/modules/users/dashboard-users';
import { createUser, getUserById } from '../../../src/modules/users/users-service';
import { DB_TARGETS, buildTestApp } from '../../helpers/test-app';
import { USERS_MESSAGES } from '../../../src/modules/users';

describe.each(DB_TARGETS)('users service on %s', (target) => {
  let app: FastifyInstance;
  let passwordHash: string;

  beforeAll(async () => {
    app = await buildTestApp(target);
    passwordHash = await hashPassword('Super12345');
  }, 120_000);
  afterAll(() => app?.close());

  const newSuper = (email: string) =>
    createUser(app.db, { full_name: 'مدیر آزمایشی', email, password_hash: passwordHash, status: 'super', email_verified_at: new Date() });
  const superIds = async () =>
    (await app.db.select({ id: users.id }).from(users).where(eq(users.status, 'super'))).map((r) => r.id).sort((a, b) => a - b);
  const seededSuper = async () => (await getUserById(app.db, (await superIds())[0]!))!;
  const demote = (actor: User, target: User) =>
    updateDashboardUser(
      app.db,
      actor,
      target.id,
      { full_name: target.full_name, email: target.email, status: 'staff', permission_ids: [] },
      auditActor(actor, '127.0.0.1'),
    );
  const refusalOf = async (work: Promise<unknown>) => {
    const error = await work.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  };

  it('refuses a stale super deleting the last other super', async () => {
    const original = await seededSuper();
    const other = await newSuper('race-delete@example.com');
    // The caller signed in as super, then was demoted before the request ran: `other` is the last super.
    await app.db.update(users).set({ status: 'staff' }).where(eq(users.id, original.id));
    const error = await refusalOf(deleteDashboardUser(app.db, original, other.id, auditActor(original, '127.0.0.1'), hasPaidOrders));
    expect([error.statusCode, error.message]).toEqual([422, USERS_MESSAGES.lastSuperUser]);
    expect(await superIds()).toEqual([other.id]);
    // Back to the seeded state for the next test.
    await app.db.update(users).set({ status: 'super' }).where(eq(users.id, original.id));
    await deleteDashboardUser(app.db, original, other.id, auditActor(original, '127.0.0.1'), hasPaidOrders);
    expect(await superIds()).toEqual([original.id]);
  });

  it('lets only one of two supers demoting each other at once win', async () => {
    const first = await seededSuper();
    const second = await newSuper('race-demote@example.com');
    const results = await Promise.allSettled([demote(first, second), demote(second, first)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')!;
    expect(rejected.reason).toBeInstanceOf(ApiError);
    expect((rejected.reason as ApiError).errors).toEqual({ status: [USERS_MESSAGES.lastSuperUser] });
    expect(await superIds()).toHaveLength(1);
  });

  it('reads a temporary bar as allowed once its end has passed, everywhere', async () => {
    const actor = (await getUserById(app.db, (await superIds())[0]!))!;
    const user = await createUser(app.db, { full_name: 'کاربر موقت', email: 'expiring@example.com', password_hash: passwordHash });
    const soon = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const barred = await setCommentRestriction(
      app.db,
      actor,
      user.id,
      { write_comment_status: 'temporarily-barred', barred_until: soon },
      auditActor(actor, '127.0.0.1'),
    );
    expect(barred).toMatchObject({ write_comment_status: 'temporarily-barred', comment_barred_until: soon });
    const temporary = () => listUsers(app.db, { write_comment_status: 'temporarily-barred', per_page: 50 });
    expect((await temporary()).data.map((u) => u.id)).toContain(user.id);

    await app.db.update(users).set({ comment_barred_until: new Date(Date.now() - 1) }).where(eq(users.id, user.id));
    expect(await getUserById(app.db, user.id)).toMatchObject({ write_comment_status: 'allowed', comment_barred_until: null });
    expect((await temporary()).data.map((u) => u.id)).not.toContain(user.id);
    const allowed = await listUsers(app.db, { write_comment_status: 'allowed', q: 'expiring@', per_page: 50 });
    expect(allowed.data.map((u) => u.id)).toEqual([user.id]);
    // The stored status stays as written; only its reading ends the bar.
    const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.write_comment_status).toBe('temporarily-barred');
  });
});
