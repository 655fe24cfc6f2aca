/**
 * Announcements in the dashboard (SPEC §2 /dashboard/announcements, /add-announcement,
 * /{editAnnouncementId}; §4; issue 8): list, create, read, update and delete. Permission
 * manage-announcements (super passes). An expiry must be in the future; an expired announcement
 * is read only (422 `announcementExpired`) but may be deleted. Routes delegate to
 * modules/support/announcements-service.ts.
 */
import type { FastifyPluginAsync, preValidationAsyncHookHandler } from 'fastify';
import { announcementSchema as announcementBodySchema, type AnnouncementBody } from '@shop/validation';
import { routeId } from '../../lib/pagination';
import { announcementSchema } from './schemas';
import {
  idParamsSchema,
  itemSchema,
  messageItemSchema,
  messageSchema,
  pageQueryProperties,
  paginatedSchema,
  signedInErrorResponses,
} from '../../lib/schemas';
import { yupBody } from '../../lib/yup-body';
import { auditContextOf, requirePermission } from '../../plugins/app/auth';
import {
  type AnnouncementListQuery,
  assertAnnouncementEditable,
  createAnnouncement,
  deleteAnnouncement,
  getAnnouncement,
  listAnnouncements,
  SUPPORT_MESSAGES,
  updateAnnouncement,
} from '../../modules/support';

const BASE = '/api/dashboard/announcements';
const tags = ['support'];
const errors = signedInErrorResponses;
const body = yupBody(announcementBodySchema);
const writeAnswer = messageItemSchema(announcementSchema);

const dashboardAnnouncementsRoutes: FastifyPluginAsync = async (app) => {
  const guard = { onRequest: requirePermission('manage-announcements') };

  /** Refuses an edit of an unknown (404) or expired (422) announcement before its body is read. */
  const editable: preValidationAsyncHookHandler = async (request) => {
    await assertAnnouncementEditable(app.db, routeId((request.params as { id: string }).id));
  };

  /** GET /api/dashboard/announcements: Paginated<Announcement>, newest first, expired and inactive included. */
  app.get<{ Querystring: AnnouncementListQuery }>(
    BASE,
    {
      schema: {
        tags,
        summary: 'List announcements',
        querystring: {
          type: 'object',
          properties: {
            ...pageQueryProperties,
          },
        },
        response: { 200: paginatedSchema(announcementSchema), ...errors },
      },
      ...guard,
    },
    (request) => listAnnouncements(app.db, request.query),
  );

  /** POST /api/dashboard/announcements AnnouncementInput: 201 {message, data: Announcement}; 422 when `expired_at` is not in the future. */
  app.post<{ Body: AnnouncementBody }>(
    BASE,
    {
      schema: { tags, summary: 'Add an announcement', body: body.jsonSchema, response: { 201: writeAnswer, ...errors } },
      ...guard,
      preValidation: body.preValidation,
      validatorCompiler: body.validatorCompiler,
    },
    async (request, reply) =>
      reply.code(201).send({ message: SUPPORT_MESSAGES.announcementCreated, data: await createAnnouncement(app.db, request.body, await auditContextOf(request)) }),
  );

  /** GET /api/dashboard/announcements/:id: {data: Announcement} (`is_expired` tells the form to be read only); 404 unknown. */
  app.get<{ Params: { id: string } }>(
    `${BASE}/:id`,
    {
      schema: { tags, summary: 'An announcement', params: idParamsSchema, response: { 200: itemSchema(announcementSchema), ...errors } },
      ...guard,
    },
    async (request) => ({ data: await getAnnouncement(app.db, routeId(request.params.id)) }),
  );

  /**
   * PUT /api/dashboard/announcements/:id AnnouncementInput: {message, data: Announcement}; 404
   * unknown; 422 `announcementExpired` for an expired one (whatever the body), else 422 field errors.
   */
  app.put<{ Params: { id: string }; Body: AnnouncementBody }>(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Edit an announcement that has not expired',
        params: idParamsSchema,
        body: body.jsonSchema,
        response: { 200: writeAnswer, ...errors },
      },
      ...guard,
      preValidation: [editable, body.preValidation],
      validatorCompiler: body.validatorCompiler,
    },
    async (request) => ({
      message: SUPPORT_MESSAGES.announcementUpdated,
      data: await updateAnnouncement(app.db, routeId(request.params.id), request.body, await auditContextOf(request)),
    }),
  );

  /** DELETE /api/dashboard/announcements/:id: {message}; expired ones too; 404 unknown. */
  app.delete<{ Params: { id: string } }>(
    `${BASE}/:id`,
    {
      schema: { tags, summary: 'Delete an announcement', params: idParamsSchema, response: { 200: messageSchema, ...errors } },
      ...guard,
    },
    async (request) => {
      await deleteAnnouncement(app.db, routeId(request.params.id), await auditContextOf(request));
      return { message: SUPPORT_MESSAGES.announcementDeleted };
    },
  );
};

export default dashboardAnnouncementsRoutes;
