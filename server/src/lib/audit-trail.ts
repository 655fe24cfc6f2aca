/**
 * What a module needs to have its changes recorded in the audit log (issue 26), without importing
 * the audit module: the request's {@link AuditContext}, handed by the route to the service as its
 * last argument, carries who acts, from where, and `record`, which the audit module binds when it
 * makes the context (`auditActor`; `auditContextOf(request)` in plugins/app/auth.ts). A service
 * records in the transaction of the change, so an entry exists exactly when the change committed.
 *
 * @example
 * await db.transaction(async (transaction) => {
 *   const tx = transaction as unknown as Db;
 *   const [row] = await tx.update(links).set(values).where(eq(links.id, id)).returning();
 *   await audit.record(tx, { entity: 'link', id, action: 'update', before: old, after: row });
 * });
 */
import type { AuditAction, AuditEntity } from '@shop/contracts';
import type { Db } from '../db/client';

/** One change to record: the entity, what was done, and its fields before and after (objects of field → value). */
export interface AuditChange {
  entity: AuditEntity;
  /** Null for a single record (site information, terms). */
  id: number | null;
  action: AuditAction;
  before?: object | null;
  after?: object | null;
  /**
   * Fields recorded on both sides even when unchanged: what the change is about when the entity's
   * id alone does not say it (a refunded item's order, buyer, course and price; issue 31 item 7).
   */
  keep?: readonly string[];
}

/** Who makes a change and from where, and how the change is recorded. */
export interface AuditContext {
  actorId: number;
  actorName: string;
  /** `request.ip` as the app's `trustProxy` gives it. */
  ip: string;
  /**
   * Records `changes` in the transaction `tx` of the change itself: a change that fails or is
   * rolled back leaves no entry, and an entry that cannot be written rolls the change back.
   */
  record(tx: Db, changes: AuditChange | AuditChange[]): Promise<void>;
}
