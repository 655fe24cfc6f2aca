/**
 * The tus endpoint of lesson uploads (issue 24; modules/lessons/lesson-uploads.ts), permission
 * manage-product-sessions. The body of `PATCH` goes to the store as it arrives: Fastify leaves
 * `application/offset+octet-stream` unparsed, and the tus server answers on the raw response.
 * Each request goes to it with the signed-in staff member and their address, under whose name a
 * completed upload is recorded in the audit log (issue 26).
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { COMMERCE_MESSAGES } from '../../modules/commerce';
import { auditContextOf, requirePermission } from '../../plugins/app/auth';
import { createLessonUploadServer, LESSON_UPLOADS_PATH } from '../../modules/lessons';

/** How often unfinished uploads older than a day are looked for, ms. */
const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Puts the headers that hooks have set on `reply` (helmet's security headers, the request id, the
 * rate limit's counters) onto its raw response, before a hijacked route answers there. Fastify
 * writes them only when it sends an answer itself, so the tus answers (success and refusal alike)
 * went out without them (issue 31 item 7). The tus server's own headers win where both set one.
 */
function keepHookHeaders(reply: FastifyReply): void {
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) reply.raw.setHeader(name, value);
  }
}

const lessonUploadsRoutes: FastifyPluginAsync = async (app) => {
  const tus = createLessonUploadServer(app);
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const timer = setInterval(() => {
    tus.cleanUpExpiredUploads().catch((error: unknown) => app.log.warn({ err: error }, 'unfinished lesson uploads not removed yet'));
  }, CLEANUP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  /**
   * Answers a tus request (after the permission guard): takes `request`, answers on `reply.raw`
   * through the tus server. 412 `uploadProtocolRequired` without `Tus-Resumable: 1.0.0`; the tus
   * server's own refusals as {@link createLessonUploadServer} maps them. Every answer carries the
   * headers the hooks set so far (issue 31 item 7): see {@link keepHookHeaders}.
   */
  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    // Only the tus protocol is spoken here: anything else gets the API's own Persian 412.
    if (request.headers['tus-resumable'] !== '1.0.0') throw new ApiError(412, COMMERCE_MESSAGES.uploadProtocolRequired);
    const audit = await auditContextOf(request);
    reply.hijack();
    keepHookHeaders(reply);
    await tus.handle(request.raw, reply.raw, audit);
  };
  const id = { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^[0-9a-f]{32}$' } } } as const;
  const upload = `${LESSON_UPLOADS_PATH}/:id`;
  /** The tus 1.0.0 requests (creation, offset, append, termination), all answered by {@link handle}. */
  const operations = [
    {
      method: 'POST',
      url: LESSON_UPLOADS_PATH,
      summary: 'Start a resumable lesson upload (tus creation)',
      description:
        "tus 1.0.0 creation: headers Tus-Resumable, Upload-Length (bytes, at most SESSION_FILE_MAX_KB), Upload-Metadata with session_id (an existing session), filename and filetype. 201 with Location; 409 while the session's last upload is processing; 413 too large; 422 no session.",
    },
    { method: 'HEAD', url: upload, summary: 'Offset of a lesson upload (tus)', description: 'Upload-Offset and Upload-Length of the upload; 404 unknown or expired.' },
    {
      method: 'PATCH',
      url: upload,
      summary: 'Append to a lesson upload (tus)',
      description:
        'Body application/offset+octet-stream from Upload-Offset; 204 with the new offset. The last byte queues the transcode of audio or video, or stores a PDF or ZIP as the lesson, recorded in the audit log as an upload of the session; 415 for any other content (detected from its bytes), the upload then removed.',
    },
    { method: 'DELETE', url: upload, summary: 'Cancel an unfinished lesson upload (tus termination)', description: '204; a finished upload is not deleted here.' },
  ] as const;
  for (const { method, url, summary, description } of operations) {
    app.route({
      method,
      url,
      onRequest: requirePermission('manage-product-sessions'),
      schema: { tags: ['commerce'], summary, description, ...(url === upload ? { params: id } : {}) },
      handler: handle,
    });
  }
};

export default lessonUploadsRoutes;
