import { api, selectCurrentUser, skipToken, useAppSelector } from '@shop/api-client';
import type { WalletPage } from '@shop/contracts';

/**
 * The cache tag of the signed-in user's wallet. The one API declares no `Wallet` tag yet, and a
 * wallet moves with orders (checkout takes its share, a cancelled order gives it back, a refund may
 * credit it), so it is an `Order` tag: every write that invalidates orders refreshes the balance.
 */
export const MY_WALLET_TAG = { type: 'Order', id: 'WALLET' } as const;

/**
 * The signed-in user's wallet for the cart (issue 36 item 3): `GET /api/wallet?per_page=1`, read
 * for its balance. A failure answers null instead of an error, so a wallet that cannot be read
 * leaves the cart as it was (paid through the gateway) and never raises the error page.
 */
export const walletApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCheckoutWallet: build.query<WalletPage | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const answer = await baseQuery({ url: '/wallet', params: { per_page: 1 } });
        return answer.error ? { data: null } : { data: answer.data as WalletPage };
      },
      providesTags: [MY_WALLET_TAG],
    }),
  }),
});

/**
 * The signed-in user's wallet balance in tomans, for the cart (issue 36 item 3).
 * @returns the balance; null for a visitor, while it loads, or when it could not be read
 */
export function useWalletBalance(): number | null {
  const user = useAppSelector(selectCurrentUser);
  const { data } = walletApi.useGetCheckoutWalletQuery(user ? undefined : skipToken);
  return user && data ? data.balance : null;
}
