/**
 * The worker of the daily access reconciliation (issue 36 item 1; modules/commerce/access-ledger.ts),
 * started with the app and stopped when it closes, before the job queue stops.
 */
import fp from 'fastify-plugin';
import { startAccessReconciliation } from '../../modules/commerce';

export default fp(
  async (app) => {
    const stop = await startAccessReconciliation(app);
    app.addHook('onClose', stop);
  },
  { name: 'access-reconciliation', dependencies: ['jobs'] },
);
