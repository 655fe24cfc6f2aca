/**
 * Opens the database (DESIGN.md "Data"): PGlite on disk by default, node-postgres when a
 * `DATABASE_URL` is given, and applies the committed forward-only migrations of `server/drizzle`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { Client, Pool } from 'pg';
import { SERVER_ROOT, type DatabaseBounds } from '../settings';

/**
 * The drizzle handle every service receives; the same API on PGlite and PostgreSQL. Without a
 * schema: the SQL-like builder is used throughout (no relational `db.query`), so this layer needs no
 * module's tables, which each module declares beside itself (`modules/<module>/tables.ts`).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** The rows of a raw statement's result (`db.execute`): both drivers (node-postgres, PGlite) answer `{rows}`. */
export function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/**
 * Runs one SQL text (several statements when `values` is empty) and answers its rows: of several
 * statements, every statement's rows in order on PGlite, and node-postgres' array of results on
 * PostgreSQL (pg-boss reads both: a claim of its `BEGIN; …; COMMIT` blocks is not COMMIT's row).
 */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

/** An open database with its driver kind and a function that closes it. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL on the same connections as `db`, for libraries that bring their own SQL (the job queue). */
  executeSql: ExecuteSql;
  close: () => Promise<void>;
}

/** Where the committed SQL migrations live. */
export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'drizzle');

/**
 * PostgreSQL settings of the embedded database, added to PGlite's own (issue 33 item 6: the
 * server's memory on the embedded default). PGlite's WASM memory only grows, and PostgreSQL's
 * defaults sized it for a server: a 128 MB buffer cache (shared_buffers), 64 MB for building the
 * migrations' indexes (maintenance_work_mem) and 4 MB per sort. PGlite reads its data files through
 * Node's file system (or memory in tests), so a small buffer cache costs copies, not disk reads.
 * Measured with the demo data after every public page: 713 MB resident with the defaults, 598 MB
 * with shared_buffers at 16 MB, 538 MB with these three.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=8MB', '-c', 'maintenance_work_mem=8MB', '-c', 'work_mem=2MB'];

/**
 * A PGlite with the extensions the migrations need (pg_trgm for search): on disk in `dir`, or in
 * memory when `dir` is absent (tests), then starting from `image` when given (a `dumpDataDir`
 * tarball: test/helpers/database-images.ts). PGlite loads extensions only at construction.
 */
export function createPglite(dir?: string, image?: Blob): PGlite {
  const options = {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
    ...(image && { loadDataDir: image }),
  };
  return dir ? new PGlite(dir, options) : new PGlite(options);
}

/** Options of {@link openDatabase}: exactly one source is used (url > pglite > dataDir). */
export interface OpenDatabaseOptions {
  /** `postgres://…`: use node-postgres with a pool. */
  url?: string;
  /** An already-open PGlite made by {@link createPglite} (tests: in memory); `close` closes it too. */
  pglite?: PGlite;
  /** Data folder; PGlite keeps its files in `<dataDir>/db` (created when missing). */
  dataDir?: string;
  /** Runs after the migrations, in the same exclusive setup step (the demo seed). */
  prepare?: (db: Db) => Promise<void>;
  /**
   * PostgreSQL: bounds of the pool that serves requests (issue 23), so that a database that is
   * gone, stalled or slow ends a request's wait instead of holding it. Migrations and `prepare`
   * run on their own connection, without them. Unset: node-postgres' defaults (no bound).
   */
  bounds?: DatabaseBounds;
  /**
   * PostgreSQL: told of a pooled connection's error that no query was waiting for (the server
   * restarted, the network cut an idle or checked-out connection). Without a listener such an
   * error would end the process (issue 23); the pool drops the connection and opens a new one
   * when next needed.
   */
  onConnectionError?: (error: Error) => void;
}


/** Extra time the client waits past `statement_timeout` before it gives a silent connection up, ms. */
const CLIENT_TIMEOUT_MARGIN_MS = 2_000;

/**
 * A pooled connection that closes itself when a statement got no answer within `query_timeout`
 * (issue 23: a network that stopped forwarding). node-postgres fails the statement but keeps the
 * connection, still waiting for that answer: released to the pool, it would fail every later
 * statement in turn, one pool slot lost for good. Closed, the pool drops it and opens another.
 */
class BoundedClient extends Client {
  override query(...args: unknown[]): never {
    const giveUpIfSilent = (error: unknown) => {
      if (error instanceof Error && error.message === 'Query read timeout') this.connection.stream.destroy();
    };
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        giveUpIfSilent(error);
        callback(error, result);
      };
    }
    const outcome = (super.query as (...a: unknown[]) => unknown)(...args);
    if (outcome instanceof Promise) outcome.catch(giveUpIfSilent);
    return outcome as never;
  }
}

/**
 * The PostgreSQL advisory lock key of the setup step: of N replicas starting together on one
 * database, one migrates and seeds while the others wait, then find it done (issue 10 "Scale-out").
 */
const SETUP_LOCK_KEY = 72_010;

/**
 * Opens the database, runs pending migrations, then `prepare`; on PostgreSQL both under an
 * advisory lock, so that replicas starting together do not migrate or seed twice.
 * @returns the handle; throws when the server is unreachable or a migration or `prepare` fails.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) {
    // Migrations and the seed may run long: on a connection of their own, without the bounds.
    const setup = new Client({ connectionString: options.url, application_name: 'shop-setup' });
    await setup.connect();
    try {
      await setup.query('SELECT pg_advisory_lock($1)', [SETUP_LOCK_KEY]);
      const setupDb = drizzleNodePg({ client: setup });
      await migrateNodePg(setupDb, { migrationsFolder: MIGRATIONS_FOLDER });
      await options.prepare?.(setupDb as unknown as Db);
    } finally {
      // Ending the session also releases the advisory lock.
      await setup.end();
    }
    const { bounds, onConnectionError } = options;
    const pool = new Pool({
      connectionString: options.url,
      max: 10,
      keepAlive: true,
      application_name: 'shop',
      ...(bounds && {
        Client: BoundedClient,
        connectionTimeoutMillis: bounds.connectMs,
        statement_timeout: bounds.statementMs,
        query_timeout: bounds.statementMs + CLIENT_TIMEOUT_MARGIN_MS,
      }),
    });
    // An idle connection's error reaches both listeners below: told once.
    const reported = new WeakSet<Error>();
    const report = (error: Error) => {
      if (reported.has(error)) return;
      reported.add(error);
      onConnectionError?.(error);
    };
    // An idle connection's error reaches the pool; a checked-out one's (between two statements of
    // a transaction) reaches only the client: both need a listener, or Node ends the process.
    pool.on('error', report);
    pool.on('connect', (client) => client.on('error', report));
    const db = drizzleNodePg({ client: pool });
    const executeSql: ExecuteSql = (text, values) => pool.query(text, values);
    return { db: db as unknown as Db, kind: 'postgres', executeSql, close: () => pool.end() };
  }
  let client = options.pglite;
  if (!client) {
    const dir = path.join(options.dataDir ?? path.resolve(process.cwd(), 'data'), 'db');
    fs.mkdirSync(dir, { recursive: true });
    client = createPglite(dir);
  }
  const db = drizzlePglite({ client });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  await options.prepare?.(db as unknown as Db);
  const opened = client;
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    // PGlite's `query` takes one statement; `exec` several, without parameters.
    executeSql: async (text, values) => {
      if (values?.length) return opened.query(text, values);
      const results = await opened.exec(text);
      return { rows: results.flatMap((result) => result.rows) };
    },
    close: async () => {
      if (!opened.closed) await opened.close();
    },
  };
}
