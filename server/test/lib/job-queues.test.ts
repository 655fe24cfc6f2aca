/**
 * The job queue (lib/job-queues.ts `JobQueue`, pg-boss behind it).
 * - Declaring queues: replicas starting together on a new PostgreSQL database declare the same
 *   queues at once (pg-boss 10 deadlocked now and again there, attaching each queue's partition);
 *   every declaration must end, each queue exist once, with the options declared last.
 * - Working a queue one by one: the jobs waiting are taken one after another, not one per poll.
 * - Looking jobs up, failing a try of one and cancelling one, on PGlite and on PostgreSQL.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { PgBoss } from 'pg-boss';
import { PgBossJobQueue, type Job } from '../../src/lib/job-queues';
import { DB_TARGETS, buildTestApp } from '../helpers/test-app';
import { startPostgresInstance, type PostgresInstance } from '../helpers/postgres-instance';

/** Queues enough that two replicas declaring them in opposite orders collide in every run. */
const NAMES = Array.from({ length: 12 }, (_, i) => `declared-${i}`);

describe('declare on PostgreSQL, two replicas at once', () => {
  let postgres: PostgresInstance;
  const replicas: PgBoss[] = [];
  const started = () => {
    const [first, second] = replicas;
    if (!first || !second) throw new Error('the replicas did not start');
    return [first, second] as const;
  };

  beforeAll(async () => {
    postgres = await startPostgresInstance();
    for (let i = 0; i < 2; i++) {
      const boss = new PgBoss({ connectionString: postgres.url, schema: 'pgboss', supervise: false, schedule: false });
      boss.on('error', () => undefined);
      await boss.start();
      replicas.push(boss);
    }
  }, 60_000);

  afterAll(async () => {
    for (const boss of replicas) await boss.stop({ graceful: false });
    postgres?.destroy();
  });

  it('creates every queue once though the replicas race, in opposite orders, five rounds over', async () => {
    const [first, second] = started();
    for (let round = 0; round < 5; round++) {
      const names = NAMES.map((name) => `${name}-${round}`);
      // One after another in each replica, as the server's plugins declare theirs at start.
      const declare = async (boss: PgBoss, order: string[]) => {
        const jobs = new PgBossJobQueue(boss);
        for (const name of order) await jobs.declare({ name, retryLimit: 3 + round, retryDelay: 10 });
      };
      await Promise.all([declare(first, names), declare(second, [...names].reverse())]);
    }
    const queues = (await first.getQueues()).filter((queue) => queue.name.startsWith('declared-'));
    expect(queues).toHaveLength(NAMES.length * 5);
    for (const queue of queues) expect(queue.retryLimit).toBe(3 + Number(queue.name.split('-')[2]));
  }, 120_000);

  it('brings a declared queue\'s options up to date when it is declared again', async () => {
    const [first, second] = started();
    await new PgBossJobQueue(first).declare({ name: 'declared-again', retryLimit: 1 });
    await new PgBossJobQueue(second).declare({ name: 'declared-again', retryLimit: 7, retryBackoff: true });
    expect(await first.getQueue('declared-again')).toMatchObject({ retryLimit: 7, retryBackoff: true });
  });
});

describe('work', () => {
  it('takes the jobs waiting one after another, without waiting for a poll between them, and retries a failed one', async () => {
    const app = await buildTestApp('pglite', { seed: false });
    try {
      await app.jobs.declare({ name: 'one-by-one', retryLimit: 1, retryDelay: 0 });
      const handled: string[] = [];
      let failures = 0;
      // A poll of 10 minutes: after the first wake, only taking the next job at once gets through them.
      await app.jobs.work<{ n: number }>(
        'one-by-one',
        async (job) => {
          handled.push(`${job.data.n}:${job.retryCount}`);
          if (job.data.n === 2 && failures++ === 0) throw new Error('the first try of job 2 fails');
        },
        { pollSeconds: 600 },
      );
      for (let n = 1; n <= 5; n++) await app.jobs.send('one-by-one', { n });
      app.jobs.wake('one-by-one');
      for (let waited = 0; handled.length < 6 && waited < 30_000; waited += 50) await sleep(50);
      expect(handled.slice().sort()).toEqual(['1:0', '2:0', '2:1', '3:0', '4:0', '5:0']);
      await app.jobs.stop('one-by-one');
    } finally {
      await app.close();
    }
  });
});

describe.each(DB_TARGETS)('looking up, failing and cancelling jobs on %s', (target) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(target, { seed: false });
  });
  afterAll(() => app.close());

  /** Resolves once `test` holds, looked at every 50 ms for up to 30 s. */
  async function until(test: () => Promise<boolean>): Promise<void> {
    for (let waited = 0; !(await test()); waited += 50) {
      expect(waited).toBeLessThan(30_000);
      await sleep(50);
    }
  }
  const stateOf = async (name: string, id: string) => (await app.jobs.find(name, { id }))[0]?.state;

  it('finds jobs by id, singleton key and data, and the unfinished ones; cancels a waiting one', async () => {
    await app.jobs.declare({ name: 'looked-up' });
    const later = (await app.jobs.send('looked-up', { order: 1, kind: 'later' }, { startAfter: 3600, singletonKey: 'order:1' }))!;
    const other = (await app.jobs.send('looked-up', { order: 2, kind: 'now' }))!;
    expect(await app.jobs.find('looked-up', { id: later })).toMatchObject([
      { id: later, state: 'created', data: { order: 1, kind: 'later' }, singletonKey: 'order:1', retryCount: 0 },
    ]);
    expect((await app.jobs.find('looked-up', { singletonKey: 'order:1' })).map((job) => job.id)).toEqual([later]);
    expect((await app.jobs.find('looked-up', { data: { order: 2 } })).map((job) => job.id)).toEqual([other]);
    expect((await app.jobs.find('looked-up', { data: { order: 3 } }))).toEqual([]);
    const [found] = await app.jobs.find('looked-up', { id: later });
    expect(found!.startAfter.getTime() - Date.now()).toBeGreaterThan(3_590_000);

    await app.jobs.cancel('looked-up', later);
    expect(await stateOf('looked-up', later)).toBe('cancelled');
    expect((await app.jobs.unfinished('looked-up')).map((job) => job.id)).toEqual([other]);
  });

  it('answers the jobs held for a while, and fails only the try it names: the queue tries the job again', async () => {
    await app.jobs.declare({ name: 'held', retryLimit: 1, retryDelay: 60 });
    const held: Array<Job<{ n: number }>> = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await app.jobs.work<{ n: number }>('held', async (job) => {
      held.push(job);
      await released;
    });
    const id = (await app.jobs.send('held', { n: 1 }))!;
    app.jobs.wake('held');
    await until(async () => held.length === 1);
    await until(async () => (await app.jobs.activeFor('held', 0)).length === 1);
    expect(await app.jobs.activeFor('held', 0)).toMatchObject([{ id, state: 'active', data: { n: 1 }, retryCount: 0, retryLimit: 1 }]);
    expect(await app.jobs.activeFor('held', 3600)).toEqual([]);

    // A later try than the one held: left alone.
    await app.jobs.fail('held', { id, retryCount: 1 }, 'not this try');
    expect(await stateOf('held', id)).toBe('active');
    await app.jobs.fail('held', held[0]!, 'the process running the job is gone');
    expect(await stateOf('held', id)).toBe('retry');
    release();
    await app.jobs.stop('held');
    // The worker's own end of the try it lost changes nothing.
    expect(await stateOf('held', id)).toBe('retry');
  });
});
