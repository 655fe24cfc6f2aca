/** Public podcasts (SPEC §2 /podcasts, /podcasts/{podcastId}; DESIGN.md list and comment-tree conventions). */
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/api-error';
import { parseId } from '../../lib/pagination';
import {
  commonErrorResponses,
  itemSchema,
  paginatedSchema,
  podcastSchema,
  publicListQuerySchema,
  withViewerState,
} from '../../lib/schemas';
import { getAuth } from '../../plugins/app/auth';
import { viewerState } from '../../modules/site';
import { getPodcast, listPodcasts, type PublicListQuery } from '../../modules/content';
import { getCommentTree } from '../../modules/engagement';

const params = { type: 'object', properties: { podcastId: { type: 'string' } } } as const;

const podcastsRoutes: FastifyPluginAsync = async (app) => {
  /** GET /api/podcasts: active podcasts, `{data, meta}`; 422 on a bad page or filter. */
  app.get<{ Querystring: PublicListQuery }>(
    '/api/podcasts',
    {
      config: { access: 'public', publicCache: true },
      schema: {
        tags: ['content'],
        summary: 'List active podcasts',
        querystring: publicListQuerySchema,
        response: { 200: paginatedSchema(podcastSchema), ...commonErrorResponses },
      },
    },
    (request) => listPodcasts(app.db, request.query),
  );

  /** GET /api/podcasts/:podcastId: one active podcast with `liked_by_me`, 404 for unknown or non-numeric ids. */
  app.get<{ Params: { podcastId: string } }>(
    '/api/podcasts/:podcastId',
    {
      config: { access: 'public', publicCache: true },
      schema: {
        tags: ['content'],
        summary: 'One podcast',
        params,
        response: { 200: itemSchema(withViewerState(podcastSchema)), ...commonErrorResponses },
      },
    },
    async (request) => {
      const id = parseId(request.params.podcastId);
      const podcast = id === null ? null : await getPodcast(app.db, id);
      if (!podcast) throw notFound();
      const auth = await getAuth(request);
      return { data: { ...podcast, ...(await viewerState(app.db, auth?.user ?? null, 'podcast', podcast.id)) } };
    },
  );

  /** GET /api/podcasts/:podcastId/comments: approved comments as a tree, oldest first. */
  app.get<{ Params: { podcastId: string } }>(
    '/api/podcasts/:podcastId/comments',
    {
      config: { access: 'public', publicCache: true },
      schema: {
        tags: ['content'],
        summary: 'Approved comments of a podcast, as a tree',
        params,
        response: {
          200: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: { $ref: 'CommentNode#' } } } },
          ...commonErrorResponses,
        },
      },
    },
    async (request) => {
      const id = parseId(request.params.podcastId);
      if (id === null || !(await getPodcast(app.db, id))) throw notFound();
      return { data: await getCommentTree(app.db, 'podcast', id) };
    },
  );
};

export default podcastsRoutes;
