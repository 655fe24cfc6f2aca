import { api } from '@shop/api-client';
import type { AuditEntry, AuditLogQuery, Paginated } from '@shop/contracts';

/** The audit log's list and export paths under `/api` (issue 26; super users only). */
export const AUDIT_LOG_PATH = '/dashboard/audit-log';
export const AUDIT_LOG_EXPORT_PATH = '/dashboard/audit-log/export';

/** Drops empty filters, so the request carries only what was chosen. */
function paramsOf(query: AuditLogQuery): Record<string, string | number> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as Record<string, string | number>;
}

/**
 * The audit log endpoint (`shared/contracts/src/audit.ts`): a page of entries, newest first, with
 * the filters. Entries are never written from here; the page asks again whenever it opens.
 */
export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditLog: build.query<Paginated<AuditEntry>, AuditLogQuery>({
      query: (query) => ({ url: AUDIT_LOG_PATH, params: paramsOf(query) }),
    }),
  }),
});

export const { useGetAuditLogQuery } = auditApi;
