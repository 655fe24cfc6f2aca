/** The signed-in user's profile lists (SPEC §2 /profile tabs #favorites-posts, #favorites-podcasts). */
import type { FastifyPluginAsync } from 'fastify';
import { MAX_PAGE } from '../../lib/pagination';
import { errorBodySchema, paginatedSchema, podcastSchema, postSchema } from '../../lib/schemas';
import { requireAuth, requireUser } from '../../plugins/app/auth';
import { listLikedPodcasts } from '../../modules/content/podcasts-service';
import { listLikedPosts } from '../../modules/content/posts-service';

interface FavoritesQuery {
  type: 'post' | 'podcast';
  page?: number;
  per_page?: number;
}

const profileRoutes: FastifyPluginAsync = async (app) => {
  /** GET /api/profile/favorites?type=post|podcast: the liked items, newest like first; 401 visitor. */
  app.get<{ Querystring: FavoritesQuery }>(
    '/api/profile/favorites',
    {
      schema: {
        tags: ['users'],
        summary: 'Posts or podcasts the caller liked',
        security: [{ bearer: [] }, { cookie: [] }],
        querystring: {
          type: 'object',
          properties: {
            type: { type: 'string', enum: ['post', 'podcast'], default: 'post' },
            page: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 1 },
            per_page: { type: 'integer', default: 12, description: 'Clamped to 1..50.' },
          },
        },
        response: {
          // Podcasts first: a podcast also matches the post shape, a post never matches the podcast one.
          200: { anyOf: [paginatedSchema(podcastSchema), paginatedSchema(postSchema)] },
          401: errorBodySchema,
          422: errorBodySchema,
        },
      },
      onRequest: requireUser,
    },
    async (request) => {
      const { user } = await requireAuth(request);
      const { type, ...page } = request.query;
      return type === 'podcast' ? listLikedPodcasts(app.db, user.id, page) : listLikedPosts(app.db, user.id, page);
    },
  );
};

export default profileRoutes;
