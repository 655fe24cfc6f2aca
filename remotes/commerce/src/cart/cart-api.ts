import { useSyncExternalStore } from 'react';
import { api, readApiError, selectCurrentUser, skipToken, useAppSelector, userReceived } from '@shop/api-client';
import type { AddToCartBody, ApplyDiscountCodeBody, Cart, CheckoutAnswer, CheckoutBody, Item, LoggedInUserInfo, Order } from '@shop/contracts';

/** A cart change's answer: the server's Persian message and the cart as it is now. */
export interface CartAnswer {
  message: string;
  data: Cart;
}

/** A gateway id of `POST /api/checkout`'s `gateway` (issue 36 item 2). */
export type PaymentGatewayId = NonNullable<CheckoutBody['gateway']>;

/** One gateway a buyer picks from (`GET /api/payments/gateways`, issue 36 item 2); `name` and `description` are Persian. The contracts have no type for it yet. */
export interface PaymentGatewayOption {
  id: PaymentGatewayId;
  name: string;
  description: string;
}

/** The course page and the session pages show `in_cart` / `is_bought`, so a cart or purchase change refreshes them. */
const OWNERSHIP_TAGS = ['Cart', 'Order', 'Product', 'ProductSession'] as const;

/**
 * Cart, checkout and orders (issue 6 contract, `@shop/contracts` commerce.ts): `GET/POST /cart`,
 * `DELETE /cart/:productId`, `PUT|DELETE /cart/discount-code` (issue 25), `POST /checkout` with an `Idempotency-Key`
 * (and `{use_wallet, gateway}`, issue 36 items 3 and 2), `POST /orders/:id/pay`, `GET /orders/:id`,
 * `GET /payments/gateways` (issue 36 item 2), and a refresh of the signed-in user
 * (`POST /auth/logged-in-user-info`) whose `buyedProducts` replace the store's after a purchase or a
 * progress change (SPEC §3).
 */
export const cartApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCart: build.query<Item<Cart>, void>({
      query: () => '/cart',
      providesTags: [{ type: 'Cart', id: 'MINE' }],
    }),
    addToCart: build.mutation<CartAnswer, AddToCartBody>({
      query: (body) => ({ url: '/cart', method: 'POST', body }),
      invalidatesTags: (_result, _error, { product_id }) => [{ type: 'Cart', id: 'MINE' }, { type: 'Product', id: product_id }],
    }),
    removeFromCart: build.mutation<CartAnswer, number>({
      query: (productId) => ({ url: `/cart/${productId}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, productId) => [{ type: 'Cart', id: 'MINE' }, { type: 'Product', id: productId }],
    }),
    /** `PUT /cart/discount-code` (issue 25): keeps the code when it applies; a 422 carries its Persian refusal on `code`. */
    applyDiscountCode: build.mutation<CartAnswer, ApplyDiscountCodeBody>({
      query: (body) => ({ url: '/cart/discount-code', method: 'PUT', body }),
      invalidatesTags: (result) => (result ? [{ type: 'Cart', id: 'MINE' }] : []),
    }),
    /** `DELETE /cart/discount-code` (issue 25). */
    removeDiscountCode: build.mutation<CartAnswer, void>({
      query: () => ({ url: '/cart/discount-code', method: 'DELETE' }),
      invalidatesTags: [{ type: 'Cart', id: 'MINE' }],
    }),
    /**
     * `idempotencyKey`: one per cart state, kept across a double click, so the server answers one order.
     * `body` `{use_wallet: true}` (issue 36 item 3) pays from the wallet first; a success invalidates
     * `Order`, so the wallet's balance (`wallet-api.ts`) is asked again.
     * `gateway: 'snapppay'` (issue 36 item 2) asks SnappPay for the attempt.
     * A 422 (a discount code that no longer fits, issue 25) reloads the cart, which then shows why; a
     * 422 on `gateway` (SnappPay refused the amount) reloads nothing: the cart is as it was, and its
     * order waits unpaid, its wallet share held, for the same cart with the default gateway.
     */
    checkout: build.mutation<Item<CheckoutAnswer>, { idempotencyKey: string; body?: CheckoutBody }>({
      query: ({ idempotencyKey, body }) => ({ url: '/checkout', method: 'POST', headers: { 'Idempotency-Key': idempotencyKey }, body }),
      invalidatesTags: (result, error) => {
        if (result) return [...OWNERSHIP_TAGS];
        const { status, fieldErrors } = readApiError(error);
        return status === 422 && !fieldErrors.gateway ? [{ type: 'Cart', id: 'MINE' }] : [];
      },
    }),
    /** A new attempt: the order is asked again, so its page waits for the new attempt's outcome. */
    payOrder: build.mutation<Item<CheckoutAnswer>, number>({
      query: (orderId) => ({ url: `/orders/${orderId}/pay`, method: 'POST' }),
      invalidatesTags: (result, _error, orderId) => (result ? [{ type: 'Order', id: orderId }] : []),
    }),
    /**
     * The gateways a buyer picks from (issue 36 item 2), the server's order kept. A failure answers
     * null instead of an error, so a list that cannot be read leaves the cart paying through the
     * default gateway, as before, and never raises the error page.
     */
    getPaymentGateways: build.query<PaymentGatewayOption[] | null, void>({
      async queryFn(_arg, _api, _extra, baseQuery) {
        const answer = await baseQuery('/payments/gateways');
        return answer.error ? { data: null } : { data: (answer.data as { data: PaymentGatewayOption[] }).data };
      },
      // It changes only with the server's settings.
      keepUnusedDataFor: 3600,
    }),
    getOrder: build.query<Item<Order>, number>({
      query: (orderId) => `/orders/${orderId}`,
      providesTags: (_result, _error, orderId) => [{ type: 'Order', id: orderId }],
    }),
    /**
     * After access changed (paid, granted): the store's user and bought products, and every view of
     * ownership. `{ progressOf }`, after a session's progress changed (issue 32 item 1): the
     * course's views only, so the session playing is not fetched again (its cache is updated by the
     * caller), which would sign new URLs under the player.
     */
    refreshSignedInUser: build.mutation<LoggedInUserInfo, { progressOf: number } | void>({
      query: () => ({ url: '/auth/logged-in-user-info', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(userReceived(data.data));
      },
      invalidatesTags: (_result, _error, arg) => (arg ? [{ type: 'Product', id: arg.progressOf }] : [...OWNERSHIP_TAGS]),
    }),
  }),
});

export const {
  useGetCartQuery,
  useAddToCartMutation,
  useRemoveFromCartMutation,
  useApplyDiscountCodeMutation,
  useRemoveDiscountCodeMutation,
  useCheckoutMutation,
  usePayOrderMutation,
  useGetOrderQuery,
  useGetPaymentGatewaysQuery,
  useRefreshSignedInUserMutation,
} = cartApi;

const noSubscription = () => () => undefined;

/**
 * The caller's cart (`GET /api/cart`): a signed-in user's, or a visitor's kept by their cookie
 * (issue 25; empty without one). A visitor's is asked for in the browser only, once hydrated: a
 * server-rendered page is every visitor's and is kept for the next one, so it never holds anyone's
 * cart, and an island's first render must be that page's even when the store already has the
 * cart (the header's menu hydrating after an add). `enabled: false` asks nothing (selling off).
 * @returns RTK Query's answer; `data` undefined until it arrives
 */
export function useCart(enabled = true) {
  const user = useAppSelector(selectCurrentUser);
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  return useGetCartQuery(enabled && (user !== null || hydrated) ? undefined : skipToken);
}
