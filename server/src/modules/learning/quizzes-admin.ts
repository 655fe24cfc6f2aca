/**
 * A quiz's rules and questions as staff set them (issue 37 item 1). Owns `quizzes` and
 * `quiz_items`. A session becomes a quiz by its kind (the session form, commerce); until its rules
 * are saved it has the defaults and no question.
 */
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { DashboardQuiz, QuizQuestion, QuizSettingsBody } from '@shop/contracts';
import type { QuizSettingsInput } from '@shop/validation';
import type { Db } from '../../db/client';
import { notFound, validationFailed } from '../../lib/api-error';
import type { AuditContext } from '../../lib/audit-trail';
import { getProductSessionRef, type ProductSessionRef } from '../commerce';
import { LEARNING_MESSAGES } from './messages';
import { selectQuestions } from './question-bank';
import { quizItems, quizQuestions, quizzes } from './tables';

/** A quiz's rules, without its questions. */
export type QuizRules = Omit<QuizSettingsBody, 'question_ids'>;

/** The rules of a quiz whose rules were never saved. */
export const DEFAULT_QUIZ_RULES: QuizRules = {
  time_limit_minutes: null,
  max_attempts: null,
  pass_percent: 60,
  shuffle_questions: false,
  shuffle_options: false,
  show_answers: true,
  score_policy: 'best',
};

/**
 * Session `sessionId` when it is a quiz (active or not).
 * @throws ApiError 404 for an unknown session, and `notAQuiz` for another kind
 */
export async function quizSessionRef(db: Db, sessionId: number): Promise<ProductSessionRef> {
  const session = await getProductSessionRef(db, sessionId);
  if (!session) throw notFound();
  if (session.kind !== 'quiz') throw notFound(LEARNING_MESSAGES.notAQuiz);
  return session;
}

/** The saved rules of quiz `sessionId`, else the defaults. */
export async function quizRules(db: Db, sessionId: number): Promise<QuizRules> {
  const [row] = await db.select().from(quizzes).where(eq(quizzes.product_session_id, sessionId));
  if (!row) return DEFAULT_QUIZ_RULES;
  const { product_session_id: _session, updated_at: _updated, ...rules } = row;
  return rules;
}

/** The questions of quiz `sessionId` in its order, each as its current version (deleted ones are out of it). */
export async function quizQuestionsOf(db: Db, sessionId: number): Promise<QuizQuestion[]> {
  const items = await db
    .select({ question_id: quizItems.question_id })
    .from(quizItems)
    .innerJoin(quizQuestions, and(eq(quizQuestions.id, quizItems.question_id), isNull(quizQuestions.deleted_at)))
    .where(eq(quizItems.product_session_id, sessionId))
    .orderBy(asc(quizItems.position));
  if (items.length === 0) return [];
  const byId = new Map((await selectQuestions(db, inArray(quizQuestions.id, items.map((item) => item.question_id)))).map((q) => [q.id, q]));
  return items.flatMap((item) => byId.get(item.question_id) ?? []);
}

/**
 * Quiz `sessionId` as the dashboard edits it.
 * @throws ApiError 404 unknown session or not a quiz
 */
export async function getDashboardQuiz(db: Db, sessionId: number): Promise<DashboardQuiz> {
  const session = await quizSessionRef(db, sessionId);
  const [rules, questions] = await Promise.all([quizRules(db, sessionId), quizQuestionsOf(db, sessionId)]);
  return {
    ...rules,
    product_session_id: sessionId,
    product_id: session.product_id,
    question_ids: questions.map((question) => question.id),
    questions,
    total_points: questions.reduce((sum, question) => sum + question.points, 0),
  };
}

/**
 * Saves quiz `sessionId`'s rules and questions (in the order given). Attempts already started keep
 * the questions they were given.
 * @throws ApiError 404 unknown session or not a quiz; 422 on `question_ids` for a question not in
 *   the course's bank (another course's, deleted, unknown)
 */
export async function saveQuizSettings(db: Db, sessionId: number, input: QuizSettingsInput, audit: AuditContext): Promise<DashboardQuiz> {
  const session = await quizSessionRef(db, sessionId);
  const { question_ids: questionIds, ...rules } = input;
  const found = await selectQuestions(db, and(eq(quizQuestions.product_id, session.product_id), inArray(quizQuestions.id, questionIds)));
  if (found.length !== questionIds.length) throw validationFailed({ question_ids: [LEARNING_MESSAGES.questionsNotInCourse] });
  const before = await getDashboardQuiz(db, sessionId);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx
      .insert(quizzes)
      .values({ product_session_id: sessionId, ...rules })
      .onConflictDoUpdate({ target: quizzes.product_session_id, set: { ...rules, updated_at: new Date() } });
    await tx.delete(quizItems).where(eq(quizItems.product_session_id, sessionId));
    await tx.insert(quizItems).values(questionIds.map((question_id, index) => ({ product_session_id: sessionId, question_id, position: index + 1 })));
    const { questions: _questions, total_points: _points, product_session_id: _session, ...auditedBefore } = before;
    await audit.record(tx, { entity: 'quiz', id: sessionId, action: 'update', before: auditedBefore, after: { ...rules, question_ids: questionIds, product_id: session.product_id } });
  });
  return getDashboardQuiz(db, sessionId);
}
