/**
 * Dashboard sessions of courses (SPEC §2 /dashboard/product-sessions; issue 6): list with search,
 * sort and a course filter, create and update from multipart forms with an optional image
 * (the lesson file comes by routes/commerce/lesson-uploads.ts), delete. Permission manage-product-sessions (super passes).
 */
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/api-error';
import { parseId } from '../../lib/pagination';
import { dashboardProductSessionSchema } from './schemas';
import { errorBodySchema, idParamsSchema, messageItemSchema } from '../../lib/schemas';
import { SUBTITLES_MAX_KB } from '@shop/validation';
import { readForm } from '../../lib/uploads';
import { auditContextOf, requirePermission } from '../../plugins/app/auth';
import {
  COMMERCE_MESSAGES,
  createProductSession,
  deleteProductSession,
  getProductSessionForDashboard,
  listProductSessionsForDashboard,
  type ProductSessionListQuery,
  updateProductSession,
} from '../../modules/commerce';
import { retryTranscode } from '../../modules/lessons';
import { dashboardContentSchemas } from '../content/dashboard-schemas';

const dashboardProductSessionsRoutes: FastifyPluginAsync = async (app) => {
  const guard = { onRequest: requirePermission('manage-product-sessions') };
  const s = dashboardContentSchemas('product-sessions', dashboardProductSessionSchema, {
    tag: 'commerce',
    formDescription:
      'multipart/form-data: product_id (an existing course), title, slug, description (HTML, sanitized), position (integer ≥ 1), is_free_preview and is_active ("true"/"false"), kind (lesson|quiz, default lesson; the rules and questions of a quiz: PUT /api/dashboard/product-sessions/:sessionId/quiz), comment_status (open|closed|buyers-only), image (file, optional), poster (an image shown before the video plays, optional; else one is taken from the video), subtitles (Persian WebVTT, UTF-8, optional; 422 when malformed). Schedule (issue 37 item 5): release (none|days_after_purchase|on_date, default none), release_days (1–365, with days_after_purchase: days after the buyer access began), release_date (a Jalali day such as 1405-09-12, with on_date: opens 00:00 Tehran time), prerequisite_session_id (another session of the same course, done — a quiz passed — first; 422 for one of another course, itself or a cycle); per-buyer overrides: /api/dashboard/product-sessions/:id/unlocks. The lesson comes by its own resumable upload (POST /api/dashboard/lesson-uploads). 422 productsMissing while no course exists.',
    listQuery: { product_id: { type: 'integer', minimum: 1, description: 'Only the sessions of this course.' } },
  });
  const form = (request: Parameters<typeof readForm>[0]) =>
    readForm(request, { image: app.settings.uploadLimits.imageKb, poster: app.settings.uploadLimits.imageKb, subtitles: SUBTITLES_MAX_KB });

  /** GET /api/dashboard/product-sessions: Paginated<DashboardProductSession> (`q`, `sort`, `product_id`). */
  app.get<{ Querystring: ProductSessionListQuery }>(
    '/api/dashboard/product-sessions',
    { schema: s.list, ...guard },
    (request) => listProductSessionsForDashboard(app.db, request.query),
  );

  /** POST /api/dashboard/product-sessions (multipart): 201 {data}; 413/415 files, 422 fields, unknown course or none at all. */
  app.post('/api/dashboard/product-sessions', { schema: s.create, ...guard }, async (request, reply) =>
    reply.code(201).send({ data: await createProductSession(app.db, app.files, await form(request), await auditContextOf(request)) }),
  );

  /** GET /api/dashboard/product-sessions/:id: {data: DashboardProductSession}, active or not. */
  app.get<{ Params: { id: string } }>('/api/dashboard/product-sessions/:id', { schema: s.get, ...guard }, async (request) => {
    const id = parseId(request.params.id);
    const session = id === null ? null : await getProductSessionForDashboard(app.db, id);
    if (!session) throw notFound();
    return { data: session };
  });

  /** PUT /api/dashboard/product-sessions/:id (multipart): {data}; the image optional (kept when absent). */
  app.put<{ Params: { id: string } }>('/api/dashboard/product-sessions/:id', { schema: s.update, ...guard }, async (request) => {
    const id = parseId(request.params.id);
    if (id === null) throw notFound();
    return { data: await updateProductSession(app.db, app.files, id, await form(request), await auditContextOf(request)) };
  });

  /** DELETE /api/dashboard/product-sessions/:id: {message}; its image, lesson file, likes and comments go too. */
  app.delete<{ Params: { id: string } }>('/api/dashboard/product-sessions/:id', { schema: s.remove, ...guard }, async (request) => {
    const id = parseId(request.params.id);
    if (id === null) throw notFound();
    await deleteProductSession(app.db, app.files, id, await auditContextOf(request));
    return { message: COMMERCE_MESSAGES.sessionDeleted };
  });

  /**
   * POST /api/dashboard/product-sessions/:id/media/retry (issue 24 "Processing"): queues a failed
   * upload's kept source again; 202 {message, data} with `media_status: 'queued'`; 422 when the
   * processing did not fail or its source is gone, 409 while one is queued or processing. Audited (issue 26).
   */
  app.post<{ Params: { id: string } }>(
    '/api/dashboard/product-sessions/:id/media/retry',
    {
      schema: {
        tags: ['commerce'],
        summary: "Process a session's failed lesson upload again",
        description:
          'Queues the kept source of a failed upload for processing again (ffmpeg to HLS), recorded in the audit log as a retry of the session. 422 lessonNothingToRetry unless media_status is failed with a source kept, 422 lessonSourceMissing when that source is gone, 409 lessonProcessing while a job is queued or processing.',
        params: idParamsSchema,
        response: {
          202: messageItemSchema(dashboardProductSessionSchema),
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
          409: errorBodySchema,
          419: errorBodySchema,
          422: errorBodySchema,
        },
      },
      ...guard,
    },
    async (request, reply) => {
      const id = parseId(request.params.id);
      if (id === null) throw notFound();
      return reply.code(202).send({ message: COMMERCE_MESSAGES.lessonRetryQueued, data: await retryTranscode(app, id, await auditContextOf(request)) });
    },
  );
};

export default dashboardProductSessionsRoutes;
