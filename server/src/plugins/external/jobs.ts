/**
 * The job queue (DESIGN.md "Outside services": background jobs on an existing queue library):
 * pg-boss on the app's own database, PGlite by default and PostgreSQL with `DATABASE_URL`, through
 * the same connections as `app.db` (`app.dbExecuteSql`). Jobs are rows, so they survive a restart
 * and are shared by every replica; pg-boss creates and migrates its schema (`pgboss`) itself.
 * Exposes `app.jobs`; modules create their queues and workers on it (modules/mail/mailer.ts).
 */
import fp from 'fastify-plugin';
import PgBoss from 'pg-boss';

declare module 'fastify' {
  interface FastifyInstance {
    /** The started pg-boss instance. */
    jobs: PgBoss;
  }
}

/** How long a stopping server waits for the jobs its workers are running, ms. */
const STOP_TIMEOUT_MS = 5_000;

export default fp(
  async (app) => {
    const jobs = new PgBoss({
      db: { executeSql: (text, values) => app.dbExecuteSql(text, values) },
      schema: 'pgboss',
      // Cron schedules on: the audit log's daily retention job (modules/audit/audit-log.ts).
      schedule: true,
    });
    // A failed poll or maintenance run (the database away: issue 23) is logged; pg-boss goes on.
    jobs.on('error', (error) => app.log.warn({ err: error }, 'job queue: a background query failed'));
    await jobs.start();
    app.decorate('jobs', jobs);
    app.addHook('onClose', async () => {
      await jobs.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
