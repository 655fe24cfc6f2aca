/**
 * Dashboard posts (SPEC §2 /dashboard/posts; issue 3): list with search and sort, create and
 * update from multipart forms, delete. Permission manage-posts (super passes).
 */
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/api-error';
import { parseId } from '../../lib/pagination';
import { postSchema } from '../../lib/schemas';
import { readForm } from '../../lib/uploads';
import { auditContextOf, requirePermission } from '../../plugins/app/auth';
import type { DashboardListQuery } from '../../lib/list-order';
import { CONTENT_MESSAGES, createPost, deletePost, getPostForDashboard, listPostsForDashboard, updatePost } from '../../modules/content';
import { dashboardContentSchemas } from './dashboard-schemas';

const dashboardPostsRoutes: FastifyPluginAsync = async (app) => {
  const guard = { onRequest: requirePermission('manage-posts') };
  const s = dashboardContentSchemas('posts', postSchema);
  const form = (request: Parameters<typeof readForm>[0]) => readForm(request, { image: app.settings.uploadLimits.imageKb });

  /** GET /api/dashboard/posts: Paginated<Post> including inactive ones (`q`, `sort`). */
  app.get<{ Querystring: DashboardListQuery }>('/api/dashboard/posts', { schema: s.list, ...guard }, (request) =>
    listPostsForDashboard(app.db, request.query),
  );

  /** POST /api/dashboard/posts (multipart): 201 {data: Post}; 413/415 image, 422 fields or duplicate slug. */
  app.post('/api/dashboard/posts', { schema: s.create, ...guard }, async (request, reply) =>
    reply.code(201).send({ data: await createPost(app.db, app.files, await form(request), await auditContextOf(request)) }),
  );

  /** GET /api/dashboard/posts/:id: {data: Post}, active or not. */
  app.get<{ Params: { id: string } }>('/api/dashboard/posts/:id', { schema: s.get, ...guard }, async (request) => {
    const id = parseId(request.params.id);
    const post = id === null ? null : await getPostForDashboard(app.db, id);
    if (!post) throw notFound();
    return { data: post };
  });

  /** PUT /api/dashboard/posts/:id (multipart): {data: Post}; image optional (kept when absent). */
  app.put<{ Params: { id: string } }>('/api/dashboard/posts/:id', { schema: s.update, ...guard }, async (request) => {
    const id = parseId(request.params.id);
    if (id === null) throw notFound();
    return { data: await updatePost(app.db, app.files, id, await form(request), await auditContextOf(request)) };
  });

  /** DELETE /api/dashboard/posts/:id: {message}; its image, likes and comments go too. */
  app.delete<{ Params: { id: string } }>('/api/dashboard/posts/:id', { schema: s.remove, ...guard }, async (request) => {
    const id = parseId(request.params.id);
    if (id === null) throw notFound();
    await deletePost(app.db, app.files, id, await auditContextOf(request));
    return { message: CONTENT_MESSAGES.postDeleted };
  });
};

export default dashboardPostsRoutes;
