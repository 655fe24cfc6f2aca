/**
 * A buyer's quizzes (issue 37 items 1, 2 and 7): a quiz's rules and their attempts, starting or
 * continuing an attempt, saving each answer as it is given, and submitting. Routes delegate to
 * modules/learning; scoring and deadlines are the server's.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { QuizAnswer } from '@shop/contracts';
import { quizAnswerSchema as quizAnswerBodySchema } from '@shop/validation';
import { routeId } from '../../lib/pagination';
import { errorBodySchema, itemSchema, signedInErrorResponses } from '../../lib/schemas';
import { yupBody } from '../../lib/yup-body';
import { requireAuth, requireUser } from '../../plugins/app/auth';
import { getQuizAttempt, getQuizOverview, saveQuizAnswer, startQuizAttempt, submitQuizAttempt } from '../../modules/learning';
import { quizAnswerSavedSchema, quizAttemptSchema, quizOverviewSchema } from './schemas';

const tags = ['learning'];
const errors = signedInErrorResponses;
const answerBody = yupBody(quizAnswerBodySchema);
const sessionParams = { type: 'object', properties: { sessionId: { type: 'string' } } } as const;
const attemptParams = { type: 'object', properties: { attemptId: { type: 'string' } } } as const;
const answerParams = { type: 'object', properties: { attemptId: { type: 'string' }, position: { type: 'string' } } } as const;

const quizRoutes: FastifyPluginAsync = async (app) => {
  /** GET /api/product-sessions/:sessionId/quiz: `{data: QuizOverview}`; 403 `sessionLocked` unless bought; 404 unknown, inactive or not a quiz. */
  app.get<{ Params: { sessionId: string } }>(
    '/api/product-sessions/:sessionId/quiz',
    {
      schema: { tags, summary: "A quiz's rules and my attempts", params: sessionParams, response: { 200: itemSchema(quizOverviewSchema), ...errors } },
      onRequest: requireUser,
    },
    async (request) => ({ data: await getQuizOverview(app.db, (await requireAuth(request)).user, routeId(request.params.sessionId)) }),
  );

  /**
   * POST /api/product-sessions/:sessionId/quiz/attempts: 201 `{data: QuizAttempt}` a new attempt, 200
   * the one still open; 403; 404; 422 `noAttemptsLeft` or a quiz without questions.
   */
  app.post<{ Params: { sessionId: string } }>(
    '/api/product-sessions/:sessionId/quiz/attempts',
    {
      schema: {
        tags,
        summary: 'Start an attempt at a quiz, or continue the open one',
        params: sessionParams,
        response: { 200: itemSchema(quizAttemptSchema), 201: itemSchema(quizAttemptSchema), 423: errorBodySchema, ...errors },
      },
      onRequest: requireUser,
    },
    async (request, reply) => {
      const { attempt, created } = await startQuizAttempt(app.db, (await requireAuth(request)).user, routeId(request.params.sessionId));
      return reply.code(created ? 201 : 200).send({ data: attempt });
    },
  );

  /** GET /api/quiz-attempts/:attemptId: `{data: QuizAttempt}` (submitted by the server first when its time is over); 404 not the user's. */
  app.get<{ Params: { attemptId: string } }>(
    '/api/quiz-attempts/:attemptId',
    {
      schema: { tags, summary: 'An attempt at a quiz', params: attemptParams, response: { 200: itemSchema(quizAttemptSchema), ...errors } },
      onRequest: requireUser,
    },
    async (request) => ({ data: await getQuizAttempt(app.db, (await requireAuth(request)).user, routeId(request.params.attemptId)) }),
  );

  /**
   * PUT /api/quiz-attempts/:attemptId/answers/:position QuizAnswer: `{data: QuizAttemptAnswerSaved}`;
   * 404; 422 field errors for an answer that does not fit, `timeOver` past the deadline, `attemptClosed`.
   */
  app.put<{ Params: { attemptId: string; position: string }; Body: QuizAnswer }>(
    '/api/quiz-attempts/:attemptId/answers/:position',
    {
      schema: { tags, summary: 'Save an answer of an open attempt', params: answerParams, body: answerBody.jsonSchema, response: { 200: itemSchema(quizAnswerSavedSchema), 423: errorBodySchema, ...errors } },
      onRequest: requireUser,
      preValidation: answerBody.preValidation,
      validatorCompiler: answerBody.validatorCompiler,
    },
    async (request) => ({
      data: await saveQuizAnswer(app.db, (await requireAuth(request)).user, routeId(request.params.attemptId), routeId(request.params.position), request.body),
    }),
  );

  /** POST /api/quiz-attempts/:attemptId/submit: `{data: QuizAttempt}` scored (a submitted one as it is); 404. */
  app.post<{ Params: { attemptId: string } }>(
    '/api/quiz-attempts/:attemptId/submit',
    {
      schema: { tags, summary: 'Submit an attempt to be scored', params: attemptParams, response: { 200: itemSchema(quizAttemptSchema), ...errors } },
      onRequest: requireUser,
    },
    async (request) => ({ data: await submitQuizAttempt(app.db, (await requireAuth(request)).user, routeId(request.params.attemptId)) }),
  );
};

export default quizRoutes;
