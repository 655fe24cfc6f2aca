import { useId } from 'react';
import type { QuizAnswer, QuizAttemptQuestion } from '@shop/contracts';
import { RichText } from '@shop/content-ui';
import { formatNumber } from '@shop/format';
import { Box, Paper, Stack, Typography } from '@shop/ui-kit';
import { FormHelperText } from '@shop/ui-kit/lazy';
import type { AnswerFieldProps } from './answer-field-props';
import { ResultSummary } from './answer-marks';
import { MultipleChoiceField, SingleChoiceField, TrueFalseField } from './choice-fields';
import { learningStrings as t } from './learning-strings';
import { MatchingField } from './matching-field';
import { OrderingField } from './ordering-field';
import { ShortAnswerField } from './short-answer-field';

/** Props of {@link QuestionField}. */
export interface QuestionFieldProps {
  question: QuizAttemptQuestion;
  /** How many questions the attempt has («پرسش ۳ از ۵»). */
  total: number;
  /** The buyer's answer as the page keeps it (null before any). */
  answer: QuizAnswer | null;
  /** Gets the whole new answer at each change, in the field its type reads. */
  onChange: (answer: QuizAnswer) => void;
  /** Locks the inputs (while the attempt is being submitted, or once it is over). */
  disabled?: boolean;
  /** The server's Persian message about this answer, shown under it. */
  error?: string;
}

/** Whether `answer` says anything: an option, a value, some text or a match. */
function isAnswered(answer: QuizAnswer | null): boolean {
  if (!answer) return false;
  return (answer.option_ids?.length ?? 0) > 0 || answer.value !== undefined || !!answer.text?.trim() || Object.keys(answer.matches ?? {}).length > 0;
}

/** The input of the question's type. */
function AnswerInput({ hasError, ...props }: AnswerFieldProps & { hasError: boolean }) {
  switch (props.question.type) {
    case 'single_choice':
      return <SingleChoiceField {...props} />;
    case 'multiple_choice':
      return <MultipleChoiceField {...props} />;
    case 'true_false':
      return <TrueFalseField {...props} />;
    case 'short_answer':
      return <ShortAnswerField {...props} hasError={hasError} />;
    case 'ordering':
      return <OrderingField {...props} />;
    case 'matching':
      return <MatchingField {...props} />;
  }
}

/** The question's image (decorative: the body says what it shows) and audio clip, when it has them. */
function QuestionMedia({ question }: { question: QuizAttemptQuestion }) {
  if (!question.image && !question.audio) return null;
  return (
    <Stack spacing={1.5} useFlexGap sx={{ mt: 1.5 }}>
      {question.image && <Box component="img" src={question.image} alt="" loading="lazy" sx={{ display: 'block', maxWidth: '100%', height: 'auto', borderRadius: 1 }} />}
      {question.audio && (
        <Box component="audio" controls preload="none" src={question.audio} aria-label={t.question.audio(formatNumber(question.position))} sx={{ width: '100%', maxWidth: 480 }} />
      )}
    </Stack>
  );
}

/**
 * One question of a quiz attempt, for the buyer to answer (issue 37 item 1): its number («پرسش ۳
 * از ۵») and points («۲ امتیاز», «بدون امتیاز»), its body (HTML the server sanitized), image and
 * audio, and the input of its type, named by the number and the body. A controlled component: it
 * shows `answer` and hands each change to `onChange` as a whole {@link QuizAnswer} (`option_ids`,
 * `value`, `text` or `matches`, by type); the page saves it. Once `question.result` is set, the
 * inputs are locked and it shows whether the answer was right, the points given and the right
 * answer. `error` is shown under the input and describes it.
 * @returns a `<section>` named by the question's number
 */
export function QuestionField({ question, total, answer, onChange, disabled = false, error }: QuestionFieldProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const bodyId = `${id}-body`;
  const errorId = `${id}-error`;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" useFlexGap sx={{ justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t.question.number(formatNumber(question.position), formatNumber(total))}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {question.points === 0 ? t.question.noPoints : t.question.points(formatNumber(question.points))}
        </Typography>
      </Stack>
      <div id={bodyId}>
        <RichText html={question.body} />
      </div>
      <QuestionMedia question={question} />
      <Box sx={{ mt: 2 }}>
        <AnswerInput
          question={question}
          answer={answer}
          onChange={onChange}
          disabled={disabled || question.result !== null}
          labelledBy={`${titleId} ${bodyId}`}
          describedBy={error ? errorId : undefined}
          hasError={!!error}
        />
      </Box>
      {error && (
        <FormHelperText id={errorId} error sx={{ mt: 1, fontSize: '0.875rem' }}>
          {error}
        </FormHelperText>
      )}
      {question.result && (
        <Box sx={{ mt: 1.5 }}>
          <ResultSummary question={question} answered={isAnswered(answer)} />
        </Box>
      )}
    </Paper>
  );
}
