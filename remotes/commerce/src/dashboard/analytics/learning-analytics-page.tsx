import type { ReactNode } from 'react';
import type { CourseQuizAnalytics, CourseQuizQuestionAnalytics, CourseSessionFunnelStep } from '@shop/contracts';
import { useIdParam } from '@shop/content-ui';
import { DashboardSection, DataTable, PageHeader } from '@shop/dashboard-ui';
import { formatNumber } from '@shop/format';
import { Alert, Box, Button, Skeleton, Stack, Typography } from '@shop/ui-kit';
import { CATALOG_PATHS } from '../catalog/catalog-paths';
import { quizStrings } from '../quizzes/quiz-dashboard-strings';
import { analyticsStrings } from './analytics-strings';
import { useGetLearningAnalyticsQuery } from './learning-analytics-api';

const s = analyticsStrings;
const QUIZ_COLUMNS = ['title', 'attempted', 'attempts', 'passed', 'pass_rate', 'average_best_percent', 'rule'] as const;
const QUESTION_COLUMNS = ['text', 'type', 'answers', 'right_percent', 'unanswered'] as const;

/** A whole percent in Persian digits («۶۷٪»), or a dash when nothing was counted. */
const percentText = (value: number | null) => (value === null ? s.none : s.percent(formatNumber(value)));

/** A bar of `percent` of its track's width; the text beside it carries the figure, so it is hidden from screen readers. */
function Bar({ percent, color }: { percent: number | null; color: string }) {
  return (
    <Box aria-hidden sx={{ height: 10, borderRadius: 1, bgcolor: 'action.hover', overflow: 'hidden' }}>
      <Box sx={{ height: '100%', width: `${percent ?? 0}%`, bgcolor: color, borderRadius: 1 }} />
    </Box>
  );
}

/**
 * The funnel: a list of the course's active sessions in order, each with its reached and done
 * counts and percents of the buyers written out, and a bar for each.
 */
function SessionFunnel({ sessions }: { sessions: CourseSessionFunnelStep[] }) {
  if (sessions.length === 0) return <Typography color="text.secondary">{s.funnel.empty}</Typography>;
  return (
    <Box component="ol" aria-label={s.funnel.title} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {sessions.map((session) => (
        <Box component="li" key={session.id} sx={{ display: 'grid', gap: 0.5 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'baseline' }}>
            <Typography component="span" variant="body2" color="text.secondary">
              {s.funnel.position(formatNumber(session.position))}
            </Typography>
            <Typography component="span" sx={{ fontWeight: 500 }}>
              {session.title}
            </Typography>
            {session.kind === 'quiz' && (
              <Typography component="span" variant="caption" color="secondary.main">
                {s.funnel.quiz}
              </Typography>
            )}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 2 }} useFlexGap>
            <Typography component="span" variant="body2">
              {s.funnel.reached(formatNumber(session.reached), percentText(session.reached_percent))}
            </Typography>
            <Typography component="span" variant="body2">
              {s.funnel.done(formatNumber(session.done), percentText(session.done_percent))}
            </Typography>
          </Stack>
          <Bar percent={session.reached_percent} color="primary.light" />
          <Bar percent={session.done_percent} color="success.main" />
        </Box>
      ))}
    </Box>
  );
}

/** One cell of a quiz: its title, counts, pass rate, mean best score and its rule (pass mark and the score that stands). */
function quizCell(quiz: CourseQuizAnalytics, column: (typeof QUIZ_COLUMNS)[number]): ReactNode {
  switch (column) {
    case 'title':
      return quiz.title;
    case 'attempted':
    case 'attempts':
    case 'passed':
      return formatNumber(quiz[column]);
    case 'pass_rate':
    case 'average_best_percent':
      return percentText(quiz[column]);
    case 'rule':
      return s.quizzes.rule(percentText(quiz.pass_percent), quiz.score_policy);
  }
}

/** One cell of a question: its text (marked when no longer in the quiz), type, answers, share right and blanks. */
function questionCell(question: CourseQuizQuestionAnalytics, column: (typeof QUESTION_COLUMNS)[number]): ReactNode {
  switch (column) {
    case 'text':
      return (
        <span>
          {question.text || s.questions.untitled}
          {question.position === null && (
            <Typography component="span" variant="body2" color="text.secondary">
              {` ${s.questions.removed}`}
            </Typography>
          )}
        </span>
      );
    case 'type':
      return quizStrings.types[question.type];
    case 'answers':
    case 'unanswered':
      return formatNumber(question[column]);
    case 'right_percent':
      return s.questions.right(formatNumber(question.right), formatNumber(question.answers), percentText(question.right_percent));
  }
}

/** A quiz's questions, lowest share of right answers first (the server's order). */
function QuizQuestions({ quiz }: { quiz: CourseQuizAnalytics }) {
  const label = s.questions.listOf(quiz.title);
  return (
    <Box component="section" aria-label={label} sx={{ mt: 3 }}>
      <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem', mb: 0.5 }}>
        {label}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {s.questions.intro}
      </Typography>
      <DataTable
        label={label}
        columns={QUESTION_COLUMNS}
        labels={s.questions.columns}
        rows={quiz.questions}
        rowKey={(question) => question.question_id}
        cell={questionCell}
        isLoading={false}
        isFetching={false}
        empty={s.questions.empty}
        minWidth={680}
      />
    </Box>
  );
}

/**
 * `/dashboard/products/:productId/learning-analytics` (manage-product-sessions; issue 37 item 6): what
 * staff learn of a course, counted over its buyers (whoever ever had it): the funnel of its active
 * sessions (reached and done, counts and percents written out beside each bar), its quizzes' pass
 * rates, and each quiz's questions by share of right answers, lowest first. Every figure in Persian digits.
 */
export default function LearningAnalyticsPage() {
  const productId = useIdParam('productId');
  const { data, error, isLoading, refetch } = useGetLearningAnalyticsQuery(productId);
  const analytics = data?.data;
  const missing = error !== undefined && 'status' in error && error.status === 404;

  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <PageHeader
        title={analytics ? s.titleOf(analytics.title) : s.title}
        intro={s.intro}
        parents={[
          { label: s.products, to: CATALOG_PATHS.products },
          ...(analytics ? [{ label: analytics.title, to: `${CATALOG_PATHS.products}/${analytics.product_id}` }] : []),
        ]}
      />
      {error !== undefined && (
        <Alert
          severity={missing ? 'warning' : 'error'}
          role="alert"
          action={
            missing ? undefined : (
              <Button color="inherit" size="small" onClick={() => void refetch()}>
                {s.retry}
              </Button>
            )
          }
        >
          {missing ? s.notFound : s.loadFailed}
        </Alert>
      )}
      {isLoading && <Skeleton variant="rounded" height={240} />}
      {analytics && (
        <Stack spacing={3} useFlexGap>
          <Typography sx={{ fontWeight: 500 }}>{s.buyers(formatNumber(analytics.buyers), formatNumber(analytics.active_buyers))}</Typography>
          <DashboardSection title={s.funnel.title} intro={s.funnel.intro}>
            <SessionFunnel sessions={analytics.sessions} />
          </DashboardSection>
          <DashboardSection title={s.quizzes.title}>
            <DataTable
              label={s.quizzes.list}
              columns={QUIZ_COLUMNS}
              labels={s.quizzes.columns}
              rows={analytics.quizzes}
              rowKey={(quiz) => quiz.product_session_id}
              cell={quizCell}
              isLoading={false}
              isFetching={false}
              empty={s.quizzes.empty}
              minWidth={760}
            />
            {analytics.quizzes.map((quiz) => (
              <QuizQuestions key={quiz.product_session_id} quiz={quiz} />
            ))}
          </DashboardSection>
        </Stack>
      )}
    </Box>
  );
}
