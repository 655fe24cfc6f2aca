import { useCallback, useEffect, useRef, useState } from 'react';
import { claimApiError, type FetchBaseQueryError } from '@shop/api-client';
import type { QuizAnswer, QuizAttempt, QuizOverview } from '@shop/contracts';
import { formatClock, formatNumber } from '@shop/format';
import { ConfirmDialog } from '@shop/content-ui';
import { Alert, Box, Button, Icon, Paper, Skeleton, Stack, Typography } from '@shop/ui-kit';
import { QuestionField } from './question-field';
import { useGetQuizAttemptQuery, useSaveQuizAnswerMutation, useSubmitQuizAttemptMutation } from './quiz-api';
import { quizStrings as t } from './quiz-strings';

/** How long typing in a short answer pauses before it is saved, milliseconds. */
const TEXT_SAVE_DELAY_MS = 700;
/** Minutes left at which screen readers are told how much time remains. */
const ANNOUNCED_MINUTES = [5, 1];

/**
 * Seconds left of an open timed attempt, counted on the device from the server's clock at the
 * answer (`deadline_at − server_time`), so a device clock that is wrong changes nothing; calls
 * `onOver` once when it reaches 0 (the page then asks the server, which has submitted it).
 */
function useSecondsLeft(attempt: QuizAttempt | undefined, onOver: () => void): number | null {
  const [left, setLeft] = useState<number | null>(null);
  const over = useRef(onOver);
  over.current = onOver;
  useEffect(() => {
    if (!attempt?.deadline_at || attempt.status !== 'in_progress') {
      setLeft(null);
      return undefined;
    }
    const endsAt = performance.now() + (Date.parse(attempt.deadline_at) - Date.parse(attempt.server_time));
    let done = false;
    const tick = () => {
      const seconds = Math.max(0, Math.ceil((endsAt - performance.now()) / 1000));
      setLeft(seconds);
      if (seconds === 0 && !done) {
        done = true;
        over.current();
      }
    };
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [attempt?.deadline_at, attempt?.server_time, attempt?.status]);
  return left;
}

/** The time left, with a polite announcement at a few minutes left. */
function Countdown({ seconds }: { seconds: number }) {
  const minutes = Math.ceil(seconds / 60);
  const announce = ANNOUNCED_MINUTES.includes(minutes) && seconds % 60 === 0 ? t.attempt.remainingAnnounced(formatNumber(minutes)) : '';
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', color: seconds <= 60 ? 'error.main' : 'text.primary' }}>
      <Icon name="Schedule" />
      <Typography>{t.attempt.remaining}:</Typography>
      <Typography role="timer" sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {formatClock(seconds)}
      </Typography>
      <Box component="span" aria-live="polite" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {announce}
      </Box>
    </Stack>
  );
}

/** A submitted attempt: passed or not, the score, and each question with its result when the quiz shows answers. */
function AttemptResult({ attempt, quiz, onClose }: { attempt: QuizAttempt; quiz: QuizOverview; onClose: () => void }) {
  const percent = formatNumber(attempt.percent ?? 0);
  const shown = attempt.questions.some((question) => question.result !== null);
  return (
    <Stack spacing={2} useFlexGap>
      <Alert severity={attempt.passed ? 'success' : 'warning'} icon={<Icon name={attempt.passed ? 'CheckCircle' : 'Info'} />}>
        {attempt.passed ? t.result.passed(percent) : t.result.failed(percent, formatNumber(quiz.pass_percent))}
        <Box>{t.result.score(formatNumber(attempt.score ?? 0), formatNumber(attempt.max_score))}</Box>
      </Alert>
      {attempt.timed_out && <Alert severity="info">{t.result.timedOut}</Alert>}
      {shown ? (
        attempt.questions.map((question) => (
          <QuestionField key={question.position} question={question} total={attempt.questions.length} answer={question.answer} onChange={() => undefined} disabled />
        ))
      ) : (
        <Typography color="text.secondary">{t.result.answersHidden}</Typography>
      )}
      <Box>
        <Button variant="outlined" startIcon={<Icon name="ChevronRight" />} onClick={onClose}>
          {t.result.back}
        </Button>
      </Box>
    </Stack>
  );
}

/**
 * Saves answers as they are given: at once for a choice, after a pause in typing for a short
 * answer. Answers the errors by question and a `flush` that sends what is still waiting.
 */
function useAnswerSaver(attemptId: number, onClosed: () => void) {
  const [saveAnswer] = useSaveQuizAnswerMutation();
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [pending, setPending] = useState(0);
  const waiting = useRef(new Map<number, { answer: QuizAnswer; timer: number }>());
  const send = useCallback(
    async (position: number, answer: QuizAnswer) => {
      setPending((n) => n + 1);
      try {
        await saveAnswer({ attemptId, position, answer }).unwrap();
        setErrors(({ [position]: _cleared, ...rest }) => rest);
      } catch (error) {
        const { status, message, fieldErrors } = claimApiError(error as FetchBaseQueryError);
        const field = Object.values(fieldErrors)[0]?.[0];
        setErrors((current) => ({ ...current, [position]: field ?? message ?? t.attempt.saveFailed }));
        // Past the deadline or submitted elsewhere: the server has closed the attempt.
        if (status === 422 && !field) onClosed();
      } finally {
        setPending((n) => n - 1);
      }
    },
    [attemptId, saveAnswer, onClosed],
  );
  const change = (position: number, answer: QuizAnswer, delayed: boolean) => {
    const earlier = waiting.current.get(position);
    if (earlier) window.clearTimeout(earlier.timer);
    if (!delayed) {
      waiting.current.delete(position);
      void send(position, answer);
      return;
    }
    const timer = window.setTimeout(() => {
      waiting.current.delete(position);
      void send(position, answer);
    }, TEXT_SAVE_DELAY_MS);
    waiting.current.set(position, { answer, timer });
  };
  const flush = async () => {
    const entries = [...waiting.current.entries()];
    waiting.current.clear();
    await Promise.all(
      entries.map(([position, { answer, timer }]) => {
        window.clearTimeout(timer);
        return send(position, answer);
      }),
    );
  };
  return { change, flush, errors, saving: pending > 0 };
}

/**
 * An attempt at a quiz (issue 37 items 1, 2 and 7): while open, its questions with their saved
 * answers (a reload or a second tab continues it), each answer saved as it is given, the time left
 * by the server's clock, and submitting (after a confirmation that says how many are unanswered);
 * once submitted, its result.
 * @param attemptId the attempt; `quiz` its quiz's overview; `productId` its course; `onClose` back to the quiz
 */
export function QuizAttemptView({ attemptId, quiz, productId, onClose }: { attemptId: number; quiz: QuizOverview; productId: number; onClose: () => void }) {
  const { data, refetch } = useGetQuizAttemptQuery(attemptId, { refetchOnMountOrArgChange: true });
  const [submitAttempt, { isLoading: submitting }] = useSubmitQuizAttemptMutation();
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Answers as given here, shown at once (a short answer is saved after a pause in typing).
  const [given, setGiven] = useState<Record<number, QuizAnswer>>({});
  const closed = useCallback(() => void refetch(), [refetch]);
  const saver = useAnswerSaver(attemptId, closed);
  const attempt = data?.data;
  const secondsLeft = useSecondsLeft(attempt, closed);
  if (!attempt) return <Skeleton variant="rounded" height={240} aria-label={t.loading} />;
  if (attempt.status === 'submitted') return <AttemptResult attempt={attempt} quiz={quiz} onClose={onClose} />;

  const total = attempt.questions.length;
  const answerOf = (question: QuizAttempt['questions'][number]) => given[question.position] ?? question.answer;
  const unanswered = attempt.questions.filter((question) => answerOf(question) === null).length;
  const submit = async () => {
    setConfirming(false);
    setRefusal(null);
    await saver.flush();
    try {
      await submitAttempt({ attemptId, sessionId: quiz.product_session_id, productId }).unwrap();
    } catch (error) {
      setRefusal(claimApiError(error as FetchBaseQueryError).message ?? t.attempt.saveFailed);
    }
  };
  return (
    <Stack spacing={2.5} useFlexGap>
      {/* Stays in sight while the buyer scrolls, below the shell's sticky header (its height in --public-header-height). */}
      <Paper
        variant="outlined"
        sx={{ position: 'sticky', top: 'calc(var(--public-header-height, 0px) + 8px)', zIndex: 1, p: 1.5, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between' }}
      >
        <Typography component="h3" sx={{ fontWeight: 700 }}>
          {t.attempt.heading(formatNumber(attempt.number))}
        </Typography>
        {secondsLeft !== null && <Countdown seconds={secondsLeft} />}
        <Typography color="text.secondary" aria-live="polite">
          {saver.saving ? t.attempt.saving : t.attempt.answered(formatNumber(total - unanswered), formatNumber(total))}
        </Typography>
      </Paper>
      {attempt.questions.map((question) => (
        <QuestionField
          key={question.position}
          question={question}
          total={total}
          answer={answerOf(question)}
          error={saver.errors[question.position]}
          onChange={(answer) => {
            setGiven((current) => ({ ...current, [question.position]: answer }));
            saver.change(question.position, answer, question.type === 'short_answer');
          }}
        />
      ))}
      {refusal && <Alert severity="error">{refusal}</Alert>}
      <Box>
        <Button variant="contained" size="large" disabled={submitting} onClick={() => setConfirming(true)}>
          {submitting ? t.attempt.submitting : t.attempt.submit}
        </Button>
      </Box>
      <ConfirmDialog
        open={confirming}
        title={t.attempt.confirmTitle}
        text={unanswered > 0 ? t.attempt.confirmUnanswered(formatNumber(unanswered)) : t.attempt.confirmAll}
        confirmLabel={t.attempt.confirm}
        pending={submitting}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void submit()}
      />
    </Stack>
  );
}
