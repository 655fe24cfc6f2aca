import { api } from '@shop/api-client';
import type { DashboardQuiz, Item, Paginated, QuestionType, QuizImportResult, QuizMedia, QuizQuestion, QuizQuestionBody, QuizRegradePreview, QuizSettingsBody } from '@shop/contracts';

/** Query of a course's bank: a page, text in the questions' bodies, a type. */
export interface QuizQuestionsQuery {
  productId: number;
  page: number;
  per_page: number;
  q?: string;
  type?: QuestionType | '';
}

/** What a question write answers: the server's Persian message and the question as now stored. */
type QuestionAnswer = { message: string; data: QuizQuestion };

/**
 * `Quiz` cache tags (issue 37): a course's bank, a question, a quiz as the dashboard edits it, and
 * every such quiz at once (a question's edit or delete changes the quizzes that hold it). The
 * buyer's side (`learning/quiz-api.ts`) tags a quiz's overview `session-<id>`: saving a quiz's
 * rules refreshes it, and applying a regrade, which changes attempts' scores, refreshes every
 * `Quiz` tag.
 */
const bankTag = (productId: number) => ({ type: 'Quiz' as const, id: `bank-${productId}` });
const questionTag = (questionId: number) => ({ type: 'Quiz' as const, id: `question-${questionId}` });
const quizTag = (sessionId: number) => ({ type: 'Quiz' as const, id: `dashboard-${sessionId}` });
const buyerQuizTag = (sessionId: number) => ({ type: 'Quiz' as const, id: `session-${sessionId}` });
const QUIZZES = { type: 'Quiz' as const, id: 'dashboard-quizzes' };

/** Drops empty query values, so the URL carries only what was chosen. */
const paramsOf = ({ page, per_page, q, type }: QuizQuestionsQuery) => ({ page, per_page, q: q?.trim() || undefined, type: type || undefined });

/** A multipart body of one `file`. */
function fileForm(file: File): FormData {
  const body = new FormData();
  body.append('file', file, file.name);
  return body;
}

/**
 * The staff side of quizzes (issue 37 items 1–2; manage-product-sessions; shapes and endpoints in
 * `@shop/contracts` learning.ts): a course's question bank (`/api/dashboard/products/:productId/quiz-questions`),
 * one question (`/api/dashboard/quiz-questions/:questionId`, each edit a new version), regrading it
 * (`…/regrade`: `GET` the preview, `POST` to apply) and a quiz's rules and questions
 * (`/api/dashboard/product-sessions/:sessionId/quiz`). Writes answer 422 with field errors (paths
 * such as `options[1].text`) and 404 for an unknown course, question or quiz.
 */
export const quizzesAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getQuizQuestions: build.query<Paginated<QuizQuestion>, QuizQuestionsQuery>({
      query: (query) => ({ url: `/dashboard/products/${query.productId}/quiz-questions`, params: paramsOf(query) }),
      providesTags: (result, _error, { productId }) => [bankTag(productId), ...(result?.data.map(({ id }) => questionTag(id)) ?? [])],
    }),
    createQuizQuestion: build.mutation<QuestionAnswer, { productId: number; body: QuizQuestionBody }>({
      query: ({ productId, body }) => ({ url: `/dashboard/products/${productId}/quiz-questions`, method: 'POST', body }),
      invalidatesTags: (result, _error, { productId }) => (result ? [bankTag(productId)] : []),
    }),
    /** A CSV file of questions (format in server/README.md), all or nothing; 422 errors keyed `row-<N>.<column>` or `file`, 413/415 for the file. */
    importQuizQuestions: build.mutation<{ message: string; data: QuizImportResult }, { productId: number; file: File }>({
      query: ({ productId, file }) => ({ url: `/dashboard/products/${productId}/quiz-questions/import`, method: 'POST', body: fileForm(file) }),
      invalidatesTags: (result, _error, { productId }) => (result ? [bankTag(productId)] : []),
    }),
    /** A question's image or audio clip, stored at once; its `/media/…` path goes into the question's `image` or `audio`. */
    uploadQuizMedia: build.mutation<Item<QuizMedia>, File>({
      query: (file) => ({ url: '/dashboard/quiz-media', method: 'POST', body: fileForm(file) }),
    }),
    getQuizQuestion: build.query<Item<QuizQuestion>, number>({
      query: (questionId) => `/dashboard/quiz-questions/${questionId}`,
      providesTags: (_result, _error, questionId) => [questionTag(questionId)],
    }),
    updateQuizQuestion: build.mutation<QuestionAnswer, { questionId: number; productId: number; body: QuizQuestionBody }>({
      query: ({ questionId, body }) => ({ url: `/dashboard/quiz-questions/${questionId}`, method: 'PUT', body }),
      invalidatesTags: (result, _error, { questionId, productId }) => (result ? [questionTag(questionId), bankTag(productId), QUIZZES] : []),
    }),
    /** A 404 (deleted meanwhile) also asks for the bank again, so it shows what is left. */
    deleteQuizQuestion: build.mutation<{ message: string }, { questionId: number; productId: number }>({
      query: ({ questionId }) => ({ url: `/dashboard/quiz-questions/${questionId}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { questionId, productId }) => [questionTag(questionId), bankTag(productId), QUIZZES],
    }),
    /** What regrading would change; read anew each time the dialog opens (answers keep coming). */
    getRegradePreview: build.query<Item<QuizRegradePreview>, number>({
      query: (questionId) => `/dashboard/quiz-questions/${questionId}/regrade`,
    }),
    applyRegrade: build.mutation<{ message: string; data: QuizRegradePreview }, number>({
      query: (questionId) => ({ url: `/dashboard/quiz-questions/${questionId}/regrade`, method: 'POST' }),
      invalidatesTags: (result) => (result ? ['Quiz'] : []),
    }),
    getDashboardQuiz: build.query<Item<DashboardQuiz>, number>({
      query: (sessionId) => `/dashboard/product-sessions/${sessionId}/quiz`,
      providesTags: (_result, _error, sessionId) => [quizTag(sessionId), QUIZZES],
    }),
    saveDashboardQuiz: build.mutation<{ message: string; data: DashboardQuiz }, { sessionId: number; body: QuizSettingsBody }>({
      query: ({ sessionId, body }) => ({ url: `/dashboard/product-sessions/${sessionId}/quiz`, method: 'PUT', body }),
      invalidatesTags: (result, _error, { sessionId }) => (result ? [quizTag(sessionId), buyerQuizTag(sessionId)] : []),
    }),
  }),
});

export const {
  useGetQuizQuestionsQuery,
  useCreateQuizQuestionMutation,
  useGetQuizQuestionQuery,
  useImportQuizQuestionsMutation,
  useUploadQuizMediaMutation,
  useUpdateQuizQuestionMutation,
  useDeleteQuizQuestionMutation,
  useGetRegradePreviewQuery,
  useApplyRegradeMutation,
  useGetDashboardQuizQuery,
  useSaveDashboardQuizMutation,
} = quizzesAdminApi;
