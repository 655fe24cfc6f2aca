/**
 * The job queue (DESIGN.md "Outside services": background jobs on an existing queue library):
 * pg-boss on the app's own database, PGlite by default and PostgreSQL with `DATABASE_URL`, through
 * the same connections as `app.db` (`app.dbExecuteSql`). Jobs are rows, so they survive a restart
 * and are shared by every replica; pg-boss creates and migrates its schema (`pgboss`) itself.
 * Exposes `app.jobs`; modules create their queues and workers on it (modules/mail/mailer.ts).
 */
import fp from 'fastify-plugin';
import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import { completeJobs, failJobsById } from 'pg-boss/src/plans';
import type { ExecuteSql } from '../../db/client';
import { databaseUnavailable } from '../../lib/db-errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** The started pg-boss instance. */
    jobs: PgBoss;
  }
}

/** pg-boss's schema in the app's database. */
const SCHEMA = 'pgboss';

/**
 * How long a stopping server waits for the jobs its workers are running, ms. A job still running
 * then is failed (pg-boss runs it again later) and its worker's loop outlives the stop: long enough
 * for an aborted transcode to clean up on a busy machine, short of a 30 s termination grace period.
 */
export const STOP_TIMEOUT_MS = 20_000;

/** pg-boss's statements that record a job's end (`complete`, `fail`), the ones it does not await. */
const JOB_ENDS = new Set([completeJobs(SCHEMA), failJobsById(SCHEMA)]);

/** How long a statement of the queue is tried again while the database is away (a restart), ms. */
const AWAY_RETRY_MS = 60_000;

/** The pause before the second try, ms; each later one is twice the last, up to {@link LONGEST_PAUSE_MS}. */
const FIRST_PAUSE_MS = 100;

/** No pause between tries is longer than this, ms. */
const LONGEST_PAUSE_MS = 2_000;

export default fp(
  async (app) => {
    let stopped = false;
    /**
     * Runs a statement of pg-boss on the app's database. pg-boss 10 records a finished job's end
     * (`complete`, `fail`) without awaiting it, so a statement that fails there is an unhandled
     * rejection: while the database is away (a restart, issue 23), each statement is tried again
     * after a growing pause for up to {@link AWAY_RETRY_MS}, and the job's end is recorded once it
     * is back. Once the queue has stopped, a late statement is not run at all (see below).
     * @throws the database's error when it is not about the database being away, or after the retries.
     */
    const executeSql: ExecuteSql = async (text, values) => {
      const until = Date.now() + AWAY_RETRY_MS;
      for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(2 * pause, LONGEST_PAUSE_MS)) {
        if (stopped) {
          // A worker that outlived the stop's wait ends after the database closed. Its job was
          // already failed by the stop (`failWip`), so pg-boss runs it again after the retry
          // delay, as it would after a crash: its end is answered «no job changed», and a last
          // fetch of the ended worker loop «no job».
          if (!JOB_ENDS.has(text)) return { rows: [] };
          app.log.warn({ job: values?.[1] }, 'job queue: a job ended after the queue stopped; not recorded');
          return { rows: [{ count: '0' }] };
        }
        try {
          return await app.dbExecuteSql(text, values);
        } catch (error) {
          if (!databaseUnavailable(error) || Date.now() + pause > until) throw error;
          await sleep(pause);
        }
      }
    };
    const jobs = new PgBoss({
      db: { executeSql },
      schema: SCHEMA,
      // Cron schedules on: the audit log's daily retention job (modules/audit/audit-log.ts).
      schedule: true,
    });
    // A poll or maintenance run that failed all the same is logged; pg-boss goes on.
    jobs.on('error', (error) => app.log.warn({ err: error }, 'job queue: a background query failed'));
    await jobs.start();
    app.decorate('jobs', jobs);
    app.addHook('onClose', async () => {
      await jobs.stop({ graceful: true, wait: true, timeout: STOP_TIMEOUT_MS });
      stopped = true;
    });
  },
  { name: 'jobs', dependencies: ['db'] },
);
