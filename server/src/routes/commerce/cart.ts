/** The signed-in user's cart (issue 6; SPEC §2 /shopping-cart, §8): read, add, remove; prices in tomans. */
import type { FastifyPluginAsync } from 'fastify';
import type { AddToCartBody } from '@shop/contracts';
import { notFound } from '../../lib/api-error';
import { MESSAGES } from '../../lib/messages';
import { parseId } from '../../lib/pagination';
import { cartAnswerSchema, cartSchema, itemSchema, signedInErrorResponses } from '../../lib/schemas';
import { requireAuth, requireUser } from '../../plugins/app/auth';
import { addToCart, getCart, removeFromCart } from '../../modules/commerce/cart-service';

const errors = signedInErrorResponses;


/** `{product_id}`; anything else (a price, say) is dropped by the validator. */
const addBodySchema = {
  type: 'object',
  required: ['product_id'],
  properties: { product_id: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
} as const;

const cartRoutes: FastifyPluginAsync = async (app) => {
  /** GET /api/cart: `{data: Cart}`; 401 for visitors. */
  app.get(
    '/api/cart',
    {
      schema: { tags: ['commerce'], summary: 'The cart, priced now', response: { 200: itemSchema(cartSchema), ...errors } },
      onRequest: requireUser,
    },
    async (request) => ({ data: await getCart(app.db, (await requireAuth(request)).user.id) }),
  );

  /**
   * POST /api/cart `{product_id}`: 201 `{message, data: Cart}`; 403 selling closed; 422 unknown or
   * inactive course, already bought, already in the cart, bad body.
   */
  app.post<{ Body: AddToCartBody }>(
    '/api/cart',
    {
      config: { keepsPublicCache: true },
      schema: {
        tags: ['commerce'],
        summary: 'Add a course to the cart',
        body: addBodySchema,
        response: { 201: cartAnswerSchema, ...errors },
      },
      onRequest: requireUser,
    },
    async (request, reply) => {
      const { user } = await requireAuth(request);
      const data = await addToCart(app.db, user.id, request.body.product_id);
      return reply.code(201).send({ message: MESSAGES.productAddedToCart, data });
    },
  );

  /** DELETE /api/cart/:productId: `{message, data: Cart}`; 404 when not in the cart. */
  app.delete<{ Params: { productId: string } }>(
    '/api/cart/:productId',
    {
      config: { keepsPublicCache: true },
      schema: {
        tags: ['commerce'],
        summary: 'Remove a course from the cart',
        params: { type: 'object', properties: { productId: { type: 'string' } } },
        response: { 200: cartAnswerSchema, ...errors },
      },
      onRequest: requireUser,
    },
    async (request) => {
      const { user } = await requireAuth(request);
      const productId = parseId(request.params.productId);
      if (productId === null) throw notFound();
      return { message: MESSAGES.productRemovedFromCart, data: await removeFromCart(app.db, user.id, productId) };
    },
  );
};

export default cartRoutes;
