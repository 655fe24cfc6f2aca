import type { Ticket } from '@shop/contracts';
import { TicketStateChip, useUrlParams } from '@shop/content-ui';
import { SelectRowCheckbox, type RowSelection } from '@shop/dashboard-ui';
import { formatJalaliDate, formatMobile, toPersianDigits } from '@shop/format';
import { Box, Button, Paper, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { Chip } from '@shop/ui-kit/lazy';
import { useSetTicketReadMutation } from './tickets-api';
import { TICKET_PARAM } from './ticket-thread-dialog';
import { t } from '../strings';

/**
 * One ticket in the dashboard list: sender name, email and mobile (LTR, «۰۹۱۲ ۱۲۳ ۴۵۶۷»), subject, Jalali date
 * and time, read chip, the text, the mark read / unread action, and its checkbox in the page's
 * `selection` (issue 26); its thread's state and replies, and «گفت‌وگو و پاسخ», which opens the
 * thread's dialog through the URL's `ticket` (issue 32 item 3).
 */
export function TicketCard({ ticket, selection }: { ticket: Ticket; selection: RowSelection<number> }) {
  const [, updateParams] = useUrlParams();
  const [setRead, { isLoading }] = useSetTicketReadMutation();
  const titleId = `ticket-${ticket.id}-title`;
  const selected = selection.isSelected(ticket.id);

  const toggle = async () => {
    const read = !ticket.is_read;
    const result = await setRead({ ticket, read });
    if (!('error' in result)) enqueueSnackbar(read ? t.tickets.markedRead : t.tickets.markedUnread, { variant: 'success' });
  };

  return (
    <Paper
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      sx={{
        p: { xs: 1.5, sm: 2 },
        opacity: isLoading ? 0.6 : 1,
        borderInlineStartWidth: ticket.is_read ? 1 : 4,
        borderInlineStartColor: ticket.is_read ? undefined : 'primary.main',
        ...(selected ? { bgcolor: 'action.selected' } : {}),
      }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Box sx={{ mt: -0.75, mx: -1 }}>
          <SelectRowCheckbox selection={selection} rowKey={ticket.id} title={t.tickets.selectLabel(ticket.title, ticket.user_name)} />
        </Box>
        <Box sx={{ minWidth: 0, flex: '1 1 10rem' }}>
          <Typography id={titleId} component="h3" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
            {ticket.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t.tickets.sender}: {ticket.user_name} — <bdi dir="ltr">{ticket.user_email}</bdi>
            {' — '}
            {ticket.user_mobile ? <bdi dir="ltr">{formatMobile(ticket.user_mobile)}</bdi> : <span>{t.tickets.noMobile}</span>}
          </Typography>
        </Box>
        <Stack direction="row" spacing={0.5} useFlexGap>
          <TicketStateChip state={ticket.state} />
          <Chip size="small" color={ticket.is_read ? 'default' : 'primary'} label={ticket.is_read ? t.tickets.read : t.tickets.unread} />
        </Stack>
      </Stack>

      <Typography sx={{ mt: 1.5, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{ticket.text}</Typography>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ mt: 1.5, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography variant="body2" color="text.secondary">
          <time dateTime={ticket.created_at}>{formatJalaliDate(ticket.created_at, { withTime: true })}</time>
          {ticket.replies_count > 0 && <> — {t.tickets.repliesCount(toPersianDigits(ticket.replies_count))}</>}
        </Typography>
        <Stack direction="row" spacing={0.5} useFlexGap role="group" aria-label={t.tickets.actions}>
          <Button size="small" aria-label={t.tickets.openThreadOf(ticket.title)} onClick={() => updateParams({ [TICKET_PARAM]: String(ticket.id) })}>
            {t.tickets.openThread}
          </Button>
          <Button size="small" disabled={isLoading} onClick={() => void toggle()}>
            {ticket.is_read ? t.tickets.markUnread : t.tickets.markRead}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
