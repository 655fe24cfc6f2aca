import { Stack } from '@shop/ui-kit';
import { MenuItem, TextField } from '@shop/ui-kit/lazy';
import type { AnswerFieldProps } from './answer-field-props';
import { AnswerMark } from './answer-marks';
import { learningStrings as t } from './learning-strings';

/** Under a prompt once the result is shown: «درست», or «پاسخ درست: …» with its right match. */
function MatchMark({ right, expected }: { right: boolean; expected: string }) {
  return right ? <AnswerMark right label={t.result.rightMatch} /> : <AnswerMark right={false} label={t.result.expectedMatch(expected)} />;
}

/**
 * A `matching` question (issue 37 item 1): a select per prompt (`options`), labelled by the prompt,
 * offering every answer (`matches`, in the attempt's order). Each choice answers `{ matches }`
 * with every prompt matched so far. With the result, each prompt says «درست» or its right match.
 */
export function MatchingField({ question, answer, onChange, disabled, labelledBy, describedBy }: AnswerFieldProps) {
  const given = answer?.matches ?? {};
  const matchText = new Map(question.matches.map((match) => [match.id, match.text]));
  const right = question.result?.correct_matches ?? {};
  return (
    <Stack role="group" aria-labelledby={labelledBy} aria-describedby={describedBy} spacing={2} useFlexGap>
      {question.options.map((prompt) => {
        const chosen = given[prompt.id] ?? '';
        const expected = right[prompt.id];
        return (
          <TextField
            key={prompt.id}
            select
            label={prompt.text}
            value={matchText.has(chosen) ? chosen : ''}
            onChange={(event) => onChange({ matches: { ...given, [prompt.id]: event.target.value } })}
            disabled={disabled}
            fullWidth
            helperText={expected === undefined ? undefined : <MatchMark right={chosen === expected} expected={matchText.get(expected) ?? ''} />}
          >
            {question.matches.map((match) => (
              <MenuItem key={match.id} value={match.id}>
                {match.text}
              </MenuItem>
            ))}
          </TextField>
        );
      })}
    </Stack>
  );
}
