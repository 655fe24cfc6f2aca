/**
 * The audit module's one door (issue 34 item 1): the audit log of every dashboard write, refund,
 * sign-in and lockout (issue 26), its queries and its retention. Another module, a route, a plugin or
 * the seed imports only this file of the module; lint refuses the others (eslint.config.mjs).
 */
export { auditActor, auditLogCsv, auditSignIn, listAuditLog, startAuditPruning } from './audit-log';
export { AUDIT_MESSAGES, AUDIT_CSV_TEXT } from './messages';
