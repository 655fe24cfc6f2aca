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
export const MIGRATIONS_FOLDER = path.resolve(__dirname, '../../drizzle');

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
}

/**
 * Opens the database and runs pending migrations.
 * @returns the handle; throws when the server is unreachable or a migration fails.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.url) {
    const pool = new Pool({ connectionString: options.url, max: 10 });
    const db = drizzleNodePg({ client: pool, schema });
    await migrateNodePg(db, { migrationsFolder: MIGRATIONS_FOLDER });
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
  const opened = client;
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: async () => {
      if (!opened.closed) await opened.close();
    },
  };
}
