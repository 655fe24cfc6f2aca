import { useState } from 'react';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import type { ProductSessionDetail, QuizOverview } from '@shop/contracts';
import { formatJalaliDate, formatNumber } from '@shop/format';
import { Alert, Box, Button, Icon, Stack, Typography } from '@shop/ui-kit';
import { Chip } from '@shop/ui-kit/lazy';
import { QuizAttemptView } from './quiz-attempt-view';
import { useGetQuizOverviewQuery, useStartQuizAttemptMutation } from './quiz-api';
import { quizStrings as t } from './quiz-strings';
import { LearningPanel, RulesList } from './learning-panel';

/** The quiz's rules, one line each. */
function QuizRules({ quiz }: { quiz: QuizOverview }) {
  const lines = [
    t.rules.questions(formatNumber(quiz.questions_count), formatNumber(quiz.total_points)),
    t.rules.passMark(formatNumber(quiz.pass_percent)),
    quiz.time_limit_minutes === null ? t.rules.noTimeLimit : t.rules.timeLimit(formatNumber(quiz.time_limit_minutes)),
    quiz.max_attempts === null ? t.rules.anyAttempts : t.rules.attemptsLeft(formatNumber(quiz.attempts_left ?? 0), formatNumber(quiz.max_attempts)),
    quiz.score_policy === 'best' ? t.rules.best : t.rules.last,
  ];
  return <RulesList lines={lines} />;
}

/** The buyer's attempts, newest first, each with its result and a way to see it again. */
function QuizAttemptsList({ quiz, onOpen }: { quiz: QuizOverview; onOpen: (attemptId: number) => void }) {
  if (quiz.attempts.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="quiz-attempts-title">
      <Typography id="quiz-attempts-title" variant="h6" component="h3" sx={{ mb: 1 }}>
        {t.attempts.title}
      </Typography>
      <Stack component="ul" spacing={1} useFlexGap sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {quiz.attempts.map((attempt) => (
          <Stack component="li" key={attempt.id} direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>{t.attempts.number(formatNumber(attempt.number))}</Typography>
            <Typography color="text.secondary">{formatJalaliDate(attempt.started_at)}</Typography>
            {attempt.status === 'in_progress' ? (
              <Chip size="small" label={t.attempts.open} />
            ) : (
              <>
                <Typography>{t.attempts.percent(formatNumber(attempt.percent ?? 0))}</Typography>
                <Chip
                  size="small"
                  color={attempt.passed ? 'success' : 'default'}
                  icon={<Icon name={attempt.passed ? 'CheckCircle' : 'Close'} />}
                  label={attempt.passed ? t.attempts.passed : t.attempts.failed}
                />
                <Button size="small" onClick={() => onOpen(attempt.id)}>
                  {t.attempts.view}
                </Button>
              </>
            )}
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}

/** The rules, where the buyer stands, the start (or continue) button and the past attempts. */
function QuizIntro({ quiz, onOpen }: { quiz: QuizOverview; onOpen: (attemptId: number) => void }) {
  const [startAttempt, { isLoading: starting }] = useStartQuizAttemptMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const start = async () => {
    setRefusal(null);
    try {
      onOpen((await startAttempt(quiz.product_session_id).unwrap()).data.id);
    } catch (error) {
      setRefusal(claimApiError(error as FetchBaseQueryError).message ?? t.failedToLoad);
    }
  };
  const canStart = quiz.questions_count > 0 && quiz.attempts_left !== 0;
  return (
    <Stack spacing={2.5} useFlexGap>
      <QuizRules quiz={quiz} />
      {quiz.counted_percent !== null &&
        (quiz.passed ? (
          <Alert severity="success">{t.passed(formatNumber(quiz.counted_percent))}</Alert>
        ) : (
          <Alert severity="warning">{t.notPassed(formatNumber(quiz.counted_percent), formatNumber(quiz.pass_percent))}</Alert>
        ))}
      {quiz.questions_count === 0 && <Alert severity="info">{t.noQuestions}</Alert>}
      {refusal && <Alert severity="error">{refusal}</Alert>}
      <Box>
        {quiz.open_attempt_id !== null ? (
          <Button variant="contained" size="large" startIcon={<Icon name="PlayArrow" />} onClick={() => onOpen(quiz.open_attempt_id!)}>
            {t.continue}
          </Button>
        ) : canStart ? (
          <Button variant="contained" size="large" startIcon={<Icon name="PlayArrow" />} disabled={starting} onClick={() => void start()}>
            {starting ? t.starting : quiz.attempts.length > 0 ? t.retake : t.start}
          </Button>
        ) : (
          quiz.attempts_left === 0 && <Typography color="text.secondary">{t.noAttemptsLeft}</Typography>
        )}
      </Box>
      <QuizAttemptsList quiz={quiz} onOpen={onOpen} />
    </Stack>
  );
}

/**
 * A quiz session's area for a buyer (issue 37 items 1 and 2), in place of a lesson's player: the
 * quiz's rules, where the buyer stands (passed or not, by the score that counts), their attempts,
 * and the attempt being taken or looked at again ({@link QuizAttemptView}).
 * @param session the quiz session the buyer may open
 */
export function QuizPanel({ session }: { session: ProductSessionDetail }) {
  const { data, isError } = useGetQuizOverviewQuery(session.id);
  const [attemptId, setAttemptId] = useState<number | null>(null);
  const quiz = data?.data;
  return (
    <LearningPanel title={t.title} isError={isError} failedText={t.failedToLoad} loaded={!!quiz} loadingText={t.loading}>
      {quiz &&
        (attemptId !== null ? (
          <QuizAttemptView attemptId={attemptId} quiz={quiz} productId={session.product_id} onClose={() => setAttemptId(null)} />
        ) : (
          <QuizIntro quiz={quiz} onOpen={setAttemptId} />
        ))}
    </LearningPanel>
  );
}

export default QuizPanel;
