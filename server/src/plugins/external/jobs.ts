/**
 * The job queue (DESIGN.md "Outside services": background jobs on an existing queue library):
 * pg-boss on the app's own database, PGlite by default and PostgreSQL with `DATABASE_URL`, through
 * the same connections as `app.db` (`app.dbExecuteSql`). Jobs are rows, so they survive a restart
 * and are shared by every replica; pg-boss creates and migrates its schema (`pgboss`) itself, and a
 * database of pg-boss 10, which pg-boss 12 cannot migrate, is upgraded first (lib/upgrade-from-pg-boss-10.ts).
 * Exposes `app.jobs`, the {@link JobQueue} on it (lib/job-queues.ts); modules create their queues
 * and workers there (modules/mail/mailer.ts). The pg-boss instance itself stays here.
 */
import fp from 'fastify-plugin';
import { setTimeout as sleep } from 'node:timers/promises';
import { PgBoss } from 'pg-boss';
import type { ExecuteSql } from '../../db/client';
import { databaseUnavailable } from '../../lib/db-errors';
import { JOBS_SCHEMA, PgBossJobQueue, type JobQueue } from '../../lib/job-queues';
import { upgradeFromPgBoss10 } from '../../lib/upgrade-from-pg-boss-10';

declare module 'fastify' {
  interface FastifyInstance {
    /** The job queue (lib/job-queues.ts): pg-boss on the app's database. */
    jobs: JobQueue;
  }
}

/** How long a statement of the queue is tried again while the database is away (a restart), ms. */
const AWAY_RETRY_MS = 60_000;

/** The pause before the second try, ms; each later one is twice the last, up to {@link LONGEST_PAUSE_MS}. */
const FIRST_PAUSE_MS = 100;

/** No pause between tries is longer than this, ms. */
const LONGEST_PAUSE_MS = 2_000;

export default fp(
  async (app) => {
    /**
     * Runs a statement of pg-boss on the app's database; while the database is away (a restart,
     * issue 23), it is tried again after a growing pause for up to {@link AWAY_RETRY_MS}. pg-boss
     * awaits a finished job's end (`complete`, `fail`) but does not try it again: failed, it would
     * be reported as an `error` and the job left `active` until it expires, then run a second time
     * (a mail sent twice). Tried again, the job's end is recorded once the database is back.
     * @throws the database's error when it is not about the database being away, or after the retries.
     */
    const executeSql: ExecuteSql = async (text, values) => {
      const until = Date.now() + AWAY_RETRY_MS;
      for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(2 * pause, LONGEST_PAUSE_MS)) {
        try {
          return await app.dbExecuteSql(text, values);
        } catch (error) {
          if (!databaseUnavailable(error) || Date.now() + pause > until) throw error;
          await sleep(pause);
        }
      }
    };
    const boss = new PgBoss({
      db: { executeSql },
      schema: JOBS_SCHEMA,
      // Cron schedules on: the audit log's daily retention job (modules/audit/audit-log.ts).
      schedule: true,
    });
    // A poll or maintenance run that failed all the same is logged, as are pg-boss's warnings (a
    // slow query, a backlog, a handler past its expiry); pg-boss goes on.
    boss.on('error', (error) => app.log.warn({ err: error }, 'job queue: a background query failed'));
    boss.on('warning', (warning) => app.log.warn({ warning: warning.data }, `job queue: ${warning.message}`));
    let moved: number | undefined;
    try {
      moved = await upgradeFromPgBoss10(app.db, () => boss.start());
    } catch (error) {
      // A start that failed once pg-boss was running (moving the old jobs) leaves nothing polling;
      // the start's error is the one thrown.
      await boss.stop({ graceful: false }).catch((stopError: unknown) => app.log.warn({ err: stopError }, 'job queue: stopping after a failed start failed'));
      throw error;
    }
    if (moved !== undefined) app.log.info({ moved }, 'job queue: upgraded the schema of pg-boss 10; its unfinished jobs moved over');
    app.decorate('jobs', new PgBossJobQueue(boss));
    app.addHook('onClose', async () => {
      await boss.stop({ graceful: true, timeout: app.settings.jobsStopTimeoutMs });
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
