/**
 * Which server processes are alive, for the sweep of files whose write a crash cut off (issue 10
 * "Load and faults"): each process writes under a number it holds for its whole life, and a write
 * recorded under a number nobody holds belongs to a process that is gone.
 *
 * - PGlite: one process at a time opens a data folder, so every other number is gone.
 * - PostgreSQL: the number is a session advisory lock (`pg_advisory_lock(72011, n)`) held on the
 *   process's session connection (db/session-connection.ts); PostgreSQL drops it when the process
 *   dies and its connection closes, so any replica can tell a live writer from a dead one with `pg_try_advisory_xact_lock`.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import type { SessionConnection } from '../../db/session-connection';

/** Class of the writers' advisory locks (two-key form; 6002/6003 are commerce's, 72010 the setup lock's). */
export const WRITER_LOCK_CLASS = 72_011;

/** Wait between two attempts to take this process's number back while a sweep holds it, ms. */
const RETAKE_DELAY_MS = 1_000;

/** This process's writer number, and whether another number's process is still alive. */
export interface WriterLease {
  /** The number recorded with this process's writes in progress (1 … 2^31 − 1). */
  readonly id: number;
  /**
   * True while writer `writer` may still be writing. Called inside the sweep's transaction: on
   * PostgreSQL a dead writer's lock is then held until that transaction ends, so a new process
   * cannot take the same number meanwhile.
   */
  isAlive(tx: Db, writer: number): Promise<boolean>;
}

/** The lease of a PGlite process: the only process of its database. */
export function soleProcessLease(): WriterLease {
  const id = randomInt(1, 2 ** 31 - 1);
  return { id, isAlive: async (_tx, writer) => writer === id };
}

/**
 * The lease of a PostgreSQL process: a free writer number's advisory lock, taken on the process's
 * session connection and kept; when that connection is lost, the same lock is taken back on the
 * new one (meanwhile other replicas may count this process as gone, and its writes in flight then
 * fail cleanly: see StoredFiles.write). The lock ends with the session connection.
 * @throws when the first lock cannot be taken
 */
export async function postgresLease(session: SessionConnection): Promise<WriterLease> {
  let id: number | undefined;
  await session.use(async (client) => {
    for (;;) {
      const candidate = id ?? randomInt(1, 2 ** 31 - 1);
      const { rows } = await client.query<{ taken: boolean }>('select pg_try_advisory_lock($1, $2) as taken', [WRITER_LOCK_CLASS, candidate]);
      if (rows[0]?.taken) {
        id = candidate;
        return;
      }
      // Taken: another process has this number (only by chance, for a new one), or a sweep holds it for a moment.
      if (id !== undefined) await new Promise((resolve) => setTimeout(resolve, RETAKE_DELAY_MS));
    }
  });
  const own = id!;
  return {
    id: own,
    async isAlive(tx, writer) {
      if (writer === own) return true;
      const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${WRITER_LOCK_CLASS}, ${writer}) as free`);
      const [row] = rowsOf<{ free: boolean }>(result);
      return !row?.free;
    },
  };
}
