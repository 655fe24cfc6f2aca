/**
 * Paths of the staff side of quizzes (issue 37): a course's question bank and a quiz's rules and
 * questions, for the routes (`module.tsx`) and the links to them.
 */
export const QUIZ_PATHS = {
  /** Route of a course's bank. */
  bankRoute: '/dashboard/products/:productId/quiz-questions',
  /** Route of a quiz's page. */
  settingsRoute: '/dashboard/product-sessions/:sessionId/quiz',
  /** Course `productId`'s question bank. */
  bank: (productId: number) => `/dashboard/products/${productId}/quiz-questions`,
  /** Session `sessionId`'s quiz (a session of kind `quiz`). */
  settings: (sessionId: number) => `/dashboard/product-sessions/${sessionId}/quiz`,
} as const;
