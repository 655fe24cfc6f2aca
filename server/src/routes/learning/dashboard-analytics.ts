/**
 * What staff learn of a course (issue 37 item 6; permission `manage-product-sessions`): where its
 * buyers stop, each quiz's pass rate and each question's share of right answers, from
 * modules/learning/course-analytics.ts. The answer's schema is declared here, beside its one route.
 */
import type { FastifyPluginAsync } from 'fastify';
import { int, itemSchema, signedInErrorResponses, str } from '../../lib/schemas';
import { routeId } from '../../lib/pagination';
import { requirePermission } from '../../plugins/app/auth';
import { getCourseLearningAnalytics } from '../../modules/learning';

const nullableInt = { type: ['integer', 'null'] } as const;

const questionSchema = {
  type: 'object',
  required: ['question_id', 'text', 'type', 'position', 'deleted', 'answers', 'right', 'unanswered', 'right_percent'],
  properties: {
    question_id: int,
    text: str,
    type: { type: 'string', enum: ['single_choice', 'multiple_choice', 'true_false', 'short_answer', 'ordering', 'matching'] },
    position: nullableInt,
    deleted: { type: 'boolean' },
    answers: int,
    right: int,
    unanswered: int,
    right_percent: nullableInt,
  },
} as const;

const quizSchema = {
  type: 'object',
  required: ['product_session_id', 'title', 'pass_percent', 'score_policy', 'attempted', 'attempts', 'passed', 'pass_rate', 'average_best_percent', 'questions'],
  properties: {
    product_session_id: int,
    title: str,
    pass_percent: int,
    score_policy: { type: 'string', enum: ['best', 'last'] },
    attempted: int,
    attempts: int,
    passed: int,
    pass_rate: nullableInt,
    average_best_percent: nullableInt,
    questions: { type: 'array', items: questionSchema },
  },
} as const;

const sessionSchema = {
  type: 'object',
  required: ['id', 'title', 'position', 'kind', 'reached', 'done', 'reached_percent', 'done_percent'],
  properties: {
    id: int,
    title: str,
    position: int,
    kind: { type: 'string', enum: ['lesson', 'quiz', 'assignment'] },
    reached: int,
    done: int,
    reached_percent: nullableInt,
    done_percent: nullableInt,
  },
} as const;

/** CourseLearningAnalytics of @shop/contracts. */
export const courseLearningAnalyticsSchema = {
  type: 'object',
  required: ['product_id', 'title', 'buyers', 'active_buyers', 'sessions', 'quizzes'],
  properties: {
    product_id: int,
    title: str,
    buyers: int,
    active_buyers: int,
    sessions: { type: 'array', items: sessionSchema },
    quizzes: { type: 'array', items: quizSchema },
  },
} as const;

const dashboardAnalyticsRoutes: FastifyPluginAsync = async (app) => {
  /**
   * GET /api/dashboard/products/:productId/learning-analytics: {data: CourseLearningAnalytics}, counted
   * over buyers who ever had a grant of the course; 403 without `manage-product-sessions`; 404 unknown course.
   */
  app.get<{ Params: { productId: string } }>(
    '/api/dashboard/products/:productId/learning-analytics',
    {
      schema: {
        tags: ['learning'],
        summary: 'What staff learn of a course: its funnel of sessions, its quizzes and their questions',
        params: { type: 'object', properties: { productId: { type: 'string' } } },
        response: { 200: itemSchema(courseLearningAnalyticsSchema), ...signedInErrorResponses },
      },
      onRequest: requirePermission('manage-product-sessions'),
    },
    async (request) => ({ data: await getCourseLearningAnalytics(app.db, routeId(request.params.productId)) }),
  );
};

export default dashboardAnalyticsRoutes;
