/**
 * Response compression (brotli or gzip, as the client accepts) for JSON and the static
 * front end: the site's JavaScript travels compressed. Audio and images are skipped
 * (not compressible), so Range requests on media are untouched.
 *
 * Issue 9 "The API near the ceiling": answers up to {@link SYNC_COMPRESS_MAX_BYTES} are compressed
 * in one synchronous call (brotli quality 4: about 0.15 ms for a 9 KB list) instead of through a
 * zlib stream. The plugin's default limit on 2 cores is 8 KB, just under a page of posts, and the
 * stream path (a zlib context, a pipeline and a chunked answer per response) took a fifth of the
 * CPU of an uncached `GET /api/posts`. Answers under {@link COMPRESS_MIN_BYTES} go as they are.
 */
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

/** Smallest answer worth compressing, bytes: below it the headers cost more than the bytes saved. */
export const COMPRESS_MIN_BYTES = 1024;

/** Largest buffered answer compressed synchronously, bytes; larger ones (and files) are streamed. */
export const SYNC_COMPRESS_MAX_BYTES = 64 * 1024;

export default fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      threshold: COMPRESS_MIN_BYTES,
      syncThreshold: SYNC_COMPRESS_MAX_BYTES,
      encodings: ['br', 'gzip'],
    });
  },
  { name: 'compress' },
);
