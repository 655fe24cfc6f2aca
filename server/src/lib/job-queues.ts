/**
 * Declaring the pg-boss queues of the modules (DESIGN.md "Outside services": background jobs), and
 * queueing a job in the transaction of the change that causes it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import { deadlockDetected } from './db-errors';

/** How many times a queue's declaration is tried when PostgreSQL aborts it as a deadlock. */
const DECLARE_TRIES = 10;

/** The pause before the second try is up to this long, and each later one up to twice the last, ms. */
const FIRST_PAUSE_MS = 100;

/** No pause is longer than this, ms. */
const LONGEST_PAUSE_MS = 3_000;

/**
 * Creates the queue `queue.name` with `queue`'s options, or brings an existing queue's options up
 * to date (pg-boss keeps its first creator's otherwise).
 *
 * Replicas starting together on a new database declare their queues at the same moment, and
 * pg-boss 10's `create_queue` both inserts the queue's row and attaches a partition to
 * `pgboss.job`: two of them at once can deadlock, and PostgreSQL then aborts one (40P01), which
 * stopped a replica's start. The aborted statement changed nothing, so it is tried again after a
 * random pause that grows with each deadlock (exponential backoff with full jitter), as
 * PostgreSQL's manual advises for deadlocks.
 * @throws the database's error when it is not a deadlock, or after {@link DECLARE_TRIES} deadlocks in a row.
 */
export async function declareQueue(jobs: PgBoss, queue: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      if (await jobs.getQueue(queue.name)) await jobs.updateQueue(queue.name, queue);
      else await jobs.createQueue(queue.name, queue);
      return;
    } catch (error) {
      if (!deadlockDetected(error) || attempt === DECLARE_TRIES) throw error;
      await sleep(Math.random() * Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (attempt - 1)));
    }
  }
}

/**
 * pg-boss's connection option (`jobs.send(name, data, { db: jobsIn(tx) })`) that runs its SQL on
 * the drizzle handle `tx`, the same way on PGlite and node-postgres: inside a transaction, the job
 * row commits or rolls back with the change (issue 26: a notice is never lost by a restart between
 * the commit and its queueing, and a failed change queues none). On PGlite it is also the only
 * way: pg-boss's own connection (`app.dbExecuteSql`) would wait for the open transaction.
 * Each `$n` of the text becomes one drizzle parameter of `values[n − 1]`, numbered in the order of
 * first appearance; a later `$n` names that same parameter, so that PostgreSQL infers one type for
 * it as on pg-boss's own connection (pg-boss's INSERT reads `$5` as text and casts it in a branch
 * not taken: a parameter of its own there would have to parse as a timestamp).
 * @returns an object answering `{ rows }` of the text's last statement; rejects with the database's error.
 */
export function jobsIn(tx: Db): PgBoss.Db {
  return {
    async executeSql(text, values = []) {
      const drizzleNumber = new Map<number, number>();
      const chunks = text.split(/\$(\d+)/).map((part, i) => {
        if (i % 2 === 0) return sql.raw(part);
        const n = Number(part);
        const known = drizzleNumber.get(n);
        if (known !== undefined) return sql.raw(`$${known}`);
        drizzleNumber.set(n, drizzleNumber.size + 1);
        return sql.param(values[n - 1]);
      });
      // PGlite answers `{ rows }`; node-postgres a QueryResult with `rows` too.
      const result = (await tx.execute(sql.join(chunks))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}
