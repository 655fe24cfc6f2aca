/**
 * The audit log (issue 26 "Audit log"). Owns `audit_log`. Every dashboard write, refund, manual
 * order, permission change and switch change records itself through the request's
 * {@link AuditContext} (lib/audit-trail.ts), whose `record` this module binds in
 * {@link auditActor}; refused and held-back sign-ins through {@link auditSignIn}. Entries are never
 * edited; the retention job deletes those older than `AUDIT_RETENTION_DAYS` (≥ 365).
 */
import { and, count, desc, eq, getTableColumns, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AuditAction, AuditEntity, AuditEntry, AuditFields, AuditLogQuery, Paginated } from '@shop/contracts';
import type { Db } from '../../db/client';
import { auditLog } from './tables';
import { validationFailed } from '../../lib/api-error';
import { csvDateColumns, type CsvExport } from '../../lib/csv-export';
import { toIso } from '../../lib/dates';
import { TEHRAN_TIME_ZONE, tehranDayStart } from '../../lib/jalali-periods';
import { keysetRows, newestFirstAfter, newestFirstCursor, type NewestFirstCursor } from '../../lib/keyset-rows';
import { AUDIT_CSV_TEXT, AUDIT_MESSAGES } from './messages';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import { escapeLike, normalizePersianText } from '../../lib/text';
import type { AuditChange, AuditContext } from '../../lib/audit-trail';

/**
 * The context of `user` acting from `ip` (a request's caller, or the seed's super user), whose
 * `record` writes to this log ({@link recordAudit}).
 */
export function auditActor(user: { id: number; full_name: string }, ip: string): AuditContext {
  const context: AuditContext = { actorId: user.id, actorName: user.full_name, ip, record: (tx, changes) => recordAudit(tx, context, changes) };
  return context;
}

/** A sign-in refused or held back, for the audit log (issue 31 item 7; ASVS 7.2.1). */
export interface SignInEvent {
  /** `login_failed`: a wrong password or code, or an unknown identifier; `lockout`: an account's guessing limit reached. */
  action: 'login_failed' | 'lockout';
  /** The account tried, or null when none has the identifier. */
  accountId: number | null;
  /** The email or mobile (E.164) as tried. */
  identifier: string;
  by: 'password' | 'sms';
  /** For a lockout: when new devices may try again. */
  until?: Date;
}

/**
 * Records a refused or held-back sign-in, made by an unknown actor (id 0) from `ip`, on the
 * account tried (entity `user`, no id for an unknown identifier).
 */
export async function auditSignIn(db: Db, ip: string, event: SignInEvent): Promise<void> {
  await auditActor({ id: 0, full_name: AUDIT_MESSAGES.auditUnknownActor }, ip).record(db, {
    entity: 'user',
    id: event.accountId,
    action: event.action,
    after: { identifier: event.identifier, by: event.by, ...(event.until ? { until: event.until } : {}) },
  });
}

/** Field names never written to the log, at any depth: passwords, tokens, secrets, hashes, keys. */
const SECRET_FIELD = /password|token|secret|_hash$|^hash$|api_?key|app_?key/i;

/** A value as JSON would store it, without secret fields (Dates become ISO strings). */
function withoutSecrets(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key, field]) => !SECRET_FIELD.test(key) && field !== undefined)
        .map(([key, field]) => [key, withoutSecrets(field)]),
    );
  }
  return value;
}

/** The fields of an object, secrets left out; null for none. */
function fieldsOf(value: object | null | undefined): AuditFields | null {
  return value ? (withoutSecrets(value) as AuditFields) : null;
}

/** For an update: only the fields whose value changed, on each side, and those named in `keep`. */
function changedOnly(before: AuditFields, after: AuditFields, keep: readonly string[] = []): [AuditFields, AuditFields] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changed = [...keys].filter((key) => keep.includes(key) || JSON.stringify(before[key]) !== JSON.stringify(after[key]));
  return [Object.fromEntries(changed.map((key) => [key, before[key] ?? null])), Object.fromEntries(changed.map((key) => [key, after[key] ?? null]))];
}

/**
 * Records `changes` in the transaction `tx` of the change itself, so that a change that fails or
 * is rolled back leaves no entry, and an entry that cannot be written rolls the change back.
 * Secret fields are left out; an update keeps only the fields that changed (and those in `keep`).
 */
async function recordAudit(tx: Db, context: AuditContext, changes: AuditChange | AuditChange[]): Promise<void> {
  const list = Array.isArray(changes) ? changes : [changes];
  if (list.length === 0) return;
  await tx.insert(auditLog).values(
    list.map((change) => {
      let before = fieldsOf(change.before);
      let after = fieldsOf(change.after);
      if (before && after) [before, after] = changedOnly(before, after, change.keep);
      return {
        actor_id: context.actorId,
        actor_name: context.actorName,
        ip: context.ip,
        entity_type: change.entity,
        entity_id: change.id,
        action: change.action,
        before,
        after,
      };
    }),
  );
}

/**
 * `[from, to)` of the query's Jalali days in Tehran, `to` included whole.
 * @throws ApiError 422 on `from`/`to`: `jalaliDateInvalid`; on `to`: `dateRangeInverted` when it is before `from`
 */
function dateRange(query: Pick<AuditLogQuery, 'from' | 'to'>): { from: Date | null; to: Date | null } {
  const errors: Record<string, string[]> = {};
  const from = query.from ? tehranDayStart(query.from, 0) : null;
  const to = query.to ? tehranDayStart(query.to, 1) : null;
  if (query.from && !from) errors.from = [AUDIT_MESSAGES.jalaliDateInvalid];
  if (query.to && !to) errors.to = [AUDIT_MESSAGES.jalaliDateInvalid];
  if (from && to && to <= from) errors.to = [AUDIT_MESSAGES.dateRangeInverted];
  if (Object.keys(errors).length > 0) throw validationFailed(errors);
  return { from, to };
}

/** The filters of the list and its export. @throws ApiError 422 of {@link dateRange}. */
function auditWhere(query: Omit<AuditLogQuery, 'page' | 'per_page'>): SQL | undefined {
  const { from, to } = dateRange(query);
  const actor = query.actor ? normalizePersianText(query.actor) : '';
  return and(
    actor ? ilike(auditLog.actor_name, `%${escapeLike(actor)}%`) : undefined,
    query.actor_id !== undefined ? eq(auditLog.actor_id, query.actor_id) : undefined,
    query.entity_type ? eq(auditLog.entity_type, query.entity_type) : undefined,
    query.entity_id !== undefined ? eq(auditLog.entity_id, query.entity_id) : undefined,
    query.action ? eq(auditLog.action, query.action) : undefined,
    from ? gte(auditLog.created_at, from) : undefined,
    to ? lt(auditLog.created_at, to) : undefined,
  );
}

type AuditRow = typeof auditLog.$inferSelect;

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actor: { id: row.actor_id, full_name: row.actor_name },
    ip: row.ip,
    entity_type: row.entity_type as AuditEntity,
    entity_id: row.entity_id,
    action: row.action as AuditAction,
    before: row.before ?? null,
    after: row.after ?? null,
    created_at: toIso(row.created_at),
  };
}

/**
 * A page of the audit log, newest first (`GET /api/dashboard/audit-log`), filtered by actor (name
 * or id), entity (type and id), action and Jalali date range.
 * @throws ApiError 422 on `from`/`to` (see {@link dateRange})
 */
export async function listAuditLog(db: Db, query: AuditLogQuery): Promise<Paginated<AuditEntry>> {
  const request = toPageRequest(query.page, query.per_page);
  const where = auditWhere(query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.created_at), desc(auditLog.id))
      .limit(request.perPage)
      .offset(request.offset),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { data: rows.map(toEntry), meta: pageMeta(request, total?.n ?? 0) };
}

const json = (fields: AuditFields | null) => (fields ? JSON.stringify(fields) : null);

/**
 * Every entry of the filters as `audit-log-<Jalali date>.csv` (`GET /api/dashboard/audit-log/export`),
 * newest first, read in keyset pages. The filters are checked before this answers.
 * @throws ApiError 422 on `from`/`to` (see {@link dateRange})
 */
export function auditLogCsv(db: Db, query: Omit<AuditLogQuery, 'page' | 'per_page'>): CsvExport<AuditEntry> {
  const where = auditWhere(query);
  const text = AUDIT_CSV_TEXT.auditColumns;
  return {
    name: 'audit-log',
    columns: [
      { header: text.id, cell: (entry) => entry.id },
      ...csvDateColumns<AuditEntry>(text.at, (entry) => entry.created_at),
      { header: text.actorId, cell: (entry) => entry.actor.id },
      { header: text.actor, cell: (entry) => entry.actor.full_name },
      { header: text.ip, cell: (entry) => entry.ip },
      { header: text.entity, cell: (entry) => AUDIT_CSV_TEXT.auditEntities[entry.entity_type] },
      { header: text.entityId, cell: (entry) => entry.entity_id },
      { header: text.action, cell: (entry) => AUDIT_CSV_TEXT.auditActions[entry.action] },
      { header: text.before, cell: (entry) => json(entry.before) },
      { header: text.after, cell: (entry) => json(entry.after) },
    ],
    rows: keysetRows<AuditRow & NewestFirstCursor, AuditEntry>(
      (after, size) =>
        db
          .select({ ...getTableColumns(auditLog), ...newestFirstCursor(auditLog.created_at, auditLog.id) })
          .from(auditLog)
          .where(and(where, newestFirstAfter(auditLog.created_at, auditLog.id, after)))
          .orderBy(desc(auditLog.created_at), desc(auditLog.id))
          .limit(size),
      (page) => page.map(toEntry),
    ),
  };
}

/** Deletes the entries older than `retentionDays` days; answers how many. */
export async function pruneAuditLog(db: Db, retentionDays: number): Promise<number> {
  const rows = await db
    .delete(auditLog)
    .where(lt(auditLog.created_at, sql`now() - make_interval(days => ${retentionDays})`))
    .returning({ id: auditLog.id });
  return rows.length;
}

/** The job queue of the retention job. */
export const AUDIT_PRUNE_QUEUE = 'audit-log-prune';

/** When the retention job runs: every day at 03:30 Tehran time (cron). */
const AUDIT_PRUNE_CRON = '30 3 * * *';

/**
 * Creates the retention job's queue and daily schedule (one run a day across every replica) and
 * starts this process's worker; answers a function that stops it.
 */
export async function startAuditPruning(app: FastifyInstance): Promise<() => Promise<void>> {
  const queue = { name: AUDIT_PRUNE_QUEUE, policy: 'singleton' as const, retryLimit: 3, retryDelay: 300 };
  await app.jobs.declare(queue);
  await app.jobs.schedule(AUDIT_PRUNE_QUEUE, AUDIT_PRUNE_CRON, {}, { tz: TEHRAN_TIME_ZONE });
  await app.jobs.work(AUDIT_PRUNE_QUEUE, async () => {
    const removed = await pruneAuditLog(app.db, app.settings.auditRetentionDays);
    app.log.info({ removed, retentionDays: app.settings.auditRetentionDays }, 'audit log pruned');
  });
  return () => app.jobs.stop(AUDIT_PRUNE_QUEUE);
}
