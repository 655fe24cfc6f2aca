/**
 * Regrading a question on purpose (issue 37 item 2): the submitted answers given to its earlier
 * versions of the same type are scored by its current version (options matched by id), and the
 * attempts that hold them get their scores again. Nothing changes until staff apply it; they see
 * first which attempts would change. An answer regraded once is not regraded again by the same version.
 */
import { and, eq, isNotNull, lt, ne, sql } from 'drizzle-orm';
import type { QuizAnswer, QuizRegradeChange, QuizRegradePreview } from '@shop/contracts';
import type { Db } from '../../db/client';
import type { AuditContext } from '../../lib/audit-trail';
import { getUserContacts } from '../users';
import { getQuizQuestion } from './question-bank';
import { quizRules, type QuizRules } from './quizzes-admin';
import { settleQuizSession } from './quiz-attempts';
import { scoreAnswer, scorePercent } from './quiz-scoring';
import { quizAttemptAnswers, quizAttempts, quizQuestionVersions } from './tables';

/** Changes listed in a preview; all are counted. */
const LISTED_CHANGES = 100;

/** What a regrade would do: the answers it scores again and each attempt's new score. */
interface RegradePlan {
  preview: QuizRegradePreview;
  versionId: number;
  answers: Array<{ attempt_id: number; position: number; is_correct: boolean; points_awarded: number }>;
  attempts: Array<{ id: number; user_id: number; product_session_id: number; score: number; max_score: number; percent: number; passed: boolean }>;
}

/** Plans the regrade of question `questionId` (reading, changing nothing). @throws ApiError 404 unknown or deleted question */
async function planRegrade(db: Db, questionId: number): Promise<RegradePlan> {
  const question = await getQuizQuestion(db, questionId);
  const [current] = await db
    .select({ id: quizQuestionVersions.id })
    .from(quizQuestionVersions)
    .where(and(eq(quizQuestionVersions.question_id, questionId), eq(quizQuestionVersions.version, question.version)));
  const rows = await db
    .select({
      attempt_id: quizAttemptAnswers.attempt_id,
      position: quizAttemptAnswers.position,
      answer: quizAttemptAnswers.answer,
      is_correct: quizAttemptAnswers.is_correct,
      points_awarded: quizAttemptAnswers.points_awarded,
      /** The points possible for this answer as it was scored (its graded version's). */
      points_before: sql<number>`(select v.points from ${quizQuestionVersions} as v where v.id = coalesce(${quizAttemptAnswers.graded_version_id}, ${quizAttemptAnswers.question_version_id}))`.mapWith(Number),
      user_id: quizAttempts.user_id,
      product_session_id: quizAttempts.product_session_id,
      score: quizAttempts.score,
      max_score: quizAttempts.max_score,
      percent: quizAttempts.percent,
      passed: quizAttempts.passed,
    })
    .from(quizAttemptAnswers)
    .innerJoin(quizQuestionVersions, eq(quizQuestionVersions.id, quizAttemptAnswers.question_version_id))
    .innerJoin(quizAttempts, eq(quizAttempts.id, quizAttemptAnswers.attempt_id))
    .where(
      and(
        eq(quizQuestionVersions.question_id, questionId),
        lt(quizQuestionVersions.version, question.version),
        eq(quizQuestionVersions.type, question.type),
        isNotNull(quizAttempts.submitted_at),
        ne(sql`coalesce(${quizAttemptAnswers.graded_version_id}, ${quizAttemptAnswers.question_version_id})`, current!.id),
      ),
    );
  const rulesOf = new Map<number, QuizRules>();
  for (const sessionId of new Set(rows.map((row) => row.product_session_id))) rulesOf.set(sessionId, await quizRules(db, sessionId));

  const answers: RegradePlan['answers'] = [];
  const byAttempt = new Map<number, RegradePlan['attempts'][number] & { before: { percent: number; passed: boolean } }>();
  for (const row of rows) {
    const scored = scoreAnswer(question, row.answer as QuizAnswer | null);
    answers.push({ attempt_id: row.attempt_id, position: row.position, ...scored });
    const attempt = byAttempt.get(row.attempt_id) ?? {
      id: row.attempt_id,
      user_id: row.user_id,
      product_session_id: row.product_session_id,
      score: row.score ?? 0,
      max_score: row.max_score,
      percent: row.percent ?? 0,
      passed: row.passed ?? false,
      before: { percent: row.percent ?? 0, passed: row.passed ?? false },
    };
    attempt.score += scored.points_awarded - (row.points_awarded ?? 0);
    attempt.max_score += question.points - row.points_before;
    attempt.percent = scorePercent(attempt.score, attempt.max_score);
    attempt.passed = attempt.percent >= rulesOf.get(row.product_session_id)!.pass_percent;
    byAttempt.set(row.attempt_id, attempt);
  }
  const changed = [...byAttempt.values()].filter((attempt) => attempt.percent !== attempt.before.percent || attempt.passed !== attempt.before.passed);
  const names = await getUserContacts(db, [...new Set(changed.slice(0, LISTED_CHANGES).map((attempt) => attempt.user_id))]);
  const changes: QuizRegradeChange[] = changed.slice(0, LISTED_CHANGES).map((attempt) => ({
    attempt_id: attempt.id,
    user_id: attempt.user_id,
    user_name: names.get(attempt.user_id)?.full_name ?? '',
    product_session_id: attempt.product_session_id,
    percent_before: attempt.before.percent,
    percent_after: attempt.percent,
    passed_before: attempt.before.passed,
    passed_after: attempt.passed,
  }));
  return {
    preview: {
      question_id: questionId,
      version: question.version,
      answers: rows.length,
      answers_changed: rows.filter((row, index) => row.points_awarded !== answers[index]!.points_awarded || row.is_correct !== answers[index]!.is_correct).length,
      changes,
      attempts_changed: changed.length,
    },
    versionId: current!.id,
    answers,
    attempts: [...byAttempt.values()].map(({ before: _before, ...attempt }) => attempt),
  };
}

/**
 * What regrading question `questionId` would change, changing nothing.
 * @throws ApiError 404 unknown or deleted question
 */
export async function previewRegrade(db: Db, questionId: number): Promise<QuizRegradePreview> {
  return (await planRegrade(db, questionId)).preview;
}

/**
 * Regrades question `questionId`: the answers of its preview are scored by its current version,
 * their attempts' scores follow, each buyer's quiz session is done or not by its standing score,
 * and the audit log records it. The attempts are locked while it runs, so a second regrade waits.
 * @returns the preview of what was changed
 * @throws ApiError 404 unknown or deleted question
 */
export async function applyRegrade(db: Db, questionId: number, audit: AuditContext): Promise<QuizRegradePreview> {
  const plan = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const question = await getQuizQuestion(tx, questionId);
    // Locks the attempts holding the question's answers, then plans from what they hold now.
    await tx.execute(sql`select 1 from ${quizAttempts} where ${quizAttempts.id} in (
      select a.attempt_id from ${quizAttemptAnswers} as a join ${quizQuestionVersions} as v on v.id = a.question_version_id
      where v.question_id = ${questionId}) for update`);
    const planned = await planRegrade(tx, questionId);
    for (const answer of planned.answers) {
      await tx
        .update(quizAttemptAnswers)
        .set({ is_correct: answer.is_correct, points_awarded: answer.points_awarded, graded_version_id: planned.versionId })
        .where(and(eq(quizAttemptAnswers.attempt_id, answer.attempt_id), eq(quizAttemptAnswers.position, answer.position)));
    }
    for (const attempt of planned.attempts) {
      await tx
        .update(quizAttempts)
        .set({ score: attempt.score, max_score: attempt.max_score, percent: attempt.percent, passed: attempt.passed })
        .where(eq(quizAttempts.id, attempt.id));
    }
    const { changes: _listed, ...counts } = planned.preview;
    await audit.record(tx, { entity: 'quiz_question', id: questionId, action: 'regrade', after: { product_id: question.product_id, ...counts } });
    return planned;
  });
  const settled = new Set<string>();
  const holders = await getUserContacts(db, [...new Set(plan.attempts.map((attempt) => attempt.user_id))]);
  for (const attempt of plan.attempts) {
    const key = `${attempt.user_id}:${attempt.product_session_id}`;
    if (settled.has(key)) continue;
    settled.add(key);
    const rules = await quizRules(db, attempt.product_session_id);
    await settleQuizSession(db, { id: attempt.user_id, full_name: holders.get(attempt.user_id)?.full_name ?? '' }, attempt.product_session_id, rules.score_policy);
  }
  return plan.preview;
}
