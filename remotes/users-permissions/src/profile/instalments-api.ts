import { api } from '@shop/api-client';
import type { InstalmentCheckoutAnswer, InstalmentPurchase, Item } from '@shop/contracts';

/**
 * The cache tag of the signed-in user's courses bought in parts. The shared `TAG_TYPES` has no
 * `Instalment`, so the list rides on `Order`, as the wallet does (`wallet-api.ts`): each part is
 * paid by an order of its own, and checkout, an order seen paid (the cart's refresh of ownership)
 * and cancelling an order invalidate every `Order` tag, so the schedule is asked again; a refund
 * (`Refund`, also provided) may take a part's payment back. Paying a part asks it again too (the part now names its order).
 */
const INSTALMENTS = { type: 'Order' as const, id: 'INSTALMENTS' };

/**
 * The signed-in user's courses bought in parts «اقساط من» (issue 36 item 2;
 * `shared/contracts/src/instalments.ts`): each purchase with its schedule, and paying its next part.
 */
export const instalmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/instalment-purchases`: the user's purchases in parts, newest first, each with its parts' states now. */
    getMyInstalmentPurchases: build.query<{ data: InstalmentPurchase[] }, void>({
      query: () => '/instalment-purchases',
      providesTags: [INSTALMENTS, 'Refund'],
    }),
    /**
     * `POST /api/instalments/:id/pay`: the order of that part and its gateway form, with the purchase
     * as it is now; only the next unpaid part may be paid (422 with the Persian reason otherwise, or
     * when the purchase was cancelled), 403 while selling is off. Named `…My…` apart from any
     * endpoint the commerce remote injects: RTK Query keeps the first endpoint of a name.
     */
    payMyInstalment: build.mutation<Item<InstalmentCheckoutAnswer>, number>({
      query: (instalmentId) => ({ url: `/instalments/${instalmentId}/pay`, method: 'POST' }),
      invalidatesTags: (result) => (result ? [INSTALMENTS] : []),
    }),
  }),
});

export const { useGetMyInstalmentPurchasesQuery, usePayMyInstalmentMutation } = instalmentsApi;
