import { useId } from 'react';
import { formatNumber } from '@shop/format';
import { Box, Typography } from '@shop/ui-kit';
import { TextField } from '@shop/ui-kit/lazy';
import { ANSWER_TEXT_MAX } from '@shop/validation';
import type { AnswerFieldProps } from './answer-field-props';
import { learningStrings as t } from './learning-strings';

/**
 * A `short_answer` question (issue 37 item 1): one text field of at most `ANSWER_TEXT_MAX` characters
 * (500, the bound of the shared answer schema the server checks), with how many are used; every
 * keystroke answers `{ text }` (the page debounces the saving). With the result, the accepted forms
 * are listed.
 * @param hasError the field is drawn as in error (the message itself is shown by `QuestionField`)
 */
export function ShortAnswerField({ question, answer, onChange, disabled, labelledBy, describedBy, hasError }: AnswerFieldProps & { hasError: boolean }) {
  const id = useId();
  const text = answer?.text ?? '';
  const accepted = question.result?.accepted_answers ?? [];
  return (
    <Box role="group" aria-labelledby={labelledBy}>
      <TextField
        id={id}
        label={t.shortAnswer.label}
        value={text}
        onChange={(event) => onChange({ text: event.target.value })}
        disabled={disabled}
        error={hasError}
        helperText={t.shortAnswer.help(formatNumber(text.length), formatNumber(ANSWER_TEXT_MAX))}
        fullWidth
        slotProps={{ htmlInput: { maxLength: ANSWER_TEXT_MAX, 'aria-describedby': [`${id}-helper-text`, describedBy].filter(Boolean).join(' ') } }}
      />
      {question.result && accepted.length > 0 && (
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {t.result.acceptedAnswers}
          </Typography>
          <Box component="ul" sx={{ m: 0, mt: 0.5, paddingInlineStart: 3 }}>
            {accepted.map((form) => (
              <li key={form}>{form}</li>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
