/**
 * The tus endpoint of lesson uploads (issue 24; modules/lessons/lesson-uploads.ts), permission
 * manage-product-sessions. The body of `PATCH` goes to the store as it arrives: Fastify leaves
 * `application/offset+octet-stream` unparsed, and the tus server answers on the raw response.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { MESSAGES } from '../../lib/messages';
import { requirePermission } from '../../plugins/app/auth';
import { createLessonUploadServer, LESSON_UPLOADS_PATH } from '../../modules/lessons/lesson-uploads';

/** How often unfinished uploads older than a day are looked for, ms. */
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

const lessonUploadsRoutes: FastifyPluginAsync = async (app) => {
  const tus = createLessonUploadServer(app);
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const timer = setInterval(() => {
    tus.cleanUpExpiredUploads().catch((error: unknown) => app.log.warn({ err: error }, 'unfinished lesson uploads not removed yet'));
  }, CLEANUP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    // Only the tus protocol is spoken here: anything else gets the API's own Persian 412.
    if (request.headers['tus-resumable'] !== '1.0.0') throw new ApiError(412, MESSAGES.uploadProtocolRequired);
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  const common = { onRequest: requirePermission('manage-product-sessions') };
  const tags = ['commerce'];
  const id = { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^[0-9a-f]{32}$' } } } as const;

  app.post(LESSON_UPLOADS_PATH, {
    ...common,
    schema: {
      tags,
      summary: 'Start a resumable lesson upload (tus creation)',
      description:
        'tus 1.0.0 creation: headers Tus-Resumable, Upload-Length (bytes, at most SESSION_FILE_MAX_KB), Upload-Metadata with session_id (an existing session), filename and filetype. 201 with Location; 409 while the session\'s last upload is processing; 413 too large; 422 no session.',
    },
  }, handle);
  app.head(`${LESSON_UPLOADS_PATH}/:id`, {
    ...common,
    schema: { tags, params: id, summary: 'Offset of a lesson upload (tus)', description: 'Upload-Offset and Upload-Length of the upload; 404 unknown or expired.' },
  }, handle);
  app.patch(`${LESSON_UPLOADS_PATH}/:id`, {
    ...common,
    schema: {
      tags,
      params: id,
      summary: 'Append to a lesson upload (tus)',
      description:
        'Body application/offset+octet-stream from Upload-Offset; 204 with the new offset. The last byte queues the transcode of audio or video, or stores a PDF or ZIP as the lesson; 415 for any other content (detected from its bytes), the upload then removed.',
    },
  }, handle);
  app.delete(`${LESSON_UPLOADS_PATH}/:id`, {
    ...common,
    schema: { tags, params: id, summary: 'Cancel an unfinished lesson upload (tus termination)', description: '204; a finished upload is not deleted here.' },
  }, handle);
};

export default lessonUploadsRoutes;
