import { api } from '@shop/api-client';
import type { GiftCard, GiftCardBody, Paginated, WalletAdjustmentBody, WalletEntry, WalletPage } from '@shop/contracts';
import { MY_WALLET_TAG } from '../../cart/wallet-api';

const BASE = '/dashboard/financial-info';

/** Query of the gift cards list: page, and `q`, part of a code. */
export interface GiftCardsQuery {
  page: number;
  per_page: number;
  q?: string;
}

/** What a write answers: the server's Persian message and what it stored. */
type WriteAnswer<T> = { message: string; data: T };

/**
 * Cache tags (the one API declares no `Wallet` or `GiftCard` tag yet): wallets move with orders and
 * refunds, so they are `Order` tags, refreshed by any checkout, refund or order change; the gift
 * cards' list is one more `Order` tag, refreshed by its own writes.
 */
const GIFT_CARDS_TAG = { type: 'Order', id: 'GIFT-CARDS' } as const;
const walletTag = (userId: number) => ({ type: 'Order' as const, id: `WALLET-${userId}` });

/**
 * Gift cards and users' wallets in the dashboard (issue 36 item 3; manage-refunds; shapes in
 * `@shop/contracts` wallet.ts): `GET|POST /api/dashboard/financial-info/gift-cards`,
 * `DELETE …/gift-cards/:id`, `GET …/wallets/:userId` and `POST …/wallets/:userId/entries`. A credit
 * or debit refreshes that wallet, and the signed-in user's own when it is theirs.
 */
export const walletAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGiftCards: build.query<Paginated<GiftCard>, GiftCardsQuery>({
      query: ({ q, ...rest }) => ({ url: `${BASE}/gift-cards`, params: { ...rest, q: q || undefined } }),
      providesTags: [GIFT_CARDS_TAG],
    }),
    /** 201 with the card; 422 field errors on `code`, `amount`, `expires_at` (an empty code: the server makes one). */
    createGiftCard: build.mutation<WriteAnswer<GiftCard>, GiftCardBody>({
      query: (body) => ({ url: `${BASE}/gift-cards`, method: 'POST', body }),
      invalidatesTags: (result) => (result ? [GIFT_CARDS_TAG] : []),
    }),
    /** 422 for a card redeemed meanwhile: the list is asked again so it shows it. */
    deleteGiftCard: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `${BASE}/gift-cards/${id}`, method: 'DELETE' }),
      invalidatesTags: [GIFT_CARDS_TAG],
    }),
    getUserWallet: build.query<WalletPage, { userId: number; page: number; per_page: number }>({
      query: ({ userId, ...params }) => ({ url: `${BASE}/wallets/${userId}`, params }),
      providesTags: (_result, _error, { userId }) => [walletTag(userId)],
    }),
    /** 201 with the entry; 422 on `amount` when a debit is more than the balance. */
    adjustWallet: build.mutation<WriteAnswer<WalletEntry>, { userId: number; body: WalletAdjustmentBody }>({
      query: ({ userId, body }) => ({ url: `${BASE}/wallets/${userId}/entries`, method: 'POST', body }),
      invalidatesTags: (result, _error, { userId }) => (result ? [walletTag(userId), MY_WALLET_TAG] : []),
    }),
  }),
});

export const { useGetGiftCardsQuery, useCreateGiftCardMutation, useDeleteGiftCardMutation, useGetUserWalletQuery, useAdjustWalletMutation } = walletAdminApi;
