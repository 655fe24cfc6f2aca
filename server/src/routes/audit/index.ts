/**
 * The audit log (issue 21): the routes of this folder, registered in this order (issue 34 item 5:
 * one registry per folder; src/routes/index.ts registers the folders).
 */
import type { FastifyPluginAsync } from 'fastify';
import dashboardAuditLogRoutes from './dashboard-audit-log';

const auditRoutes: FastifyPluginAsync = async (app) => {
  for (const routes of [dashboardAuditLogRoutes]) await app.register(routes);
};

export default auditRoutes;
