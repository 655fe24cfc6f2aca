import { useId, useState, type FormEvent } from 'react';
import type { TicketState, TicketThread } from '@shop/contracts';
import { claimApiError } from '@shop/api-client';
import { formatJalaliDate } from '@shop/format';
import { Alert, Box, Button, Paper, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { Chip, TextField } from '@shop/ui-kit/lazy';
import { t } from './strings';

/** Who reads a thread: staff in the dashboard (authors by name), or its sender in the profile («شما», «پشتیبانی سایت»). */
export type TicketViewer = 'staff' | 'sender';

const STATE_COLOR: Record<TicketState, 'warning' | 'success' | 'default'> = { waiting: 'warning', answered: 'success', closed: 'default' };

/** A ticket's state as a small chip: «در انتظار پاسخ», «پاسخ داده شده» or «بسته شده» (issue 32 item 3). */
export function TicketStateChip({ state }: { state: TicketState }) {
  return <Chip size="small" variant="outlined" color={STATE_COLOR[state]} label={t.ticket.state[state]} />;
}

/**
 * A contact-us ticket's whole thread, oldest first (issue 32 item 3): the ticket's own text, then
 * each reply, with its author, a «پشتیبانی» mark on staff's answers and the Jalali date and time.
 * `viewer` names the authors: staff see names, the sender sees «شما» and «پشتیبانی سایت».
 */
export function TicketMessages({ thread, viewer }: { thread: TicketThread; viewer: TicketViewer }) {
  const messages = [
    { key: 'ticket', is_staff: false, user_name: thread.user_name, text: thread.text, created_at: thread.created_at },
    ...thread.replies.map((reply) => ({ ...reply, key: String(reply.id) })),
  ];
  const authorOf = (message: (typeof messages)[number]) => {
    if (viewer === 'sender') return message.is_staff ? t.ticket.support : t.ticket.you;
    return message.user_name || t.ticket.deletedAuthor;
  };
  return (
    <Stack component="ol" aria-label={t.ticket.thread} spacing={1.5} useFlexGap sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {messages.map((message) => (
        <Paper
          key={message.key}
          component="li"
          variant="outlined"
          sx={{
            p: 1.5,
            ...(message.is_staff ? { bgcolor: 'action.hover', borderInlineStartWidth: 4, borderInlineStartColor: 'primary.main' } : {}),
          }}
        >
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 0.5 }}>
            <Typography component="span" sx={{ fontWeight: 700 }}>
              {authorOf(message)}
            </Typography>
            {viewer === 'staff' && (
              <Chip size="small" variant="outlined" color={message.is_staff ? 'primary' : 'default'} label={message.is_staff ? t.ticket.staff : t.ticket.sender} />
            )}
            <Typography component="span" variant="body2" color="text.secondary">
              <time dateTime={message.created_at}>{formatJalaliDate(message.created_at, { withTime: true })}</time>
            </Typography>
          </Stack>
          <Typography sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{message.text}</Typography>
        </Paper>
      ))}
    </Stack>
  );
}

/** What a reply's request answered: RTK Query's result of the mutation (`{message, data}` on success). */
export type TicketReplyResult = { data: { message: string } } | { error: Parameters<typeof claimApiError>[0] };

/**
 * The reply box under a ticket's thread (issue 32 item 3), the same for staff's answer and the
 * sender's reply: the text is checked on change and blur once touched (SPEC §5) by `check` (the
 * shared `ticketReplyError`), then `send`s; the server's 422 shows under the field, any other
 * refusal (a closed ticket's 409) above the button, which spins while sending. Once sent, the
 * server's message is a toast and the box is empty again.
 * @param check answers the text's first error, or null when it is valid
 * @param send the reply's mutation; its result decides what the box shows
 */
export function TicketReplyForm({
  label,
  help,
  check,
  send,
}: {
  label: string;
  /** Shown under the field while it has no error (who reads the reply, where it goes). */
  help: string;
  check: (text: string) => Promise<string | null>;
  send: (text: string) => Promise<TicketReplyResult>;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const validate = async (value: string) => {
    const message = await check(value);
    setError(message);
    return message;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setFailure(null);
    if (await validate(text)) return;
    setSending(true);
    const result = await send(text.trim());
    setSending(false);
    if ('error' in result) {
      const { status, message, fieldErrors } = claimApiError(result.error);
      if (status === 422 && fieldErrors.text?.[0]) setError(fieldErrors.text[0]);
      else setFailure(message ?? t.ticket.failed);
      return;
    }
    enqueueSnackbar(result.data.message, { variant: 'success' });
    setText('');
    setTouched(false);
    setError(null);
  };

  return (
    <Box component="form" noValidate aria-label={label} onSubmit={(event: FormEvent) => void submit(event)}>
      <TextField
        id={id}
        label={label}
        multiline
        minRows={3}
        maxRows={12}
        value={text}
        disabled={sending}
        onChange={(event) => {
          setText(event.target.value);
          if (touched) void validate(event.target.value);
        }}
        onBlur={() => {
          setTouched(true);
          void validate(text);
        }}
        error={touched && !!error}
        helperText={(touched && error) || help}
        fullWidth
      />
      <Stack spacing={1} useFlexGap sx={{ mt: 1, alignItems: 'flex-end' }}>
        {failure && (
          <Alert severity="error" role="alert" sx={{ alignSelf: 'stretch' }}>
            {failure}
          </Alert>
        )}
        <Button type="submit" variant="contained" loading={sending}>
          {t.ticket.send}
        </Button>
      </Stack>
    </Box>
  );
}
