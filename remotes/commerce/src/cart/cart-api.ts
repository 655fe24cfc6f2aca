import { api, userReceived } from '@shop/api-client';
import type { AddToCartBody, Cart, CheckoutAnswer, Item, LoggedInUserInfo, Order } from '@shop/contracts';

/** A cart change's answer: the server's Persian message and the cart as it is now. */
export interface CartAnswer {
  message: string;
  data: Cart;
}

/** The course page and the session pages show `in_cart` / `is_bought`, so a cart or purchase change refreshes them. */
const OWNERSHIP_TAGS = ['Cart', 'Order', 'Product', 'ProductSession'] as const;

/**
 * Cart, checkout and orders (issue 6 contract, `@shop/contracts` commerce.ts): `GET/POST /cart`,
 * `DELETE /cart/:productId`, `POST /checkout` with an `Idempotency-Key`, `POST /orders/:id/pay`,
 * `GET /orders/:id`, and a refresh of the signed-in user (`POST /auth/logged-in-user-info`) whose
 * `buyedProducts` replace the store's after a purchase or a progress change (SPEC §3).
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
    /** `idempotencyKey`: one per cart state, kept across a double click, so the server answers one order. */
    checkout: build.mutation<Item<CheckoutAnswer>, { idempotencyKey: string }>({
      query: ({ idempotencyKey }) => ({ url: '/checkout', method: 'POST', headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: (result) => (result ? [...OWNERSHIP_TAGS] : []),
    }),
    /** A new attempt: the order is asked again, so its page waits for the new attempt's outcome. */
    payOrder: build.mutation<Item<CheckoutAnswer>, number>({
      query: (orderId) => ({ url: `/orders/${orderId}/pay`, method: 'POST' }),
      invalidatesTags: (result, _error, orderId) => (result ? [{ type: 'Order', id: orderId }] : []),
    }),
    getOrder: build.query<Item<Order>, number>({
      query: (orderId) => `/orders/${orderId}`,
      providesTags: (_result, _error, orderId) => [{ type: 'Order', id: orderId }],
    }),
    /** After access changed (paid, granted, progress): the store's user and bought products, and every view of ownership. */
    refreshSignedInUser: build.mutation<LoggedInUserInfo, void>({
      query: () => ({ url: '/auth/logged-in-user-info', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(userReceived(data.data));
      },
      invalidatesTags: [...OWNERSHIP_TAGS],
    }),
  }),
});

export const {
  useGetCartQuery,
  useAddToCartMutation,
  useRemoveFromCartMutation,
  useCheckoutMutation,
  usePayOrderMutation,
  useGetOrderQuery,
  useRefreshSignedInUserMutation,
} = cartApi;
