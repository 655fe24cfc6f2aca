/**
 * What staff learn of a course (issue 37 item 6): the funnel of sessions reached and done, a quiz's
 * pass rate by its score rule and each question's share of right answers, counted over buyers who
 * ever had a grant (a refunded buyer still counts, a visitor of a free preview does not); 403
 * without `manage-product-sessions`, 404 for an unknown course. On PGlite, and on PostgreSQL when
 * DATABASE_URL is set.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { CourseLearningAnalytics, QuizAttempt, QuizQuestion, QuizQuestionBody } from '@shop/contracts';
import { sessionProgress } from '../../../src/modules/commerce/tables';
import { assignmentSubmissions } from '../../../src/modules/learning/tables';
import { buy, newBuyer, newCourse, refundInDatabase, type Buyer } from '../../helpers/commerce-fixtures';
import { newStaff, type AuthHeaders } from '../../helpers/dashboard-actors';
import { buildTestApp, DB_TARGETS } from '../../helpers/test-app';

const choice: QuizQuestionBody = {
  type: 'single_choice',
  body: '<p>پایتخت&nbsp;ایران؟</p>',
  points: 1,
  options: [{ text: 'تهران', is_correct: true }, { text: 'تبریز' }],
  matches: [],
  correct_boolean: null,
  accepted_answers: [],
  image: null,
  audio: null,
};
const trueFalse: QuizQuestionBody = { ...choice, type: 'true_false', body: '<p>زمین گرد است.</p>', options: [], correct_boolean: true };

describe.each(DB_TARGETS)('learning analytics on %s', (target) => {
  let app: FastifyInstance;
  let staff: AuthHeaders;
  let course: { id: number; sessionIds: number[] };
  let single: QuizQuestion;
  let truth: QuizQuestion;

  const call = (options: InjectOptions, headers: Record<string, string>) => app.inject({ ...options, headers: { ...headers, ...options.headers } });
  const analytics = (headers: Record<string, string>, productId = course.id) => call({ url: `/api/dashboard/products/${productId}/learning-analytics` }, headers);

  /** An attempt of `who` at the quiz: `answers[i]` right (true), wrong (false) or blank (null); submitted unless `open`. */
  async function attempt(who: Buyer, answers: Array<boolean | null>, open = false): Promise<void> {
    const started = await call({ method: 'POST', url: `/api/product-sessions/${course.sessionIds[2]}/quiz/attempts` }, who.headers);
    expect(started.statusCode).toBe(201);
    const { id, questions } = started.json<{ data: QuizAttempt }>().data;
    for (const [index, right] of answers.entries()) {
      if (right === null) continue;
      const question = questions[index]!;
      const payload = question.type === 'true_false' ? { value: right } : { option_ids: [single.options[right ? 0 : 1]!.id] };
      expect((await call({ method: 'PUT', url: `/api/quiz-attempts/${id}/answers/${question.position}`, payload }, who.headers)).statusCode).toBe(200);
    }
    if (!open) expect((await call({ method: 'POST', url: `/api/quiz-attempts/${id}/submit` }, who.headers)).statusCode).toBe(200);
  }

  /** A progress row of `who` on session `index` of the course, done or not. */
  const progress = (who: Buyer, index: number, done: boolean) =>
    app.db.insert(sessionProgress).values({ user_id: who.id, product_session_id: course.sessionIds[index]!, position_seconds: 30, completed_at: done ? new Date() : null });

  beforeAll(async () => {
    app = await buildTestApp(target, { rateLimit: { register: 1_000, checkout: 1_000 } });
    staff = await newStaff(app, ['manage-product-sessions']);
    // A free preview, a lesson, the quiz, an inactive lesson that the funnel leaves out, and an assignment.
    course = await newCourse(app, { price: 90_000, sessions: [{ is_free_preview: true }, {}, { kind: 'quiz' }, { is_active: false }, { kind: 'assignment' }] });
    const add = async (body: QuizQuestionBody) =>
      (await call({ method: 'POST', url: `/api/dashboard/products/${course.id}/quiz-questions`, payload: body }, staff)).json<{ data: QuizQuestion }>().data;
    single = await add(choice);
    truth = await add(trueFalse);
    const saved = await call({ method: 'PUT', url: `/api/dashboard/product-sessions/${course.sessionIds[2]}/quiz`, payload: { pass_percent: 60, question_ids: [single.id, truth.id] } }, staff);
    expect(saved.statusCode).toBe(200);

    const [ali, bahar, cyrus, dara, visitor] = await Promise.all([newBuyer(app), newBuyer(app), newBuyer(app), newBuyer(app), newBuyer(app)]);
    for (const buyer of [ali!, bahar!, cyrus!, dara!]) await buy(app, buyer, course.id);
    // Ali: both lessons done; fails the quiz, then passes it (the best stands).
    await progress(ali!, 0, true);
    await progress(ali!, 1, true);
    await attempt(ali!, [false, false]);
    await attempt(ali!, [true, true]);
    // Bahar: first lesson done, second started; half right with the second left blank: fails.
    await progress(bahar!, 0, true);
    await progress(bahar!, 1, false);
    await attempt(bahar!, [true, null]);
    // Cyrus: first lesson started; a quiz attempt still open (reached, not counted in the results).
    await progress(cyrus!, 0, false);
    await attempt(cyrus!, [true], true);
    // Dara: everything done and the quiz passed, then refunded: still a buyer of the figures.
    await progress(dara!, 0, true);
    await progress(dara!, 1, true);
    await attempt(dara!, [true, true]);
    await refundInDatabase(app, dara!.id, course.id);
    // The assignment: Ali's submission graded a pass (which marks it done), Bahar's waiting for a grade.
    const submission = (who: Buyer, passed: boolean | null) => ({
      product_session_id: course.sessionIds[4]!,
      product_id: course.id,
      user_id: who.id,
      number: 1,
      files: [],
      ...(passed === null ? {} : { status: 'graded' as const, score: passed ? 90 : 20, passed, graded_at: new Date() }),
    });
    await app.db.insert(assignmentSubmissions).values([submission(ali!, true), submission(bahar!, null)]);
    await progress(ali!, 4, true);
    // A visitor who watched the free preview without buying: not counted.
    await progress(visitor!, 0, true);
    // An edit after the answers: counted by the versions answered, shown as the current text.
    const edited = await call({ method: 'PUT', url: `/api/dashboard/quiz-questions/${single.id}`, payload: { ...choice, body: '<p>پایتخت کنونی ایران؟</p>', options: single.options } }, staff);
    expect(edited.statusCode).toBe(200);
  });
  afterAll(() => app.close());

  it('answers the funnel of active sessions over buyers who ever had the course, a refunded one included', async () => {
    const response = await analytics(staff);
    expect(response.statusCode).toBe(200);
    const { data } = response.json<{ data: CourseLearningAnalytics }>();
    expect(data).toMatchObject({ product_id: course.id, buyers: 4, active_buyers: 3 });
    expect(data.sessions.map(({ id, position, kind, reached, done, reached_percent, done_percent }) => ({ id, position, kind, reached, done, reached_percent, done_percent }))).toEqual([
      { id: course.sessionIds[0], position: 1, kind: 'lesson', reached: 4, done: 3, reached_percent: 100, done_percent: 75 },
      { id: course.sessionIds[1], position: 2, kind: 'lesson', reached: 3, done: 2, reached_percent: 75, done_percent: 50 },
      // Done by passing (the quiz settles the session); Cyrus reached it with his open attempt.
      { id: course.sessionIds[2], position: 3, kind: 'quiz', reached: 4, done: 2, reached_percent: 100, done_percent: 50 },
      // Reached by a submission, graded or not; done by the pass.
      { id: course.sessionIds[4], position: 5, kind: 'assignment', reached: 2, done: 1, reached_percent: 50, done_percent: 25 },
    ]);
  });

  it("answers each quiz's pass rate by its standing score and each question's share of right answers, lowest first", async () => {
    const { data } = (await analytics(staff)).json<{ data: CourseLearningAnalytics }>();
    expect(data.quizzes).toHaveLength(1);
    const [quiz] = data.quizzes;
    expect(quiz).toMatchObject({
      product_session_id: course.sessionIds[2],
      pass_percent: 60,
      score_policy: 'best',
      attempted: 3,
      attempts: 4,
      passed: 2,
      pass_rate: 67,
      // Best scores 100, 50 and 100.
      average_best_percent: 83,
    });
    expect(quiz!.questions).toEqual([
      { question_id: truth.id, text: 'زمین گرد است.', type: 'true_false', position: 2, deleted: false, answers: 4, right: 2, unanswered: 1, right_percent: 50 },
      { question_id: single.id, text: 'پایتخت کنونی ایران؟', type: 'single_choice', position: 1, deleted: false, answers: 4, right: 3, unanswered: 0, right_percent: 75 },
    ]);
  });

  it('refuses staff without the permission and buyers with 403, and an unknown course with 404', async () => {
    expect((await analytics(await newStaff(app, ['manage-products']))).statusCode).toBe(403);
    expect((await analytics((await newBuyer(app)).headers)).statusCode).toBe(403);
    const unknown = await analytics(staff, 987_654_321);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ message: string }>().message).toMatch(/[\u0600-\u06FF]/);
  });
});
