/**
 * The job queue's statements when the database is not there (plugins/external/jobs.ts): no promise
 * of the queue may reject unhandled. pg-boss 10 recorded a finished job's end without awaiting it,
 * so a statement that failed there was an unhandled rejection: after the app closed (a worker still
 * running past the stop's wait; it failed whichever test happened to be running then,
 * receipts.test.ts in `.ci/run`), and while PostgreSQL restarts (faults/postgres.test.ts in
 * `.ci/run`). pg-boss 12 awaits it; the queue's connection tries it again until the database is
 * back, so the job's end is recorded rather than left to the job's expiry.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from '../../../src/app';
import { startPostgresInstance, type PostgresInstance } from '../../helpers/postgres-instance';
import { DB_TARGETS, buildTestApp, tempDir } from '../../helpers/test-app';

/** The test apps' wait for running jobs when they stop, ms: the server's 20 s, shortened. */
const STOP_TIMEOUT_MS = 1_000;

/** Longer than that wait, ms. */
const OUTLIVE_STOP_MS = STOP_TIMEOUT_MS + 1_500;

describe.each(DB_TARGETS)('a job that outlives the queue on %s', (target) => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  beforeAll(() => process.on('unhandledRejection', onUnhandled));
  afterAll(() => process.off('unhandledRejection', onUnhandled));

  it.each([
    ['succeeds', async () => undefined],
    ['fails', async () => Promise.reject(new Error('the job failed after the stop'))],
  ])('%s after the database closed, and nothing rejects unhandled', async (_, end) => {
    const app = await buildTestApp(target, { seed: false, jobsStopTimeoutMs: STOP_TIMEOUT_MS });
    await app.jobs.declare({ name: 'outlives-stop' });
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let finished!: () => void;
    const done = new Promise<void>((resolve) => (finished = resolve));
    await app.jobs.work(
      'outlives-stop',
      async () => {
        started();
        await sleep(OUTLIVE_STOP_MS);
        try {
          return await end();
        } finally {
          setImmediate(finished);
        }
      },
      { pollSeconds: 0.5 },
    );
    await app.jobs.send('outlives-stop', {});
    app.jobs.wake('outlives-stop');
    await running;
    await app.close();
    await done;
    // pg-boss records the end in the turns after the handler settles.
    await sleep(500);
    expect(unhandled).toEqual([]);
  }, 60_000);
});

describe('a job that ends while PostgreSQL restarts', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  let postgres: PostgresInstance;
  beforeAll(async () => {
    process.on('unhandledRejection', onUnhandled);
    postgres = await startPostgresInstance();
  }, 60_000);
  afterAll(() => {
    process.off('unhandledRejection', onUnhandled);
    postgres?.destroy();
  });

  it.each([
    ['completed', async () => undefined],
    ['retry', async () => Promise.reject(new Error('the job failed while the database was away'))],
  ])('is recorded as %s once the database is back, and nothing rejects unhandled', async (state, end) => {
    const app = await buildApp({ dataDir: tempDir(), logger: false, serveStatic: false, seed: false, demoLesson: false, databaseUrl: postgres.url });
    try {
      await app.jobs.declare({ name: 'outlives-database', retryLimit: 1, retryDelay: 60 });
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      await app.jobs.work(
        'outlives-database',
        async () => {
          started();
          await released;
          return end();
        },
        { pollSeconds: 0.5 },
      );
      const id = (await app.jobs.send('outlives-database', {}))!;
      app.jobs.wake('outlives-database');
      await running;
      await postgres.stop();
      // The job ends while the database is down: its end waits for it.
      release();
      await sleep(1_000);
      await postgres.start();
      const stateOfJob = async () => (await app.jobs.find('outlives-database', { id }))[0]?.state;
      for (let tries = 0; (await stateOfJob()) !== state; tries++) {
        expect(tries).toBeLessThan(100);
        await sleep(100);
      }
      expect(unhandled).toEqual([]);
    } finally {
      await app.close();
    }
  }, 90_000);
});
