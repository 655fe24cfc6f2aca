import { api } from '@shop/api-client';
import type { SessionUnlock, SessionUnlockBody } from '@shop/contracts';

/**
 * Staff's per-buyer overrides of a session's lock (issue 37 item 5):
 * `GET/PUT /api/dashboard/product-sessions/:id/unlocks`, `DELETE …/unlocks/:userId`
 * (manage-product-sessions). Cached under the session's `ProductSession` tag.
 */
export const sessionUnlocksApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSessionUnlocks: build.query<{ data: SessionUnlock[] }, number>({
      query: (id) => `/dashboard/product-sessions/${id}/unlocks`,
      providesTags: (_result, _error, id) => [{ type: 'ProductSession', id }],
    }),
    saveSessionUnlock: build.mutation<{ message: string; data: SessionUnlock }, { sessionId: number; body: SessionUnlockBody }>({
      query: ({ sessionId, body }) => ({ url: `/dashboard/product-sessions/${sessionId}/unlocks`, method: 'PUT', body }),
      invalidatesTags: (_result, error, { sessionId }) => (error ? [] : [{ type: 'ProductSession', id: sessionId }]),
    }),
    removeSessionUnlock: build.mutation<{ message: string }, { sessionId: number; userId: number }>({
      query: ({ sessionId, userId }) => ({ url: `/dashboard/product-sessions/${sessionId}/unlocks/${userId}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, { sessionId }) => (error ? [] : [{ type: 'ProductSession', id: sessionId }]),
    }),
  }),
});

export const { useGetSessionUnlocksQuery, useSaveSessionUnlockMutation, useRemoveSessionUnlockMutation } = sessionUnlocksApi;
