import { api } from '@shop/api-client';
import type { Item, ProductSessionDetail, SessionProgressAnswer, SessionProgressBody } from '@shop/contracts';
import { cartApi } from '../cart/cart-api';

/**
 * Session endpoints (issue 6 contract): `GET /api/product-sessions/:sessionId` (verified email;
 * the file as a signed URL that expires) and `PUT /api/product-sessions/:sessionId/progress`
 * (buyers only). A progress change refreshes the session, the course page and the profile's
 * bought products (the store's `buyedProducts`, SPEC §3).
 */
export const sessionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProductSession: build.query<Item<ProductSessionDetail>, number>({
      query: (sessionId) => `/product-sessions/${sessionId}`,
      providesTags: (_result, _error, sessionId) => [{ type: 'ProductSession', id: sessionId }],
    }),
    setSessionProgress: build.mutation<Item<SessionProgressAnswer>, { sessionId: number; productId: number } & SessionProgressBody>({
      query: ({ sessionId, done }) => ({ url: `/product-sessions/${sessionId}/progress`, method: 'PUT', body: { done } }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const fulfilled = await queryFulfilled.then(() => true).catch(() => false);
        if (fulfilled) void dispatch(cartApi.endpoints.refreshSignedInUser.initiate());
      },
      invalidatesTags: (_result, _error, { sessionId, productId }) => [
        { type: 'ProductSession', id: sessionId },
        { type: 'Product', id: productId },
      ],
    }),
  }),
});

export const { useGetProductSessionQuery, useSetSessionProgressMutation } = sessionsApi;
