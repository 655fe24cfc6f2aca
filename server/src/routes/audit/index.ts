/**
 * The audit log (issue 21): the routes of this folder, registered in this order (issue 34 item 5:
 * one registry per folder; src/routes/index.ts registers the folders).
 */
import { registryOf } from '../../lib/plugin-registry';
import dashboardAuditLogRoutes from './dashboard-audit-log';

export default registryOf('audit-routes', [dashboardAuditLogRoutes]);
