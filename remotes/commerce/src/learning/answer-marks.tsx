import type { QuizAttemptQuestion } from '@shop/contracts';
import { formatNumber } from '@shop/format';
import { Box, Icon, Stack, Typography } from '@shop/ui-kit';
import { learningStrings as t } from './learning-strings';

/**
 * A right or wrong mark (issue 37 item 1): a tick or a cross with its words, in the theme's success
 * or error colour, so it never says it by colour alone.
 * @param right which mark; `label` is its words («پاسخ درست», «گزینه درست», «انتخاب نادرست»…)
 */
export function AnswerMark({ right, label }: { right: boolean; label: string }) {
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: right ? 'success.main' : 'error.main', fontWeight: 500, fontSize: '0.875rem', verticalAlign: 'middle' }}
    >
      <Icon name={right ? 'CheckCircle' : 'Close'} fontSize="small" />
      {label}
    </Box>
  );
}

/**
 * How a submitted answer was scored (issue 37 item 1): «پاسخ درست» or «پاسخ نادرست» and the points
 * given of the question's («۲ از ۲ امتیاز», «بدون امتیاز» for a question of no points), and a note
 * when the buyer gave no answer. Renders nothing before the result is shown.
 * @param answered whether the buyer gave an answer
 */
export function ResultSummary({ question, answered }: { question: QuizAttemptQuestion; answered: boolean }) {
  const { result } = question;
  if (!result) return null;
  return (
    <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}>
      <AnswerMark right={result.is_correct} label={result.is_correct ? t.result.correct : t.result.wrong} />
      <Typography variant="body2">{question.points === 0 ? t.question.noPoints : t.result.awarded(formatNumber(result.points_awarded), formatNumber(question.points))}</Typography>
      {!answered && (
        <Typography variant="body2" color="text.secondary">
          {t.result.unanswered}
        </Typography>
      )}
    </Stack>
  );
}
