/**
 * Dashboard podcasts (SPEC §2 /dashboard/podcasts; issue 3): list with search and sort, create and
 * update from multipart forms, delete. Permission manage-podcasts (super passes).
 */
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/api-error';
import { parseId } from '../../lib/pagination';
import { podcastSchema } from '../../lib/schemas';
import { readForm } from '../../lib/uploads';
import { auditContextOf, requirePermission } from '../../plugins/app/auth';
import type { DashboardListQuery } from '../../lib/list-order';
import { CONTENT_MESSAGES, createPodcast, deletePodcast, getPodcastForDashboard, listPodcastsForDashboard, updatePodcast } from '../../modules/content';
import { dashboardContentSchemas } from './dashboard-schemas';

const dashboardPodcastsRoutes: FastifyPluginAsync = async (app) => {
  const guard = { onRequest: requirePermission('manage-podcasts') };
  const s = dashboardContentSchemas('podcasts', podcastSchema);
  const form = (request: Parameters<typeof readForm>[0]) => readForm(request, { image: app.settings.uploadLimits.imageKb, file: app.settings.uploadLimits.audioKb });

  /** GET /api/dashboard/podcasts: Paginated<Podcast> including inactive ones (`q`, `sort`). */
  app.get<{ Querystring: DashboardListQuery }>('/api/dashboard/podcasts', { schema: s.list, ...guard }, (request) =>
    listPodcastsForDashboard(app.db, request.query),
  );

  /** POST /api/dashboard/podcasts (multipart): 201 {data: Podcast}; 413/415 image or audio, 422 fields or duplicate slug. */
  app.post('/api/dashboard/podcasts', { schema: s.create, ...guard }, async (request, reply) =>
    reply.code(201).send({ data: await createPodcast(app.db, app.files, await form(request), await auditContextOf(request)) }),
  );

  /** GET /api/dashboard/podcasts/:id: {data: Podcast}, active or not. */
  app.get<{ Params: { id: string } }>('/api/dashboard/podcasts/:id', { schema: s.get, ...guard }, async (request) => {
    const id = parseId(request.params.id);
    const podcast = id === null ? null : await getPodcastForDashboard(app.db, id);
    if (!podcast) throw notFound();
    return { data: podcast };
  });

  /** PUT /api/dashboard/podcasts/:id (multipart): {data: Podcast}; image and audio optional (kept when absent). */
  app.put<{ Params: { id: string } }>('/api/dashboard/podcasts/:id', { schema: s.update, ...guard }, async (request) => {
    const id = parseId(request.params.id);
    if (id === null) throw notFound();
    return { data: await updatePodcast(app.db, app.files, id, await form(request), await auditContextOf(request)) };
  });

  /** DELETE /api/dashboard/podcasts/:id: {message}; its files, likes and comments go too. */
  app.delete<{ Params: { id: string } }>('/api/dashboard/podcasts/:id', { schema: s.remove, ...guard }, async (request) => {
    const id = parseId(request.params.id);
    if (id === null) throw notFound();
    await deletePodcast(app.db, app.files, id, await auditContextOf(request));
    return { message: CONTENT_MESSAGES.podcastDeleted };
  });
};

export default dashboardPodcastsRoutes;
