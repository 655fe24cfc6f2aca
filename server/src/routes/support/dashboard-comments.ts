/**
 * Comment moderation (SPEC §2 /dashboard/comments and its sub-pages, §6: permission
 * show-comments; issue 3): list, approve, reject, delete with replies, reply as staff; the same
 * actions on many comments at once, and the list as a CSV file (issue 26).
 */
import type { FastifyPluginAsync } from 'fastify';
import { CONTENT_TYPES, type BulkActionBody, type CommentBulkAction } from '@shop/contracts';
import { commentReplySchema } from '@shop/validation';
import { notFound } from '../../lib/api-error';
import { csvRouteSchema, sendCsv } from '../../lib/csv-export';
import { SUPPORT_MESSAGES } from '../../modules/support';
import { parseId } from '../../lib/pagination';
import { bulkActionAnswerSchema, bulkActionBodySchema, dashboardCommentSchema } from './schemas';
import { itemSchema, messageSchema, pageQueryProperties, paginatedSchema, signedInErrorResponses } from '../../lib/schemas';
import { yupBody } from '../../lib/yup-body';
import { auditContextOf, requireAuth, requirePermission } from '../../plugins/app/auth';
import {
  contentTitles,
  type InCommentTransaction,
  moderateComment,
  moderateComments,
  notifyCommentsPublished,
  replyAsStaff,
} from '../../modules/site';
import { type CommentListQuery, commentsCsv, listCommentsForModeration } from '../../modules/engagement';

const errors = signedInErrorResponses;
const params = { type: 'object', properties: { id: { type: 'string' } } } as const;
const replyBody = yupBody(commentReplySchema);
/** The cast body of a reply (commentReplySchema). */
type ReplyBody = { text: string };
const COMMENT_BULK_ACTIONS: readonly CommentBulkAction[] = ['approve', 'reject', 'delete'];
/** Filters of the moderation list, taken by its export too. */
const commentFilters = {
  type: { type: 'string', enum: [...CONTENT_TYPES] },
  status: { type: 'string', enum: ['pending', 'approved', 'rejected'] },
  q: { type: 'string', maxLength: 200, description: 'Searched in the comment text.' },
} as const;

const dashboardCommentsRoutes: FastifyPluginAsync = async (app) => {
  const guard = { onRequest: requirePermission('show-comments') };
  const idOf = (raw: string) => {
    const id = parseId(raw);
    if (id === null) throw notFound();
    return id;
  };
  /** The approval and reply mails of comments made public by `actorId`, queued in the change's transaction (issue 26). */
  const mailPublished =
    (actorId: number): InCommentTransaction =>
    (tx, ids) =>
      notifyCommentsPublished(app, tx, ids, actorId, app.settings.publicUrl);

  /** GET /api/dashboard/comments: Paginated<DashboardComment>, newest first, by type/status/q. */
  app.get<{ Querystring: CommentListQuery }>(
    '/api/dashboard/comments',
    {
      schema: {
        tags: ['support'],
        summary: 'Comments for moderation',
        querystring: { type: 'object', properties: { ...commentFilters, ...pageQueryProperties } },
        response: { 200: paginatedSchema(dashboardCommentSchema), ...errors },
      },
      ...guard,
    },
    (request) => listCommentsForModeration(app.db, request.query, contentTitles(app.db)),
  );

  /** GET /api/dashboard/comments/export: every comment of the list's filters as `comments-<Jalali date>.csv` (issue 26). */
  app.get<{ Querystring: CommentListQuery }>(
    '/api/dashboard/comments/export',
    {
      schema: {
        tags: ['support'],
        summary: 'Comments for moderation as CSV',
        produces: csvRouteSchema.produces,
        querystring: { type: 'object', properties: commentFilters },
        response: { 200: csvRouteSchema.response200, ...errors },
      },
      ...guard,
    },
    (request, reply) => sendCsv(reply, commentsCsv(app.db, request.query, contentTitles(app.db))),
  );

  for (const action of ['approve', 'reject'] as const) {
    /** POST /api/dashboard/comments/:id/approve|reject: {data: DashboardComment}; 404 when unknown; an approval mails its author and a reply's parent's author (issue 26). */
    app.post<{ Params: { id: string } }>(
      `/api/dashboard/comments/:id/${action}`,
      {
        schema: {
          tags: ['support'],
          summary: action === 'approve' ? 'Approve (publish) a comment' : 'Reject (hide) a comment',
          params,
          response: { 200: itemSchema(dashboardCommentSchema), ...errors },
        },
        ...guard,
      },
      async (request) => {
        const id = idOf(request.params.id);
        const { user } = await requireAuth(request);
        return { data: await moderateComment(app.db, user, id, action, await auditContextOf(request), mailPublished(user.id)) };
      },
    );
  }

  /**
   * POST /api/dashboard/comments/bulk {action: approve|reject|delete, ids}: BulkActionAnswer (issue
   * 26), all or nothing; 404 naming unknown ids, 403 naming a super's comments for staff, 422 over
   * BULK_MAX_IDS ids. A delete takes the replies too.
   */
  app.post<{ Body: BulkActionBody<CommentBulkAction> }>(
    '/api/dashboard/comments/bulk',
    {
      schema: {
        tags: ['support'],
        summary: 'Approve, reject or delete many comments at once',
        body: bulkActionBodySchema(COMMENT_BULK_ACTIONS),
        response: { 200: bulkActionAnswerSchema(COMMENT_BULK_ACTIONS), ...errors },
      },
      ...guard,
    },
    async (request) => {
      const { user } = await requireAuth(request);
      return moderateComments(app.db, user, request.body.action, request.body.ids, await auditContextOf(request), mailPublished(user.id));
    },
  );

  /** DELETE /api/dashboard/comments/:id: {message}; its replies go too; 404 unknown, 403 a super's for staff. */
  app.delete<{ Params: { id: string } }>(
    '/api/dashboard/comments/:id',
    {
      schema: { tags: ['support'], summary: 'Delete a comment and its replies', params, response: { 200: messageSchema, ...errors } },
      ...guard,
    },
    async (request) => {
      const id = idOf(request.params.id);
      const { user } = await requireAuth(request);
      await moderateComments(app.db, user, 'delete', [id], await auditContextOf(request));
      return { message: SUPPORT_MESSAGES.commentDeleted };
    },
  );

  /** POST /api/dashboard/comments/:id/reply {text}: 201 {data: DashboardComment}, approved; the parent is approved if pending. */
  app.post<{ Params: { id: string }; Body: ReplyBody }>(
    '/api/dashboard/comments/:id/reply',
    {
      schema: {
        tags: ['support'],
        summary: 'Reply to a comment as staff',
        params,
        body: replyBody.jsonSchema,
        response: { 201: itemSchema(dashboardCommentSchema), ...errors },
      },
      ...guard,
      preValidation: replyBody.preValidation,
      validatorCompiler: replyBody.validatorCompiler,
    },
    async (request, reply) => {
      const id = idOf(request.params.id);
      const { user } = await requireAuth(request);
      const data = await replyAsStaff(app.db, user, id, request.body.text, await auditContextOf(request), mailPublished(user.id));
      return reply.code(201).send({ data });
    },
  );
};

export default dashboardCommentsRoutes;
