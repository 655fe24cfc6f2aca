/**
 * The job queue helpers (lib/job-queues.ts).
 * - Declaring queues: replicas starting together on a new PostgreSQL database declare the same
 *   queues at once (pg-boss 10 deadlocked now and again there, attaching each queue's partition);
 *   every declaration must end, each queue exist once, with the options declared last.
 * - Working a queue one by one: the jobs waiting are taken one after another, not one per poll.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { PgBoss } from 'pg-boss';
import { declareQueue, workOneByOne } from '../../src/lib/job-queues';
import { buildTestApp } from '../helpers/test-app';
import { startPostgresInstance, type PostgresInstance } from '../helpers/postgres-instance';

/** Queues enough that two replicas declaring them in opposite orders collide in every run. */
const NAMES = Array.from({ length: 12 }, (_, i) => `declared-${i}`);

describe('declareQueue on PostgreSQL, two replicas at once', () => {
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
        for (const name of order) await declareQueue(boss, { name, retryLimit: 3 + round, retryDelay: 10 });
      };
      await Promise.all([declare(first, names), declare(second, [...names].reverse())]);
    }
    const queues = (await first.getQueues()).filter((queue) => queue.name.startsWith('declared-'));
    expect(queues).toHaveLength(NAMES.length * 5);
    for (const queue of queues) expect(queue.retryLimit).toBe(3 + Number(queue.name.split('-')[2]));
  }, 120_000);

  it('brings a declared queue\'s options up to date when it is declared again', async () => {
    const [first, second] = started();
    await declareQueue(first, { name: 'declared-again', retryLimit: 1 });
    await declareQueue(second, { name: 'declared-again', retryLimit: 7, retryBackoff: true });
    expect(await first.getQueue('declared-again')).toMatchObject({ retryLimit: 7, retryBackoff: true });
  });
});

describe('workOneByOne', () => {
  it('takes the jobs waiting one after another, without waiting for a poll between them, and retries a failed one', async () => {
    const app = await buildTestApp('pglite', { seed: false });
    try {
      await declareQueue(app.jobs, { name: 'one-by-one', retryLimit: 1, retryDelay: 0 });
      const handled: string[] = [];
      let failures = 0;
      // A poll of 10 minutes: after the first wake, only taking the next job at once gets through them.
      const workerId = await workOneByOne<{ n: number }>(
        app.jobs,
        'one-by-one',
        async (job) => {
          handled.push(`${job.data.n}:${job.retryCount}`);
          if (job.data.n === 2 && failures++ === 0) throw new Error('the first try of job 2 fails');
        },
        600,
      );
      for (let n = 1; n <= 5; n++) await app.jobs.send('one-by-one', { n });
      app.jobs.notifyWorker(workerId);
      for (let waited = 0; handled.length < 6 && waited < 30_000; waited += 50) await sleep(50);
      expect(handled.slice().sort()).toEqual(['1:0', '2:0', '2:1', '3:0', '4:0', '5:0']);
      await app.jobs.offWork('one-by-one');
    } finally {
      await app.close();
    }
  });
});
