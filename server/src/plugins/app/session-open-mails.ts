/**
 * The worker of the daily «a session opened» mails (issue 37 item 5;
 * modules/commerce/session-open-mails.ts), started with the app and stopped when it closes, before
 * the job queue stops.
 */
import fp from 'fastify-plugin';
import { startSessionOpenMails } from '../../modules/commerce';

export default fp(
  async (app) => {
    const stop = await startSessionOpenMails(app);
    app.addHook('onClose', stop);
  },
  { name: 'session-open-mails', dependencies: ['jobs'] },
);
