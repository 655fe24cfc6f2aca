/**
 * A buyer's assignments (issue 37 item 3): an assignment's rules and their submissions, the tus
 * endpoint of the files of their next submission, dropping a file not sent, sending, and the files
 * of submissions behind links signed for one viewer (the buyer, or staff grading). Routes delegate
 * to modules/learning.
 */
import type { FastifyPluginAsync } from 'fastify';
import { assignmentSubmissionSchema as submissionBodySchema, type AssignmentSubmissionInput } from '@shop/validation';
import { ApiError } from '../../lib/api-error';
import { routeId } from '../../lib/pagination';
import { errorBodySchema, itemSchema, messageSchema, signedInErrorResponses } from '../../lib/schemas';
import { sendStoredFile } from '../../lib/stored-file-reply';
import { registerTusRoutes } from '../../lib/tus-routes';
import { yupBody } from '../../lib/yup-body';
import { getAuth, requireAuth, requireUser } from '../../plugins/app/auth';
import { COMMERCE_MESSAGES } from '../../modules/commerce';
import {
  ASSIGNMENT_FILE_PATH,
  ASSIGNMENT_MESSAGES,
  ASSIGNMENT_UPLOADS_PATH,
  createAssignmentUploadServer,
  discardAssignmentUpload,
  getAssignmentFileForViewer,
  getAssignmentOverview,
  isValidAssignmentFileSignature,
  submitAssignment,
} from '../../modules/learning';
import { assignmentOverviewSchema, assignmentSubmissionSchema } from './assignment-schemas';

const tags = ['learning'];
const errors = signedInErrorResponses;
const submissionBody = yupBody(submissionBodySchema);
const sessionParams = { type: 'object', properties: { sessionId: { type: 'string' } } } as const;
const uploadId = { type: 'string', pattern: '^[0-9a-f]{32}$' } as const;
const assignmentRoutes: FastifyPluginAsync = async (app) => {
  const signing = () => ({ appKey: app.settings.appKey, ttlSeconds: app.settings.signedUrlTtlSeconds });

  /** GET /api/product-sessions/:sessionId/assignment: `{data: AssignmentOverview}`; 403 `sessionLocked` unless bought; 404 unknown, inactive or not an assignment. */
  app.get<{ Params: { sessionId: string } }>(
    '/api/product-sessions/:sessionId/assignment',
    {
      schema: { tags, summary: "An assignment's rules and my submissions", params: sessionParams, response: { 200: itemSchema(assignmentOverviewSchema), ...errors } },
      onRequest: requireUser,
    },
    async (request) => ({ data: await getAssignmentOverview(app.db, (await requireAuth(request)).user, routeId(request.params.sessionId), signing()) }),
  );

  /**
   * POST /api/product-sessions/:sessionId/assignment/submissions AssignmentSubmissionBody: 201
   * `{message, data: AssignmentSubmission}`; 403; 404; 422 `openSubmission`, `resubmitNever`,
   * `alreadyPassed`, or field errors on `text` and `upload_ids`.
   */
  app.post<{ Params: { sessionId: string }; Body: AssignmentSubmissionInput }>(
    '/api/product-sessions/:sessionId/assignment/submissions',
    {
      schema: {
        tags,
        summary: 'Send a submission of an assignment',
        params: sessionParams,
        body: submissionBody.jsonSchema,
        response: { 201: { type: 'object', required: ['message', 'data'], properties: { message: { type: 'string' }, data: assignmentSubmissionSchema } }, ...errors },
      },
      onRequest: requireUser,
      preValidation: submissionBody.preValidation,
      validatorCompiler: submissionBody.validatorCompiler,
    },
    async (request, reply) => {
      const data = await submitAssignment(app, (await requireAuth(request)).user, routeId(request.params.sessionId), request.body);
      return reply.code(201).send({ message: ASSIGNMENT_MESSAGES.submitted, data });
    },
  );

  /** DELETE /api/product-sessions/:sessionId/assignment/uploads/:uploadId: `{message}`; 404 unknown, another's or already sent. */
  app.delete<{ Params: { sessionId: string; uploadId: string } }>(
    '/api/product-sessions/:sessionId/assignment/uploads/:uploadId',
    {
      schema: {
        tags,
        summary: 'Drop a file uploaded for my next submission',
        params: { type: 'object', properties: { sessionId: { type: 'string' }, uploadId } },
        response: { 200: messageSchema, ...errors },
      },
      onRequest: requireUser,
    },
    async (request) => {
      await discardAssignmentUpload(app, (await requireAuth(request)).user, routeId(request.params.sessionId), request.params.uploadId);
      return { message: ASSIGNMENT_MESSAGES.uploadDiscarded };
    },
  );

  /**
   * GET /api/media/assignment-files/:uploadId?expires=&signature=: a submission's file (Range
   * supported) to the signed-in viewer it was signed for, while they may see it (its buyer; staff
   * with `manage-product-sessions` once sent). 403 `signedUrlInvalid` otherwise; 404 unknown.
   */
  app.get<{ Params: { uploadId: string }; Querystring: { expires?: string; signature?: string } }>(
    `${ASSIGNMENT_FILE_PATH}:uploadId`,
    {
      compress: false,
      schema: {
        tags,
        summary: "A submission's file through the expiring URL signed for the signed-in viewer",
        params: { type: 'object', properties: { uploadId } },
        querystring: { type: 'object', properties: { expires: { type: 'string', maxLength: 20 }, signature: { type: 'string', maxLength: 100 } } },
        response: { 200: { type: 'string', format: 'binary' }, 206: { type: 'string', format: 'binary' }, 416: errorBodySchema, ...errors },
      },
      onRequest: requireUser,
    },
    async (request, reply) => {
      const auth = await getAuth(request);
      const { uploadId: id } = request.params;
      const valid = auth !== null && isValidAssignmentFileSignature(app.settings.appKey, id, auth.user.id, Number(request.query.expires), request.query.signature ?? '');
      if (!valid) throw new ApiError(403, COMMERCE_MESSAGES.signedUrlInvalid);
      const file = await getAssignmentFileForViewer(app.db, auth.user, id);
      if (!file) throw new ApiError(403, COMMERCE_MESSAGES.signedUrlInvalid);
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`);
      return sendStoredFile(
        request,
        reply,
        { stat: () => app.storage.statPrivate(file.key), open: (range) => app.storage.openPrivate(file.key, range) },
        { contentType: file.type, cacheControl: 'private, no-store' },
      );
    },
  );

  registerTusRoutes(app, {
    path: ASSIGNMENT_UPLOADS_PATH,
    tus: createAssignmentUploadServer(app),
    guard: requireUser,
    principal: async (request) => (await requireAuth(request)).user,
    tag: tags[0]!,
    cleanupFailed: 'unfinished assignment uploads not removed yet',
    docs: {
      create: {
        summary: 'Start a resumable upload of a file of my next submission (tus creation)',
        description:
          "tus 1.0.0 creation: Upload-Length (bytes, at most the assignment's max_file_size_mb), Upload-Metadata with session_id (an assignment of a course I own), filename (an allowed extension) and filetype. 201 with Location; 413 too large; 422 not allowed now, a type not allowed, max_files reached: `{message, errors: {files}}`.",
      },
      offset: { summary: 'Offset of my assignment upload (tus)', description: "Upload-Offset and Upload-Length; 404 unknown, expired or another's." },
      append: { summary: 'Append to my assignment upload (tus)', description: 'The last byte keeps it for my next submission; 415 when its bytes are of another type than its name.' },
      terminate: { summary: 'Cancel my unfinished assignment upload (tus termination)', description: '204.' },
    },
  });
};

export default assignmentRoutes;
