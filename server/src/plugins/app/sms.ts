/**
 * Outgoing SMS (issue 26): `app.sms` queues each message as a job and delivers it through sms.ir
 * or into the JSON outbox, as `settings.sms` says. Closed with the app.
 */
import fp from 'fastify-plugin';
import type { SmsSender } from '../../lib/sms';
import { createSmsSender } from '../../modules/sms';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing SMS (issue 26): the JSON outbox or sms.ir, through the job queue. */
    sms: SmsSender;
  }
}

export default fp(
  async (app) => {
    app.decorate('sms', await createSmsSender(app.settings.sms, app.log, app.jobs));
    app.addHook('onClose', () => app.sms.close());
  },
  { name: 'sms', dependencies: ['jobs'] },
);
