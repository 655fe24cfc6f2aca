/**
 * Crash test (issue 10 "Load and faults"): `kill -9` of a server instance in the middle of
 * checkouts, gateway callbacks and dashboard uploads, then a restart on the same database and
 * file store. Then, with every server stopped, the database and the store show: no half-written
 * order, no order or attempt paid twice, no course granted twice, no orphan, missing, truncated
 * or unfinished file, and every acknowledged write (orders, payments, uploads) in place.
 *
 * On PGlite: one instance in a data folder (local store), killed and restarted. On PostgreSQL
 * (DATABASE_URL): two instances sharing a scratch database and an S3 bucket (s3rver); one is
 * killed while both work, and restarted while the other keeps uploading, whose writes in flight
 * the restart must leave alone.
 *
 * The kill lands after a random number of answers (seed: CRASH_SEED, else random; a failure names
 * it), so runs cut the work at different points; the checks hold wherever it lands.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { startLocalS3, type LocalS3 } from '../helpers/s3-server';
import { scratchPostgresDatabase, startServerProcess, type ServerProcess } from '../helpers/server-process';
import { DB_TARGETS, tempDir } from '../helpers/test-app';
import { AnswerCounter } from './crash-client';
import {
  acknowledgedOrderProblems,
  acknowledgedUploadProblems,
  localStoreReader,
  orderProblems,
  pgliteReader,
  postgresReader,
  s3StoreReader,
  storeProblems,
  type SqlReader,
  type StoreReader,
} from './crash-inspection';
import {
  burstRequestCount,
  burstUploadCount,
  noisyPng,
  prepareWorkload,
  retryAfterRestart,
  runBurst,
  uploadPost,
  type WorkloadSize,
} from './crash-workload';
import { randomSource } from '../../src/seed/scale';

jest.setTimeout(170_000);

/** Raised so that the burst and its retries are never refused with 429. */
const RATE_LIMITS_RAISED = {
  RATE_LIMIT_GLOBAL_PER_MINUTE: '100000',
  RATE_LIMIT_REGISTER_PER_HOUR: '10000',
  RATE_LIMIT_LOGIN_IP_PER_MINUTE: '1000',
  RATE_LIMIT_LOGIN_ACCOUNT_PER_MINUTE: '1000',
  RATE_LIMIT_LOGIN_ACCOUNT_NEW_DEVICE_PER_15_MINUTES: '1000',
  RATE_LIMIT_CHECKOUT_PER_MINUTE: '1000',
};

const SIZE: WorkloadSize = {
  checkouts: 6,
  payments: 6,
  purchases: 4,
  postCreates: 4,
  podcastCreates: 2,
  sessionCreates: 3,
  postUpdates: 3,
  postDeletes: 2,
};

const seed = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));

/** Runs `check`, naming the seed in its failure so the run can be replayed. */
async function withSeed(check: () => Promise<void>): Promise<void> {
  try {
    await check();
  } catch (error) {
    if (error instanceof Error) error.message = `CRASH_SEED=${seed}\n${error.message}`;
    throw error;
  }
}

/** All problems of the database and the store after the run. */
async function problemsOf(db: SqlReader, store: StoreReader, log: Parameters<typeof acknowledgedOrderProblems>[1]) {
  return [
    ...(await orderProblems(db)),
    ...(await acknowledgedOrderProblems(db, log)),
    ...(await storeProblems(db, store)),
    ...(await acknowledgedUploadProblems(db, store, log)),
  ];
}

describe.each(DB_TARGETS)('kill -9 in the middle of checkouts, callbacks and uploads on %s', (target) => {
  const servers: ServerProcess[] = [];
  let s3: LocalS3 | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  const dataDirs: string[] = [];

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await dropDatabase?.();
    await s3?.close();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Starts an instance with `env` and keeps it for the cleanup. */
  const start = async (env: Record<string, string>) => {
    const server = await startServerProcess({ ...RATE_LIMITS_RAISED, ...env });
    servers.push(server);
    return server;
  };

  it('keeps every acknowledged write, pays once and leaves no half-written order or orphan file', async () => {
    await withSeed(async () => {
      const random = randomSource(seed);
      const began = Date.now();
      const phases: Record<string, number> = {};
      const mark = (phase: string) => (phases[phase] = Date.now() - began);
      // The instance that is killed; on PostgreSQL a second one, sharing database and bucket, that is not.
      let env: Record<string, string>;
      let otherEnv: Record<string, string> | undefined;
      const dataDir = tempDir('shop-crash-');
      dataDirs.push(dataDir);
      if (target === 'postgres') {
        const database = await scratchPostgresDatabase('shop_crash');
        dropDatabase = database.drop;
        s3 = await startLocalS3('crash-media');
        const shared = {
          DATABASE_URL: database.url,
          APP_KEY: randomBytes(32).toString('hex'),
          S3_ENDPOINT: s3.settings.endpoint,
          S3_BUCKET: s3.settings.bucket,
          S3_ACCESS_KEY_ID: s3.settings.accessKeyId!,
          S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey!,
        };
        env = { ...shared, DATA_DIR: dataDir };
        otherEnv = { ...shared, DATA_DIR: tempDir('shop-crash-other-') };
        dataDirs.push(otherEnv.DATA_DIR!);
      } else {
        env = { DATA_DIR: dataDir };
      }
      const [victim, other] = await Promise.all([start(env), otherEnv ? start(otherEnv) : Promise.resolve(undefined)]);
      mark('started');
      const origins = [victim.origin, ...(other ? [other.origin] : [])];

      const prepared = await prepareWorkload(victim.origin, SIZE, random);
      mark('prepared');
      const counters = { all: new AnswerCounter(), uploads: new AnswerCounter() };
      const total = burstRequestCount(prepared, SIZE);
      // The kill lands after a random number of answers: of any kind (checkouts and callbacks answer
      // first), or of uploads (which take longest); never after the last, so work is always in flight.
      const killOn = random() < 0.5 ? 'all' : 'uploads';
      const killAfter = 1 + Math.floor(random() * (killOn === 'all' ? total * 0.6 : burstUploadCount(SIZE) - 1));
      const burst = runBurst(origins, prepared, SIZE, counters, random);
      await Promise.race([counters[killOn].reached(killAfter), burst]);
      victim.child.kill('SIGKILL');
      expect(await victim.exited).toEqual({ code: null, signal: 'SIGKILL' });
      await burst;
      mark('burst');

      // The restart; on PostgreSQL while the other instance keeps uploading.
      let restarting = true;
      const busy = other
        ? (async () => {
            const image = await noisyPng(800, 400);
            while (restarting) await uploadPost(other.origin, prepared, image);
          })()
        : Promise.resolve();
      const restarted = await start(env).finally(() => (restarting = false));
      await busy;
      mark('restarted');
      const missing = await retryAfterRestart(restarted.origin, prepared.log);
      expect(missing).toEqual([]);

      expect(await restarted.stop()).toEqual({ code: 0, signal: null });
      if (other) expect(await other.stop()).toEqual({ code: 0, signal: null });
      mark('stopped');

      const db = target === 'postgres' ? await postgresReader(env.DATABASE_URL!) : pgliteReader(dataDir);
      const store = s3 ? s3StoreReader(s3.settings) : localStoreReader(dataDir);
      try {
        const problems = await problemsOf(db, store, prepared.log);
        mark('checked');
        if (process.env.CRASH_REPORT) {
          const { log } = prepared;
          const listing = await store.list();
          const report = {
            target,
            seed,
            phases,
            kill: { on: killOn, after: killAfter, answered: counters.all.count, of: total },
            uploads: { sent: log.uploads.length, cut: log.uploads.filter((upload) => upload.answer === null).length },
            // The restart's sweep: files of writes the kill cut off (plugins/app/stored-files.ts logs the count).
            swept: Number(/"removed":(\d+)[^\n]*removed files/.exec(restarted.output())?.[1] ?? 0),
            callbacks: log.payments.map((payment) => payment.answers.map((answer) => answer.status).join('/')),
            store: { public: listing.public.size, private: listing.private.size, partials: listing.partials.length },
            problems,
          };
          console.info(JSON.stringify(report));
        }
        expect({ killOn, killAfter, problems }).toEqual({ killOn, killAfter, problems: [] });
      } finally {
        await db.close();
        (store as { destroy?: () => void }).destroy?.();
      }
    });
  });
});
