/** The databases of the PostgreSQL benches (bench-commerce.ts, bench-api.ts) and of seed-scale.ts. */
import { Client } from 'pg';

/**
 * The scale database (issue 9): `seed:scale` fills it and `bench:api` measures it, kept between
 * runs (BENCH_SCALE_DATABASE_URL overrides it).
 */
export const SCALE_DATABASE_URL = process.env.BENCH_SCALE_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench_scale';

/** Creates the database of `url` when it does not exist (through the server's `postgres` database). */
export async function createDatabaseIfMissing(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

/** Creates the database of `url` when it does not exist, then empties its `public` and `drizzle` schemas. */
export async function freshDatabase(url: string): Promise<void> {
  await createDatabaseIfMissing(url);
  const db = new Client({ connectionString: url });
  await db.connect();
  try {
    await db.query('DROP SCHEMA IF EXISTS public CASCADE; DROP SCHEMA IF EXISTS drizzle CASCADE; CREATE SCHEMA public;');
  } finally {
    await db.end();
  }
}
