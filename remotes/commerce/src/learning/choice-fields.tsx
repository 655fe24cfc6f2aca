import { Box, Stack } from '@shop/ui-kit';
import { Checkbox, FormControlLabel, Radio, RadioGroup } from '@shop/ui-kit/lazy';
import type { AnswerFieldProps } from './answer-field-props';
import { AnswerMark } from './answer-marks';
import { learningStrings as t } from './learning-strings';

/**
 * An option's words and, once the result is shown, its mark: «گزینه درست» for an option of the right
 * answer, «انتخاب نادرست» for one the buyer chose that is not.
 */
function OptionLabel({ text, shown, right, chosen }: { text: string; shown: boolean; right: boolean; chosen: boolean }) {
  return (
    <Stack direction="row" useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1.5 }}>
      <span>{text}</span>
      {/* The space keeps the mark a word of its own in the option's accessible name. */}
      {shown && right && <> <AnswerMark right label={t.result.rightOption} /></>}
      {shown && chosen && !right && <> <AnswerMark right={false} label={t.result.wrongChoice} /></>}
    </Stack>
  );
}

/**
 * A `single_choice` question (issue 37 item 1): a radio per option, in the attempt's order; choosing
 * one answers `{ option_ids: [id] }`. With the result, the right option is marked.
 */
export function SingleChoiceField({ question, answer, onChange, disabled, labelledBy, describedBy }: AnswerFieldProps) {
  const chosen = answer?.option_ids?.[0] ?? '';
  const right = question.result?.correct_option_ids ?? [];
  return (
    <RadioGroup value={chosen} onChange={(_event, id) => onChange({ option_ids: [id] })} aria-labelledby={labelledBy} aria-describedby={describedBy}>
      {question.options.map((option) => (
        <FormControlLabel
          key={option.id}
          value={option.id}
          control={<Radio />}
          disabled={disabled}
          label={<OptionLabel text={option.text} shown={question.result !== null} right={right.includes(option.id)} chosen={chosen === option.id} />}
        />
      ))}
    </RadioGroup>
  );
}

/**
 * A `multiple_choice` question (issue 37 item 1): a checkbox per option; each tick answers
 * `{ option_ids }` with every ticked option, in the options' order. With the result, the right
 * options are marked, and the wrong ones the buyer ticked.
 */
export function MultipleChoiceField({ question, answer, onChange, disabled, labelledBy, describedBy }: AnswerFieldProps) {
  const ticked = new Set(answer?.option_ids ?? []);
  const right = question.result?.correct_option_ids ?? [];
  const toggle = (id: string, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(id);
    else next.delete(id);
    onChange({ option_ids: question.options.filter((option) => next.has(option.id)).map((option) => option.id) });
  };
  return (
    <Box role="group" aria-labelledby={labelledBy} aria-describedby={describedBy} sx={{ display: 'flex', flexDirection: 'column' }}>
      {question.options.map((option) => (
        <FormControlLabel
          key={option.id}
          control={<Checkbox checked={ticked.has(option.id)} onChange={(event) => toggle(option.id, event.target.checked)} />}
          disabled={disabled}
          label={<OptionLabel text={option.text} shown={question.result !== null} right={right.includes(option.id)} chosen={ticked.has(option.id)} />}
        />
      ))}
    </Box>
  );
}

/**
 * A `true_false` question (issue 37 item 1): two radios, «درست» and «نادرست», answering
 * `{ value: true }` or `{ value: false }`. With the result, the right one is marked.
 */
export function TrueFalseField({ question, answer, onChange, disabled, labelledBy, describedBy }: AnswerFieldProps) {
  const chosen = answer?.value === undefined ? '' : String(answer.value);
  const right = question.result?.correct_boolean;
  return (
    <RadioGroup value={chosen} onChange={(_event, value) => onChange({ value: value === 'true' })} aria-labelledby={labelledBy} aria-describedby={describedBy}>
      {[true, false].map((value) => (
        <FormControlLabel
          key={String(value)}
          value={String(value)}
          control={<Radio />}
          disabled={disabled}
          label={<OptionLabel text={value ? t.trueFalse.true : t.trueFalse.false} shown={question.result !== null} right={right === value} chosen={chosen === String(value)} />}
        />
      ))}
    </RadioGroup>
  );
}
