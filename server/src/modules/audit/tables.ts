/**
 * The audit module's table: the audit log (issue 26).
 * Declared beside the module that owns them (issue 34 item 1): another module reaches them only
 * through this module's functions (its index.ts); lint lets only other tables files (for a foreign
 * key) and the seed import this file.
 */
import { index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';

/**
 * The audit log (issue 26; modules/audit/audit-log.ts): one row per dashboard write, refund, manual
 * order, permission change and switch change, inserted in the transaction of the change. Rows are
 * never updated; they are deleted only by the retention job, `AUDIT_RETENTION_DAYS` (≥ 365) after.
 * `actor_id` has no foreign key: an entry outlives the account, and keeps its name as it was.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actor_id: integer('actor_id').notNull(),
    actor_name: text('actor_name').notNull(),
    /** `request.ip` as the app's `trustProxy` gives it. */
    ip: varchar('ip', { length: 64 }).notNull(),
    /** `AuditEntity` of @shop/contracts. */
    entity_type: varchar('entity_type', { length: 32 }).notNull(),
    entity_id: integer('entity_id'),
    /** `AuditAction` of @shop/contracts. */
    action: varchar('action', { length: 16 }).notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    created_at: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.created_at, t.id),
    index('audit_log_entity_idx').on(t.entity_type, t.entity_id),
    index('audit_log_actor_idx').on(t.actor_id),
  ],
);
