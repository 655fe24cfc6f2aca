/**
 * Which server processes are alive, for the sweep of files whose write a crash cut off (issue 10
 * "Load and faults"): each process writes under a number it holds for its whole life, and a write
 * recorded under a number nobody holds belongs to a process that is gone.
 *
 * - PGlite: one process at a time opens a data folder, so every other number is gone.
 * - PostgreSQL: the number is a session advisory lock (`pg_advisory_lock(72011, n)`) held on a
 *   connection of its own; PostgreSQL drops it when the process dies and its connection closes,
 *   so any replica can tell a live writer from a dead one with `pg_try_advisory_xact_lock`.
 */
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Client } from 'pg';
import type { Db } from '../../db/client';

/** Class of the writers' advisory locks (two-key form; 6002/6003 are commerce's, 72010 the setup lock's). */
export const WRITER_LOCK_CLASS = 72_011;

/** Wait between two attempts to take the lock back after its connection was lost, ms. */
const RECONNECT_DELAY_MS = 1_000;

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
  /** Gives the number up (clean shutdown). */
  close(): Promise<void>;
}

/** The lease of a PGlite process: the only process of its database. */
export function soleProcessLease(): WriterLease {
  const id = randomInt(1, 2 ** 31 - 1);
  return { id, isAlive: async (_tx, writer) => writer === id, close: async () => undefined };
}

/**
 * The lease of a PostgreSQL process: a new connection that takes a free writer number's advisory
 * lock and keeps it; when that connection is lost, it is opened again and the same lock taken
 * back (meanwhile other replicas may count this process as gone, and its writes in flight then
 * fail cleanly: see StoredFiles.write).
 * @throws when the database cannot be reached at start
 */
export async function postgresLease(url: string, log: Pick<FastifyBaseLogger, 'error' | 'warn'>): Promise<WriterLease> {
  let closed = false;
  let client: Client | undefined;

  /** Connects and takes `wanted`, or a free random number when absent; answers the number. */
  const take = async (wanted?: number): Promise<number> => {
    const next = new Client({ connectionString: url, keepAlive: true, application_name: 'shop-file-writer' });
    next.on('error', (error) => log.error({ err: error }, 'the file-writer lock connection failed'));
    await next.connect();
    try {
      for (;;) {
        const candidate = wanted ?? randomInt(1, 2 ** 31 - 1);
        const { rows } = await next.query<{ taken: boolean }>('select pg_try_advisory_lock($1, $2) as taken', [WRITER_LOCK_CLASS, candidate]);
        if (rows[0]?.taken) {
          client = next;
          next.once('end', () => void lost(candidate));
          return candidate;
        }
        // Taken: another process has this number (only by chance, for a new one), or a sweep holds it for a moment.
        if (wanted !== undefined) await new Promise((resolve) => setTimeout(resolve, RECONNECT_DELAY_MS));
      }
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
  };

  const lost = async (id: number) => {
    client = undefined;
    while (!closed) {
      log.warn({ writer: id }, 'the file-writer lock connection closed: taking the lock back');
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_DELAY_MS));
      if (closed) return;
      try {
        await take(id);
        return;
      } catch (error) {
        log.error({ err: error }, 'could not take the file-writer lock back');
      }
    }
  };

  const id = await take();
  return {
    id,
    async isAlive(tx, writer) {
      if (writer === id) return true;
      const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${WRITER_LOCK_CLASS}, ${writer}) as free`);
      const [row] = (result as unknown as { rows: Array<{ free: boolean }> }).rows;
      return !row?.free;
    },
    async close() {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
}
