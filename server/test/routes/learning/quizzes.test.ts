/**
 * Quizzes (issue 37 items 1, 2 and 7): a course's question bank kept as versions, a quiz's rules,
 * a buyer's attempts scored on the server, answers saved as they are given, the server's deadline,
 * best or last score, editing and deleting questions without touching past attempts, regrading on
 * purpose with a preview, the quiz session done (and the certificate) by passing, and every refusal
 * in Persian with a 4xx. On PGlite, and on PostgreSQL when DATABASE_URL is set.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { DashboardQuiz, QuizAttempt, QuizOverview, QuizQuestion, QuizQuestionBody, QuizRegradePreview } from '@shop/contracts';
import { quizAttempts } from '../../../src/modules/learning/tables';
import { buy, newBuyer, newCourse, type Buyer } from '../../helpers/commerce-fixtures';
import { newStaff, type AuthHeaders } from '../../helpers/dashboard-actors';
import { buildTestApp, DB_TARGETS } from '../../helpers/test-app';

/** A question body of `type` with the fields the type reads. */
function aQuestion(type: QuizQuestionBody['type'], overrides: Partial<QuizQuestionBody> = {}): QuizQuestionBody {
  const base: QuizQuestionBody = { type, body: '<p>پرسش</p>', points: 1, options: [], matches: [], correct_boolean: null, accepted_answers: [], image: null, audio: null };
  switch (type) {
    case 'single_choice':
      return { ...base, body: '<p>پایتخت ایران؟</p>', options: [{ text: 'تهران', is_correct: true }, { text: 'تبریز' }, { text: 'شیراز' }], ...overrides };
    case 'multiple_choice':
      return { ...base, body: '<p>عددهای زوج؟</p>', points: 2, options: [{ text: '۲', is_correct: true }, { text: '۳' }, { text: '۴', is_correct: true }], ...overrides };
    case 'true_false':
      return { ...base, body: '<p>زمین گرد است.</p>', correct_boolean: true, ...overrides };
    case 'short_answer':
      return { ...base, body: '<p>فعل «رفتن» برای «من» در زمان حال؟</p>', accepted_answers: ['می‌روم'], ...overrides };
    case 'ordering':
      return { ...base, body: '<p>از کوچک به بزرگ</p>', options: [{ text: 'یک' }, { text: 'دو' }, { text: 'سه' }], ...overrides };
    case 'matching':
      return { ...base, body: '<p>پایتخت هر کشور</p>', options: [{ text: 'ایران' }, { text: 'ژاپن' }], matches: [{ text: 'تهران' }, { text: 'توکیو' }], ...overrides };
  }
}

describe.each(DB_TARGETS)('quizzes on %s', (target) => {
  let app: FastifyInstance;
  let staff: AuthHeaders;
  let buyer: Buyer;
  let course: { id: number; sessionIds: number[] };
  let quizId: number;
  const questions: Record<string, QuizQuestion> = {};

  beforeAll(async () => {
    app = await buildTestApp(target, { rateLimit: { register: 1_000, checkout: 1_000 } });
    staff = await newStaff(app, ['manage-product-sessions']);
    course = await newCourse(app, { price: 90_000, sessions: [{}, { kind: 'quiz' }] });
    quizId = course.sessionIds[1]!;
    buyer = await newBuyer(app);
    await buy(app, buyer, course.id);
  });
  afterAll(() => app.close());

  const call = (options: InjectOptions, headers: Record<string, string>) => app.inject({ ...options, headers: { ...headers, ...options.headers } });
  const addQuestion = (body: QuizQuestionBody, productId = course.id) =>
    call({ method: 'POST', url: `/api/dashboard/products/${productId}/quiz-questions`, payload: body }, staff);
  const saveQuiz = (payload: object, sessionId = quizId) => call({ method: 'PUT', url: `/api/dashboard/product-sessions/${sessionId}/quiz`, payload }, staff);
  const overview = async (who: Buyer = buyer) => (await call({ url: `/api/product-sessions/${quizId}/quiz` }, who.headers)).json<{ data: QuizOverview }>().data;
  const start = (who: Buyer = buyer) => call({ method: 'POST', url: `/api/product-sessions/${quizId}/quiz/attempts` }, who.headers);
  const answer = (attemptId: number, position: number, payload: object, who: Buyer = buyer) =>
    call({ method: 'PUT', url: `/api/quiz-attempts/${attemptId}/answers/${position}`, payload }, who.headers);
  const submit = async (attemptId: number, who: Buyer = buyer) =>
    (await call({ method: 'POST', url: `/api/quiz-attempts/${attemptId}/submit` }, who.headers)).json<{ data: QuizAttempt }>().data;
  const attemptOf = async (attemptId: number, who: Buyer = buyer) => (await call({ url: `/api/quiz-attempts/${attemptId}` }, who.headers)).json<{ data: QuizAttempt }>().data;
  const sessionDone = async (who: Buyer = buyer) =>
    (await call({ url: `/api/products/${course.id}` }, who.headers)).json<{ data: { sessions: Array<{ id: number; is_done: boolean; kind: string }> } }>().data.sessions.find((s) => s.id === quizId)!;

  /** The right answer to an attempt's question, from the bank's key (matched by body). */
  function rightAnswer(question: QuizAttempt['questions'][number]): object {
    const key = Object.values(questions).find((q) => q.body === question.body)!;
    switch (question.type) {
      case 'single_choice':
      case 'multiple_choice':
        return { option_ids: key.options.filter((o) => o.is_correct).map((o) => o.id) };
      case 'ordering':
        return { option_ids: key.options.map((o) => o.id) };
      case 'true_false':
        return { value: key.correct_boolean };
      case 'short_answer':
        return { text: 'مي روم' };
      case 'matching':
        return { matches: Object.fromEntries(key.options.map((o, i) => [o.id, key.matches[i]!.id])) };
    }
  }

  /** A wrong answer of the same shape. */
  function wrongAnswer(question: QuizAttempt['questions'][number]): object {
    const key = Object.values(questions).find((q) => q.body === question.body)!;
    switch (question.type) {
      case 'single_choice':
        return { option_ids: [key.options.find((o) => !o.is_correct)!.id] };
      case 'multiple_choice':
        // The second option («۳») is right in no version of the question.
        return { option_ids: [key.options[1]!.id] };
      case 'ordering':
        return { option_ids: [...key.options.map((o) => o.id)].reverse() };
      case 'true_false':
        return { value: !key.correct_boolean };
      case 'short_answer':
        return { text: 'می‌رفتم' };
      case 'matching':
        return { matches: Object.fromEntries(key.options.map((o, i) => [o.id, key.matches[(i + 1) % key.matches.length]!.id])) };
    }
  }

  it('builds a bank of the six types, giving each option an id, and refuses bad questions in Persian on their fields', async () => {
    for (const type of ['single_choice', 'multiple_choice', 'true_false', 'short_answer', 'ordering', 'matching'] as const) {
      const response = await addQuestion(aQuestion(type));
      expect(response.statusCode).toBe(201);
      const { data } = response.json<{ data: QuizQuestion }>();
      expect(data).toMatchObject({ product_id: course.id, version: 1, type, answers_on_older_versions: 0 });
      for (const option of [...data.options, ...data.matches]) expect(option.id).toMatch(/^[a-f0-9]{8}$/);
      questions[type] = data;
    }
    expect(questions.single_choice!.options.map((o) => o.is_correct)).toEqual([true, false, false]);

    const refusals: Array<[QuizQuestionBody, string, string]> = [
      [aQuestion('single_choice', { options: [{ text: 'الف', is_correct: true }, { text: 'ب', is_correct: true }] }), 'options', 'یک گزینه را به‌عنوان پاسخ درست مشخص کنید'],
      [aQuestion('multiple_choice', { options: [{ text: 'الف' }, { text: 'ب' }] }), 'options', 'دست‌کم یک گزینه را به‌عنوان پاسخ درست مشخص کنید'],
      [aQuestion('ordering', { options: [{ text: 'تنها' }] }), 'options', 'دست‌کم ۲ و حداکثر ۱۰ گزینه بنویسید'],
      [aQuestion('ordering', { options: [{ text: 'یک' }, { text: 'یک' }] }), 'options', 'گزینه‌ها نباید تکراری باشند'],
      [aQuestion('matching', { matches: [{ text: 'تهران' }] }), 'matches', 'برای هر گزینه دقیقاً یک پاسخ جورکردنی بنویسید'],
      [aQuestion('short_answer', { accepted_answers: [] }), 'accepted_answers', 'دست‌کم ۱ و حداکثر ۱۰ پاسخ پذیرفته بنویسید'],
      [aQuestion('true_false', { correct_boolean: null }), 'correct_boolean', 'پاسخ درست الزامی است'],
      [aQuestion('true_false', { points: 101 }), 'points', 'امتیاز نباید بیشتر از ۱۰۰ باشد'],
      [{ ...aQuestion('true_false'), type: 'essay' as never }, 'type', 'نوع پرسش معتبر نیست'],
    ];
    for (const [body, field, message] of refusals) {
      const response = await addQuestion(body);
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors[field]).toEqual([message]);
    }
    // A buyer, and staff without the permission, may not touch the bank; an unknown course is 404.
    expect((await call({ url: `/api/dashboard/products/${course.id}/quiz-questions` }, buyer.headers)).statusCode).toBe(403);
    expect((await addQuestion(aQuestion('true_false'), 999_999)).statusCode).toBe(404);
    const list = await call({ url: `/api/dashboard/products/${course.id}/quiz-questions?type=matching` }, staff);
    expect(list.json<{ data: QuizQuestion[] }>().data.map((q) => q.id)).toEqual([questions.matching!.id]);
  });

  it('saves a quiz of the course’s questions only, and refuses a buyer’s «done» on it', async () => {
    const other = await newCourse(app, { price: 1_000, sessions: [{ kind: 'quiz' }] });
    const foreign = (await addQuestion(aQuestion('true_false', { body: '<p>پرسش دورهٔ دیگر</p>' }), other.id)).json<{ data: QuizQuestion }>().data;
    const ids = Object.values(questions).map((q) => q.id);
    const refused = await saveQuiz({ pass_percent: 60, question_ids: [...ids, foreign.id] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errors: Record<string, string[]> }>().errors.question_ids).toEqual(['همهٔ پرسش‌های آزمون باید از بانک پرسش‌های همین دوره باشند.']);
    expect((await saveQuiz({ pass_percent: 60, question_ids: [ids[0], ids[0]] })).json<{ errors: Record<string, string[]> }>().errors.question_ids).toEqual([
      'یک پرسش دو بار در آزمون آمده است',
    ]);
    // Not a quiz: the course's first session is a lesson.
    expect((await saveQuiz({ pass_percent: 60, question_ids: ids }, course.sessionIds[0]!)).statusCode).toBe(404);

    const saved = await saveQuiz({ pass_percent: 60, question_ids: ids, shuffle_options: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<{ data: DashboardQuiz }>().data).toMatchObject({ question_ids: ids, total_points: 7, pass_percent: 60, score_policy: 'best', show_answers: true });

    const done = await call({ method: 'PUT', url: `/api/product-sessions/${quizId}/progress`, payload: { done: true } }, buyer.headers);
    expect(done.statusCode).toBe(422);
    expect(done.json<{ errors: Record<string, string[]> }>().errors.done).toEqual(['این جلسه آزمون است و با قبولی در آزمون کامل می‌شود.']);
    expect(await sessionDone()).toMatchObject({ kind: 'quiz', is_done: false });
  });

  it('gives a buyer the questions without their keys, continues the open attempt, and checks each answer against its question', async () => {
    const stranger = await newBuyer(app);
    expect((await start(stranger)).statusCode).toBe(403);

    const first = await start();
    expect(first.statusCode).toBe(201);
    const attempt = first.json<{ data: QuizAttempt }>().data;
    expect(attempt).toMatchObject({ number: 1, status: 'in_progress', deadline_at: null, score: null, max_score: 7 });
    expect(attempt.questions).toHaveLength(6);
    // Nothing of a key: no is_correct, no accepted forms, no right value, and an ordering never in its right order.
    expect(first.body).not.toMatch(/is_correct|accepted_answers|correct_|می‌روم/);
    const ordering = attempt.questions.find((q) => q.type === 'ordering')!;
    expect(ordering.options.map((o) => o.id)).not.toEqual(questions.ordering!.options.map((o) => o.id));

    // A second tab continues the same attempt.
    const again = await start();
    expect(again.statusCode).toBe(200);
    expect(again.json<{ data: QuizAttempt }>().data.id).toBe(attempt.id);

    const single = attempt.questions.find((q) => q.type === 'single_choice')!;
    const misfits: Array<[number, object, string, string]> = [
      [single.position, { option_ids: ['nothere'] }, 'option_ids', 'یک گزینه را برگزینید.'],
      [single.position, { option_ids: single.options.slice(0, 2).map((o) => o.id) }, 'option_ids', 'یک گزینه را برگزینید.'],
      [ordering.position, { option_ids: ordering.options.slice(1).map((o) => o.id) }, 'option_ids', 'همهٔ موارد را، هر کدام یک بار، به ترتیب بفرستید.'],
      [attempt.questions.find((q) => q.type === 'true_false')!.position, { text: 'بله' }, 'value', 'درست یا نادرست را برگزینید.'],
      [attempt.questions.find((q) => q.type === 'matching')!.position, { matches: { x1: 'y1' } }, 'matches', 'هر گزینه را با یکی از پاسخ‌های همین پرسش جور کنید.'],
    ];
    for (const [position, payload, field, message] of misfits) {
      const response = await answer(attempt.id, position, payload);
      expect(response.statusCode).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors[field]).toEqual([message]);
    }
    expect((await answer(attempt.id, 99, { value: true })).statusCode).toBe(404);
    expect((await answer(attempt.id, single.position, { option_ids: [single.options[0]!.id] }, stranger)).statusCode).toBe(404);
  });

  it('scores on the server: right and wrong answers, Persian-normalized short answers, results with keys, and the session done by passing', async () => {
    const { open_attempt_id: attemptId } = await overview();
    const attempt = await attemptOf(attemptId!);
    // Right everywhere except the multiple choice (2 of 7 points): 5/7 = 71 % ≥ 60 %.
    for (const question of attempt.questions) {
      // The multiple choice gets «۲» alone: wrong now, right after the key is edited below.
      const payload = question.type === 'multiple_choice' ? { option_ids: [questions.multiple_choice!.options[0]!.id] } : rightAnswer(question);
      const saved = await answer(attemptId!, question.position, payload);
      expect(saved.statusCode).toBe(200);
    }
    // A reload shows the saved answers.
    const reloaded = await attemptOf(attemptId!);
    expect(reloaded.questions.filter((q) => q.answer !== null)).toHaveLength(6);
    expect(reloaded.questions.every((q) => q.result === null)).toBe(true);

    const scored = await submit(attemptId!);
    expect(scored).toMatchObject({ status: 'submitted', timed_out: false, score: 5, max_score: 7, percent: 71, passed: true });
    const short = scored.questions.find((q) => q.type === 'short_answer')!;
    expect(short.result).toMatchObject({ is_correct: true, points_awarded: 1, accepted_answers: ['می‌روم'] });
    const multiple = scored.questions.find((q) => q.type === 'multiple_choice')!;
    expect(multiple.result).toMatchObject({ is_correct: false, points_awarded: 0 });
    expect(new Set(multiple.result!.correct_option_ids)).toEqual(new Set(questions.multiple_choice!.options.filter((o) => o.is_correct).map((o) => o.id)));
    // Submitting again changes nothing; answering is closed.
    expect((await submit(attemptId!)).score).toBe(5);
    const late = await answer(attemptId!, 1, { value: true });
    expect(late.statusCode).toBe(422);
    expect(late.json<{ message: string }>().message).toBe('این آزمون پیش‌تر ثبت شده است و پاسخ آن عوض نمی‌شود.');

    expect(await overview()).toMatchObject({ passed: true, counted_percent: 71, attempts_left: null, open_attempt_id: null });
    expect(await sessionDone()).toMatchObject({ is_done: true });
  });

  it('keeps a past attempt as it was taken when its question is edited or deleted, and regrades it only on purpose, with a preview', async () => {
    const attemptId = (await overview()).attempts[0]!.id;
    const before = await attemptOf(attemptId);
    // The multiple choice's key changes: the first option alone is now right; the buyer chose it.
    const edited = questions.multiple_choice!;
    const update = await call(
      {
        method: 'PUT',
        url: `/api/dashboard/quiz-questions/${edited.id}`,
        payload: { ...aQuestion('multiple_choice'), options: edited.options.map((o, i) => ({ id: o.id, text: o.text, is_correct: i === 0 })) },
      },
      staff,
    );
    expect(update.statusCode).toBe(200);
    expect(update.json<{ data: QuizQuestion }>().data).toMatchObject({ version: 2, answers_on_older_versions: 1 });
    expect(await attemptOf(attemptId)).toEqual({ ...before, server_time: expect.any(String) });
    // Another type is refused; so is an option id the question never had.
    const retyped = await call({ method: 'PUT', url: `/api/dashboard/quiz-questions/${edited.id}`, payload: aQuestion('true_false') }, staff);
    expect(retyped.json<{ errors: Record<string, string[]> }>().errors.type).toEqual(['نوع پرسش پس از ساختن آن عوض نمی‌شود؛ پرسش تازه‌ای بسازید.']);
    const foreignId = await call(
      { method: 'PUT', url: `/api/dashboard/quiz-questions/${edited.id}`, payload: { ...aQuestion('multiple_choice'), options: [{ id: 'abcdef12', text: 'الف', is_correct: true }, { text: 'ب' }] } },
      staff,
    );
    expect(foreignId.json<{ errors: Record<string, string[]> }>().errors.options).toEqual(['شناسهٔ گزینه‌ای که فرستاده شد از این پرسش نیست.']);

    const preview = await call({ url: `/api/dashboard/quiz-questions/${edited.id}/regrade` }, staff);
    expect(preview.json<{ data: QuizRegradePreview }>().data).toMatchObject({
      version: 2,
      answers: 1,
      answers_changed: 1,
      attempts_changed: 1,
      changes: [{ attempt_id: attemptId, user_id: buyer.id, user_name: 'خریدار آزمایشی', percent_before: 71, percent_after: 100, passed_before: true, passed_after: true }],
    });
    // The preview changed nothing.
    expect((await attemptOf(attemptId)).percent).toBe(71);

    const applied = await call({ method: 'POST', url: `/api/dashboard/quiz-questions/${edited.id}/regrade` }, staff);
    expect(applied.statusCode).toBe(200);
    expect(applied.json<{ message: string }>().message).toBe('بازنمره‌دهی انجام شد؛ نمرهٔ ۱ آزمون تغییر کرد.');
    const regraded = await attemptOf(attemptId);
    expect(regraded).toMatchObject({ score: 7, max_score: 7, percent: 100, passed: true });
    expect(regraded.questions.find((q) => q.type === 'multiple_choice')!.result).toMatchObject({ is_correct: true, points_awarded: 2, correct_option_ids: [edited.options[0]!.id] });
    // Nothing is left to regrade by this version.
    expect((await call({ url: `/api/dashboard/quiz-questions/${edited.id}/regrade` }, staff)).json<{ data: QuizRegradePreview }>().data).toMatchObject({ answers: 0, attempts_changed: 0 });
    expect((await call({ url: `/api/dashboard/quiz-questions/${edited.id}` }, staff)).json<{ data: QuizQuestion }>().data.answers_on_older_versions).toBe(0);

    // Deleting a question takes it out of the quiz; the past attempt still shows it.
    expect((await call({ method: 'DELETE', url: `/api/dashboard/quiz-questions/${questions.true_false!.id}` }, staff)).statusCode).toBe(200);
    expect((await call({ url: `/api/dashboard/product-sessions/${quizId}/quiz` }, staff)).json<{ data: DashboardQuiz }>().data.questions).toHaveLength(5);
    const kept = await attemptOf(attemptId);
    expect(kept.questions).toHaveLength(6);
    expect(kept.percent).toBe(100);
  });

  it('ends a timed attempt on the server’s clock, scoring the answers saved before its deadline', async () => {
    const ids = (await call({ url: `/api/dashboard/product-sessions/${quizId}/quiz` }, staff)).json<{ data: DashboardQuiz }>().data.question_ids;
    expect((await saveQuiz({ pass_percent: 60, question_ids: ids, time_limit_minutes: 10 })).statusCode).toBe(200);
    const timed = (await start()).json<{ data: QuizAttempt }>().data;
    expect(timed.number).toBe(2);
    expect(Date.parse(timed.deadline_at!) - Date.parse(timed.server_time)).toBeGreaterThan(9 * 60_000);
    const single = timed.questions.find((q) => q.type === 'single_choice')!;
    expect((await answer(timed.id, single.position, rightAnswer(single))).statusCode).toBe(200);

    // The deadline passes (the test moves it: the server's clock decides, not the browser's).
    await app.db.update(quizAttempts).set({ deadline_at: new Date(Date.now() - 1_000) }).where(eq(quizAttempts.id, timed.id));
    const late = await answer(timed.id, timed.questions[0]!.position, rightAnswer(timed.questions[0]!));
    expect(late.statusCode).toBe(422);
    expect(late.json<{ message: string }>().message).toBe('زمان این آزمون به پایان رسیده است و پاسخ تازه پذیرفته نمی‌شود.');
    const closed = await attemptOf(timed.id);
    // Only the single choice (1 of the 6 points left once the true/false was deleted) was saved in time.
    expect(closed).toMatchObject({ status: 'submitted', timed_out: true, score: 1, max_score: 6, percent: 16, passed: false });
    expect(Date.parse(closed.submitted_at!)).toBeLessThan(Date.now());
    // The best attempt still stands.
    expect(await overview()).toMatchObject({ counted_percent: 100, passed: true });
  });

  it('counts the last attempt when the quiz says so, and refuses attempts past the limit', async () => {
    const ids = (await call({ url: `/api/dashboard/product-sessions/${quizId}/quiz` }, staff)).json<{ data: DashboardQuiz }>().data.question_ids;
    expect((await saveQuiz({ pass_percent: 60, question_ids: ids, score_policy: 'last', max_attempts: 3 })).statusCode).toBe(200);
    const third = (await start()).json<{ data: QuizAttempt }>().data;
    expect(third.number).toBe(3);
    for (const question of third.questions) await answer(third.id, question.position, wrongAnswer(question));
    expect(await submit(third.id)).toMatchObject({ percent: 0, passed: false });
    expect(await overview()).toMatchObject({ counted_percent: 0, passed: false, attempts_left: 0 });
    expect(await sessionDone()).toMatchObject({ is_done: false });
    const refused = await start();
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toBe('همهٔ دفعات مجاز این آزمون را به کار برده‌اید.');
  });

  it('counts a zero-point question answered right as right, and issues the certificate when the quiz is the last session passed', async () => {
    const course2 = await newCourse(app, { price: 10_000, sessions: [{ kind: 'quiz' }] });
    const zero = (await addQuestion(aQuestion('true_false', { points: 0 }), course2.id)).json<{ data: QuizQuestion }>().data;
    expect((await saveQuiz({ pass_percent: 100, question_ids: [zero.id], show_answers: false }, course2.sessionIds[0]!)).statusCode).toBe(200);
    const learner = await newBuyer(app);
    await buy(app, learner, course2.id);
    const attempt = (await call({ method: 'POST', url: `/api/product-sessions/${course2.sessionIds[0]}/quiz/attempts` }, learner.headers)).json<{ data: QuizAttempt }>().data;
    expect(attempt.max_score).toBe(0);
    expect((await answer(attempt.id, 1, { value: true }, learner)).statusCode).toBe(200);
    const scored = await submit(attempt.id, learner);
    expect(scored).toMatchObject({ score: 0, max_score: 0, percent: 100, passed: true });
    // Answers are not shown: no result, no key.
    expect(scored.questions[0]!.result).toBeNull();
    const certificates = (await call({ url: '/api/profile/certificates' }, learner.headers)).json<{ data: Array<{ product_id: number }> }>().data;
    expect(certificates.map((c) => c.product_id)).toEqual([course2.id]);
  });
});
