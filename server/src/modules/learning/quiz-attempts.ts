/**
 * Buyers' attempts at quizzes (issue 37 items 1, 2 and 7). Owns `quiz_attempts` and
 * `quiz_attempt_answers`.
 *
 * - An attempt is given the quiz's questions as their current versions, in its own order when the
 *   quiz shuffles; it keeps those versions whatever happens to the bank later.
 * - Each answer is saved as it is given, so a reload or a second tab continues the attempt; the
 *   database's clock decides whether the deadline has passed, whatever the browser says.
 * - Submitting scores the saved answers on the server; an attempt found past its deadline (on any
 *   read) is submitted by the server with the answers saved before it.
 * - The score that stands (the best or the last, as the quiz says) marks the session done or not
 *   (commerce's progress), and with the course's last session done comes its certificate.
 * - A question's key reaches the buyer only after submitting, and only when the quiz shows answers.
 */
import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { QuizAnswer, QuizAnswerResult, QuizAttempt, QuizAttemptAnswerSaved, QuizOverview, QuizQuestion, User } from '@shop/contracts';
import { rowsOf, type Db } from '../../db/client';
import { ApiError, notFound, validationFailed } from '../../lib/api-error';
import { toIso } from '../../lib/dates';
import { uniqueViolation } from '../../lib/db-errors';
import { assertSessionOpen, COMMERCE_MESSAGES, hasBoughtProduct, setSessionProgress } from '../commerce';
import { LEARNING_MESSAGES } from './messages';
import { quizQuestionsOf, quizRules, quizSessionRef, type QuizRules } from './quizzes-admin';
import { fitAnswer, type QuestionKey, scoreAnswer, scorePercent } from './quiz-scoring';
import { quizAttemptAnswers, quizAttempts, quizQuestionVersions } from './tables';

/**
 * Quiz `sessionId` for buyer `user`: active, of an active course they own.
 * @throws ApiError 404 unknown, inactive or not a quiz; 403 `sessionLocked` unless they own the course
 */
async function buyersQuiz(db: Db, user: User, sessionId: number): Promise<{ productId: number; rules: QuizRules }> {
  const session = await quizSessionRef(db, sessionId);
  if (!session.is_active) throw notFound();
  if (!(await hasBoughtProduct(db, user.id, session.product_id))) throw new ApiError(403, COMMERCE_MESSAGES.sessionLocked);
  return { productId: session.product_id, rules: await quizRules(db, sessionId) };
}

/** `items` in a random order (Fisher–Yates, crypto's randomness). */
function shuffled<T>(items: readonly T[]): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i -= 1) {
    const j = randomInt(i + 1);
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

/** An ordering question's items shuffled, never in the right order (which would give the answer away). */
function shuffledOrder(ids: readonly string[]): string[] {
  if (ids.length < 2) return [...ids];
  for (;;) {
    const order = shuffled(ids);
    if (order.some((id, index) => id !== ids[index])) return order;
  }
}

/** The order in which an attempt shows a question's options and matches. */
function orderOf(question: QuizQuestion, shuffleOptions: boolean): { option_order: string[]; match_order: string[] } {
  const ids = question.options.map((option) => option.id);
  switch (question.type) {
    case 'ordering':
      return { option_order: shuffledOrder(ids), match_order: [] };
    case 'matching':
      return { option_order: shuffleOptions ? shuffled(ids) : ids, match_order: shuffled(question.matches.map((match) => match.id)) };
    case 'single_choice':
    case 'multiple_choice':
      return { option_order: shuffleOptions ? shuffled(ids) : ids, match_order: [] };
    default:
      return { option_order: [], match_order: [] };
  }
}

/** The version an answer was given and the one it was scored by (a regrade's). */
const givenVersion = alias(quizQuestionVersions, 'given_version');
const gradedVersion = alias(quizQuestionVersions, 'graded_version');

const keyColumns = (version: typeof quizQuestionVersions | typeof givenVersion | typeof gradedVersion) => ({
  type: version.type,
  points: version.points,
  options: version.options,
  matches: version.matches,
  correct_boolean: version.correct_boolean,
  accepted_answers: version.accepted_answers,
});

/** An attempt's answers with the versions given (and scored by), in the attempt's order. */
function answersOf(db: Db, attemptId: number) {
  return db
    .select({
      position: quizAttemptAnswers.position,
      option_order: quizAttemptAnswers.option_order,
      match_order: quizAttemptAnswers.match_order,
      answer: quizAttemptAnswers.answer,
      is_correct: quizAttemptAnswers.is_correct,
      points_awarded: quizAttemptAnswers.points_awarded,
      body: givenVersion.body,
      image: givenVersion.image,
      audio: givenVersion.audio,
      given: keyColumns(givenVersion),
      graded: keyColumns(gradedVersion),
    })
    .from(quizAttemptAnswers)
    .innerJoin(givenVersion, eq(givenVersion.id, quizAttemptAnswers.question_version_id))
    .innerJoin(gradedVersion, eq(gradedVersion.id, sql`coalesce(${quizAttemptAnswers.graded_version_id}, ${quizAttemptAnswers.question_version_id})`))
    .where(eq(quizAttemptAnswers.attempt_id, attemptId))
    .orderBy(asc(quizAttemptAnswers.position));
}

/** The right answer of `key`, as a result shows it. */
function keyOf(key: QuestionKey): Omit<QuizAnswerResult, 'is_correct' | 'points_awarded'> {
  const choice = key.type === 'single_choice' || key.type === 'multiple_choice';
  return {
    correct_option_ids: choice ? key.options.filter((option) => option.is_correct).map((option) => option.id) : key.type === 'ordering' ? key.options.map((option) => option.id) : [],
    correct_boolean: key.correct_boolean,
    accepted_answers: key.accepted_answers,
    correct_matches: key.type === 'matching' ? Object.fromEntries(key.options.map((prompt, index) => [prompt.id, key.matches[index]?.id ?? ''])) : {},
  };
}

type AttemptRow = typeof quizAttempts.$inferSelect;

/** The attempt `row` as its buyer sees it; keys only once submitted and when the quiz shows answers. */
async function toAttempt(db: Db, row: AttemptRow, showAnswers: boolean, serverTime: Date): Promise<QuizAttempt> {
  const answers = await answersOf(db, row.id);
  const submitted = row.submitted_at !== null;
  return {
    id: row.id,
    product_session_id: row.product_session_id,
    number: row.number,
    status: submitted ? 'submitted' : 'in_progress',
    started_at: toIso(row.started_at),
    deadline_at: row.deadline_at ? toIso(row.deadline_at) : null,
    server_time: toIso(serverTime),
    submitted_at: row.submitted_at ? toIso(row.submitted_at) : null,
    timed_out: row.timed_out,
    score: row.score,
    max_score: row.max_score,
    percent: row.percent,
    passed: row.passed,
    questions: answers.map((answer) => {
      const byId = new Map(answer.given.options.map((option) => [option.id, option.text]));
      const matchById = new Map(answer.given.matches.map((match) => [match.id, match.text]));
      return {
        position: answer.position,
        type: answer.given.type,
        body: answer.body,
        image: answer.image,
        audio: answer.audio,
        points: answer.given.points,
        options: answer.option_order.map((id) => ({ id, text: byId.get(id) ?? '' })),
        matches: answer.match_order.map((id) => ({ id, text: matchById.get(id) ?? '' })),
        answer: answer.answer,
        result:
          submitted && showAnswers
            ? { is_correct: answer.is_correct ?? false, points_awarded: answer.points_awarded ?? 0, ...keyOf(answer.graded) }
            : null,
      };
    }),
  };
}

/** The database's clock, which decides deadlines. */
async function databaseNow(db: Db): Promise<Date> {
  const result = await db.execute(sql`select now() as now`);
  return new Date(rowsOf<{ now: string | Date }>(result)[0]!.now);
}

/**
 * Scores and closes open attempt `attemptId` (locked first; nothing when it is already closed):
 * each saved answer by the version it was given; at the deadline when `timedOut`.
 */
async function closeAttempt(db: Db, attemptId: number, timedOut: boolean, passPercent: number): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx.select().from(quizAttempts).where(and(eq(quizAttempts.id, attemptId), isNull(quizAttempts.submitted_at))).for('update');
    if (!row) return;
    let score = 0;
    for (const answer of await answersOf(tx, attemptId)) {
      const scored = scoreAnswer(answer.given, answer.answer);
      score += scored.points_awarded;
      await tx
        .update(quizAttemptAnswers)
        .set(scored)
        .where(and(eq(quizAttemptAnswers.attempt_id, attemptId), eq(quizAttemptAnswers.position, answer.position)));
    }
    const percent = scorePercent(score, row.max_score);
    await tx
      .update(quizAttempts)
      .set({ submitted_at: timedOut && row.deadline_at ? row.deadline_at : sql`now()`, timed_out: timedOut, score, percent, passed: percent >= passPercent })
      .where(eq(quizAttempts.id, attemptId));
  });
}

/**
 * The score that stands for `user` on quiz `sessionId` by `policy`, made the session's state: done
 * when it passes, not done otherwise (commerce's progress, which issues the certificate). Nothing
 * when the user no longer has the course or the session is no longer active (a regrade's old attempts).
 */
export async function settleQuizSession(db: Db, user: Pick<User, 'id' | 'full_name'>, sessionId: number, policy: QuizRules['score_policy']): Promise<void> {
  const [standing] = await db
    .select({ passed: quizAttempts.passed })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.user_id, user.id), eq(quizAttempts.product_session_id, sessionId), isNotNull(quizAttempts.submitted_at)))
    .orderBy(...(policy === 'best' ? [desc(quizAttempts.percent)] : []), desc(quizAttempts.number))
    .limit(1);
  if (!standing) return;
  try {
    await setSessionProgress(db, user as User, sessionId, { done: standing.passed === true }, 'quiz');
  } catch (error) {
    if (!(error instanceof ApiError && (error.statusCode === 403 || error.statusCode === 404))) throw error;
  }
}

/** Submits, at their deadlines, `user`'s open attempts at quiz `sessionId` whose time is over. */
async function closeExpiredAttempts(db: Db, user: User, sessionId: number, rules: QuizRules): Promise<void> {
  const expired = await db
    .select({ id: quizAttempts.id })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.user_id, user.id), eq(quizAttempts.product_session_id, sessionId), isNull(quizAttempts.submitted_at), lte(quizAttempts.deadline_at, sql`now()`)));
  for (const { id } of expired) await closeAttempt(db, id, true, rules.pass_percent);
  if (expired.length > 0) await settleQuizSession(db, user, sessionId, rules.score_policy);
}

/** `user`'s attempts at quiz `sessionId`, newest first. */
function attemptsOf(db: Db, userId: number, sessionId: number) {
  return db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.user_id, userId), eq(quizAttempts.product_session_id, sessionId)))
    .orderBy(desc(quizAttempts.number));
}

/**
 * Quiz `sessionId`'s rules and `user`'s attempts (issue 37 item 2), after closing any past its deadline.
 * @throws ApiError 404 unknown, inactive or not a quiz; 403 `sessionLocked` unless bought
 */
export async function getQuizOverview(db: Db, user: User, sessionId: number): Promise<QuizOverview> {
  const { rules } = await buyersQuiz(db, user, sessionId);
  await closeExpiredAttempts(db, user, sessionId, rules);
  const [questions, attempts] = await Promise.all([quizQuestionsOf(db, sessionId), attemptsOf(db, user.id, sessionId)]);
  const submitted = attempts.filter((attempt) => attempt.submitted_at !== null);
  const standing = rules.score_policy === 'last' ? submitted[0] : [...submitted].sort((a, b) => (b.percent ?? 0) - (a.percent ?? 0) || b.number - a.number)[0];
  return {
    product_session_id: sessionId,
    questions_count: questions.length,
    total_points: questions.reduce((sum, question) => sum + question.points, 0),
    time_limit_minutes: rules.time_limit_minutes,
    max_attempts: rules.max_attempts,
    pass_percent: rules.pass_percent,
    score_policy: rules.score_policy,
    show_answers: rules.show_answers,
    attempts: attempts.map((attempt) => ({
      id: attempt.id,
      number: attempt.number,
      status: attempt.submitted_at ? 'submitted' : 'in_progress',
      started_at: toIso(attempt.started_at),
      submitted_at: attempt.submitted_at ? toIso(attempt.submitted_at) : null,
      percent: attempt.percent,
      passed: attempt.passed,
    })),
    attempts_left: rules.max_attempts === null ? null : Math.max(0, rules.max_attempts - attempts.length),
    open_attempt_id: attempts.find((attempt) => attempt.submitted_at === null)?.id ?? null,
    counted_percent: standing?.percent ?? null,
    passed: standing?.passed === true,
  };
}

/**
 * Starts an attempt at quiz `sessionId` for `user`, or answers the one still open (a second tab).
 * @returns the attempt, and whether it is new
 * @throws ApiError 404/403 as {@link getQuizOverview}; 423 while its schedule closes it (issue 37 item 5); 422 `noAttemptsLeft`, `quizWithoutQuestions`
 */
export async function startQuizAttempt(db: Db, user: User, sessionId: number): Promise<{ attempt: QuizAttempt; created: boolean }> {
  const { rules } = await buyersQuiz(db, user, sessionId);
  // A quiz its schedule still closes (issue 37 item 5) is not started: 423 naming when or what opens it.
  await assertSessionOpen(db, user, sessionId);
  await closeExpiredAttempts(db, user, sessionId, rules);
  const attempts = await attemptsOf(db, user.id, sessionId);
  const open = attempts.find((attempt) => attempt.submitted_at === null);
  if (open) return { attempt: await toAttempt(db, open, rules.show_answers, await databaseNow(db)), created: false };
  if (rules.max_attempts !== null && attempts.length >= rules.max_attempts) throw new ApiError(422, LEARNING_MESSAGES.noAttemptsLeft);
  const questions = await quizQuestionsOf(db, sessionId);
  if (questions.length === 0) throw new ApiError(422, LEARNING_MESSAGES.quizWithoutQuestions);
  const given = rules.shuffle_questions ? shuffled(questions) : questions;
  try {
    const row = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [attempt] = await tx
        .insert(quizAttempts)
        .values({
          user_id: user.id,
          product_session_id: sessionId,
          number: (attempts[0]?.number ?? 0) + 1,
          deadline_at: rules.time_limit_minutes === null ? null : sql`now() + make_interval(mins => ${rules.time_limit_minutes}::int)`,
          max_score: given.reduce((sum, question) => sum + question.points, 0),
        })
        .returning();
      const versions = await tx
        .select({ id: quizQuestionVersions.id, question_id: quizQuestionVersions.question_id, version: quizQuestionVersions.version })
        .from(quizQuestionVersions)
        .where(sql`(${quizQuestionVersions.question_id}, ${quizQuestionVersions.version}) in (${sql.join(given.map((q) => sql`(${q.id}::int, ${q.version}::int)`), sql`, `)})`);
      const versionOf = new Map(versions.map((version) => [version.question_id, version.id]));
      await tx.insert(quizAttemptAnswers).values(
        given.map((question, index) => ({ attempt_id: attempt!.id, position: index + 1, question_version_id: versionOf.get(question.id)!, ...orderOf(question, rules.shuffle_options) })),
      );
      return attempt!;
    });
    return { attempt: await toAttempt(db, row, rules.show_answers, await databaseNow(db)), created: true };
  } catch (error) {
    // Two tabs started at once: the other one's attempt is the open one.
    if (!uniqueViolation(error)) throw error;
    return startQuizAttempt(db, user, sessionId);
  }
}

/**
 * Attempt `attemptId` of `user` with its quiz's rules, after closing it if its time is over.
 * @throws ApiError 404 unknown or another user's; 403 when the course is no longer theirs
 */
async function ownAttempt(db: Db, user: User, attemptId: number): Promise<{ row: AttemptRow; rules: QuizRules }> {
  // Whether its time is over, by the database's clock, read with it: every saved answer asks.
  const [found] = await db
    .select({ row: quizAttempts, expired: sql<boolean>`(${quizAttempts.submitted_at} is null and ${quizAttempts.deadline_at} <= now())` })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.user_id, user.id)));
  if (!found) throw notFound();
  const { rules } = await buyersQuiz(db, user, found.row.product_session_id);
  if (!found.expired) return { row: found.row, rules };
  await closeExpiredAttempts(db, user, found.row.product_session_id, rules);
  const [row] = await db.select().from(quizAttempts).where(eq(quizAttempts.id, attemptId));
  return { row: row!, rules };
}

/**
 * `user`'s attempt `attemptId` (issue 37 item 2): open, or submitted (by them, or by the server at its deadline).
 * @throws ApiError 404 unknown or another user's; 403 when the course is no longer theirs
 */
export async function getQuizAttempt(db: Db, user: User, attemptId: number): Promise<QuizAttempt> {
  const { row, rules } = await ownAttempt(db, user, attemptId);
  return toAttempt(db, row, rules.show_answers, await databaseNow(db));
}

/**
 * Saves `user`'s answer to the question at `position` of open attempt `attemptId`, replacing an
 * earlier one; only before the deadline by the database's clock.
 * @throws ApiError 404 unknown attempt or position; 422 with field errors when the answer does not
 *   fit the question, `timeOver` past the deadline (the attempt is then submitted), `attemptClosed` once submitted; 423 while the session's schedule closes it (issue 37 item 5)
 */
export async function saveQuizAnswer(db: Db, user: User, attemptId: number, position: number, body: QuizAnswer): Promise<QuizAttemptAnswerSaved> {
  const { row } = await ownAttempt(db, user, attemptId);
  if (row.submitted_at) throw new ApiError(422, row.timed_out ? LEARNING_MESSAGES.timeOver : LEARNING_MESSAGES.attemptClosed);
  await assertSessionOpen(db, user, row.product_session_id);
  const [question] = await db
    .select(keyColumns(quizQuestionVersions))
    .from(quizAttemptAnswers)
    .innerJoin(quizQuestionVersions, eq(quizQuestionVersions.id, quizAttemptAnswers.question_version_id))
    .where(and(eq(quizAttemptAnswers.attempt_id, attemptId), eq(quizAttemptAnswers.position, position)));
  if (!question) throw notFound(LEARNING_MESSAGES.questionPositionUnknown);
  const fitted = fitAnswer(question, body);
  if ('errors' in fitted) throw validationFailed(fitted.errors);
  const result = await db.execute(sql`
    with saved as (
      update ${quizAttemptAnswers} set answer = ${JSON.stringify(fitted.answer)}::jsonb, answered_at = now()
      where ${quizAttemptAnswers.attempt_id} = ${attemptId} and ${quizAttemptAnswers.position} = ${position}
        and exists (select 1 from ${quizAttempts} as t where t.id = ${attemptId} and t.submitted_at is null and (t.deadline_at is null or t.deadline_at > now()))
      returning 1
    )
    select (select count(*)::int from saved) as saved,
      (select count(*)::int from ${quizAttemptAnswers} as a where a.attempt_id = ${attemptId} and (a.answer is not null or a.position = ${position})) as answered`);
  const [counts] = rowsOf<{ saved: number; answered: number }>(result);
  if (!counts || counts.saved === 0) {
    // The deadline passed, or another tab submitted, between the read and the write.
    const { row: closed } = await ownAttempt(db, user, attemptId);
    throw new ApiError(422, closed.timed_out ? LEARNING_MESSAGES.timeOver : LEARNING_MESSAGES.attemptClosed);
  }
  return { position, answer: fitted.answer, answered: counts.answered };
}

/**
 * Submits `user`'s attempt `attemptId` and scores it; a submitted one is answered as it is.
 * @throws ApiError 404 unknown or another user's; 403 when the course is no longer theirs
 */
export async function submitQuizAttempt(db: Db, user: User, attemptId: number): Promise<QuizAttempt> {
  const { row, rules } = await ownAttempt(db, user, attemptId);
  if (!row.submitted_at) {
    await closeAttempt(db, attemptId, false, rules.pass_percent);
    await settleQuizSession(db, user, row.product_session_id, rules.score_policy);
  }
  return getQuizAttempt(db, user, attemptId);
}
