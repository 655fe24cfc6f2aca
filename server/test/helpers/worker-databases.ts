/**
 * One PostgreSQL database per jest worker, so the API test files run two at a time on the
 * production path too (each file drops and re-creates the schemas of its database: two files
 * sharing one would wipe each other's). `DATABASE_URL` names the run's database (`.ci/run` makes
 * a fresh one); worker N uses `<that name>_w<N>`, created by the global setup and dropped by the
 * global teardown. Without DATABASE_URL (PGlite only) there is nothing to do.
 */
import { Client } from 'pg';

/** The database URL of jest worker `workerId` (1-based) for the run's `DATABASE_URL`. */
export function workerDatabaseUrl(runUrl: string, workerId: string | number): string {
  const url = new URL(runUrl);
  url.pathname = `${url.pathname}_w${workerId}`;
  return url.href;
}

/**
 * Runs `sql` with `values` on the server's `postgres` database (CREATE and DROP DATABASE cannot
 * run in the database itself) and answers its rows.
 */
export async function onServer(runUrl: string, sql: string, values: unknown[] = []): Promise<unknown[]> {
  const url = new URL(runUrl);
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.href });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

/** The name of a worker's database (unquoted). */
export const workerDatabaseName = (runUrl: string, workerId: number) => new URL(workerDatabaseUrl(runUrl, workerId)).pathname.slice(1);

/** What a database image holds (database-images.ts): migrations and the demo seed, or migrations only (`seed: false`). */
export type ImageKind = 'seeded' | 'bare';

/** The PostgreSQL template database of worker database `database` (unquoted) holding its `kind` image. */
export const templateDatabaseName = (database: string, kind: ImageKind) => `${database}_${kind}`;

/** Every template database name of worker database `database`, for the global setup and teardown. */
export const templateNamesOf = (database: string): string[] => (['seeded', 'bare'] as const).map((kind) => templateDatabaseName(database, kind));
