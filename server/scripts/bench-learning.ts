/**
 * Learning analytics figure of `npm run bench` (issue 37 item 6, «what staff learn»): on PostgreSQL,
 * one course of 20 sessions whose last is a 10-question quiz, 10 000 buyers with a realistic
 * drop-off through the lessons (each reaches a depth, fewer the further in) and 1–3 submitted
 * attempts each, questions of graded difficulty; then the time of
 * `GET /api/dashboard/products/:productId/learning-analytics` (median and max of RUNS runs after
 * WARMUP, through the whole Fastify stack with `inject`), beside a reference measured in the same
 * process the same way: `select count(*)` over the progress table. Target: median ≤ 1 s.
 *
 * The database is BENCH_LEARNING_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/bench_learning),
 * created when missing; its schemas are dropped and rebuilt (migrations and demo seed) on every run.
 * BENCH_LEARNING_BUYERS changes the number of buyers. Everything is seeded by a few set-based
 * statements (generate_series), never row by row. Writes `bench-results/learning.json` at the repository root.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import type { CourseLearningAnalytics } from '@shop/contracts';
import { buildApp } from '../src/app';
import { products, productSessions } from '../src/modules/commerce/tables';
import { quizAttemptAnswers, quizAttempts, quizItems, quizQuestions, quizQuestionVersions, quizzes } from '../src/modules/learning/tables';
import { issueToken } from '../src/modules/users/access-tokens';
import { users } from '../src/modules/users/tables';
import { hashPassword } from '../src/lib/passwords';
import { REPO_ROOT } from '../src/settings';
import { freshDatabase } from './bench-db';

const URL_DEFAULT = 'postgres://postgres@127.0.0.1:5432/bench_learning';
const SESSIONS = 20;
const QUESTIONS = 10;
const WARMUP = 2;
const RUNS = 9;
const TARGET_MS = 1000;

/** Median and max of sorted milliseconds. */
const medianOf = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)]!;

/** Milliseconds of each of `RUNS` calls after `WARMUP` unmeasured ones, sorted. */
async function timeRuns(fn: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

type App = Awaited<ReturnType<typeof buildApp>>;

/** The course: 20 sessions (the last a quiz with 10 single-choice questions, option `a` right, pass mark 60, best score stands). */
async function seedCourse(app: App): Promise<{ productId: number; sessionIds: number[]; quizId: number }> {
  const [product] = await app.db
    .insert(products)
    .values({ title: 'دورهٔ سنجش یادگیری', slug: `bench-learning-${Date.now()}`, price: 490_000 })
    .returning({ id: products.id });
  const sessions = await app.db
    .insert(productSessions)
    .values(
      Array.from({ length: SESSIONS }, (_, i) => ({
        product_id: product!.id,
        title: i === SESSIONS - 1 ? 'آزمون پایانی' : `جلسهٔ ${i + 1}`,
        slug: `bench-learning-${product!.id}-${i + 1}`,
        position: i + 1,
        kind: i === SESSIONS - 1 ? ('quiz' as const) : ('lesson' as const),
      })),
    )
    .returning({ id: productSessions.id });
  const sessionIds = sessions.map((session) => session.id);
  const quizId = sessionIds.at(-1)!;
  await app.db.insert(quizzes).values({ product_session_id: quizId, pass_percent: 60, score_policy: 'best' });
  for (let i = 0; i < QUESTIONS; i++) {
    const [question] = await app.db.insert(quizQuestions).values({ product_id: product!.id }).returning({ id: quizQuestions.id });
    await app.db.insert(quizQuestionVersions).values({
      question_id: question!.id,
      version: 1,
      type: 'single_choice',
      body: `<p>پرسش ${i + 1}</p>`,
      points: 1,
      options: ['a', 'b', 'c', 'd'].map((id) => ({ id, text: id, is_correct: id === 'a' })),
      matches: [],
      accepted_answers: [],
    });
    await app.db.insert(quizItems).values({ product_session_id: quizId, question_id: question!.id, position: i + 1 });
  }
  return { productId: product!.id, sessionIds, quizId };
}

/**
 * `buyers` users with a grant of the course (one in twenty ended by a refund), each reaching a
 * depth in the lessons (many stop early, a square law), every lesson before it done and the last
 * one reached done half the time; 1–3 submitted attempts each at the quiz, question k right with
 * probability 0.9 − 0.07k (5 % left blank), each attempt's score from its answers, and the quiz
 * session done for those whose best attempt passed. Answers the rows of each table after it (the
 * demo seed's included).
 */
async function seedLearners(app: App, course: { productId: number; sessionIds: number[]; quizId: number }, buyers: number): Promise<Record<string, number>> {
  const hash = await hashPassword('Bench12345');
  const lessons = course.sessionIds.slice(0, -1);
  const run = (statement: ReturnType<typeof sql>) => app.db.execute(statement);
  const counted = async (table: string) => {
    const result = (await app.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: Array<{ n: number }> };
    return Number(result.rows[0]!.n);
  };
  // A plain (unlogged) table, not a temporary one: the pool may run each statement on another connection.
  await run(sql`drop table if exists bench_learners`);
  await run(sql`
    create unlogged table bench_learners as
    with made as (
      insert into ${users} (full_name, email, password_hash, status, email_verified_at)
      select 'خریدار سنجش ' || i, 'bench-learner-' || i || '@example.com', ${hash}, 'ordinary', now() from generate_series(1, ${buyers}) as i
      returning id
    )
    select id as user_id, 1 + floor(${lessons.length} * (1 - sqrt(random())))::int as depth, 1 + floor(random() * 3)::int as attempts from made`);
  await run(sql`
    insert into access_grants (user_id, product_id, source, starts_at, ended_at, end_reason)
    select user_id, ${course.productId}, 'manual', now() - interval '90 days',
      case when user_id % 20 = 0 then now() - interval '10 days' end, case when user_id % 20 = 0 then 'refund'::access_grant_end end
    from bench_learners`);
  await run(sql`
    insert into session_progress (user_id, product_session_id, position_seconds, completed_at)
    select l.user_id, s.id, 600, case when s.position < l.depth or random() < 0.5 then now() - interval '1 day' end
    from bench_learners as l join ${productSessions} as s on s.id in (${sql.join(lessons.map((id) => sql`${id}`), sql`, `)}) and s.position <= l.depth`);
  await run(sql`
    insert into quiz_attempts (user_id, product_session_id, number, started_at, submitted_at, max_score)
    select l.user_id, ${course.quizId}, n, now() - interval '2 days' + n * interval '1 hour', now() - interval '2 days' + n * interval '1 hour' + interval '20 minutes', ${QUESTIONS}
    from bench_learners as l cross join lateral generate_series(1, l.attempts) as n`);
  await run(sql`
    insert into quiz_attempt_answers (attempt_id, position, question_version_id, option_order, match_order, answer, answered_at, is_correct, points_awarded)
    select r.attempt_id, r.position, r.version_id, '["a","b","c","d"]'::jsonb, '[]'::jsonb,
      case when r.x < 0.05 then null when r.ok then '{"option_ids":["a"]}'::jsonb else '{"option_ids":["b"]}'::jsonb end,
      r.started_at + interval '5 minutes', r.x >= 0.05 and r.ok, case when r.x >= 0.05 and r.ok then 1 else 0 end
    from (
      -- random() in a select list is drawn per row (in a lateral subquery PostgreSQL may draw it once).
      select a.id as attempt_id, a.started_at, i.position, v.id as version_id, random() as x, random() < 0.9 - 0.07 * (i.position - 1) as ok
      from ${quizAttempts} as a
      join ${quizItems} as i on i.product_session_id = a.product_session_id
      join ${quizQuestionVersions} as v on v.question_id = i.question_id and v.version = 1
      where a.product_session_id = ${course.quizId}
    ) as r`);
  await run(sql`
    update ${quizAttempts} as a set score = s.score, percent = s.score * 100 / ${QUESTIONS}, passed = s.score * 100 / ${QUESTIONS} >= 60
    from (select attempt_id, sum(points_awarded)::int as score from ${quizAttemptAnswers} group by attempt_id) as s
    where s.attempt_id = a.id`);
  await run(sql`
    insert into session_progress (user_id, product_session_id, completed_at)
    select user_id, ${course.quizId}, case when bool_or(passed) then now() end from ${quizAttempts} where product_session_id = ${course.quizId} group by user_id`);
  await run(sql`drop table bench_learners`);
  return {
    access_grants: await counted('access_grants'),
    session_progress: await counted('session_progress'),
    quiz_attempts: await counted('quiz_attempts'),
    quiz_attempt_answers: await counted('quiz_attempt_answers'),
  };
}

async function main(): Promise<void> {
  const url = process.env.BENCH_LEARNING_DATABASE_URL || URL_DEFAULT;
  const buyers = Number(process.env.BENCH_LEARNING_BUYERS || 10_000);
  console.log(`[bench:learning] PostgreSQL ${url.replace(/\/\/[^@]*@/, '//…@')}: fresh schema, demo seed, one course, ${buyers} buyers…`);
  await freshDatabase(url);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-learning-'));
  const app = await buildApp({ databaseUrl: url, dataDir, logger: false, serveStatic: false, demoLesson: false, rateLimit: { global: 10_000_000 } });
  try {
    const seedStarted = performance.now();
    const course = await seedCourse(app);
    const rows = await seedLearners(app, course, buyers);
    // What autovacuum does after a bulk load: statistics and the visibility map.
    await app.db.execute(sql`vacuum analyze`);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    console.log(`[bench:learning] seeded in ${seedSeconds.toFixed(1)} s: ${Object.entries(rows).map(([table, n]) => `${table} ${n}`).join(', ')}`);

    const [admin] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, 'super@example.com'));
    const headers = { authorization: `Bearer ${(await issueToken(app.db, admin!.id)).token}` };
    let answer: CourseLearningAnalytics | undefined;
    const call = async () => {
      const response = await app.inject({ url: `/api/dashboard/products/${course.productId}/learning-analytics`, headers });
      if (response.statusCode !== 200) throw new Error(`learning analytics answered ${response.statusCode}: ${response.body}`);
      answer = response.json<{ data: CourseLearningAnalytics }>().data;
    };
    const reference = await timeRuns(() => app.db.execute(sql`select count(*) from session_progress`));
    const times = await timeRuns(call);
    const median = medianOf(times);
    const referenceMedian = medianOf(reference);
    const quiz = answer!.quizzes[0]!;
    const met = median <= TARGET_MS;
    console.log(
      [
        '',
        `Learning analytics on PostgreSQL — 1 course, ${SESSIONS} sessions, a ${QUESTIONS}-question quiz, ${answer!.buyers} buyers (${RUNS} runs after ${WARMUP} warm-up; app.inject, no socket)`,
        `funnel: ${answer!.sessions.map((session) => `${session.reached}/${session.done}`).join(' ')}`,
        `quiz: ${quiz.attempted} attempted, ${quiz.attempts} attempts, pass rate ${quiz.pass_rate} %, average best ${quiz.average_best_percent} %; questions right ${quiz.questions.map((q) => `${q.right_percent} %`).join(', ')}`,
        `reference: select count(*) over session_progress median ${referenceMedian.toFixed(1)} ms, max ${reference.at(-1)!.toFixed(1)} ms`,
        `analytics: median ${median.toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms (${(median / referenceMedian).toFixed(1)}× the reference)`,
        `VERDICT: learning analytics ${median.toFixed(0)} ms median (target ≤ ${TARGET_MS}) — ${met ? 'met' : 'MISSED'}`,
      ].join('\n'),
    );
    const resultsDir = path.join(REPO_ROOT, 'bench-results');
    fs.mkdirSync(resultsDir, { recursive: true });
    const json = {
      measuredAt: new Date().toISOString(),
      buyers: answer!.buyers,
      sessions: SESSIONS,
      questions: QUESTIONS,
      rows,
      seedSeconds,
      referenceCountMs: { median: referenceMedian, max: reference.at(-1)! },
      analyticsMs: { median, max: times.at(-1)!, runs: times },
      ratioToReference: median / referenceMedian,
      targetMs: TARGET_MS,
      met,
    };
    fs.writeFileSync(path.join(resultsDir, 'learning.json'), `${JSON.stringify(json, null, 2)}\n`);
    console.log(`\n[bench:learning] written ${path.join(resultsDir, 'learning.json')}`);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error('[bench:learning] failed:', error);
  process.exit(1);
});
