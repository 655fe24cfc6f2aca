/** Public posts (SPEC §2 /posts, /posts/{postId}; DESIGN.md list and comment-tree conventions). */
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/api-error';
import { parseId } from '../../lib/pagination';
import {
  commonErrorResponses,
  itemSchema,
  paginatedSchema,
  postSchema,
  publicListQuerySchema,
  withViewerState,
} from '../../lib/schemas';
import { getAuth } from '../../plugins/app/auth';
import { viewerState } from '../../modules/site';
import { getPost, listPosts, type PublicListQuery } from '../../modules/content';
import { getCommentTree } from '../../modules/engagement';

const params = { type: 'object', properties: { postId: { type: 'string' } } } as const;

const postsRoutes: FastifyPluginAsync = async (app) => {
  /** GET /api/posts: active posts, `{data, meta}`; 422 on a bad page or filter. */
  app.get<{ Querystring: PublicListQuery }>(
    '/api/posts',
    {
      config: { access: 'public', publicCache: true },
      schema: {
        tags: ['content'],
        summary: 'List active posts',
        querystring: publicListQuerySchema,
        response: { 200: paginatedSchema(postSchema), ...commonErrorResponses },
      },
    },
    (request) => listPosts(app.db, request.query),
  );

  /** GET /api/posts/:postId: one active post with `liked_by_me`, 404 for unknown or non-numeric ids. */
  app.get<{ Params: { postId: string } }>(
    '/api/posts/:postId',
    {
      config: { access: 'public', publicCache: true },
      schema: {
        tags: ['content'],
        summary: 'One post',
        params,
        response: { 200: itemSchema(withViewerState(postSchema)), ...commonErrorResponses },
      },
    },
    async (request) => {
      const id = parseId(request.params.postId);
      const post = id === null ? null : await getPost(app.db, id);
      if (!post) throw notFound();
      const auth = await getAuth(request);
      return { data: { ...post, ...(await viewerState(app.db, auth?.user ?? null, 'post', post.id)) } };
    },
  );

  /** GET /api/posts/:postId/comments: approved comments as a tree, oldest first. */
  app.get<{ Params: { postId: string } }>(
    '/api/posts/:postId/comments',
    {
      config: { access: 'public', publicCache: true },
      schema: {
        tags: ['content'],
        summary: 'Approved comments of a post, as a tree',
        params,
        response: {
          200: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: { $ref: 'CommentNode#' } } } },
          ...commonErrorResponses,
        },
      },
    },
    async (request) => {
      const id = parseId(request.params.postId);
      if (id === null || !(await getPost(app.db, id))) throw notFound();
      return { data: await getCommentTree(app.db, 'post', id) };
    },
  );
};

export default postsRoutes;
