/**
 * The learning module's one door (issue 37; issue 34 item 1): each course's question bank kept as
 * versions, quizzes built from it, buyers' attempts scored on the server, and regrading on purpose.
 * Another module, a route, a plugin or the seed imports only this file of the module; lint refuses the others.
 */
export { createQuizQuestion, deleteQuizQuestion, getQuizQuestion, listQuizQuestions, type QuizQuestionListQuery, updateQuizQuestion } from './question-bank';
export { getQuizAttempt, getQuizOverview, saveQuizAnswer, startQuizAttempt, submitQuizAttempt } from './quiz-attempts';
export { normalizeAnswerText } from './quiz-scoring';
export { getDashboardQuiz, saveQuizSettings } from './quizzes-admin';
export { applyRegrade, previewRegrade } from './regrade';
export { LEARNING_MESSAGES } from './messages';
