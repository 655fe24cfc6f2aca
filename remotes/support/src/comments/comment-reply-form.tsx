import { useId, useState, type FormEvent } from 'react';
import type { DashboardComment } from '@shop/contracts';
import { Button, Stack, enqueueSnackbar } from '@shop/ui-kit';
import { TextField } from '@shop/ui-kit/lazy';
import { commentReplySchema, validate } from '@shop/validation';
import { useReplyToCommentMutation } from './comments-api';
import { t } from '../strings';

/** First error of the reply's text under SPEC §5 (commentReplySchema: required, 2–2000 characters), or null. */
async function textError(text: string): Promise<string | null> {
  const result = await validate(commentReplySchema, { text });
  return result.ok ? null : (result.errors.text?.[0] ?? null);
}

/**
 * The inline staff reply under a comment: a text field checked on change and blur once touched
 * (SPEC §5), sent as `POST /api/dashboard/comments/:id/reply`; closes itself once sent.
 */
export function CommentReplyForm({ comment, onDone }: { comment: DashboardComment; onDone: () => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reply, { isLoading }] = useReplyToCommentMutation();

  const check = async (value: string) => {
    const message = await textError(value);
    setError(message);
    return message;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (await check(text)) return;
    const result = await reply({ comment, text: text.trim() });
    if ('error' in result) return;
    enqueueSnackbar(t.comments.replied, { variant: 'success' });
    onDone();
  };

  return (
    <Stack component="form" noValidate onSubmit={(event) => void submit(event)} spacing={1} useFlexGap sx={{ mt: 1 }}>
      <TextField
        id={id}
        label={t.comments.replyLabel}
        multiline
        minRows={2}
        maxRows={8}
        autoFocus
        value={text}
        disabled={isLoading}
        onChange={(event) => {
          setText(event.target.value);
          if (touched) void check(event.target.value);
        }}
        onBlur={() => {
          setTouched(true);
          void check(text);
        }}
        error={touched && !!error}
        helperText={touched ? error : undefined}
        fullWidth
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onDone} disabled={isLoading}>
          {t.comments.cancel}
        </Button>
        <Button type="submit" variant="contained" disabled={isLoading}>
          {t.comments.send}
        </Button>
      </Stack>
    </Stack>
  );
}
