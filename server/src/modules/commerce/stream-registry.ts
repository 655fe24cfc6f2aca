/**
 * The streams each account plays now (issue 38 item 2): «one account plays at most M lessons at
 * once; a second stream takes over». A stream is started when the player is given a lesson's
 * media (lesson-playback.ts) and becomes the account's newest; the oldest beyond M are dropped.
 * Every playlist and segment request asks whether its stream is still current, from memory and
 * never from the database: in this process when the site runs alone, in Redis (REDIS_URL) when
 * several servers share the work, so a stream started through one is seen by all.
 *
 * A stream id is `<device id>.<random>`, so a device's streams can be ended with it. An account
 * with no record (never played, its record expired, or the store lost it: a restart of this
 * process, a Redis flush) is «unknown», and its streams play: the registry fails open, as the rate
 * limits do. Redis unreachable or slower than {@link REDIS_COMMAND_TIMEOUT_MS} is unknown too
 * (logged), never an error to the viewer.
 */
import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { Redis } from 'ioredis';

/** Whether a stream may go on: `current`, `superseded` (another took over), or `unknown` (no record: it plays). */
export type StreamState = 'current' | 'superseded' | 'unknown';

/** The streams of every account, as the media routes and the playback ask them. */
export interface StreamRegistry {
  /** Starts `streamId` as `userId`'s newest stream; the oldest beyond `limit` (≥ 1) are superseded. */
  start(userId: number, streamId: string, limit: number): Promise<void>;
  /** Whether `streamId` of `userId` may go on (asked per segment: memory or one Redis round trip). */
  stateOf(userId: number, streamId: string): Promise<StreamState>;
  /** {@link stateOf}, and while current the account's record is kept another lifetime (a renewal of the stream's URLs). */
  renew(userId: number, streamId: string): Promise<StreamState>;
  /** Ends every stream of device `deviceId` of `userId` (the device was removed). */
  endDevice(userId: number, deviceId: number): Promise<void>;
  /** Ends every stream of `userId` (staff reset their devices). */
  endUser(userId: number): Promise<void>;
  /** Lets go of its connection, if any. */
  close(): Promise<void>;
}

/** A stream id must look like this: `<device id>.<16 random bytes, base64url>`. */
export const STREAM_ID_PATTERN = /^[1-9][0-9]{0,9}\.[A-Za-z0-9_-]{22}$/;

/** A new stream id of device `deviceId`: `<device id>.<16 random bytes, base64url>`. */
export function newStreamId(deviceId: number): string {
  return `${deviceId}.${randomBytes(16).toString('base64url')}`;
}

/** The device a stream id belongs to, or null for a malformed id. */
export function deviceOfStream(streamId: string): number | null {
  return STREAM_ID_PATTERN.test(streamId) ? Number(streamId.slice(0, streamId.indexOf('.'))) : null;
}

/** Longest wait for Redis per command, ms: a segment is never held longer (then the stream is unknown and plays). */
export const REDIS_COMMAND_TIMEOUT_MS = 250;

/** Accounts the in-process registry remembers at most (the least recently started are forgotten first). */
const MEMORY_ACCOUNTS_MAX = 100_000;

/**
 * The registry of one process: per account, its streams oldest first. `recordTtlMs` is how long an
 * account's record outlives its last start or renewal (the signed URLs' lifetime and a margin).
 */
export function memoryStreamRegistry(recordTtlMs: number): StreamRegistry {
  const accounts = new LRUCache<number, string[]>({ max: MEMORY_ACCOUNTS_MAX, ttl: recordTtlMs });
  const stateIn = (streams: string[] | undefined, streamId: string): StreamState =>
    streams === undefined ? 'unknown' : streams.includes(streamId) ? 'current' : 'superseded';
  return {
    async start(userId, streamId, limit) {
      const streams = [...(accounts.get(userId) ?? []).filter((id) => id !== streamId), streamId];
      accounts.set(userId, streams.slice(-Math.max(1, limit)));
    },
    async stateOf(userId, streamId) {
      return stateIn(accounts.get(userId), streamId);
    },
    async renew(userId, streamId) {
      const streams = accounts.get(userId);
      const state = stateIn(streams, streamId);
      if (state === 'current') accounts.set(userId, streams!);
      return state;
    },
    async endDevice(userId, deviceId) {
      const streams = accounts.get(userId);
      if (streams) accounts.set(userId, streams.filter((id) => !id.startsWith(`${deviceId}.`)));
    },
    async endUser(userId) {
      // An empty record, not none: the account's streams are superseded, not unknown.
      accounts.set(userId, []);
    },
    async close() {
      accounts.clear();
    },
  };
}

/**
 * Lua of the Redis registry. Each account is a sorted set `<namespace><user id>` of its streams,
 * scored by Redis's own clock (microseconds), so servers whose clocks differ still agree on which
 * stream is newest. An empty account keeps a `-` member, so «ended» is told from «unknown».
 */
const SCRIPTS = {
  // KEYS[1] account; ARGV: stream, limit, ttl ms.
  streamStart: `
    local now = redis.call('TIME')
    redis.call('ZREM', KEYS[1], '-')
    redis.call('ZADD', KEYS[1], tonumber(now[1]) * 1000000 + tonumber(now[2]), ARGV[1])
    local extra = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[2])
    if extra > 0 then redis.call('ZREMRANGEBYRANK', KEYS[1], 0, extra - 1) end
    redis.call('PEXPIRE', KEYS[1], ARGV[3])
    return 1`,
  // KEYS[1] account; ARGV: stream, ttl ms (0: do not keep longer). 1 current, 0 superseded, -1 unknown.
  streamState: `
    if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
    if not redis.call('ZSCORE', KEYS[1], ARGV[1]) then return 0 end
    if tonumber(ARGV[2]) > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
    return 1`,
  // KEYS[1] account; ARGV: member prefix ('' for all: the account is kept, empty, so its streams are superseded), ttl ms.
  streamEnd: `
    if redis.call('EXISTS', KEYS[1]) == 0 and ARGV[1] ~= '' then return 0 end
    local members = redis.call('ZRANGE', KEYS[1], 0, -1)
    for _, member in ipairs(members) do
      if member ~= '-' and string.sub(member, 1, string.len(ARGV[1])) == ARGV[1] then redis.call('ZREM', KEYS[1], member) end
    end
    if redis.call('ZCARD', KEYS[1]) == 0 then
      redis.call('ZADD', KEYS[1], 0, '-')
      redis.call('PEXPIRE', KEYS[1], ARGV[2])
    end
    return 1`,
} as const;

type ScriptedRedis = Redis & {
  streamStart(key: string, streamId: string, limit: number, ttlMs: number): Promise<number>;
  streamState(key: string, streamId: string, ttlMs: number): Promise<number>;
  streamEnd(key: string, prefix: string, ttlMs: number): Promise<number>;
};

/** What the Redis registry takes: the server, its key prefix, the record lifetime, and where to say that Redis failed. */
export interface RedisRegistryOptions {
  url: string;
  /** Prefix of every key, e.g. `shop-streams:` (tests: one of their own). */
  namespace: string;
  recordTtlMs: number;
  /** Told each failed command (the stream then counts as unknown). */
  onError: (error: unknown) => void;
}

const STATES: Record<number, StreamState> = { 1: 'current', 0: 'superseded', [-1]: 'unknown' };

/** The Redis registry, and `connected`: resolves once its first connection is up, or has failed (then it fails open until Redis comes). */
export type RedisStreamRegistry = StreamRegistry & { connected(): Promise<void> };

/** Longest wait for Redis's first connection, ms. */
const CONNECT_TIMEOUT_MS = 500;

/**
 * The registry shared by every server through Redis (ioredis, as the rate limits): one round trip
 * per question (a Lua script), bounded by {@link REDIS_COMMAND_TIMEOUT_MS}; while Redis is away
 * nothing waits for it (no offline queue) and every stream is unknown, so it plays.
 */
export function redisStreamRegistry({ url, namespace, recordTtlMs, onError }: RedisRegistryOptions): RedisStreamRegistry {
  const redis = new Redis(url, {
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
  }) as ScriptedRedis;
  redis.on('error', onError);
  for (const [name, lua] of Object.entries(SCRIPTS)) redis.defineCommand(name, { numberOfKeys: 1, lua });
  const key = (userId: number) => `${namespace}${userId}`;
  const failOpen = async <T>(run: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      onError(error);
      return fallback;
    }
  };
  const state = (userId: number, streamId: string, ttlMs: number) =>
    failOpen(async () => STATES[await redis.streamState(key(userId), streamId, ttlMs)] ?? 'unknown', 'unknown' as StreamState);
  const connected = new Promise<void>((resolve) => {
    redis.once('ready', resolve);
    redis.once('error', () => resolve());
    setTimeout(resolve, CONNECT_TIMEOUT_MS * 2).unref();
  });
  return {
    connected: () => connected,
    start: (userId, streamId, limit) => failOpen(async () => void (await redis.streamStart(key(userId), streamId, Math.max(1, limit), recordTtlMs)), undefined),
    stateOf: (userId, streamId) => state(userId, streamId, 0),
    renew: (userId, streamId) => state(userId, streamId, recordTtlMs),
    endDevice: (userId, deviceId) => failOpen(async () => void (await redis.streamEnd(key(userId), `${deviceId}.`, recordTtlMs)), undefined),
    endUser: (userId) => failOpen(async () => void (await redis.streamEnd(key(userId), '', recordTtlMs)), undefined),
    async close() {
      // QUIT needs a connection; an unreachable Redis only stops its reconnecting.
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    },
  };
}
