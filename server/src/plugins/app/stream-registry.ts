/**
 * The stream registry of issue 38 item 2 (modules/commerce/stream-registry.ts) as `app.streams`:
 * in this process by default, in Redis when REDIS_URL is set (its own connection, keys under
 * STREAMS_REDIS_NAMESPACE), so every server behind the gateway sees the same current streams.
 * An account's record outlives its last start or renewal by the signed URLs' lifetime and a minute.
 */
import fp from 'fastify-plugin';
import { memoryStreamRegistry, redisStreamRegistry, type StreamRegistry } from '../../modules/commerce';

declare module 'fastify' {
  interface FastifyInstance {
    /** The streams each account plays now (issue 38 item 2). */
    streams: StreamRegistry;
  }
}

/** How long an account's record outlives its last start or renewal beyond the signed URLs' lifetime, ms. */
const RECORD_MARGIN_MS = 60_000;

export default fp(
  async (app) => {
    const { redisUrl, streamsNamespace, signedUrlTtlSeconds } = app.settings;
    const recordTtlMs = signedUrlTtlSeconds * 1000 + RECORD_MARGIN_MS;
    let streams: StreamRegistry;
    if (redisUrl) {
      const shared = redisStreamRegistry({
        url: redisUrl,
        namespace: streamsNamespace,
        recordTtlMs,
        onError: (error) => app.log.warn({ err: error }, 'streams: Redis unreachable, streams are not limited'),
      });
      // Up before the first request, or failed (and failing open) within a second.
      await shared.connected();
      streams = shared;
    } else {
      streams = memoryStreamRegistry(recordTtlMs);
    }
    app.decorate('streams', streams);
    app.addHook('onClose', () => streams.close());
  },
  { name: 'stream-registry' },
);
