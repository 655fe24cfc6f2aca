import { useEffect, type ReactNode } from 'react';
import { FieldArray, getIn, useFormikContext } from 'formik';
import { formatNumber } from '@shop/format';
import { FormTextField } from '@shop/forms';
import { ACCEPTED_ANSWERS_MAX, OPTION_TEXT_MAX, QUESTION_OPTIONS_MAX, QUESTION_OPTIONS_MIN } from '@shop/validation';
import { Box, Button, Icon, IconButton, Stack, Typography } from '@shop/ui-kit';
import { Checkbox, FormControlLabel, FormHelperText, Radio, RadioGroup } from '@shop/ui-kit/lazy';
import { blankOption, listErrorKey, type ListField, type QuestionFormValues } from './question-values';
import { quizStrings } from './quiz-dashboard-strings';

const s = quizStrings.form;

/**
 * A list's own message (too few, a duplicate, no right choice), once it was touched or the form
 * sent, and while none of its rows has an error of its own: the shared schema counts two empty
 * rows as duplicates, which says nothing the rows' «الزامی است» does not.
 */
function ListError({ name }: { name: ListField }) {
  const { errors, touched, submitCount } = useFormikContext<QuestionFormValues>();
  const message = (errors as Record<string, unknown>)[listErrorKey(name)];
  const rowErrors = getIn(errors, name) as unknown;
  const rowsFine = !Array.isArray(rowErrors) || rowErrors.every((error) => !error);
  const shown = typeof message === 'string' && rowsFine && (submitCount > 0 || getIn(touched, name) !== undefined || getIn(touched, listErrorKey(name)) === true);
  return shown ? (
    <FormHelperText error role="alert" sx={{ mx: 0 }}>
      {message}
    </FormHelperText>
  ) : null;
}

/** A titled group of a question's answer fields: its legend, help, rows, the list's message and its «add» button. */
function AnswerFieldset({
  legend,
  help,
  name,
  add,
  children,
}: {
  legend: string;
  help?: string;
  name?: ListField;
  add?: { label: string; disabled: boolean; onClick: () => void };
  children: ReactNode;
}) {
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="body2" color="text.secondary" sx={{ px: 0.5 }}>
        {legend}
      </Typography>
      {help && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {help}
        </Typography>
      )}
      <Stack spacing={1} useFlexGap>
        {children}
      </Stack>
      {name && <ListError name={name} />}
      {add && (
        <Button startIcon={<Icon name="Add" />} disabled={add.disabled} onClick={add.onClick} sx={{ mt: 1 }}>
          {add.label}
        </Button>
      )}
    </Box>
  );
}

/** One row of a list: its field(s) and, at its end, its controls. */
function Row({ children, controls }: { children: ReactNode; controls: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ alignItems: { sm: 'flex-start' } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flex: 1, minWidth: 0 }}>
        {children}
      </Stack>
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ alignItems: 'center', pt: { sm: 1 }, flexShrink: 0 }}>
        {controls}
      </Stack>
    </Stack>
  );
}

/** The red «remove» button of a row, named after it. */
function RemoveButton({ label, disabled, onClick }: { label: string; disabled: boolean; onClick: () => void }) {
  return (
    <IconButton size="small" color="error" aria-label={label} title={label} disabled={disabled} onClick={onClick}>
      <Icon name="Delete" fontSize="small" />
    </IconButton>
  );
}

/** Choices of a single- or multiple-choice question: text and «پاسخ درست» (a radio for single, a checkbox for multiple). */
function ChoicesFields({ multiple }: { multiple: boolean }) {
  const { values, setFieldValue, isSubmitting } = useFormikContext<QuestionFormValues>();
  const c = s.choices;
  const mark = (index: number, checked: boolean) =>
    void setFieldValue(
      'options',
      values.options.map((option, i) => ({ ...option, is_correct: multiple ? (i === index ? checked : option.is_correct) : i === index })),
    );
  return (
    <FieldArray name="options">
      {(list) => (
        <AnswerFieldset
          legend={c.legend}
          help={multiple ? c.helpMultiple : c.helpSingle}
          name="options"
          add={{ label: c.add, disabled: isSubmitting || values.options.length >= QUESTION_OPTIONS_MAX, onClick: () => list.push(blankOption()) }}
        >
          {values.options.map((option, index) => {
            const number = formatNumber(index + 1);
            const input = { input: { 'aria-label': c.correctOf(number) } };
            return (
              <Row
                key={index}
                controls={
                  <>
                    <FormControlLabel
                      label={c.correct}
                      control={
                        multiple ? (
                          <Checkbox checked={option.is_correct} onChange={(event) => mark(index, event.target.checked)} slotProps={input} />
                        ) : (
                          <Radio name="correct-option" checked={option.is_correct} onChange={() => mark(index, true)} slotProps={input} />
                        )
                      }
                    />
                    <RemoveButton label={c.remove(number)} disabled={isSubmitting || values.options.length <= QUESTION_OPTIONS_MIN} onClick={() => list.remove(index)} />
                  </>
                }
              >
                <FormTextField name={`options.${index}.text`} label={c.option(number)} maxLength={OPTION_TEXT_MAX} />
              </Row>
            );
          })}
        </AnswerFieldset>
      )}
    </FieldArray>
  );
}

/** Items of an ordering question in the right order: add, remove, move up and down. */
function OrderingFields() {
  const { values, isSubmitting } = useFormikContext<QuestionFormValues>();
  const o = s.ordering;
  const count = values.options.length;
  return (
    <FieldArray name="options">
      {(list) => (
        <AnswerFieldset
          legend={o.legend}
          help={o.help}
          name="options"
          add={{ label: o.add, disabled: isSubmitting || count >= QUESTION_OPTIONS_MAX, onClick: () => list.push(blankOption()) }}
        >
          {values.options.map((_option, index) => {
            const number = formatNumber(index + 1);
            return (
              <Row
                key={index}
                controls={
                  <>
                    <IconButton size="small" aria-label={o.up(number)} title={o.up(number)} disabled={isSubmitting || index === 0} onClick={() => list.swap(index, index - 1)}>
                      <Icon name="ExpandMore" fontSize="small" sx={{ transform: 'rotate(180deg)' }} />
                    </IconButton>
                    <IconButton size="small" aria-label={o.down(number)} title={o.down(number)} disabled={isSubmitting || index === count - 1} onClick={() => list.swap(index, index + 1)}>
                      <Icon name="ExpandMore" fontSize="small" />
                    </IconButton>
                    <RemoveButton label={o.remove(number)} disabled={isSubmitting || count <= QUESTION_OPTIONS_MIN} onClick={() => list.remove(index)} />
                  </>
                }
              >
                <FormTextField name={`options.${index}.text`} label={o.item(number)} maxLength={OPTION_TEXT_MAX} />
              </Row>
            );
          })}
        </AnswerFieldset>
      )}
    </FieldArray>
  );
}

/** Pairs of a matching question: each prompt beside its right match; a pair is added and removed whole. */
function MatchingFields() {
  const { values, setFieldValue, isSubmitting } = useFormikContext<QuestionFormValues>();
  const m = s.matching;
  const count = values.options.length;
  // A new question's options may have been written under another type: one match per prompt.
  useEffect(() => {
    if (values.matches.length !== count) {
      void setFieldValue('matches', Array.from({ length: count }, (_, i) => values.matches[i] ?? { text: '' }), false);
    }
  }, [count, values.matches, setFieldValue]);
  return (
    <FieldArray name="options">
      {(prompts) => (
        <FieldArray name="matches">
          {(matches) => (
            <AnswerFieldset
              legend={m.legend}
              help={m.help}
              name="options"
              add={{
                label: m.add,
                disabled: isSubmitting || count >= QUESTION_OPTIONS_MAX,
                onClick: () => {
                  prompts.push(blankOption());
                  matches.push({ text: '' });
                },
              }}
            >
              {values.options.map((_option, index) => {
                const number = formatNumber(index + 1);
                return (
                  <Row
                    key={index}
                    controls={
                      <RemoveButton
                        label={m.remove(number)}
                        disabled={isSubmitting || count <= QUESTION_OPTIONS_MIN}
                        onClick={() => {
                          prompts.remove(index);
                          matches.remove(index);
                        }}
                      />
                    }
                  >
                    <FormTextField name={`options.${index}.text`} label={m.prompt(number)} maxLength={OPTION_TEXT_MAX} />
                    <FormTextField name={`matches.${index}.text`} label={m.match(number)} maxLength={OPTION_TEXT_MAX} />
                  </Row>
                );
              })}
              <ListError name="matches" />
            </AnswerFieldset>
          )}
        </FieldArray>
      )}
    </FieldArray>
  );
}

/** The right answer of a true/false question. */
function TrueFalseFields() {
  const { values, errors, touched, submitCount, setFieldValue, setFieldTouched } = useFormikContext<QuestionFormValues>();
  const tf = s.trueFalse;
  const error = (touched.correct_boolean || submitCount > 0) && typeof errors.correct_boolean === 'string' ? errors.correct_boolean : null;
  return (
    <AnswerFieldset legend={tf.legend}>
      <RadioGroup
        row
        aria-label={tf.legend}
        value={values.correct_boolean}
        onChange={(event) => {
          void setFieldTouched('correct_boolean', true, false);
          void setFieldValue('correct_boolean', event.target.value);
        }}
      >
        <FormControlLabel value="true" control={<Radio />} label={tf.true} />
        <FormControlLabel value="false" control={<Radio />} label={tf.false} />
      </RadioGroup>
      {error && (
        <FormHelperText error role="alert" sx={{ mx: 0 }}>
          {error}
        </FormHelperText>
      )}
    </AnswerFieldset>
  );
}

/** The accepted forms of a short answer: add and remove. */
function ShortAnswerFields() {
  const { values, isSubmitting } = useFormikContext<QuestionFormValues>();
  const a = s.shortAnswer;
  const count = values.accepted_answers.length;
  return (
    <FieldArray name="accepted_answers">
      {(list) => (
        <AnswerFieldset
          legend={a.legend}
          help={a.help}
          name="accepted_answers"
          add={{ label: a.add, disabled: isSubmitting || count >= ACCEPTED_ANSWERS_MAX, onClick: () => list.push('') }}
        >
          {values.accepted_answers.map((_answer, index) => {
            const number = formatNumber(index + 1);
            return (
              <Row key={index} controls={<RemoveButton label={a.remove(number)} disabled={isSubmitting || count <= 1} onClick={() => list.remove(index)} />}>
                <FormTextField name={`accepted_answers.${index}`} label={a.answer(number)} maxLength={OPTION_TEXT_MAX} />
              </Row>
            );
          })}
        </AnswerFieldset>
      )}
    </FieldArray>
  );
}

/**
 * The answer fields of the question form for its type (issue 37 item 1): choices with their right
 * one(s), ordering items in the right order, matching pairs, the right value of a true/false
 * question or the accepted forms of a short answer. Reads and writes the question form's formik
 * values ({@link QuestionFormValues}); every list keeps 2–10 rows (accepted answers 1–10).
 */
export function QuestionAnswerFields() {
  const { values } = useFormikContext<QuestionFormValues>();
  switch (values.type) {
    case 'single_choice':
      return <ChoicesFields multiple={false} />;
    case 'multiple_choice':
      return <ChoicesFields multiple />;
    case 'ordering':
      return <OrderingFields />;
    case 'matching':
      return <MatchingFields />;
    case 'true_false':
      return <TrueFalseFields />;
    case 'short_answer':
      return <ShortAnswerFields />;
  }
}
