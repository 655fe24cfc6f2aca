/**
 * Upgrading a database of pg-boss 10 to pg-boss 12 in place. pg-boss migrates its own schema on
 * `start()`, but only from schema version 25 (pg-boss 11) on: 11 changed the job tables and has
 * no migration from 10's version 24, its release notes ask to move jobs by SQL. So the server
 * moves them itself, once, on the first start after the upgrade:
 * 1. Under an advisory lock, a schema of version 24 is renamed `pgboss_v10` (one statement).
 * 2. pg-boss 12 starts and creates its schema `pgboss` afresh.
 * 3. Under the lock again, in one transaction: every queue of the old schema is created with its
 *    options, its unfinished jobs (created, waiting for a retry, or active) are copied with their
 *    ids, data, tries, deferral and singleton keys, its cron schedules too, and the old schema is
 *    dropped. Finished jobs (history kept a few days) go with it; dead letter queues and pub/sub
 *    subscriptions are not carried (the app uses neither).
 * A start cut off between 1 and 3 finds `pgboss_v10` at its next start and does 3 then. Replicas
 * starting together wait for each other on the lock and find the work done. Every replica still on
 * pg-boss 10 must be stopped first: its statements would meet the new tables.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { JOBS_SCHEMA } from './job-queues';

/** pg-boss 10's schema version. */
const PG_BOSS_10_SCHEMA_VERSION = 24;

/** Where pg-boss 10's schema waits while its jobs move. */
const OLD_SCHEMA = `${JOBS_SCHEMA}_v10`;

/** The PostgreSQL advisory lock key of the upgrade (see db/client.ts for the setup's, 72 010). */
const UPGRADE_LOCK_KEY = 72_011;

/** The rows a statement answered, the same on both drivers. */
async function rowsOf<T>(tx: Db, query: SQL): Promise<T[]> {
  return ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Renames a schema of pg-boss 10 out of pg-boss 12's way, under the lock. */
async function setAsidePgBoss10(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${UPGRADE_LOCK_KEY})`);
    const [found] = await rowsOf<{ installed: boolean }>(tx, sql.raw(`select to_regclass('${JOBS_SCHEMA}.version') is not null as installed`));
    if (!found?.installed) return;
    const [installed] = await rowsOf<{ version: number }>(tx, sql.raw(`select version from ${JOBS_SCHEMA}.version`));
    if (installed?.version === PG_BOSS_10_SCHEMA_VERSION) await tx.execute(sql.raw(`alter schema ${JOBS_SCHEMA} rename to ${OLD_SCHEMA}`));
  });
}

/** Moves the queues, unfinished jobs and schedules of a set-aside schema into pg-boss 12's, then drops it. */
async function movePgBoss10Jobs(db: Db): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${UPGRADE_LOCK_KEY})`);
    const [old] = await rowsOf<{ found: boolean }>(tx, sql.raw(`select to_regnamespace('${OLD_SCHEMA}') is not null as found`));
    if (!old?.found) return undefined;
    await tx.execute(
      sql.raw(`select ${JOBS_SCHEMA}.create_queue(name, jsonb_build_object(
                 'policy', coalesce(policy, 'standard'), 'retryLimit', retry_limit, 'retryDelay', retry_delay,
                 'retryBackoff', retry_backoff, 'expireInSeconds', expire_seconds, 'retentionSeconds', retention_minutes * 60))
               from ${OLD_SCHEMA}.queue`),
    );
    const [moved] = await rowsOf<{ count: number }>(
      tx,
      sql.raw(`with moved as (
                 insert into ${JOBS_SCHEMA}.job (id, name, priority, data, state, retry_limit, retry_count, retry_delay, retry_backoff,
                   start_after, started_on, singleton_key, singleton_on, expire_seconds, deletion_seconds, created_on, keep_until, output, policy)
                 select j.id, j.name, j.priority, j.data, j.state::text::${JOBS_SCHEMA}.job_state, j.retry_limit, j.retry_count, j.retry_delay,
                   j.retry_backoff, j.start_after, j.started_on, j.singleton_key, j.singleton_on, extract(epoch from j.expire_in)::int,
                   q.deletion_seconds, j.created_on, j.keep_until, j.output, j.policy
                 from ${OLD_SCHEMA}.job j join ${JOBS_SCHEMA}.queue q on q.name = j.name
                 where j.state < 'completed'
                 returning 1)
               select count(*)::int as count from moved`),
    );
    await tx.execute(
      sql.raw(`insert into ${JOBS_SCHEMA}.schedule (name, cron, timezone, data, options, created_on, updated_on)
               select name, cron, timezone, data, options, created_on, updated_on from ${OLD_SCHEMA}.schedule
               on conflict do nothing`),
    );
    await tx.execute(sql.raw(`drop schema ${OLD_SCHEMA} cascade`));
    return moved?.count ?? 0;
  });
}

/**
 * Starts pg-boss 12 with `start` on the database `db`, upgrading a schema of pg-boss 10 found
 * there first (see the file's comment).
 * @returns how many unfinished jobs moved from pg-boss 10's schema, or undefined when there was
 *   none to upgrade; rejects with the database's or `start`'s error (a later start tries again).
 */
export async function upgradeFromPgBoss10(db: Db, start: () => Promise<unknown>): Promise<number | undefined> {
  await setAsidePgBoss10(db);
  await start();
  return movePgBoss10Jobs(db);
}
