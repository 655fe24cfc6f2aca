/**
 * Declaring the pg-boss queues of the modules (DESIGN.md "Outside services": background jobs),
 * working a queue one job after another, and queueing a job in the transaction of the change that
 * causes it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import { fromDrizzle, type Db as JobsDb, type JobWithMetadata, type PgBoss, type Queue } from 'pg-boss';
import type { Db } from '../db/client';

/** pg-boss's schema in the app's database: its tables (`pgboss.job`) are read there by name. */
export const JOBS_SCHEMA = 'pgboss';

/**
 * Creates the queue `queue.name` with `queue`'s options, or brings an existing queue's options up
 * to date (pg-boss keeps its first creator's otherwise); a queue's policy and partitioning stay as
 * created (pg-boss cannot change them).
 * @throws the database's error.
 */
export async function declareQueue(jobs: PgBoss, queue: Queue): Promise<void> {
  const { name, policy: _policy, partition: _partition, ...options } = queue;
  if (await jobs.getQueue(name)) await jobs.updateQueue(name, options);
  else await jobs.createQueue(name, queue);
}

/** How often a worker of {@link workOneByOne} looks for jobs when nothing woke it, seconds. */
const WORKER_POLL_SECONDS = 2;

/**
 * Starts a worker of `queue` that hands `handle` one job at a time, with its metadata (tries and
 * limit), and fetches the next as soon as one ends: pg-boss's worker otherwise waits a whole
 * polling interval after each job, so that N queued mails (a digest to every moderator, a bulk
 * approval's authors, reminders of many orders falling due together) would take N × 2 s. The job's
 * end is recorded before that fetch (pg-boss 12 awaits it). A job whose `handle` rejects is failed
 * and retried as its queue says. `pollSeconds`: how often it looks for jobs when nothing woke it.
 * @returns the worker's id, for `jobs.notifyWorker` (wakes it before its next poll).
 */
export async function workOneByOne<T extends object>(
  jobs: PgBoss,
  queue: string,
  handle: (job: JobWithMetadata<T>) => Promise<void>,
  pollSeconds = WORKER_POLL_SECONDS,
): Promise<string> {
  const options = { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: pollSeconds } as const;
  // Known once `work` answers; a job may in principle be handed over before that.
  const worker = { id: '' };
  worker.id = await jobs.work<T, void, typeof options>(queue, options, async ([job]) => {
    if (!job) return;
    try {
      await handle(job);
    } finally {
      // Woken while it works, the worker skips its pause and fetches again (nothing there: it polls).
      if (worker.id) jobs.notifyWorker(worker.id);
    }
  });
  return worker.id;
}

/**
 * Resolves once the queue `queue` has no job waiting, waiting for a retry or running (looked up
 * every 50 ms on the table itself: pg-boss's queue counts are a cache refreshed once a minute).
 * Rejects with the database's error.
 */
export async function queueIdle(jobs: PgBoss, queue: string): Promise<void> {
  const unfinished = `select 1 from ${JOBS_SCHEMA}.job where name = $1 and state < 'completed' limit 1`;
  while ((await jobs.getDb().executeSql(unfinished, [queue])).rows.length > 0) await sleep(50);
}

/**
 * pg-boss's connection option (`jobs.send(name, data, { db: jobsIn(tx) })`) that runs its SQL on
 * the drizzle handle `tx` (pg-boss's own drizzle adapter), the same way on PGlite and
 * node-postgres: inside a transaction, the job row commits or rolls back with the change (issue 26:
 * a notice is never lost by a restart between the commit and its queueing, and a failed change
 * queues none). On PGlite it is also the only way: pg-boss's own connection (`app.dbExecuteSql`)
 * would wait for the open transaction.
 * @returns an object answering `{ rows }` of the text's statements; rejects with the database's error.
 */
export function jobsIn(tx: Db): JobsDb {
  // PGlite answers `{ rows }`; node-postgres a QueryResult with `rows` too.
  return fromDrizzle({ execute: async (query) => (await tx.execute(query as SQL)) as { rows: unknown[] } }, sql);
}
