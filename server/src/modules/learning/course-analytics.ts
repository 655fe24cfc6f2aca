/**
 * What staff learn of a course (issue 37 item 6): where its buyers stop (a funnel of sessions
 * reached and done), each quiz's pass rate and each question's share of right answers.
 *
 * Everything is counted over the course's buyers, users who ever had a grant of it (active or
 * ended), so a buyer refunded half-way still shows where they stopped, and staff or visitors who
 * opened a free preview do not. Each figure is one SQL aggregate (GROUP BY) over the whole course,
 * never a loop over buyers: six short queries whatever the number of buyers (10 000 in well under
 * a second, `npm run bench:learning`).
 */
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { CourseLearningAnalytics, CourseQuizAnalytics, CourseQuizQuestionAnalytics, QuestionType } from '@shop/contracts';
import { plainTextExcerpt } from '@shop/format';
import { rowsOf, type Db } from '../../db/client';
import { notFound } from '../../lib/api-error';
import { courseBuyersSql, getCourseOutline, sessionProgressSql } from '../commerce';
import { DEFAULT_QUIZ_RULES } from './quizzes-admin';
import { assignmentSubmissions, quizAttemptAnswers, quizAttempts, quizItems, quizQuestions, quizQuestionVersions, quizzes } from './tables';

/**
 * SQL subquery of the course's buyers' ids, for `user_id in …`. A semi-join inside each branch keeps
 * PostgreSQL's row estimates right (a join on the union's output was guessed at millions of rows,
 * which turned on JIT compiling: a quarter of a second of 0.4, measured with 10 000 buyers).
 */
const buyerIdsSql = (productId: number) => sql`(select b.user_id from ${courseBuyersSql(productId)} as b)`;

/** `ids` as a comma-separated list of parameters, for `in (…)` (never empty here). */
const idList = (ids: number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/** The most characters of a question's text shown beside its figures (as plain text). */
const QUESTION_TEXT_LENGTH = 200;

/** `part` in whole percent of `whole` (rounded), null when `whole` is 0. */
const percentOf = (part: number, whole: number): number | null => (whole === 0 ? null : Math.round((part * 100) / whole));

/**
 * Buyers who reached and who have done each session: a progress row, or for a quiz any attempt, for
 * an assignment any submission (graded or waiting: a pass alone writes progress).
 */
async function funnelOf(db: Db, productId: number, sessionIds: number[]): Promise<Map<number, { reached: number; done: number }>> {
  if (sessionIds.length === 0) return new Map();
  const rows = rowsOf<{ product_session_id: number; reached: number; done: number }>(
    await db.execute(sql`
      select t.product_session_id, count(distinct t.user_id)::int as reached, count(distinct t.user_id) filter (where t.done)::int as done
      from (
        select p.user_id, p.product_session_id, p.done from ${sessionProgressSql(sessionIds)} as p where p.user_id in ${buyerIdsSql(productId)}
        union all
        select a.user_id, a.product_session_id, false from ${quizAttempts} as a
        where a.product_session_id in (${idList(sessionIds)}) and a.user_id in ${buyerIdsSql(productId)}
        union all
        select s.user_id, s.product_session_id, false from ${assignmentSubmissions} as s
        where s.product_session_id in (${idList(sessionIds)}) and s.user_id in ${buyerIdsSql(productId)}
      ) as t
      group by t.product_session_id`),
  );
  return new Map(rows.map((row) => [Number(row.product_session_id), { reached: Number(row.reached), done: Number(row.done) }]));
}

interface QuizFigures {
  attempted: number;
  attempts: number;
  passed: number;
  average_best: number | null;
}

/**
 * Per quiz: buyers with a submitted attempt, the attempts, buyers whose standing attempt passed
 * (the best, ties to the later, or the last, as the quiz says: as quiz-attempts.ts settles it) and
 * the mean of each buyer's best percent.
 */
async function quizFiguresOf(db: Db, productId: number, quizIds: number[]): Promise<Map<number, QuizFigures>> {
  const rows = rowsOf<{ product_session_id: number } & Record<keyof QuizFigures, number | string | null>>(
    await db.execute(sql`
      select s.product_session_id, count(*)::int as attempted, sum(s.attempts)::int as attempts,
        count(*) filter (where s.passed)::int as passed, round(avg(s.best))::int as average_best
      from (
        select a.product_session_id, a.user_id, count(*) as attempts, max(a.percent) as best,
          (array_agg(a.passed order by
            case when coalesce(q.score_policy::text, ${DEFAULT_QUIZ_RULES.score_policy}) = 'best' then a.percent end desc nulls last,
            a.number desc))[1] as passed
        from ${quizAttempts} as a
        left join ${quizzes} as q on q.product_session_id = a.product_session_id
        where a.product_session_id in (${idList(quizIds)}) and a.submitted_at is not null
          and a.user_id in ${buyerIdsSql(productId)}
        group by a.product_session_id, a.user_id
      ) as s
      group by s.product_session_id`),
  );
  return new Map(
    rows.map((row) => [
      Number(row.product_session_id),
      { attempted: Number(row.attempted), attempts: Number(row.attempts), passed: Number(row.passed), average_best: row.average_best === null ? null : Number(row.average_best) },
    ]),
  );
}

type AnswerFigures = Pick<CourseQuizQuestionAnalytics, 'answers' | 'right' | 'unanswered'>;

/** Per quiz and question: answers in submitted attempts, right by the version each was scored by, left blank. */
async function answerFiguresOf(db: Db, productId: number, quizIds: number[]): Promise<Map<string, AnswerFigures & { quizId: number; questionId: number }>> {
  const rows = rowsOf<{ product_session_id: number; question_id: number; answers: number; right_answers: number; unanswered: number }>(
    await db.execute(sql`
      select a.product_session_id, v.question_id, count(*)::int as answers,
        count(*) filter (where x.is_correct)::int as right_answers, count(*) filter (where x.answer is null)::int as unanswered
      from ${quizAttemptAnswers} as x
      join ${quizAttempts} as a on a.id = x.attempt_id
      join ${quizQuestionVersions} as v on v.id = x.question_version_id
      where a.product_session_id in (${idList(quizIds)}) and a.submitted_at is not null
        and a.user_id in ${buyerIdsSql(productId)}
      group by a.product_session_id, v.question_id`),
  );
  return new Map(
    rows.map((row) => [
      `${row.product_session_id}:${row.question_id}`,
      { quizId: Number(row.product_session_id), questionId: Number(row.question_id), answers: Number(row.answers), right: Number(row.right_answers), unanswered: Number(row.unanswered) },
    ]),
  );
}

/** The current text, type and deleted flag of questions `ids`. */
async function questionLabels(db: Db, ids: number[]): Promise<Map<number, { text: string; type: QuestionType; deleted: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: quizQuestions.id, deleted: isNotNull(quizQuestions.deleted_at), body: quizQuestionVersions.body, type: quizQuestionVersions.type })
    .from(quizQuestions)
    .innerJoin(quizQuestionVersions, and(eq(quizQuestionVersions.question_id, quizQuestions.id), eq(quizQuestionVersions.version, quizQuestions.version)))
    .where(inArray(quizQuestions.id, ids));
  return new Map(rows.map((row) => [row.id, { text: plainTextExcerpt(row.body, QUESTION_TEXT_LENGTH), type: row.type, deleted: Boolean(row.deleted) }]));
}

/** Lowest share of right answers first, never answered last, then by place in the quiz. */
function byShareRight(a: CourseQuizQuestionAnalytics, b: CourseQuizQuestionAnalytics): number {
  if (a.right_percent !== b.right_percent) return a.right_percent === null ? 1 : b.right_percent === null ? -1 : a.right_percent - b.right_percent;
  return (a.position ?? Number.MAX_SAFE_INTEGER) - (b.position ?? Number.MAX_SAFE_INTEGER) || a.question_id - b.question_id;
}

/** Each quiz's rules, results and questions. */
async function quizzesOf(db: Db, productId: number, quizSessions: Array<{ id: number; title: string }>): Promise<CourseQuizAnalytics[]> {
  if (quizSessions.length === 0) return [];
  const quizIds = quizSessions.map((session) => session.id);
  const [rules, items, figures, answers] = await Promise.all([
    db.select({ id: quizzes.product_session_id, pass_percent: quizzes.pass_percent, score_policy: quizzes.score_policy }).from(quizzes).where(inArray(quizzes.product_session_id, quizIds)),
    db
      .select({ quizId: quizItems.product_session_id, questionId: quizItems.question_id })
      .from(quizItems)
      .innerJoin(quizQuestions, eq(quizQuestions.id, quizItems.question_id))
      .where(and(inArray(quizItems.product_session_id, quizIds), sql`${quizQuestions.deleted_at} is null`))
      .orderBy(asc(quizItems.product_session_id), asc(quizItems.position)),
    quizFiguresOf(db, productId, quizIds),
    answerFiguresOf(db, productId, quizIds),
  ]);
  const labels = await questionLabels(db, [...new Set([...items.map((item) => item.questionId), ...[...answers.values()].map((row) => row.questionId)])]);
  const rulesById = new Map(rules.map((row) => [row.id, row]));
  return quizSessions.map((session) => {
    const inQuiz = items.filter((item) => item.quizId === session.id).map((item) => item.questionId);
    const answered = [...answers.values()].filter((row) => row.quizId === session.id && !inQuiz.includes(row.questionId)).map((row) => row.questionId);
    const questions = [...inQuiz, ...answered].map((questionId): CourseQuizQuestionAnalytics => {
      const label = labels.get(questionId) ?? { text: '', type: 'single_choice' as const, deleted: true };
      const counts = answers.get(`${session.id}:${questionId}`) ?? { answers: 0, right: 0, unanswered: 0 };
      const place = inQuiz.indexOf(questionId);
      return {
        question_id: questionId,
        ...label,
        position: place === -1 ? null : place + 1,
        answers: counts.answers,
        right: counts.right,
        unanswered: counts.unanswered,
        right_percent: percentOf(counts.right, counts.answers),
      };
    });
    const rule = rulesById.get(session.id) ?? DEFAULT_QUIZ_RULES;
    const figure = figures.get(session.id) ?? { attempted: 0, attempts: 0, passed: 0, average_best: null };
    return {
      product_session_id: session.id,
      title: session.title,
      pass_percent: rule.pass_percent,
      score_policy: rule.score_policy,
      attempted: figure.attempted,
      attempts: figure.attempts,
      passed: figure.passed,
      pass_rate: percentOf(figure.passed, figure.attempted),
      average_best_percent: figure.average_best,
      questions: questions.sort(byShareRight),
    };
  });
}

/**
 * What staff learn of course `productId` (issue 37 item 6): its buyers, the funnel of its active
 * sessions in course order, and its active quizzes with their questions (see CourseLearningAnalytics).
 * @throws ApiError 404 for an unknown course (an inactive one is answered)
 */
export async function getCourseLearningAnalytics(db: Db, productId: number): Promise<CourseLearningAnalytics> {
  const outline = await getCourseOutline(db, productId);
  if (!outline) throw notFound();
  const sessionIds = outline.sessions.map((session) => session.id);
  const [buyerRows, funnel, quizList] = await Promise.all([
    db.execute(sql`select count(*)::int as buyers, count(*) filter (where b.active)::int as active_buyers from ${courseBuyersSql(productId)} as b`),
    funnelOf(db, productId, sessionIds),
    quizzesOf(
      db,
      productId,
      outline.sessions.filter((session) => session.kind === 'quiz'),
    ),
  ]);
  const [counts] = rowsOf<{ buyers: number; active_buyers: number }>(buyerRows);
  const buyers = Number(counts?.buyers ?? 0);
  return {
    product_id: outline.id,
    title: outline.title,
    buyers,
    active_buyers: Number(counts?.active_buyers ?? 0),
    sessions: outline.sessions.map((session) => {
      const { reached, done } = funnel.get(session.id) ?? { reached: 0, done: 0 };
      return { ...session, reached, done, reached_percent: percentOf(reached, buyers), done_percent: percentOf(done, buyers) };
    }),
    quizzes: quizList,
  };
}
