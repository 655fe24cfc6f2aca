import { useEffect, useId, useRef, useState } from 'react';
import type { QuestionOption, QuizAnswer } from '@shop/contracts';
import { formatNumber } from '@shop/format';
import { Box, Icon, IconButton, Stack, Typography, visuallyHidden } from '@shop/ui-kit';
import type { AnswerFieldProps } from './answer-field-props';
import { learningStrings as t } from './learning-strings';

type Direction = 'up' | 'down';

/**
 * The order an ordering question shows (issue 37 item 1): the buyer's saved or given order, or,
 * before they touch it, the options' order. Ids the question does not have are dropped and items the
 * answer leaves out are put last, so every item is always shown once.
 * @returns the ids of `options` in the order to show
 * @example shownOrder([{ id: 'a', text: '…' }, { id: 'b', text: '…' }], { option_ids: ['b', 'a'] }) // ['b', 'a']
 */
export function shownOrder(options: QuestionOption[], answer: QuizAnswer | null): string[] {
  const ids = options.map((option) => option.id);
  const given = [...new Set(answer?.option_ids ?? [])].filter((id) => ids.includes(id));
  return [...given, ...ids.filter((id) => !given.includes(id))];
}

/** `order` with the item at `index` swapped with its neighbour in `direction`. */
function moved(order: string[], index: number, direction: Direction): string[] {
  const next = [...order];
  const other = direction === 'up' ? index - 1 : index + 1;
  [next[index], next[other]] = [next[other]!, next[index]!];
  return next;
}

/**
 * Keeps the keyboard on the item just moved: its button of the same direction, or the other one
 * once the item has reached the end that disables it (a disabled button cannot hold the focus).
 * @returns a ref callback for each move button, and `follow`, to call with the move just made
 */
function useFocusFollowsItem(order: string[]) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [last, setLast] = useState<{ id: string; direction: Direction } | null>(null);
  const key = order.join('\n');
  useEffect(() => {
    if (!last) return;
    const index = order.indexOf(last.id);
    const keeps = last.direction === 'up' ? index > 0 : index < order.length - 1;
    const direction = keeps ? last.direction : last.direction === 'up' ? 'down' : 'up';
    buttons.current.get(`${last.id}:${direction}`)?.focus();
    // Once per move, and again when the new order arrives from the page.
  }, [last, key]);
  const register = (id: string, direction: Direction) => (button: HTMLButtonElement | null) => {
    if (button) buttons.current.set(`${id}:${direction}`, button);
    else buttons.current.delete(`${id}:${direction}`);
  };
  return { register, follow: (id: string, direction: Direction) => setLast({ id, direction }) };
}

/**
 * An `ordering` question (issue 37 item 1): its items as a numbered list, each with «بالا» and
 * «پایین» buttons (no dragging, so the keyboard and a screen reader do it all; each move is read
 * out). Every move answers `{ option_ids }` with every item in the new order. With the result, the
 * buttons are disabled and the right order is listed under the buyer's.
 */
export function OrderingField({ question, answer, onChange, disabled, labelledBy, describedBy }: AnswerFieldProps) {
  const helpId = useId();
  const order = shownOrder(question.options, answer);
  const textOf = new Map(question.options.map((option) => [option.id, option.text]));
  const [announcement, setAnnouncement] = useState('');
  const { register, follow } = useFocusFollowsItem(order);
  const total = formatNumber(order.length);
  const move = (index: number, direction: Direction) => {
    const next = moved(order, index, direction);
    const id = order[index]!;
    follow(id, direction);
    setAnnouncement(t.ordering.moved(textOf.get(id) ?? '', formatNumber(next.indexOf(id) + 1), total));
    onChange({ option_ids: next });
  };
  const rightOrder = (question.result?.correct_option_ids ?? []).filter((id) => textOf.has(id));
  return (
    <div>
      <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t.ordering.help}
      </Typography>
      <Stack component="ol" role="list" spacing={1} useFlexGap aria-labelledby={labelledBy} aria-describedby={[helpId, describedBy].filter(Boolean).join(' ')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {order.map((id, index) => {
          const text = textOf.get(id) ?? '';
          return (
            <Box component="li" key={id} sx={{ display: 'flex', alignItems: 'center', gap: 1, border: 1, borderColor: 'divider', borderRadius: 1, paddingInlineStart: 1.5, paddingInlineEnd: 0.5, py: 0.25 }}>
              <Typography component="span" color="text.secondary" aria-hidden sx={{ minWidth: '1.5em' }}>
                {`${formatNumber(index + 1)}.`}
              </Typography>
              <Typography component="span" sx={{ flex: 1 }}>
                {text}
              </Typography>
              <IconButton ref={register(id, 'up')} aria-label={t.ordering.up(text)} disabled={disabled || index === 0} onClick={() => move(index, 'up')}>
                <Icon name="ExpandMore" sx={{ transform: 'rotate(180deg)' }} />
              </IconButton>
              <IconButton ref={register(id, 'down')} aria-label={t.ordering.down(text)} disabled={disabled || index === order.length - 1} onClick={() => move(index, 'down')}>
                <Icon name="ExpandMore" />
              </IconButton>
            </Box>
          );
        })}
      </Stack>
      <Box role="status" sx={visuallyHidden}>
        {announcement}
      </Box>
      {question.result && rightOrder.length > 0 && (
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 500 }}>
            {t.result.rightOrder}
          </Typography>
          <Box component="ol" role="list" sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0 }}>
            {rightOrder.map((id, index) => (
              <li key={id}>{`${formatNumber(index + 1)}. ${textOf.get(id) ?? ''}`}</li>
            ))}
          </Box>
        </Box>
      )}
    </div>
  );
}
