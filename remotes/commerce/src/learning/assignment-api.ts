import { api } from '@shop/api-client';
import type { AssignmentOverview, AssignmentSubmission, AssignmentSubmissionBody, Item } from '@shop/contracts';

/** The buyer's overview of assignment `sessionId` (`Assignment` tag `session-<id>`; grading and staff's rules refresh it). */
const overviewTag = (sessionId: number) => ({ type: 'Assignment' as const, id: `session-${sessionId}` });

/**
 * A buyer's assignment endpoints (issue 37 item 3; `@shop/contracts` assignments.ts): the rules,
 * their submissions and files uploaded and not sent (`GET /product-sessions/:sessionId/assignment`),
 * sending a submission and dropping an uploaded file. The files themselves go by tus
 * ({@link ASSIGNMENT_UPLOADS_URL}), after which the overview is refetched.
 */
export const assignmentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAssignmentOverview: build.query<Item<AssignmentOverview>, number>({
      query: (sessionId) => `/product-sessions/${sessionId}/assignment`,
      providesTags: (_result, _error, sessionId) => [overviewTag(sessionId)],
    }),
    submitAssignment: build.mutation<{ message: string; data: AssignmentSubmission }, { sessionId: number; body: AssignmentSubmissionBody }>({
      query: ({ sessionId, body }) => ({ url: `/product-sessions/${sessionId}/assignment/submissions`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { sessionId }) => [overviewTag(sessionId)],
    }),
    discardAssignmentUpload: build.mutation<{ message: string }, { sessionId: number; uploadId: string }>({
      query: ({ sessionId, uploadId }) => ({ url: `/product-sessions/${sessionId}/assignment/uploads/${uploadId}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { sessionId }) => [overviewTag(sessionId)],
    }),
  }),
});

/** The tus endpoint of assignment files (server routes/learning/assignments.ts). */
export const ASSIGNMENT_UPLOADS_URL = '/api/assignment-uploads';

export const { useGetAssignmentOverviewQuery, useSubmitAssignmentMutation, useDiscardAssignmentUploadMutation } = assignmentApi;
