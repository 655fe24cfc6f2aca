/**
 * Permission names and who holds them (SPEC §2 /dashboard/permissions, §3 "Permission", §6;
 * issue 7). Part of the users module (owns `permissions` and `permission_user`). A name of the
 * DESIGN.md catalogue (`PERMISSIONS` of @shop/contracts) is checked by the code: it is built in,
 * so it can be neither renamed nor deleted. Every write is audited in its transaction (issue 26).
 */
import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { PERMISSIONS, type Paginated, type PermissionDetail, type PermissionHolder } from '@shop/contracts';
import type { Db } from '../../db/client';
import { permissions, permissionUser, users } from './tables';
import { ApiError, notFound } from '../../lib/api-error';
import { foreignKeyViolation, uniqueViolation } from '../../lib/db-errors';
import { USERS_MESSAGES } from './messages';
import { MESSAGES } from '../../lib/messages';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import { escapeLike } from '../../lib/text';
import type { AuditContext } from '../../lib/audit-trail';
import { refusal } from './dashboard-users';

/** Query of the permissions list. */
export interface PermissionListQuery {
  page?: number;
  per_page?: number;
  /** Searched in the name. */
  q?: string;
}

const BUILTIN: ReadonlySet<string> = new Set(PERMISSIONS);

/** The holders of each given permission, by permission id, in name order. */
async function holdersOf(db: Db, permissionIds: number[]): Promise<Map<number, PermissionHolder[]>> {
  const byPermission = new Map<number, PermissionHolder[]>();
  if (permissionIds.length === 0) return byPermission;
  const rows = await db
    .select({ permission_id: permissionUser.permission_id, id: users.id, full_name: users.full_name, email: users.email })
    .from(permissionUser)
    .innerJoin(users, eq(users.id, permissionUser.user_id))
    .where(inArray(permissionUser.permission_id, permissionIds))
    .orderBy(asc(users.full_name), asc(users.id));
  for (const { permission_id, ...holder } of rows) {
    const list = byPermission.get(permission_id) ?? [];
    list.push(holder);
    byPermission.set(permission_id, list);
  }
  return byPermission;
}

async function toDetails(db: Db, rows: Array<{ id: number; name: string }>): Promise<PermissionDetail[]> {
  const holders = await holdersOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    is_builtin: BUILTIN.has(row.name),
    users: holders.get(row.id) ?? [],
  }));
}

/** A page of permissions in id order (the catalogue first, as seeded), each with its holders. */
export async function listPermissions(db: Db, query: PermissionListQuery): Promise<Paginated<PermissionDetail>> {
  const request = toPageRequest(query.page, query.per_page);
  const q = query.q?.trim().toLowerCase();
  const where: SQL | undefined = q ? ilike(permissions.name, `%${escapeLike(q)}%`) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select().from(permissions).where(where).orderBy(asc(permissions.id)).limit(request.perPage).offset(request.offset),
    db.select({ n: count() }).from(permissions).where(where),
  ]);
  return { data: await toDetails(db, rows), meta: pageMeta(request, total?.n ?? 0) };
}

/**
 * One permission with its holders.
 * @throws ApiError 404 for an unknown id.
 */
export async function getPermission(db: Db, id: number): Promise<PermissionDetail> {
  const [row] = await db.select().from(permissions).where(eq(permissions.id, id));
  if (!row) throw notFound();
  const [detail] = await toDetails(db, [row]);
  return detail!;
}

/** Runs a write of a permission name; a unique violation (the name is taken) becomes 422 `permissionTaken`. */
async function writingName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (uniqueViolation(error) === null) throw error;
    throw refusal('name', USERS_MESSAGES.permissionTaken);
  }
}

/**
 * Adds a permission name (`permissionSchema` already checked its shape). It guards nothing in the
 * code until a route names it; staff who hold it see it in their list.
 * @throws ApiError 422 `permissionTaken` on `name`.
 */
export async function createPermission(db: Db, name: string, audit: AuditContext): Promise<PermissionDetail> {
  const row = await writingName(() =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [created] = await tx.insert(permissions).values({ name }).returning();
      await audit.record(tx, { entity: 'permission', id: created!.id, action: 'create', after: { name } });
      return created!;
    }),
  );
  return (await toDetails(db, [row]))[0]!;
}

/**
 * Renames a permission; the same name changes nothing.
 * @throws ApiError 404 unknown; 422 on `name`: `permissionBuiltin` for a catalogue name, `permissionTaken`.
 */
export async function renamePermission(db: Db, id: number, name: string, audit: AuditContext): Promise<PermissionDetail> {
  const current = await getPermission(db, id);
  if (current.name === name) return current;
  if (current.is_builtin) throw refusal('name', USERS_MESSAGES.permissionBuiltin);
  await writingName(() =>
    db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      await tx.update(permissions).set({ name }).where(eq(permissions.id, id));
      await audit.record(tx, { entity: 'permission', id, action: 'update', before: { name: current.name }, after: { name } });
    }),
  );
  return getPermission(db, id);
}

/**
 * Deletes a permission; its holders lose it (ON DELETE CASCADE of `permission_user`).
 * @throws ApiError 404 unknown; 422 `permissionBuiltin` for a catalogue name.
 */
export async function deletePermission(db: Db, id: number, audit: AuditContext): Promise<void> {
  const current = await getPermission(db, id);
  if (current.is_builtin) throw new ApiError(422, USERS_MESSAGES.permissionBuiltin);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const deleted = await tx.delete(permissions).where(eq(permissions.id, id)).returning({ id: permissions.id });
    if (deleted.length === 0) return;
    const before = { name: current.name, user_ids: current.users.map((holder) => holder.id) };
    await audit.record(tx, { entity: 'permission', id, action: 'delete', before });
  });
}

/**
 * Gives a permission to a staff user (SPEC §6: only staff hold permissions; super passes every
 * check anyway). Idempotent: a holder stays a holder.
 * @throws ApiError 404 unknown permission; 422 on `user_id`: `userUnknown`, `permissionsOnlyForStaff`.
 */
export async function assignPermission(db: Db, id: number, userId: number, audit: AuditContext): Promise<PermissionDetail> {
  const { name } = await getPermission(db, id);
  const [user] = await db.select({ status: users.status, full_name: users.full_name }).from(users).where(eq(users.id, userId));
  if (!user) throw refusal('user_id', MESSAGES.userUnknown);
  if (user.status !== 'staff') throw refusal('user_id', USERS_MESSAGES.permissionsOnlyForStaff);
  try {
    await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const added = await tx
        .insert(permissionUser)
        .values({ permission_id: id, user_id: userId })
        .onConflictDoNothing()
        .returning({ user_id: permissionUser.user_id });
      if (added.length === 0) return;
      await audit.record(tx, { entity: 'permission', id, action: 'assign', after: { name, user_id: userId, user_name: user.full_name } });
    });
  } catch (error) {
    // The user or the permission was deleted since the checks above.
    if (foreignKeyViolation(error) === null) throw error;
    await getPermission(db, id);
    throw refusal('user_id', MESSAGES.userUnknown);
  }
  return getPermission(db, id);
}

/**
 * Takes a permission from a user. Idempotent: a user who does not hold it changes nothing.
 * @throws ApiError 404 unknown permission.
 */
export async function unassignPermission(db: Db, id: number, userId: number, audit: AuditContext): Promise<PermissionDetail> {
  const current = await getPermission(db, id);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const removed = await tx
      .delete(permissionUser)
      .where(and(eq(permissionUser.permission_id, id), eq(permissionUser.user_id, userId)))
      .returning({ user_id: permissionUser.user_id });
    if (removed.length === 0) return;
    const holder = current.users.find((user) => user.id === userId);
    await audit.record(tx, {
      entity: 'permission',
      id,
      action: 'unassign',
      before: { name: current.name, user_id: userId, user_name: holder?.full_name ?? null },
    });
  });
  return getPermission(db, id);
}
