/**
 * The audit log's retention job (issue 26; modules/audit/audit-log.ts): its daily schedule and
 * worker, started with the app and stopped when it closes, before the job queue stops.
 */
import fp from 'fastify-plugin';
import { startAuditPruning } from '../../modules/audit';

export default fp(
  async (app) => {
    const stop = await startAuditPruning(app);
    app.addHook('onClose', stop);
  },
  { name: 'audit-pruning', dependencies: ['jobs'] },
);
