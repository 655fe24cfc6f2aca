/**
 * Response compression (brotli or gzip, as the client accepts) for JSON and the static
 * front end: the site's JavaScript travels compressed. Audio and images are skipped
 * (not compressible), so Range requests on media are untouched.
 */
import fp from 'fastify-plugin';
import compress from '@fastify/compress';

export default fp(
  async (app) => {
    await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  },
  { name: 'compress' },
);
