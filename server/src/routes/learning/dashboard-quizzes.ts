/**
 * The dashboard's question banks and quizzes (issue 37 items 1 and 2; permission
 * `manage-product-sessions`): a course's questions (each edit a new version), a quiz's rules and
 * questions and regrading a question's earlier answers with a preview first (its files:
 * dashboard-quiz-files.ts).
 */
import type { FastifyPluginAsync } from 'fastify';
import { quizQuestionSchema as quizQuestionBodySchema, quizSettingsSchema as quizSettingsBodySchema, QUESTION_TYPES, type QuizQuestionInput, type QuizSettingsInput } from '@shop/validation';
import { routeId } from '../../lib/pagination';
import { itemSchema, messageItemSchema, messageSchema, pageQueryProperties, paginatedSchema, signedInErrorResponses } from '../../lib/schemas';
import { yupBody } from '../../lib/yup-body';
import { auditContextOf, requirePermission } from '../../plugins/app/auth';
import {
  applyRegrade,
  createQuizQuestion,
  deleteQuizQuestion,
  getDashboardQuiz,
  getQuizQuestion,
  LEARNING_MESSAGES,
  listQuizQuestions,
  previewRegrade,
  type QuizQuestionListQuery,
  saveQuizSettings,
  updateQuizQuestion,
} from '../../modules/learning';
import { dashboardQuizSchema, quizQuestionSchema, quizRegradePreviewSchema } from './schemas';

const tags = ['learning'];
const errors = signedInErrorResponses;
const questionBody = yupBody(quizQuestionBodySchema);
const settingsBody = yupBody(quizSettingsBodySchema);
const productParams = { type: 'object', properties: { productId: { type: 'string' } } } as const;
const questionParams = { type: 'object', properties: { questionId: { type: 'string' } } } as const;
const sessionParams = { type: 'object', properties: { sessionId: { type: 'string' } } } as const;
const QUESTION = '/api/dashboard/quiz-questions/:questionId';
const staff = { onRequest: requirePermission('manage-product-sessions') };

const dashboardQuizRoutes: FastifyPluginAsync = async (app) => {
  /** GET …/products/:productId/quiz-questions: Paginated<QuizQuestion>, oldest first (`q` in the body, `type`); 404 unknown course. */
  app.get<{ Params: { productId: string }; Querystring: QuizQuestionListQuery }>(
    '/api/dashboard/products/:productId/quiz-questions',
    {
      schema: {
        tags,
        summary: "A course's question bank",
        params: productParams,
        querystring: { type: 'object', properties: { ...pageQueryProperties, q: { type: 'string', maxLength: 100 }, type: { type: 'string', enum: [...QUESTION_TYPES] } } },
        response: { 200: paginatedSchema(quizQuestionSchema), ...errors },
      },
      ...staff,
    },
    (request) => listQuizQuestions(app.db, routeId(request.params.productId), request.query),
  );

  /** POST …/products/:productId/quiz-questions QuizQuestionBody: 201 {message, data: QuizQuestion}; 404 unknown course; 422 field errors. */
  app.post<{ Params: { productId: string }; Body: QuizQuestionInput }>(
    '/api/dashboard/products/:productId/quiz-questions',
    {
      schema: { tags, summary: "Add a question to a course's bank", params: productParams, body: questionBody.jsonSchema, response: { 201: messageItemSchema(quizQuestionSchema), ...errors } },
      ...staff,
      preValidation: questionBody.preValidation,
      validatorCompiler: questionBody.validatorCompiler,
    },
    async (request, reply) =>
      reply.code(201).send({
        message: LEARNING_MESSAGES.questionCreated,
        data: await createQuizQuestion(app.db, routeId(request.params.productId), request.body, await auditContextOf(request)),
      }),
  );

  /** GET /api/dashboard/quiz-questions/:questionId: {data: QuizQuestion}; 404 unknown or deleted. */
  app.get<{ Params: { questionId: string } }>(
    QUESTION,
    { schema: { tags, summary: 'A question of a bank', params: questionParams, response: { 200: itemSchema(quizQuestionSchema), ...errors } }, ...staff },
    async (request) => ({ data: await getQuizQuestion(app.db, routeId(request.params.questionId)) }),
  );

  /** PUT /api/dashboard/quiz-questions/:questionId QuizQuestionBody: {message, data} its next version; 404; 422 (another type, an unknown option id). */
  app.put<{ Params: { questionId: string }; Body: QuizQuestionInput }>(
    QUESTION,
    {
      schema: { tags, summary: 'Edit a question (a new version)', params: questionParams, body: questionBody.jsonSchema, response: { 200: messageItemSchema(quizQuestionSchema), ...errors } },
      ...staff,
      preValidation: questionBody.preValidation,
      validatorCompiler: questionBody.validatorCompiler,
    },
    async (request) => ({
      message: LEARNING_MESSAGES.questionUpdated,
      data: await updateQuizQuestion(app.db, routeId(request.params.questionId), request.body, await auditContextOf(request)),
    }),
  );

  /** DELETE /api/dashboard/quiz-questions/:questionId: {message}; out of the bank and the quizzes, kept by past attempts; 404. */
  app.delete<{ Params: { questionId: string } }>(
    QUESTION,
    { schema: { tags, summary: 'Delete a question', params: questionParams, response: { 200: messageSchema, ...errors } }, ...staff },
    async (request) => {
      await deleteQuizQuestion(app.db, routeId(request.params.questionId), await auditContextOf(request));
      return { message: LEARNING_MESSAGES.questionDeleted };
    },
  );

  /** GET …/quiz-questions/:questionId/regrade: {data: QuizRegradePreview} what a regrade would change; 404. */
  app.get<{ Params: { questionId: string } }>(
    `${QUESTION}/regrade`,
    { schema: { tags, summary: 'What regrading a question would change', params: questionParams, response: { 200: itemSchema(quizRegradePreviewSchema), ...errors } }, ...staff },
    async (request) => ({ data: await previewRegrade(app.db, routeId(request.params.questionId)) }),
  );

  /** POST …/quiz-questions/:questionId/regrade: {message, data: QuizRegradePreview} done and audited; 404. */
  app.post<{ Params: { questionId: string } }>(
    `${QUESTION}/regrade`,
    { schema: { tags, summary: "Regrade a question's earlier answers by its current version", params: questionParams, response: { 200: messageItemSchema(quizRegradePreviewSchema), ...errors } }, ...staff },
    async (request) => {
      const done = await applyRegrade(app.db, routeId(request.params.questionId), await auditContextOf(request));
      return { message: LEARNING_MESSAGES.regraded(done.attempts_changed), data: done };
    },
  );

  /** GET /api/dashboard/product-sessions/:sessionId/quiz: {data: DashboardQuiz}; 404 unknown session or not a quiz. */
  app.get<{ Params: { sessionId: string } }>(
    '/api/dashboard/product-sessions/:sessionId/quiz',
    { schema: { tags, summary: "A quiz's rules and questions", params: sessionParams, response: { 200: itemSchema(dashboardQuizSchema), ...errors } }, ...staff },
    async (request) => ({ data: await getDashboardQuiz(app.db, routeId(request.params.sessionId)) }),
  );

  /** PUT /api/dashboard/product-sessions/:sessionId/quiz QuizSettingsBody: {message, data: DashboardQuiz}; 404; 422 field errors. */
  app.put<{ Params: { sessionId: string }; Body: QuizSettingsInput }>(
    '/api/dashboard/product-sessions/:sessionId/quiz',
    {
      schema: { tags, summary: "Save a quiz's rules and questions", params: sessionParams, body: settingsBody.jsonSchema, response: { 200: messageItemSchema(dashboardQuizSchema), ...errors } },
      ...staff,
      preValidation: settingsBody.preValidation,
      validatorCompiler: settingsBody.validatorCompiler,
    },
    async (request) => ({
      message: LEARNING_MESSAGES.quizSaved,
      data: await saveQuizSettings(app.db, routeId(request.params.sessionId), request.body, await auditContextOf(request)),
    }),
  );
};

export default dashboardQuizRoutes;
