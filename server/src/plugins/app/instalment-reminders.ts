/**
 * The worker of the daily reminders of parts falling due (issue 36 item 2;
 * modules/commerce/instalment-reminders.ts), started with the app and stopped when it closes, before
 * the job queue stops.
 */
import fp from 'fastify-plugin';
import { startInstalmentReminders } from '../../modules/commerce';

export default fp(
  async (app) => {
    const stop = await startInstalmentReminders(app);
    app.addHook('onClose', stop);
  },
  { name: 'instalment-reminders', dependencies: ['jobs', 'sms'] },
);
