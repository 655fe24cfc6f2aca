/**
 * The stream registry (issue 38 item 2), one suite run against both stores: in this process, and in
 * the local Redis under a namespace of the test's own, where two registries stand for two servers
 * behind the gateway. Then the faults: Redis unreachable, and Redis gone mid-way, answer «unknown»
 * (the stream plays) within the command bound, never an error.
 */
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { memoryStreamRegistry, redisStreamRegistry, REDIS_COMMAND_TIMEOUT_MS, type RedisStreamRegistry, type StreamRegistry } from '../../../src/modules/commerce/stream-registry';
import { startRedisInstance } from '../../helpers/redis-instance';

const REDIS_URL = 'redis://127.0.0.1:6379';
const TTL_MS = 60_000;

const stream = (deviceId: number) => `${deviceId}.${randomBytes(16).toString('base64url')}`;

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

type Store = 'memory' | 'redis';

describe.each<Store>(['memory', 'redis'])('the %s stream registry', (store) => {
  const namespace = `test-streams-${randomBytes(6).toString('hex')}:`;
  const made: StreamRegistry[] = [];
  /** A registry of this store; for Redis every one shares the namespace, as the servers of one site do. */
  const registry = (): StreamRegistry => {
    const shared = store === 'memory' && made[0];
    const next = shared || (store === 'memory' ? memoryStreamRegistry(TTL_MS) : redisStreamRegistry({ url: REDIS_URL, namespace, recordTtlMs: TTL_MS, onError: () => undefined }));
    made.push(next);
    return next;
  };
  const connected = async (one: StreamRegistry) => {
    await (one as Partial<RedisStreamRegistry>).connected?.();
    return one;
  };
  afterAll(async () => {
    await Promise.all([...new Set(made)].map((one) => one.close()));
    if (store === 'redis') {
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${namespace}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
  });

  it('knows no stream of an account that never played (it plays), and the newest M of one that did', async () => {
    const serverA = await connected(registry());
    const serverB = await connected(registry());
    const [first, second, third] = [stream(1), stream(2), stream(3)];
    expect(await serverA.stateOf(41, first)).toBe('unknown');
    await serverA.start(41, first, 1);
    expect(await serverB.stateOf(41, first)).toBe('current');
    // Started through the other server: the first gives way at once, on both.
    await serverB.start(41, second, 1);
    expect([await serverA.stateOf(41, first), await serverB.stateOf(41, first), await serverA.stateOf(41, second)]).toEqual(['superseded', 'superseded', 'current']);
    // Two at once: the third takes the place of the oldest only.
    await serverA.start(41, first, 2);
    await serverB.start(41, third, 2);
    expect([await serverB.stateOf(41, second), await serverB.stateOf(41, first), await serverA.stateOf(41, third)]).toEqual(['superseded', 'current', 'current']);
    // Another account is apart.
    expect(await serverA.stateOf(42, third)).toBe('unknown');
  });

  it('renews only a current stream, and ends a device’s streams or all of an account’s', async () => {
    const serverA = await connected(registry());
    const serverB = await connected(registry());
    const [laptop, phone, tablet] = [stream(7), stream(8), stream(9)];
    await serverA.start(51, laptop, 3);
    await serverA.start(51, phone, 3);
    expect(await serverB.renew(51, laptop)).toBe('current');
    await serverB.endDevice(51, 7);
    expect([await serverA.stateOf(51, laptop), await serverA.stateOf(51, phone)]).toEqual(['superseded', 'current']);
    expect(await serverA.renew(51, laptop)).toBe('superseded');
    await serverA.endUser(51);
    expect(await serverB.stateOf(51, phone)).toBe('superseded');
    // A reset account that never played has its (unknown) streams superseded too.
    await serverB.endUser(52);
    expect(await serverA.stateOf(52, tablet)).toBe('superseded');
    await serverA.start(52, tablet, 1);
    expect(await serverB.stateOf(52, tablet)).toBe('current');
  });

  it('forgets an account once its record outlives the signed URLs (then its streams are unknown)', async () => {
    const short = store === 'memory' ? memoryStreamRegistry(50) : redisStreamRegistry({ url: REDIS_URL, namespace, recordTtlMs: 50, onError: () => undefined });
    made.push(short);
    await connected(short);
    const one = stream(3);
    await short.start(61, one, 1);
    expect(await short.stateOf(61, one)).toBe('current');
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await short.stateOf(61, one)).toBe('unknown');
  });
});

describe('the Redis stream registry when Redis fails', () => {
  it('answers unknown at once while Redis is unreachable, and says so', async () => {
    const errors: unknown[] = [];
    const streams = redisStreamRegistry({ url: `redis://127.0.0.1:${await closedPort()}`, namespace: 'unreachable:', recordTtlMs: TTL_MS, onError: (error) => errors.push(error) });
    try {
      await streams.connected();
      const started = Date.now();
      await streams.start(1, stream(1), 1);
      expect(await streams.stateOf(1, stream(1))).toBe('unknown');
      expect(await streams.renew(1, stream(1))).toBe('unknown');
      await streams.endUser(1);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(errors.length).toBeGreaterThan(0);
    } finally {
      await streams.close();
    }
  });

  it('answers unknown within the command bound when Redis dies mid-way, and agrees again once it is back', async () => {
    const redis = await startRedisInstance();
    const streams = redisStreamRegistry({ url: redis.url, namespace: 'restart:', recordTtlMs: TTL_MS, onError: () => undefined });
    try {
      await streams.connected();
      const one = stream(4);
      await streams.start(71, one, 1);
      expect(await streams.stateOf(71, one)).toBe('current');
      await redis.stop();
      const asked = Date.now();
      expect(await streams.stateOf(71, one)).toBe('unknown');
      expect(Date.now() - asked).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + 750);
      await redis.start();
      // ioredis reconnects on its own; the new Redis knows nothing, so the stream is unknown until it starts again.
      let state = 'unknown';
      for (let tries = 0; tries < 50 && state !== 'current'; tries++) {
        await streams.start(71, one, 1);
        state = await streams.stateOf(71, one);
        if (state !== 'current') await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(state).toBe('current');
    } finally {
      await streams.close();
      await redis.stop();
    }
  }, 30_000);
});
