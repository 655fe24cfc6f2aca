/**
 * The audit log in the dashboard (issue 26 "Audit log"), super users only (403 for staff): the
 * entries newest first with their filters, and the same rows as CSV. Read only: no route edits
 * or deletes an entry. Routes delegate to modules/audit/audit-log.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { AUDIT_ACTIONS, AUDIT_ENTITIES, SUPER_ONLY, type AuditLogQuery } from '@shop/contracts';
import { csvRouteSchema, sendCsv } from '../../lib/csv-export';
import { pageQueryProperties, paginatedSchema, signedInErrorResponses } from '../../lib/schemas';
import { auditLogCsv, listAuditLog } from '../../modules/audit';
import { requirePermission } from '../../plugins/app/auth';

const BASE = '/api/dashboard/audit-log';
const tags = ['audit'];
const errors = signedInErrorResponses;
const fields = { type: ['object', 'null'], additionalProperties: true } as const;

/** Wire shape of an `AuditEntry` (@shop/contracts). */
const auditEntrySchema = {
  type: 'object',
  required: ['id', 'actor', 'ip', 'entity_type', 'entity_id', 'action', 'before', 'after', 'created_at'],
  properties: {
    id: { type: 'integer' },
    actor: { type: 'object', required: ['id', 'full_name'], properties: { id: { type: 'integer' }, full_name: { type: 'string' } } },
    ip: { type: 'string' },
    entity_type: { type: 'string', enum: [...AUDIT_ENTITIES] },
    entity_id: { type: ['integer', 'null'] },
    action: { type: 'string', enum: [...AUDIT_ACTIONS] },
    before: fields,
    after: fields,
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;

/** The filters of the list and the export (AuditLogQuery). */
const filters = {
  actor: { type: 'string', maxLength: 100, description: "Searched in the actor's name." },
  actor_id: { type: 'integer', minimum: 1 },
  entity_type: { type: 'string', enum: [...AUDIT_ENTITIES] },
  entity_id: { type: 'integer', minimum: 1 },
  action: { type: 'string', enum: [...AUDIT_ACTIONS] },
  from: { type: 'string', maxLength: 20, description: 'First Jalali day (Tehran), e.g. 1405-09-05; Persian digits and / accepted.' },
  to: { type: 'string', maxLength: 20, description: 'Last Jalali day (Tehran), included; not before `from`.' },
} as const;

const dashboardAuditLogRoutes: FastifyPluginAsync = async (app) => {
  const guard = { onRequest: requirePermission(SUPER_ONLY) };

  /** GET /api/dashboard/audit-log: Paginated<AuditEntry>, newest first; 422 on `from`/`to` (not a Jalali date, or upside down). */
  app.get<{ Querystring: AuditLogQuery }>(
    BASE,
    {
      schema: {
        tags,
        summary: 'The audit log (super users only)',
        querystring: { type: 'object', properties: { ...pageQueryProperties, ...filters } },
        response: { 200: paginatedSchema(auditEntrySchema), ...errors },
      },
      ...guard,
    },
    (request) => listAuditLog(app.db, request.query),
  );

  /** GET /api/dashboard/audit-log/export: the filtered entries as `audit-log-<Jalali date>.csv`; 422 as the list. */
  app.get<{ Querystring: Omit<AuditLogQuery, 'page' | 'per_page'> }>(
    `${BASE}/export`,
    {
      schema: {
        tags,
        summary: 'The audit log as CSV (super users only)',
        produces: csvRouteSchema.produces,
        querystring: { type: 'object', properties: filters },
        response: { 200: csvRouteSchema.response200, ...errors },
      },
      ...guard,
    },
    (request, reply) => sendCsv(reply, auditLogCsv(app.db, request.query)),
  );
};

export default dashboardAuditLogRoutes;
