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
export { getCourseLearningAnalytics } from './course-analytics';
export { LEARNING_MESSAGES } from './messages';
export { DEFAULT_ASSIGNMENT_RULES, getAssignmentSettings, saveAssignmentSettings } from './assignments';
export { discardAssignmentUpload, getAssignmentOverview, submitAssignment } from './assignment-submissions';
export { type AssignmentQueueQuery, getAssignmentSubmission, gradeAssignmentSubmission, listAssignmentCourses, listAssignmentSubmissions } from './assignment-grading';
export { ASSIGNMENT_UPLOADS_PATH, type AssignmentUploadServer, createAssignmentUploadServer } from './assignment-uploads';
export { ASSIGNMENT_FILE_PATH, type AssignmentSigning, getAssignmentFileForViewer, isValidAssignmentFileSignature } from './assignment-files';
export { ASSIGNMENT_MESSAGES } from './assignment-messages';
export { QUIZ_MEDIA_MESSAGES, saveQuizMedia, type QuizMedia } from './quiz-media';
export { importQuizQuestions, QUESTION_IMPORT_MAX_KB, QUESTION_IMPORT_MAX_ROWS, QUIZ_IMPORT_MESSAGES } from './quiz-import';
