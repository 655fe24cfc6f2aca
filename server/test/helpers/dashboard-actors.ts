/**
 * Callers of dashboard tests, made with the app's own services (no login round trip, so no rate
 * limit): the seeded accounts, and fresh staff users holding exactly the permissions a test names.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PermissionName } from '@shop/contracts';
import { users } from '../../src/modules/users/tables';
import { hashPassword } from '../../src/lib/passwords';
import { issueToken } from '../../src/modules/users/access-tokens';
import { createUser, grantPermissions } from '../../src/modules/users/users-service';

/** Bearer headers of a request. */
export type AuthHeaders = { authorization: string };

async function headersFor(app: FastifyInstance, userId: number): Promise<AuthHeaders> {
  return { authorization: `Bearer ${(await issueToken(app.db, userId)).token}` };
}

/** Bearer headers of a seeded account (`super@example.com`, `staff@example.com`, `user@example.com`). */
export async function headersOf(app: FastifyInstance, email: string): Promise<AuthHeaders> {
  const [row] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return headersFor(app, row.id);
}

/** A new staff user holding exactly `permissions` (email verified unless `verified: false`); answers its headers. */
export async function newStaff(
  app: FastifyInstance,
  permissions: PermissionName[],
  options: { verified?: boolean } = {},
): Promise<AuthHeaders> {
  const user = await createUser(app.db, {
    full_name: 'کارمند آزمایشی',
    email: `staff-${randomBytes(6).toString('hex')}@example.com`,
    password_hash: await hashPassword('Staff12345'),
    status: 'staff',
    email_verified_at: options.verified === false ? null : new Date(),
  });
  await grantPermissions(app.db, user.id, permissions);
  return headersFor(app, user.id);
}
