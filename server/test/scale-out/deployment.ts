/**
 * The scale-out deployment of issue 10 on this machine, for the two-instance test and
 * `npm run bench:load`: N compiled server processes sharing one scratch PostgreSQL database,
 * Redis (a namespace of their own), an S3-compatible bucket (s3rver) and APP_KEY, each with its
 * own DATA_DIR, behind Debian's nginx running docker/nginx/gateway.conf (test/helpers/gateway.ts).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Redis } from 'ioredis';
import { startGateway, type Gateway } from '../helpers/gateway';
import { startLocalS3, type LocalS3 } from '../helpers/s3-server';
import { freePort, scratchPostgresDatabase, startServerProcess, type ServerProcess } from '../helpers/server-process';
import { tempDir } from '../helpers/test-app';

/** The Redis server of the tests (rate-limit counters shared by the instances). */
export const REDIS_URL = 'redis://127.0.0.1:6379';

/** Options of {@link startDeployment}. */
export interface DeploymentOptions {
  /** Server processes (default 2). */
  instances?: number;
  /** More environment for every instance (rate limits, SERVE_STATIC…). */
  env?: Record<string, string>;
  /** nginx worker processes (default 1). */
  gatewayWorkers?: number;
  /** Milliseconds each instance may take to become healthy (default 120 000: the first one seeds). */
  startTimeoutMs?: number;
}

/** A running deployment. */
export interface Deployment {
  gateway: Gateway;
  instances: ServerProcess[];
  s3: LocalS3;
  /** URL of the scratch PostgreSQL database the instances share. */
  databaseUrl: string;
  /** Each instance's DATA_DIR, in the order of {@link instances}. */
  dataDirs: string[];
  /** Key prefix of the instances' rate-limit counters in Redis. */
  redisNamespace: string;
  /**
   * Index in {@link instances} of the instance whose log has the request `reqId` (the server logs
   * one line per request with its `x-request-id` as `reqId`).
   * @throws Error when no instance, or more than one, logged it within `timeoutMs` (default 10 000)
   */
  answeredBy(reqId: string, timeoutMs?: number): Promise<number>;
  /** Stops the gateway and the instances, closes s3rver, drops the database, deletes the Redis keys and the data folders. */
  stop(): Promise<void>;
}

/** Deletes every Redis key that starts with `prefix`. */
async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/**
 * Starts the deployment: a scratch database on the PostgreSQL server of DATABASE_URL, s3rver,
 * the instances all at once (seed on: the first to take openDatabase's advisory lock migrates and
 * seeds, the others wait for it), TRUST_PROXY=loopback (nginx on this host), then the gateway.
 * Whatever started is stopped again when a later step fails.
 * @throws Error when DATABASE_URL is unset or a part does not start
 */
export async function startDeployment(options: DeploymentOptions = {}): Promise<Deployment> {
  if (!process.env.DATABASE_URL) throw new Error('the scale-out deployment needs PostgreSQL: set DATABASE_URL');
  const count = options.instances ?? 2;
  const redisNamespace = `scale-out-${process.pid}-${randomBytes(4).toString('hex')}:`;
  const cleanups: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    const errors: unknown[] = [];
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => errors.push(error));
    cleanups.length = 0;
    if (errors.length) throw new AggregateError(errors, 'the deployment did not stop cleanly');
  };
  try {
    const database = await scratchPostgresDatabase('scale_out');
    cleanups.push(database.drop);
    cleanups.push(() => deleteRedisKeys(redisNamespace));
    const s3 = await startLocalS3();
    cleanups.push(() => s3.close());
    const dataDirs = Array.from({ length: count }, () => tempDir('shop-scale-out-'));
    const gatewayPort = await freePort();
    cleanups.push(async () => dataDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

    const env = {
      DATABASE_URL: database.url,
      REDIS_URL,
      RATE_LIMIT_REDIS_NAMESPACE: redisNamespace,
      APP_KEY: randomBytes(32).toString('hex'),
      S3_ENDPOINT: s3.settings.endpoint,
      S3_BUCKET: s3.settings.bucket,
      S3_REGION: s3.settings.region,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId!,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey!,
      TRUST_PROXY: 'loopback',
      SEED: 'true',
      // As in docker/compose.yaml: pages render with the remotes' server bundles fetched through
      // the gateway, whose remote locations serve each remote's build.
      REMOTES_ORIGIN: `http://127.0.0.1:${gatewayPort}`,
      // Visitors reach the instances through the gateway: every absolute URL names it.
      PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
      ...options.env,
    };
    const started = await Promise.allSettled(
      dataDirs.map((dir) => startServerProcess({ ...env, DATA_DIR: dir }, options.startTimeoutMs ?? 120_000)),
    );
    const instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    cleanups.push(() => Promise.all(instances.map((instance) => instance.stop())));
    const failed = started.find((result): result is PromiseRejectedResult => result.status === 'rejected');
    if (failed) throw failed.reason;

    const gateway = await startGateway({ servers: instances.map((instance) => instance.origin), workers: options.gatewayWorkers, port: gatewayPort });
    cleanups.push(() => gateway.stop());

    const answeredBy = async (reqId: string, timeoutMs = 10_000) => {
      const marker = `"reqId":"${reqId}"`;
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = instances.flatMap((instance, index) => (instance.output().includes(marker) ? [index] : []));
        if (found.length > 1) throw new Error(`request ${reqId} was logged by instances ${found.join(' and ')}`);
        if (found.length === 1) return found[0]!;
        if (Date.now() > deadline) throw new Error(`no instance logged request ${reqId}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    return { gateway, instances, s3, databaseUrl: database.url, dataDirs, redisNamespace, answeredBy, stop };
  } catch (error) {
    await stop().catch(() => undefined);
    throw error;
  }
}
