import { api } from '@shop/api-client';
import type { Item, ProductSessionDetail, SessionProgressAnswer, SessionProgressBody } from '@shop/contracts';
import { cartApi } from '../cart/cart-api';

/** What the lesson player saves: where the buyer is in the session (issue 24). */
export interface SessionPositionArgs {
  sessionId: number;
  /** The session's course, whose page shows the progress. */
  productId: number;
  /** Whole seconds. */
  position_seconds: number;
  /** True when the page is being left: the request outlives it (`fetch` keepalive). */
  keepalive: boolean;
}

/**
 * The cached session's `is_done` set to the server's answer, then the course's views and the
 * profile's bought products (the store's `buyedProducts`, SPEC §3) refreshed, never the session
 * itself: fetching it again would sign new URLs under a playing lesson (issue 32 item 1).
 */
function progressSaved(
  dispatch: (action: unknown) => unknown,
  { sessionId, answer, position }: { sessionId: number; answer: SessionProgressAnswer; position?: number },
): boolean {
  let becameDone = false;
  dispatch(
    sessionsApi.util.updateQueryData('getProductSession', sessionId, (draft) => {
      becameDone = draft.data.is_done !== answer.is_done;
      draft.data.is_done = answer.is_done;
      if (position !== undefined) draft.data.position_seconds = position;
    }),
  );
  return becameDone;
}

/**
 * Session endpoints (issue 6 contract): `GET /api/product-sessions/:sessionId` (verified email;
 * the file as a signed URL that expires) and `PUT /api/product-sessions/:sessionId/progress`
 * (buyers only), with `{done}` from the «seen» switch or `{position_seconds}` from the player
 * (issue 24). Either updates the cached session; a change of «seen» (the switch, or 90 % watched)
 * also refreshes the course page and the profile's bought products, but never the session, so a
 * playing lesson goes on undisturbed (issue 32 item 1).
 */
export const sessionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProductSession: build.query<Item<ProductSessionDetail>, number>({
      query: (sessionId) => `/product-sessions/${sessionId}`,
      providesTags: (_result, _error, sessionId) => [{ type: 'ProductSession', id: sessionId }],
    }),
    setSessionProgress: build.mutation<Item<SessionProgressAnswer>, { sessionId: number; productId: number } & SessionProgressBody>({
      query: ({ sessionId, done }) => ({ url: `/product-sessions/${sessionId}/progress`, method: 'PUT', body: { done } }),
      async onQueryStarted({ sessionId, productId }, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.then(({ data }) => data.data).catch(() => null);
        if (!answer) return;
        progressSaved(dispatch, { sessionId, answer });
        void dispatch(cartApi.endpoints.refreshSignedInUser.initiate({ progressOf: productId }));
      },
    }),
    saveSessionPosition: build.mutation<Item<SessionProgressAnswer>, SessionPositionArgs>({
      query: ({ sessionId, position_seconds, keepalive }) => ({ url: `/product-sessions/${sessionId}/progress`, method: 'PUT', body: { position_seconds }, keepalive }),
      async onQueryStarted({ sessionId, productId, position_seconds }, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.then(({ data }) => data.data).catch(() => null);
        if (!answer) return;
        if (progressSaved(dispatch, { sessionId, answer, position: position_seconds })) {
          void dispatch(cartApi.endpoints.refreshSignedInUser.initiate({ progressOf: productId }));
        }
      },
    }),
  }),
});

export const { useGetProductSessionQuery, useSetSessionProgressMutation, useSaveSessionPositionMutation } = sessionsApi;
