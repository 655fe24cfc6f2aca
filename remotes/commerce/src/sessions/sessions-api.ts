import { api } from '@shop/api-client';
import type { Item, ProductSessionDetail, SessionProgressAnswer, SessionProgressBody } from '@shop/contracts';
import { cartApi } from '../cart/cart-api';

/** What the lesson player saves: where the buyer is in the session (issue 24). */
export interface SessionPositionArgs {
  sessionId: number;
  /** Whole seconds. */
  position_seconds: number;
  /** True when the page is being left: the request outlives it (`fetch` keepalive). */
  keepalive: boolean;
}

/**
 * Session endpoints (issue 6 contract): `GET /api/product-sessions/:sessionId` (verified email;
 * the file as a signed URL that expires) and `PUT /api/product-sessions/:sessionId/progress`
 * (buyers only), with `{done}` from the «seen» switch or `{position_seconds}` from the player
 * (issue 24). A «seen» change refreshes the session, the course page and the profile's bought
 * products (the store's `buyedProducts`, SPEC §3); a saved position only updates the cached
 * session (a refetch would sign new URLs under a playing lesson), unless it made the session done
 * (90 % watched): then all of them.
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
    saveSessionPosition: build.mutation<Item<SessionProgressAnswer>, SessionPositionArgs>({
      query: ({ sessionId, position_seconds, keepalive }) => ({ url: `/product-sessions/${sessionId}/progress`, method: 'PUT', body: { position_seconds }, keepalive }),
      async onQueryStarted({ sessionId, position_seconds }, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.then(({ data }) => data.data).catch(() => null);
        if (!answer) return;
        let becameDone = false;
        dispatch(
          sessionsApi.util.updateQueryData('getProductSession', sessionId, (draft) => {
            becameDone = draft.data.is_done !== answer.is_done;
            draft.data.position_seconds = position_seconds;
            draft.data.is_done = answer.is_done;
          }),
        );
        // The bought products' progress, the course page and the session (its «seen» switch).
        if (becameDone) void dispatch(cartApi.endpoints.refreshSignedInUser.initiate());
      },
    }),
  }),
});

export const { useGetProductSessionQuery, useSetSessionProgressMutation, useSaveSessionPositionMutation } = sessionsApi;
