/**
 * Likes and comments on any content type, and search (SPEC §3, §7, §8; issue 3 "Public").
 */
import type { FastifyPluginAsync } from 'fastify';
import { CONTENT_TYPES, type LikeBody } from '@shop/contracts';
import { commentSchema, searchQuerySchema, type CommentInput } from '@shop/validation';
import { ApiError } from '../../lib/api-error';
import { errorBodySchema, paginatedSchema, signedInErrorResponses } from '../../lib/schemas';
import { likeAnswerSchema, searchResultSchema } from './schemas';
import { yupBody, yupQuery } from '../../lib/yup-body';
import { getAuth, guard, requireAuth, requireUser } from '../../plugins/app/auth';
import { rateLimits } from '../../plugins/external/rate-limit';
import { likeItem, notifyCommentPosted, postComment, search, SITE_MESSAGES } from '../../modules/site';
import { getSiteInformation } from '../../modules/support';

const commentBody = yupBody(commentSchema);
const searchQuery = yupQuery(searchQuerySchema);

const errors = signedInErrorResponses;

const likeBodySchema = {
  type: 'object',
  required: ['user_id', 'likeable_id', 'likeable_type'],
  properties: {
    user_id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
    likeable_id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 },
    likeable_type: { type: 'string', enum: [...CONTENT_TYPES] },
  },
} as const;

const engagementRoutes: FastifyPluginAsync = async (app) => {
  /** POST /api/like: 201 LikeAnswer; 401 visitor, 403 other user_id, 404 unknown item, 422 second like or bad body. */
  app.post<{ Body: LikeBody }>(
    '/api/like',
    {
      schema: {
        tags: ['site'],
        summary: 'Like a post, podcast, product or session',
        body: likeBodySchema,
        response: { 201: likeAnswerSchema, ...errors },
      },
      onRequest: requireUser,
    },
    async (request, reply) => {
      const { user } = await requireAuth(request);
      return reply.code(201).send(await likeItem(app.db, user, request.body));
    },
  );

  // Per user (only signed-in users comment), counted once the comment passed its checks.
  const commentLimit = rateLimits(app, [{ limit: 'comments', key: async (r) => `comments:${(await requireAuth(r)).user.id}` }]);

  /**
   * POST /api/comments: 201 `{message, data: CommentNode}` (pending unless staff); 401 visitor,
   * 403 unverified / barred / closed / other user_id, 404 unknown item, 422 bad body or parent;
   * 429 with Retry-After after RATE_LIMIT_COMMENTS_PER_MINUTE valid comments of one user. Once
   * saved, a pending comment queues the staff digest, a public reply its author's mail (issue 26).
   */
  app.post<{ Body: CommentInput }>(
    '/api/comments',
    {
      schema: {
        tags: ['site'],
        summary: 'Comment on an item or reply to a comment',
        body: commentBody.jsonSchema,
        response: {
          201: {
            type: 'object',
            required: ['message', 'data'],
            properties: { message: { type: 'string' }, data: { $ref: 'CommentNode#' } },
          },
          ...errors,
          429: errorBodySchema,
        },
      },
      onRequest: guard('signed-in', async (request) => {
        if (!(await getAuth(request))) throw new ApiError(401, SITE_MESSAGES.commentLoginRequired);
      }),
      preValidation: commentBody.preValidation,
      validatorCompiler: commentBody.validatorCompiler,
      preHandler: commentLimit,
    },
    async (request, reply) => {
      const { user } = await requireAuth(request);
      const answer = await postComment(app.db, user, request.body, await getSiteInformation(app.db), (tx, [id]) =>
        notifyCommentPosted(app, tx, id!, user.id, app.settings.publicUrl),
      );
      return reply.code(201).send(answer);
    },
  );

  /**
   * GET /api/search?q=&page=: Paginated<SearchResult>, title hits first; `meta.total` counts at most
   * SEARCH_MAX_TOTAL (1 000) hits; 422 when q is shorter than 2.
   */
  app.get<{ Querystring: { q: string; page: number } }>(
    '/api/search',
    {
      config: { access: 'public', publicCache: true },
      schema: {
        tags: ['site'],
        summary: 'Search active posts, podcasts and products',
        querystring: searchQuery.jsonSchema,
        response: { 200: paginatedSchema(searchResultSchema), 422: errorBodySchema },
      },
      preValidation: searchQuery.preValidation,
      validatorCompiler: searchQuery.validatorCompiler,
    },
    (request) => search(app.db, request.query.q, request.query.page),
  );
};

export default engagementRoutes;
