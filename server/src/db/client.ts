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
import { Pool } from 'pg';
import { SERVER_ROOT } from '../settings';
import * as schema from './schema';

/** The drizzle handle every service receives; the same API on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** An open database with its driver kind and a function that closes it. */
export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

/** Where the committed SQL migrations live. */
export const MIGRATIONS_FOLDER = path.join(SERVER_ROOT, 'drizzle');

/**
 * A PGlite with the extensions the migrations need (pg_trgm for search): on disk in `dir`, or in
 * memory when `dir` is absent (tests). PGlite loads extensions only at construction.
 */
export function createPglite(dir?: string): PGlite {
  const options = { extensions: { pg_trgm } };
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
    const pool = new Pool({ connectionString: options.url, max: 10 });
    const db = drizzleNodePg({ client: pool, schema });
    const lock = await pool.connect();
    try {
      await lock.query('SELECT pg_advisory_lock($1)', [SETUP_LOCK_KEY]);
      await migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
      await options.prepare?.(db as unknown as Db);
    } catch (error) {
      lock.release(true);
      await pool.end();
      throw error;
    }
    // Unlocked by the session's end too, should this query fail.
    await lock.query('SELECT pg_advisory_unlock($1)', [SETUP_LOCK_KEY]).finally(() => lock.release());
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  let client = options.pglite;
  if (!client) {
    const dir = path.join(options.dataDir ?? path.resolve(process.cwd(), 'data'), 'db');
    fs.mkdirSync(dir, { recursive: true });
    client = createPglite(dir);
  }
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
  await options.prepare?.(db as unknown as Db);
  const opened = client;
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: async () => {
      if (!opened.closed) await opened.close();
    },
  };
}
