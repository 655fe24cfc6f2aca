/**
 * The app's job queue (DESIGN.md "Outside services": background jobs): {@link JobQueue}, the one
 * interface every module queues, works and looks up its jobs through (`app.jobs`), and
 * {@link PgBossJobQueue}, pg-boss behind it on the app's own database (PGlite embedded, PostgreSQL
 * with `DATABASE_URL`; plugins/external/jobs.ts starts it). Jobs are rows of that database: they
 * survive a restart, any replica's worker may take them, and a job queued in the transaction of the
 * change that causes it commits or rolls back with it.
 *
 * Faults: every method rejects with the database's error (the plugin's connection first tries a
 * statement again for up to a minute while the database is away); a job whose handler rejects, or
 * runs past its queue's `expireInSeconds`, is tried again as its queue says, then left `failed`.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type SQL } from 'drizzle-orm';
import { fromDrizzle, type Db as JobsDb, type PgBoss } from 'pg-boss';
import type { Db } from '../db/client';

/** pg-boss's schema in the app's database: its tables (`pgboss.job`) are read there by name. */
export const JOBS_SCHEMA = 'pgboss';

/**
 * Where a job is: waiting (`created`), waiting for its next try (`retry`), held by a worker
 * (`active`), or ended (`completed`, `cancelled`, `failed` once out of tries).
 */
export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** A queue and how it treats its jobs. */
export interface QueueDeclaration {
  /** The queue's name. */
  name: string;
  /**
   * Which jobs may wait or run together, fixed when the queue is created: `standard` (any, the
   * default), `short` (one waiting job, or one per `singletonKey`), `singleton` (one running job,
   * or one per `singletonKey`).
   */
  policy?: 'standard' | 'short' | 'singleton';
  /** Tries after the first of a job that failed; default 2. */
  retryLimit?: number;
  /** Pause before the next try, seconds; default 0. */
  retryDelay?: number;
  /** Whether the pause doubles with each try (`retryDelay · 2^(n−1)`, some jitter); default false. */
  retryBackoff?: boolean;
  /** Longest one try may run before it counts as failed (and tried again), seconds; default 900. */
  expireInSeconds?: number;
}

/** How a job is queued. */
export interface SendOptions {
  /** When the job may run: seconds from now, or a time; default at once. */
  startAfter?: number | Date;
  /** A key that the queue's policy (`short`, `singleton`) allows one job of at a time. */
  singletonKey?: string;
  /**
   * The transaction of the change that causes the job: the job is written in it, so it commits or
   * rolls back with the change. On PGlite the only way to queue while a transaction is open.
   */
  tx?: Db;
}

/** A job as its worker gets it. */
export interface Job<T> {
  /** The job's id (a UUID). */
  id: string;
  /** What it was sent with. */
  data: T;
  /** Tries before this one (0 on the first); also tells one try from the next. */
  retryCount: number;
  /** Tries its queue allows after the first: this is the last when `retryCount >= retryLimit`. */
  retryLimit: number;
}

/** A job as the queue keeps it. */
export interface JobRecord<T> extends Job<T> {
  /** Where it is. */
  state: JobState;
  /** When it may run (its next try's time while `retry`). */
  startAfter: Date;
  /** When its latest try started; null before the first. */
  startedOn: Date | null;
  /** Its `SendOptions.singletonKey`, or null. */
  singletonKey: string | null;
}

/** How a queue is worked. */
export interface WorkOptions {
  /** How often a worker looks for jobs when nothing woke it, seconds; default 2. */
  pollSeconds?: number;
  /** Jobs this process runs at once, each on a worker of its own; default 1. */
  concurrency?: number;
}

/** Which jobs of a queue {@link JobQueue.find} answers: all of them unless narrowed. */
export interface JobQuery {
  /** Only the job of this id. */
  id?: string;
  /** Only the jobs of this `SendOptions.singletonKey`. */
  singletonKey?: string;
  /** Only the jobs whose data holds these fields with these values (JSON containment). */
  data?: object;
  /** Looked up in this transaction, which sees the jobs it queued before they commit. */
  tx?: Db;
}

/** A recurring job of a queue. */
export interface JobSchedule {
  /** The queue it sends to. */
  name: string;
  /** When: a cron expression, read in `timezone`. */
  cron: string;
  /** An IANA time zone (`Asia/Tehran`). */
  timezone: string;
  /** What each job is sent with. */
  data?: object;
}

/** The app's job queue (`app.jobs`); see the file's comment for what it promises on faults. */
export interface JobQueue {
  /**
   * Creates the queue `queue.name` with `queue`'s options, or brings an existing queue's options up
   * to date (a queue keeps its first creator's otherwise); its policy stays as created. Replicas may
   * declare the same queues at once.
   */
  declare(queue: QueueDeclaration): Promise<void>;
  /**
   * Queues a job of the queue `name` with `data` (kept as JSON).
   * @returns the job's id, or null when the queue's policy refused it (a job of its `singletonKey`
   * is waiting)
   */
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  /**
   * Starts this process's worker of the queue `name` (or `options.concurrency` of them), each handing
   * `handle` one job at a time and fetching the next as soon as one ends, not a poll later: N waiting
   * jobs take N handlings, not N polls. A job's end is recorded before that fetch. A job whose
   * `handle` rejects is failed and tried again as its queue says.
   */
  work<T extends object>(name: string, handle: (job: Job<T>) => Promise<void>, options?: WorkOptions): Promise<void>;
  /** Wakes this process's workers of the queue `name` to fetch now rather than at their next poll. */
  wake(name: string): void;
  /** Stops this process's workers of the queue `name`; resolves once the jobs they hold have ended. */
  stop(name: string): Promise<void>;
  /**
   * Sends a job of the queue `name` with `data` at each time of `cron` (a cron expression) in the time
   * zone `tz`: one job a time across every replica. Replaces the queue's schedule.
   */
  schedule(name: string, cron: string, data: object, options: { tz: string }): Promise<void>;
  /** The schedules of the queue `name`, or of every queue. */
  schedules(name?: string): Promise<JobSchedule[]>;
  /** Cancels the job `id` of the queue `name` unless it has ended: it is not run (again). */
  cancel(name: string, id: string): Promise<void>;
  /**
   * Fails the try `attempt` of a job of the queue `name` (its id and `retryCount`), with `reason`
   * kept as its output; the queue tries it again unless out of tries. A later try is left alone.
   */
  fail(name: string, attempt: Pick<Job<unknown>, 'id' | 'retryCount'>, reason: string): Promise<void>;
  /** The jobs of the queue `name` that `query` asks for (at most 1000), oldest first. */
  find<T extends object>(name: string, query?: JobQuery): Promise<JobRecord<T>[]>;
  /** The jobs of the queue `name` not ended (`created`, `retry` or `active`), oldest first, in one query. */
  unfinished<T extends object>(name: string): Promise<JobRecord<T>[]>;
  /**
   * The jobs of the queue `name` that a worker has held (`active`) for at least `seconds`, by the
   * database's clock.
   */
  activeFor<T extends object>(name: string, seconds: number): Promise<JobRecord<T>[]>;
  /**
   * Resolves once the queue `name` has no job waiting, waiting for a retry or running (looked up
   * every 50 ms).
   */
  idle(name: string): Promise<void>;
}

/** How often a worker looks for jobs when nothing woke it, seconds. */
const WORKER_POLL_SECONDS = 2;

/** The columns of `pgboss.job` as a {@link JobRecord}. */
const RECORD_COLUMNS = `id, data, state, retry_count as "retryCount", retry_limit as "retryLimit", start_after as "startAfter",
  started_on as "startedOn", singleton_key as "singletonKey"`;

/**
 * pg-boss's connection option that runs its SQL on the drizzle handle `tx` (pg-boss's own drizzle
 * adapter), the same way on PGlite and node-postgres: inside a transaction, the job row commits or
 * rolls back with the change (issue 26: a notice is never lost by a restart between the commit and
 * its queueing, and a failed change queues none). On PGlite it is also the only way: pg-boss's own
 * connection (`app.dbExecuteSql`) would wait for the open transaction.
 */
function jobsIn(tx: Db): JobsDb {
  // PGlite answers `{ rows }`; node-postgres a QueryResult with `rows` too.
  return fromDrizzle({ execute: async (query) => (await tx.execute(query as SQL)) as { rows: unknown[] } }, sql);
}

/** pg-boss's connection options for `tx`: its own connection without one. */
const connectionOf = (tx: Db | undefined) => (tx ? { db: jobsIn(tx) } : {});

/** {@link JobQueue} on a started pg-boss instance, which stays its starter's to stop. */
export class PgBossJobQueue implements JobQueue {
  /** This process's worker ids by queue, for `wake`. */
  private readonly workers = new Map<string, string[]>();

  constructor(private readonly boss: PgBoss) {}

  async declare(queue: QueueDeclaration): Promise<void> {
    const { name, policy: _policy, ...options } = queue;
    if (await this.boss.getQueue(name)) await this.boss.updateQueue(name, options);
    else await this.boss.createQueue(name, queue);
  }

  async send(name: string, data: object, { tx, ...options }: SendOptions = {}): Promise<string | null> {
    return this.boss.send(name, data, { ...options, ...connectionOf(tx) });
  }

  async work<T extends object>(name: string, handle: (job: Job<T>) => Promise<void>, options: WorkOptions = {}): Promise<void> {
    const { pollSeconds = WORKER_POLL_SECONDS, concurrency = 1 } = options;
    const workOptions = { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: pollSeconds } as const;
    for (let i = 0; i < concurrency; i++) {
      // Known once `work` answers; a job may in principle be handed over before that.
      const worker = { id: '' };
      worker.id = await this.boss.work<T, void, typeof workOptions>(name, workOptions, async ([job]) => {
        if (!job) return;
        try {
          await handle(job);
        } finally {
          // pg-boss's worker otherwise waits a whole poll after each job. Woken while it works, it
          // skips that pause and fetches again (nothing there: it polls).
          if (worker.id) this.boss.notifyWorker(worker.id);
        }
      });
      this.workers.set(name, [...(this.workers.get(name) ?? []), worker.id]);
    }
  }

  wake(name: string): void {
    for (const id of this.workers.get(name) ?? []) this.boss.notifyWorker(id);
  }

  async stop(name: string): Promise<void> {
    await this.boss.offWork(name);
    this.workers.delete(name);
  }

  async schedule(name: string, cron: string, data: object, { tz }: { tz: string }): Promise<void> {
    await this.boss.schedule(name, cron, data, { tz });
  }

  async schedules(name?: string): Promise<JobSchedule[]> {
    return this.boss.getSchedules(name);
  }

  async cancel(name: string, id: string): Promise<void> {
    await this.boss.cancel(name, id);
  }

  async fail(name: string, { id, retryCount }: Pick<Job<unknown>, 'id' | 'retryCount'>, reason: string): Promise<void> {
    await this.boss.fail(name, { id, retryCount }, { message: reason });
  }

  async find<T extends object>(name: string, query: JobQuery = {}): Promise<JobRecord<T>[]> {
    const { id, singletonKey, data, tx } = query;
    return this.boss.findJobs<T>(name, { id, key: singletonKey, data, ...connectionOf(tx) });
  }

  // pg-boss has no look-up by state or by how long a job has run: read on its table (its states
  // are an enum in the order created, retry, active, completed, cancelled, failed).
  async unfinished<T extends object>(name: string): Promise<JobRecord<T>[]> {
    const { rows } = await this.boss.getDb().executeSql(
      `select ${RECORD_COLUMNS} from ${JOBS_SCHEMA}.job where name = $1 and state < 'completed' order by created_on`,
      [name],
    );
    return rows as JobRecord<T>[];
  }

  async activeFor<T extends object>(name: string, seconds: number): Promise<JobRecord<T>[]> {
    const { rows } = await this.boss.getDb().executeSql(
      `select ${RECORD_COLUMNS} from ${JOBS_SCHEMA}.job
       where name = $1 and state = 'active' and started_on < now() - make_interval(secs => $2)`,
      [name, seconds],
    );
    return rows as JobRecord<T>[];
  }

  // On the table itself: pg-boss's queue counts are a cache refreshed once a minute.
  async idle(name: string): Promise<void> {
    const unfinished = `select 1 from ${JOBS_SCHEMA}.job where name = $1 and state < 'completed' limit 1`;
    while ((await this.boss.getDb().executeSql(unfinished, [name])).rows.length > 0) await sleep(50);
  }
}
