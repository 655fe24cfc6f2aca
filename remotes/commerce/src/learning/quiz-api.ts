import { api } from '@shop/api-client';
import type { Item, QuizAnswer, QuizAttempt, QuizAttemptAnswerSaved, QuizOverview } from '@shop/contracts';
import { cartApi } from '../cart/cart-api';

/** What submitting needs to refresh: the quiz session and its course (their «done» and progress). */
export interface QuizSubmitArgs {
  attemptId: number;
  sessionId: number;
  productId: number;
}

/**
 * A buyer's quiz endpoints (issue 37; `@shop/contracts` learning.ts): the quiz's rules and the
 * buyer's attempts (`GET /product-sessions/:sessionId/quiz`), starting or continuing an attempt,
 * reading one, saving each answer as it is given (the cached attempt keeps the answer at once, so
 * a slow save never undoes what was chosen) and submitting, after which the session's «done», the
 * course's progress and the profile's bought products are refreshed.
 */
export const quizApi = api.injectEndpoints({
  endpoints: (build) => ({
    getQuizOverview: build.query<Item<QuizOverview>, number>({
      query: (sessionId) => `/product-sessions/${sessionId}/quiz`,
      providesTags: (_result, _error, sessionId) => [{ type: 'Quiz', id: `session-${sessionId}` }],
    }),
    startQuizAttempt: build.mutation<Item<QuizAttempt>, number>({
      query: (sessionId) => ({ url: `/product-sessions/${sessionId}/quiz/attempts`, method: 'POST' }),
      invalidatesTags: (_result, _error, sessionId) => [{ type: 'Quiz', id: `session-${sessionId}` }],
    }),
    getQuizAttempt: build.query<Item<QuizAttempt>, number>({
      query: (attemptId) => `/quiz-attempts/${attemptId}`,
      providesTags: (_result, _error, attemptId) => [{ type: 'Quiz', id: `attempt-${attemptId}` }],
    }),
    saveQuizAnswer: build.mutation<Item<QuizAttemptAnswerSaved>, { attemptId: number; position: number; answer: QuizAnswer }>({
      query: ({ attemptId, position, answer }) => ({ url: `/quiz-attempts/${attemptId}/answers/${position}`, method: 'PUT', body: answer }),
      onQueryStarted({ attemptId, position, answer }, { dispatch }) {
        dispatch(
          quizApi.util.updateQueryData('getQuizAttempt', attemptId, (draft) => {
            const question = draft.data.questions.find((q) => q.position === position);
            if (question) question.answer = answer;
          }),
        );
      },
    }),
    submitQuizAttempt: build.mutation<Item<QuizAttempt>, QuizSubmitArgs>({
      query: ({ attemptId }) => ({ url: `/quiz-attempts/${attemptId}/submit`, method: 'POST' }),
      async onQueryStarted({ attemptId, productId }, { dispatch, queryFulfilled }) {
        const submitted = await queryFulfilled.then(({ data }) => data).catch(() => null);
        if (!submitted) return;
        dispatch(quizApi.util.upsertQueryData('getQuizAttempt', attemptId, submitted));
        void dispatch(cartApi.endpoints.refreshSignedInUser.initiate({ progressOf: productId }));
      },
      invalidatesTags: (_result, _error, { sessionId }) => [
        { type: 'Quiz', id: `session-${sessionId}` },
        { type: 'ProductSession', id: sessionId },
      ],
    }),
  }),
});

export const { useGetQuizOverviewQuery, useStartQuizAttemptMutation, useGetQuizAttemptQuery, useSaveQuizAnswerMutation, useSubmitQuizAttemptMutation } = quizApi;
