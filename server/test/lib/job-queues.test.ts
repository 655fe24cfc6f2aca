/**
 * Declaring queues (lib/job-queues.ts): replicas starting together on a new PostgreSQL database
 * declare the same queues at once. pg-boss 10 then deadlocks now and again (an instance of the
 * two-instances test once failed to start on it); every declaration must still end, each queue
 * exist once, with the options declared last.
 */
import PgBoss from 'pg-boss';
import { declareQueue } from '../../src/lib/job-queues';
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
    for (const boss of replicas) await boss.stop({ graceful: false, wait: true });
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
