/**
 * Outgoing mail (DESIGN.md "Outside services"): `app.mailer` queues each mail as a job and
 * delivers it by SMTP (`SMTP_URL`), else as `.eml` files in `<DATA_DIR>/outbox/`; retried as
 * `settings.mailRetry` says. Closed with the app.
 */
import fp from 'fastify-plugin';
import type { Mailer } from '../../lib/mail';
import { createMailer } from '../../modules/mail';

declare module 'fastify' {
  interface FastifyInstance {
    /** Outgoing mail, queued as jobs: SMTP_URL, else `.eml` files in `<DATA_DIR>/outbox/` (DESIGN.md "Outside services"). */
    mailer: Mailer;
  }
}

export default fp(
  async (app) => {
    const { settings } = app;
    app.decorate('mailer', await createMailer(settings, app.log, app.jobs, app.dbSession, settings.mailRetry));
    app.addHook('onClose', () => app.mailer.close());
  },
  { name: 'mail', dependencies: ['db', 'jobs'] },
);
