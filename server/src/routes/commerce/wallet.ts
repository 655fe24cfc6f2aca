/**
 * The wallet and gift cards (issue 36 item 3): the signed-in user's balance and entries and gift card
 * redemption; in the dashboard (manage-refunds, super passes) gift cards and each user's wallet with
 * staff's credit or debit. Routes delegate to modules/commerce/wallet.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import { formatToman } from '@shop/format';
import {
  giftCardRedeemSchema,
  giftCardSchema as giftCardBodySchema,
  type GiftCardInput,
  type GiftCardRedeemInput,
  walletAdjustmentSchema,
  type WalletAdjustmentInput,
} from '@shop/validation';
import { routeId } from '../../lib/pagination';
import {
  date,
  errorBodySchema,
  idParamsSchema,
  int,
  messageItemSchema,
  messageSchema,
  nullableStr,
  pageMetaSchema,
  pageQueryProperties,
  paginatedSchema,
  signedInErrorResponses,
  str,
} from '../../lib/schemas';
import { yupBody } from '../../lib/yup-body';
import { auditContextOf, requireAuth, requirePermission, requireUser } from '../../plugins/app/auth';
import { rateLimits } from '../../plugins/external/rate-limit';
import {
  adjustWallet,
  COMMERCE_MESSAGES,
  createGiftCard,
  deleteGiftCard,
  type GiftCardListQuery,
  getUserWallet,
  getWallet,
  listGiftCards,
  redeemGiftCard,
} from '../../modules/commerce';

const tags = ['commerce'];
const errors = signedInErrorResponses;
const DASHBOARD = '/api/dashboard/financial-info';

/** WalletEntry of wallet.ts. */
const walletEntrySchema = {
  type: 'object',
  required: ['id', 'kind', 'amount', 'balance_after', 'order_id', 'gift_card_code', 'reason', 'created_at'],
  properties: {
    id: int,
    kind: { type: 'string', enum: ['gift_card', 'refund', 'staff_credit', 'staff_debit', 'order_payment', 'order_payment_returned', 'overpayment', 'agent_payout'] },
    amount: int,
    balance_after: int,
    order_id: { type: ['integer', 'null'] },
    gift_card_code: nullableStr,
    reason: nullableStr,
    created_at: date,
  },
} as const;

/** WalletPage of wallet.ts. */
const walletPageSchema = {
  type: 'object',
  required: ['balance', 'data', 'meta'],
  properties: {
    balance: int,
    data: { type: 'array', items: walletEntrySchema },
    meta: pageMetaSchema,
    user: {
      type: 'object',
      required: ['id', 'full_name', 'email', 'mobile'],
      properties: { id: int, full_name: str, email: str, mobile: nullableStr },
    },
  },
} as const;

/** GiftCard of wallet.ts. */
const giftCardSchema = {
  type: 'object',
  required: ['id', 'code', 'amount', 'expires_at', 'redeemed_by', 'redeemed_at', 'created_by', 'created_at'],
  properties: {
    id: int,
    code: str,
    amount: int,
    expires_at: { type: ['string', 'null'], format: 'date-time' },
    redeemed_by: { type: ['object', 'null'], required: ['id', 'full_name', 'email'], properties: { id: int, full_name: str, email: str } },
    redeemed_at: { type: ['string', 'null'], format: 'date-time' },
    created_by: { type: ['object', 'null'], required: ['id', 'full_name'], properties: { id: int, full_name: str } },
    created_at: date,
  },
} as const;

const pageQuery = { type: 'object', properties: { ...pageQueryProperties } } as const;
const redeemBody = yupBody(giftCardRedeemSchema);
const giftCardBody = yupBody(giftCardBodySchema);
const adjustmentBody = yupBody(walletAdjustmentSchema);
const userParams = { type: 'object', properties: { userId: { type: 'string' } } } as const;

const walletRoutes: FastifyPluginAsync = async (app) => {
  const redeemLimit = rateLimits(app, [{ limit: 'giftCardRedeem', key: async (r) => `gift-card:${(await requireAuth(r)).user.id}` }]);
  const guard = { onRequest: requirePermission('manage-refunds') };

  /** GET /api/wallet: the signed-in user's WalletPage (balance in tomans, entries newest first). */
  app.get<{ Querystring: { page?: number; per_page?: number } }>(
    '/api/wallet',
    {
      schema: { tags, summary: 'My wallet: balance and entries', querystring: pageQuery, response: { 200: walletPageSchema, ...errors } },
      onRequest: requireUser,
    },
    async (request) => getWallet(app.db, (await requireAuth(request)).user.id, request.query),
  );

  /**
   * POST /api/wallet/gift-cards/redeem `{code}`: `{message, data: WalletEntry}` the card's amount in the
   * wallet; 422 on `code` (malformed, unknown, used, expired); 429 after RATE_LIMIT_GIFT_CARD_REDEEM_PER_15_MINUTES tries.
   */
  app.post<{ Body: GiftCardRedeemInput }>(
    '/api/wallet/gift-cards/redeem',
    {
      config: { keepsPublicCache: true },
      schema: {
        tags,
        summary: 'Redeem a gift card into my wallet',
        body: redeemBody.jsonSchema,
        response: { 200: messageItemSchema(walletEntrySchema), ...errors, 429: errorBodySchema },
      },
      onRequest: requireUser,
      preValidation: redeemBody.preValidation,
      validatorCompiler: redeemBody.validatorCompiler,
      preHandler: redeemLimit,
    },
    async (request) => {
      const entry = await redeemGiftCard(app.db, (await requireAuth(request)).user.id, request.body.code);
      return { message: COMMERCE_MESSAGES.giftCardRedeemed(formatToman(entry.amount)), data: entry };
    },
  );

  /** GET …/gift-cards: Paginated<GiftCard>, newest first (`q`: part of a code). */
  app.get<{ Querystring: GiftCardListQuery }>(
    `${DASHBOARD}/gift-cards`,
    {
      schema: {
        tags,
        summary: 'Gift cards',
        querystring: { type: 'object', properties: { ...pageQueryProperties, q: { type: 'string', maxLength: 100 } } },
        response: { 200: paginatedSchema(giftCardSchema), ...errors },
      },
      ...guard,
    },
    (request) => listGiftCards(app.db, request.query),
  );

  /** POST …/gift-cards GiftCardBody: 201 {message, data: GiftCard}; 422 field errors, a taken code. */
  app.post<{ Body: GiftCardInput }>(
    `${DASHBOARD}/gift-cards`,
    {
      schema: { tags, summary: 'Make a gift card', body: giftCardBody.jsonSchema, response: { 201: messageItemSchema(giftCardSchema), ...errors } },
      ...guard,
      preValidation: giftCardBody.preValidation,
      validatorCompiler: giftCardBody.validatorCompiler,
    },
    async (request, reply) =>
      reply.code(201).send({ message: COMMERCE_MESSAGES.giftCardCreated, data: await createGiftCard(app.db, request.body, await auditContextOf(request)) }),
  );

  /** DELETE …/gift-cards/:id: {message}; 404 unknown; 422 a redeemed card. */
  app.delete<{ Params: { id: string } }>(
    `${DASHBOARD}/gift-cards/:id`,
    { schema: { tags, summary: 'Delete an unused gift card', params: idParamsSchema, response: { 200: messageSchema, ...errors } }, ...guard },
    async (request) => {
      await deleteGiftCard(app.db, routeId(request.params.id), await auditContextOf(request));
      return { message: COMMERCE_MESSAGES.giftCardDeleted };
    },
  );

  /** GET …/wallets/:userId: the user's WalletPage with `user`; 404 unknown user. */
  app.get<{ Params: { userId: string }; Querystring: { page?: number; per_page?: number } }>(
    `${DASHBOARD}/wallets/:userId`,
    {
      schema: { tags, summary: "A user's wallet", params: userParams, querystring: pageQuery, response: { 200: walletPageSchema, ...errors } },
      ...guard,
    },
    (request) => getUserWallet(app.db, routeId(request.params.userId), request.query),
  );

  /** POST …/wallets/:userId/entries WalletAdjustmentBody: 201 {message, data: WalletEntry}; 404 unknown user; 422 fields, a debit over the balance. */
  app.post<{ Params: { userId: string }; Body: WalletAdjustmentInput }>(
    `${DASHBOARD}/wallets/:userId/entries`,
    {
      schema: {
        tags,
        summary: "Credit or debit a user's wallet with a reason",
        params: userParams,
        body: adjustmentBody.jsonSchema,
        response: { 201: messageItemSchema(walletEntrySchema), ...errors },
      },
      ...guard,
      preValidation: adjustmentBody.preValidation,
      validatorCompiler: adjustmentBody.validatorCompiler,
    },
    async (request, reply) => {
      const entry = await adjustWallet(app.db, routeId(request.params.userId), request.body, await auditContextOf(request));
      return reply.code(201).send({ message: entry.amount > 0 ? COMMERCE_MESSAGES.walletCredited : COMMERCE_MESSAGES.walletDebited, data: entry });
    },
  );
};

export default walletRoutes;
