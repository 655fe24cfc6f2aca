/**
 * Comment moderation (SPEC §2 /dashboard/comments and its sub-pages, §6: permission
 * show-comments; issue 3): list, approve, reject, delete with replies, reply as staff.
 */
import type { FastifyPluginAsync } from 'fastify';
import { CONTENT_TYPES } from '@shop/contracts';
import { commentReplySchema } from '@shop/validation';
import { notFound } from '../../lib/api-error';
import { MESSAGES } from '../../lib/messages';
import { parseId } from '../../lib/pagination';
import { dashboardCommentSchema, itemSchema, messageSchema, paginatedSchema, signedInErrorResponses, pageQueryProperties } from '../../lib/schemas';
import { yupBody } from '../../lib/yup-body';
import { requireAuth, requirePermission } from '../../plugins/app/auth';
import { listCommentsForModeration, type CommentListQuery } from '../../modules/site/comments-service';
import {
  contentTitles,
  deleteComment,
  moderateComment,
  replyAsStaff,
} from '../../modules/site/engagement-service';

const errors = signedInErrorResponses;
const params = { type: 'object', properties: { id: { type: 'string' } } } as const;
const replyBody = yupBody(commentReplySchema);
/** The cast body of a reply (commentReplySchema). */
type ReplyBody = { text: string };

const dashboardCommentsRoutes: FastifyPluginAsync = async (app) => {
  const guard = { onRequest: requirePermission('show-comments') };
  const idOf = (raw: string) => {
    const id = parseId(raw);
    if (id === null) throw notFound();
    return id;
  };

  /** GET /api/dashboard/comments: Paginated<DashboardComment>, newest first, by type/status/q. */
  app.get<{ Querystring: CommentListQuery }>(
    '/api/dashboard/comments',
    {
      schema: {
        tags: ['support'],
        summary: 'Comments for moderation',
        querystring: {
          type: 'object',
          properties: {
            type: { type: 'string', enum: [...CONTENT_TYPES] },
            status: { type: 'string', enum: ['pending', 'approved', 'rejected'] },
            ...pageQueryProperties,
            q: { type: 'string', maxLength: 200, description: 'Searched in the comment text.' },
          },
        },
        response: { 200: paginatedSchema(dashboardCommentSchema), ...errors },
      },
      ...guard,
    },
    (request) => listCommentsForModeration(app.db, request.query, contentTitles(app.db)),
  );

  for (const action of ['approve', 'reject'] as const) {
    /** POST /api/dashboard/comments/:id/approve|reject: {data: DashboardComment}; 404 when unknown. */
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
      async (request) => ({
        data: await moderateComment(app.db, idOf(request.params.id), action === 'approve' ? 'approved' : 'rejected'),
      }),
    );
  }

  /** DELETE /api/dashboard/comments/:id: {message}; its replies go too. */
  app.delete<{ Params: { id: string } }>(
    '/api/dashboard/comments/:id',
    {
      schema: { tags: ['support'], summary: 'Delete a comment and its replies', params, response: { 200: messageSchema, ...errors } },
      ...guard,
    },
    async (request) => {
      await deleteComment(app.db, idOf(request.params.id));
      return { message: MESSAGES.commentDeleted };
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
      return reply.code(201).send({ data: await replyAsStaff(app.db, user, id, request.body.text) });
    },
  );
};

export default dashboardCommentsRoutes;
