/**
 * The tus endpoint of leaked copies (issue 38 item 3; modules/forensics/forensic-uploads.ts),
 * permission manage-product-sessions, through lib/tus-routes.ts, on behalf of the signed-in staff
 * member (a finished upload is theirs alone).
 */
import type { FastifyPluginAsync } from 'fastify';
import { registerTusRoutes } from '../../lib/tus-routes';
import { createForensicUploadServer, FORENSIC_UPLOADS_PATH } from '../../modules/forensics';
import { requireAuth, requirePermission } from '../../plugins/app/auth';

const forensicUploadsRoutes: FastifyPluginAsync = async (app) => {
  registerTusRoutes(app, {
    path: FORENSIC_UPLOADS_PATH,
    tus: createForensicUploadServer(app),
    guard: requirePermission('manage-product-sessions'),
    principal: async (request) => ({ id: (await requireAuth(request)).user.id }),
    tag: 'commerce',
    cleanupFailed: 'unfinished forensic uploads not removed yet',
    docs: {
      create: {
        summary: 'Start a resumable upload of a leaked lesson copy (tus creation)',
        description:
          'tus 1.0.0 creation: headers Tus-Resumable, Upload-Length (bytes, at most 2 GB), Upload-Metadata with session_id (an existing session) and filename. 201 with Location; 413 too large; 422 no session or no length. Issue 38 item 3.',
      },
      offset: { summary: 'Offset of a leaked-copy upload (tus)', description: "Upload-Offset and Upload-Length; 404 unknown, expired or another staff member's." },
      append: {
        summary: 'Append to a leaked-copy upload (tus)',
        description:
          'Body application/offset+octet-stream from Upload-Offset; 204 with the new offset. Once whole the file must be a video (detected from its bytes), else 415 and it is removed; then it can be identified (POST /api/dashboard/forensic-identifications with its id).',
      },
      terminate: { summary: 'Cancel an unfinished leaked-copy upload (tus termination)', description: '204.' },
    },
  });
};

export default forensicUploadsRoutes;
