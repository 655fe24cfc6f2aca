/** Public products (SPEC §2 /products, /products/{productId}; prices in tomans). */
import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../lib/api-error';
import { parseId } from '../../lib/pagination';
import {
  commentTreeSchema,
  commonErrorResponses,
  itemSchema,
  paginatedSchema,
  publicListQuerySchema,
  withViewerState,
} from '../../lib/schemas';
import { productDetailSchema, productSchema } from './schemas';
import { getAuth } from '../../plugins/app/auth';
import { findContentRef, viewerState } from '../../modules/site';
import { getProductDetail, instalmentPlanOffers, listProducts, productViewerFields } from '../../modules/commerce';
import type { PublicListQuery } from '../../modules/content';
import { getCommentTree } from '../../modules/engagement';

const params = { type: 'object', properties: { productId: { type: 'string' } } } as const;

const productsRoutes: FastifyPluginAsync = async (app) => {
  /** GET /api/products: active products, `{data, meta}`; 422 on a bad page or filter. */
  app.get<{ Querystring: PublicListQuery }>(
    '/api/products',
    {
      config: { access: 'public', publicCache: true },
      schema: {
        tags: ['commerce'],
        summary: 'List active products',
        querystring: publicListQuerySchema,
        response: { 200: paginatedSchema(productSchema), ...commonErrorResponses },
      },
    },
    (request) => listProducts(app.db, request.query),
  );

  /**
   * GET /api/products/:productId: ProductDetail with its active sessions (`can_view`, `is_done`),
   * `liked_by_me`, `in_cart`, `is_bought` and `progress` of the caller, and its active plans to buy it
   * in parts with their schedules if bought now (`instalment_plans`, issue 36 item 2); 404 when unknown.
   */
  app.get<{ Params: { productId: string } }>(
    '/api/products/:productId',
    {
      config: { access: 'public', publicCache: true },
      schema: {
        tags: ['commerce'],
        summary: 'One product with its sessions',
        params,
        response: { 200: itemSchema(withViewerState(productDetailSchema)), ...commonErrorResponses },
      },
    },
    async (request) => {
      const id = parseId(request.params.productId);
      const product = id === null ? null : await getProductDetail(app.db, id);
      if (!product) throw notFound();
      const user = (await getAuth(request))?.user ?? null;
      const [liked, viewer, plans] = await Promise.all([
        viewerState(app.db, user, 'product', product.id),
        productViewerFields(app.db, user, product.id, product.sessions),
        instalmentPlanOffers(app.db, product.id, product.price),
      ]);
      return { data: { ...product, ...liked, ...viewer, instalment_plans: plans } };
    },
  );

  /** GET /api/products/:productId/comments: approved comments as a tree, oldest first. */
  app.get<{ Params: { productId: string } }>(
    '/api/products/:productId/comments',
    {
      config: { access: 'public', publicCache: true },
      schema: {
        tags: ['commerce'],
        summary: 'Approved comments of a product, as a tree',
        params,
        response: {
          200: { type: 'object', required: ['data'], properties: { data: { type: 'array', items: { $ref: 'CommentNode#' } } } },
          ...commonErrorResponses,
        },
      },
    },
    async (request) => {
      const id = parseId(request.params.productId);
      if (id === null || !(await getProductDetail(app.db, id))) throw notFound();
      return { data: await getCommentTree(app.db, 'product', id) };
    },
  );

  /** GET /api/product-sessions/:sessionId/comments: approved comments of an active session, as a tree. */
  app.get<{ Params: { sessionId: string } }>(
    '/api/product-sessions/:sessionId/comments',
    {
      config: { access: 'public', publicCache: true },
      schema: {
        tags: ['commerce'],
        summary: 'Approved comments of a product session, as a tree',
        params: { type: 'object', properties: { sessionId: { type: 'string' } } },
        response: { 200: commentTreeSchema, ...commonErrorResponses },
      },
    },
    async (request) => {
      const id = parseId(request.params.sessionId);
      const session = id === null ? null : await findContentRef(app.db, 'product_session', id);
      if (id === null || !session?.is_active) throw notFound();
      return { data: await getCommentTree(app.db, 'product_session', id) };
    },
  );
};

export default productsRoutes;
