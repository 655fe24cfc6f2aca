/**
 * One PostgreSQL connection of the process's own, outside the pool, for what lives as long as a
 * session: the file writer's advisory lock (modules/files/writer-lease.ts) and the public caches'
 * `LISTEN` (plugins/app/public-cache.ts). When it is lost, it is opened again and every part's
 * setup runs again on the new connection, in the order they were added.
 */
import type { FastifyBaseLogger } from 'fastify';
import { Client } from 'pg';

/** Wait between two attempts to open the connection again after it was lost, ms. */
const RECONNECT_DELAY_MS = 1_000;

/**
 * How often the connection is asked `select 1`, and how long an answer (or the opening) may take,
 * ms (issue 23). A network that swallows traffic leaves the socket open: without a question nobody
 * would notice that notifications stopped and the writer's lock is gone.
 */
const HEARTBEAT_MS = 2_000;
const ANSWER_TIMEOUT_MS = 3_000;

/** What a part does on the session connection, now and after each reconnection. */
export type SessionSetup = (client: Client) => Promise<void>;

/** The process's session connection. */
export interface SessionConnection {
  /**
   * Runs `setup` on the connection now, and again on each new connection after one was lost.
   * @throws what the first run throws (the part is then not kept)
   */
  use(setup: SessionSetup): Promise<void>;
  /** Closes the connection for good (clean shutdown); session locks and listens end with it. */
  close(): Promise<void>;
}

/**
 * Opens the session connection to `url`.
 * @throws when the database cannot be reached at start
 */
export async function openSessionConnection(
  url: string,
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>,
): Promise<SessionConnection> {
  const setups: SessionSetup[] = [];
  let closed = false;
  let client: Client;

  const connect = async () => {
    const next = new Client({
      connectionString: url,
      keepAlive: true,
      application_name: 'shop-session',
      connectionTimeoutMillis: ANSWER_TIMEOUT_MS,
      query_timeout: ANSWER_TIMEOUT_MS,
    });
    next.on('error', (error) => log.error({ err: error }, 'the session connection failed'));
    await next.connect();
    try {
      for (const setup of setups) await setup(next);
    } catch (error) {
      next.connection.stream.destroy();
      throw error;
    }
    client = next;
    const heartbeat = setInterval(() => {
      next.query('select 1').catch((error: unknown) => {
        log.warn({ err: error }, 'the session connection stopped answering: closing it');
        next.connection.stream.destroy();
      });
    }, HEARTBEAT_MS).unref();
    next.once('end', () => {
      clearInterval(heartbeat);
      void lost();
    });
  };

  const lost = async () => {
    while (!closed) {
      log.warn('the session connection closed: opening it again');
      await new Promise((resolve) => setTimeout(resolve, RECONNECT_DELAY_MS));
      if (closed) return;
      try {
        await connect();
        return;
      } catch (error) {
        log.error({ err: error }, 'could not open the session connection again');
      }
    }
  };

  await connect();
  return {
    async use(setup) {
      await setup(client);
      setups.push(setup);
    },
    async close() {
      closed = true;
      await client.end().catch(() => undefined);
    },
  };
}
