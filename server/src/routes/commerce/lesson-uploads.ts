/**
 * The tus endpoint of lesson uploads (issue 24; modules/lessons/lesson-uploads.ts), permission
 * manage-product-sessions, through lib/tus-routes.ts. Each request goes to the tus server with the
 * signed-in staff member and their address, under whose name a completed upload is recorded in the
 * audit log (issue 26).
 */
import type { FastifyPluginAsync } from 'fastify';
import { registerTusRoutes } from '../../lib/tus-routes';
import { auditContextOf, requirePermission } from '../../plugins/app/auth';
import { createLessonUploadServer, LESSON_UPLOADS_PATH } from '../../modules/lessons';

const lessonUploadsRoutes: FastifyPluginAsync = async (app) => {
  registerTusRoutes(app, {
    path: LESSON_UPLOADS_PATH,
    tus: createLessonUploadServer(app),
    guard: requirePermission('manage-product-sessions'),
    principal: auditContextOf,
    tag: 'commerce',
    cleanupFailed: 'unfinished lesson uploads not removed yet',
    docs: {
      create: {
        summary: 'Start a resumable lesson upload (tus creation)',
        description:
          "tus 1.0.0 creation: headers Tus-Resumable, Upload-Length (bytes, at most SESSION_FILE_MAX_KB), Upload-Metadata with session_id (an existing session), filename and filetype. 201 with Location; 409 while the session's last upload is processing; 413 too large; 422 no session.",
      },
      offset: { summary: 'Offset of a lesson upload (tus)', description: 'Upload-Offset and Upload-Length of the upload; 404 unknown or expired.' },
      append: {
        summary: 'Append to a lesson upload (tus)',
        description:
          'Body application/offset+octet-stream from Upload-Offset; 204 with the new offset. The last byte queues the transcode of audio or video, or stores a PDF or ZIP as the lesson, recorded in the audit log as an upload of the session; 415 for any other content (detected from its bytes), the upload then removed.',
      },
      terminate: { summary: 'Cancel an unfinished lesson upload (tus termination)', description: '204; a finished upload is not deleted here.' },
    },
  });
};

export default lessonUploadsRoutes;
