import { api } from '@shop/api-client';
import type {
  AssignmentCourse,
  AssignmentGradeBody,
  AssignmentSettings,
  AssignmentSettingsBody,
  AssignmentSubmissionStatus,
  DashboardAssignmentSubmission,
  DashboardAssignmentSubmissionDetail,
  Item,
  Paginated,
} from '@shop/contracts';

/** The queue's query: a page, and optionally one course and one status. */
export interface AssignmentQueueQuery {
  page: number;
  per_page: number;
  product_id?: number | null;
  status?: AssignmentSubmissionStatus | '';
}

/**
 * `Assignment` cache tags (issue 37 item 3): the queue (`queue`), a submission (`submission-<id>`),
 * an assignment's rules (`dashboard-<id>`); the buyer's side (`learning/assignment-api.ts`) tags
 * its overview `session-<id>`, which saving the rules and grading refresh.
 */
const QUEUE = { type: 'Assignment' as const, id: 'queue' };
const submissionTag = (id: number) => ({ type: 'Assignment' as const, id: `submission-${id}` });
const settingsTag = (sessionId: number) => ({ type: 'Assignment' as const, id: `dashboard-${sessionId}` });
const buyerTag = (sessionId: number) => ({ type: 'Assignment' as const, id: `session-${sessionId}` });

/**
 * The staff side of assignments (issue 37 item 3; manage-product-sessions; shapes and endpoints in
 * `@shop/contracts` assignments.ts): the queue (ungraded first) with its course filter, a submission
 * with files signed for the staff member, grading it, and an assignment's rules.
 */
export const assignmentsAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAssignmentQueue: build.query<Paginated<DashboardAssignmentSubmission>, AssignmentQueueQuery>({
      query: ({ page, per_page, product_id, status }) => ({ url: '/dashboard/assignment-submissions', params: { page, per_page, product_id: product_id || undefined, status: status || undefined } }),
      providesTags: [QUEUE],
    }),
    getAssignmentCourses: build.query<{ data: AssignmentCourse[] }, void>({
      query: () => '/dashboard/assignment-submissions/courses',
      providesTags: [QUEUE],
    }),
    getAssignmentSubmission: build.query<Item<DashboardAssignmentSubmissionDetail>, number>({
      query: (id) => `/dashboard/assignment-submissions/${id}`,
      providesTags: (_result, _error, id) => [submissionTag(id)],
    }),
    gradeAssignmentSubmission: build.mutation<{ message: string; data: DashboardAssignmentSubmissionDetail }, { id: number; body: AssignmentGradeBody }>({
      query: ({ id, body }) => ({ url: `/dashboard/assignment-submissions/${id}/grade`, method: 'POST', body }),
      invalidatesTags: (result, _error, { id }) => [submissionTag(id), QUEUE, ...(result ? [buyerTag(result.data.product_session_id)] : [])],
    }),
    getDashboardAssignment: build.query<Item<AssignmentSettings>, number>({
      query: (sessionId) => `/dashboard/product-sessions/${sessionId}/assignment`,
      providesTags: (_result, _error, sessionId) => [settingsTag(sessionId)],
    }),
    saveDashboardAssignment: build.mutation<{ message: string; data: AssignmentSettings }, { sessionId: number; body: AssignmentSettingsBody }>({
      query: ({ sessionId, body }) => ({ url: `/dashboard/product-sessions/${sessionId}/assignment`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { sessionId }) => [settingsTag(sessionId), buyerTag(sessionId)],
    }),
  }),
});

export const {
  useGetAssignmentQueueQuery,
  useGetAssignmentCoursesQuery,
  useGetAssignmentSubmissionQuery,
  useGradeAssignmentSubmissionMutation,
  useGetDashboardAssignmentQuery,
  useSaveDashboardAssignmentMutation,
} = assignmentsAdminApi;
