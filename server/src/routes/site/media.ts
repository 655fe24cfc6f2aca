/**
 * `GET /media/<key>`: uploaded and seeded media from the store (DESIGN.md "Single URL"; issue 10
 * "Scale-out"), the data folder or the S3 bucket alike, so every instance serves every file and the
 * paths the API answers never change. Served with SERVE_STATIC=false too: with S3 the server is the
 * only way in. Lesson files are private and have their own signed route (routes/commerce/sessions.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/api-error';
import { isPublicKey, mediaTypeOf } from '../../lib/storage';
import { sendStoredFile } from '../../lib/stored-file-reply';
import { cacheControlFor } from '../../plugins/app/static-site';

/** Files uploaded to the site's own origin are never sniffed nor run as a page (as the gateway's `/media/`). */
export const MEDIA_CONTENT_SECURITY_POLICY = "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox";

const mediaRoutes: FastifyPluginAsync = async (app) => {
  /** GET /media/<key>: the file (Range → 206, 416; ETag → 304); 404 for a missing file or a path that is no key. */
  app.get<{ Params: { '*': string } }>('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const key = request.params['*'];
    if (!isPublicKey(key)) throw notFound();
    reply.header('x-content-type-options', 'nosniff').header('content-security-policy', MEDIA_CONTENT_SECURITY_POLICY);
    return sendStoredFile(
      request,
      reply,
      { stat: () => app.storage.stat(key), open: (range) => app.storage.open(key, range) },
      { contentType: mediaTypeOf(key), cacheControl: cacheControlFor(key) },
    );
  });
};

export default mediaRoutes;
