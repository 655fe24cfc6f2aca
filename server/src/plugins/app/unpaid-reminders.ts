/**
 * The worker of the unpaid-order reminders (issue 25 win-back; modules/commerce/unpaid-reminder.ts),
 * started with the app and stopped when it closes, before the job queue stops.
 */
import fp from 'fastify-plugin';
import { startUnpaidReminders } from '../../modules/commerce';

export default fp(
  async (app) => {
    const stop = await startUnpaidReminders(app);
    app.addHook('onClose', stop);
  },
  { name: 'unpaid-reminders', dependencies: ['jobs'] },
);
