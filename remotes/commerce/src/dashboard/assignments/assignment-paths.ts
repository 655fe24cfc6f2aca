/**
 * Paths of the staff side of assignments (issue 37 item 3): the queue, one submission's grading
 * page and an assignment's rules, for the routes (`module.tsx`) and the links to them.
 */
export const ASSIGNMENT_PATHS = {
  /** The queue of submissions. */
  queue: '/dashboard/assignments',
  /** Route of a submission's grading page. */
  gradingRoute: '/dashboard/assignments/:submissionId',
  /** Route of an assignment's rules. */
  settingsRoute: '/dashboard/product-sessions/:sessionId/assignment',
  /** Submission `submissionId`'s grading page. */
  grading: (submissionId: number) => `/dashboard/assignments/${submissionId}`,
  /** Session `sessionId`'s rules (a session of kind `assignment`). */
  settings: (sessionId: number) => `/dashboard/product-sessions/${sessionId}/assignment`,
} as const;
