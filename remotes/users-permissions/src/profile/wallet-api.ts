import { api } from '@shop/api-client';
import type { GiftCardRedeemBody, Item, MessageAnswer, WalletEntry, WalletPage } from '@shop/contracts';

/** Entries a page of the wallet tab shows. */
export const WALLET_PER_PAGE = 10;

/**
 * The cache tag of the signed-in user's wallet. The shared `TAG_TYPES` has no `Wallet` yet, so the
 * wallet rides on `Order`: paying at checkout (with the wallet) and cancelling an unpaid order (its
 * wallet share given back) invalidate every `Order` tag, and those are what move its money besides
 * a gift card (below) and a refund (`Refund`, also provided). The commerce remote's cart balance and
 * staff's credit or debit use the same tag, so a write on either side refreshes the other.
 */
const WALLET = { type: 'Order' as const, id: 'WALLET' };

/**
 * The signed-in user's wallet «کیف پول» (issue 36 item 3; `shared/contracts/src/wallet.ts`): its
 * balance and entries, and redeeming a gift card into it.
 */
export const walletApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/wallet?page=&per_page=`: the balance in tomans and a page of entries, newest first. */
    getWallet: build.query<WalletPage, number>({
      query: (page) => ({ url: '/wallet', params: { page, per_page: WALLET_PER_PAGE } }),
      providesTags: [WALLET, 'Refund'],
    }),
    /**
     * `POST /api/wallet/gift-cards/redeem {code}`: the card's entry and the server's Persian message
     * («… تومان به کیف پول شما افزوده شد.»); 422 on `code` (unknown, used, expired), 429 after too
     * many tries. The wallet is asked again for its new balance.
     */
    redeemGiftCard: build.mutation<MessageAnswer & Item<WalletEntry>, GiftCardRedeemBody>({
      query: (body) => ({ url: '/wallet/gift-cards/redeem', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [WALLET] : []),
    }),
  }),
});

export const { useGetWalletQuery, useRedeemGiftCardMutation } = walletApi;
