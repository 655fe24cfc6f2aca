import { useId } from 'react';
import { TicketMessages, TicketReplyForm, TicketStateChip, useUrlParams } from '@shop/content-ui';
import { formatJalaliDate } from '@shop/format';
import { Alert, Button, Skeleton, Stack, Typography, enqueueSnackbar } from '@shop/ui-kit';
import { Dialog, DialogActions, DialogContent, DialogTitle } from '@shop/ui-kit/lazy';
import { ticketReplyError } from '@shop/validation';
import { useAnswerTicketMutation, useGetDashboardTicketQuery, useSetTicketClosedMutation } from './tickets-api';
import { t } from '../strings';

/** The query key of the ticket whose thread is open (`/dashboard/contact-us?ticket=12`). */
export const TICKET_PARAM = 'ticket';

/** The id of the ticket the URL opens, or null. */
function ticketIdOf(params: URLSearchParams): number | null {
  const id = Number(params.get(TICKET_PARAM));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The thread of the ticket named by the URL's `ticket` (issue 32 item 3), in a dialog over the
 * tickets list: the sender and their contacts, the state, every message oldest first, staff's
 * answer (mailed to the sender; the ticket becomes read) and «بستن تیکت» / «باز کردن دوباره». A
 * closed ticket takes no answer until it is opened again. Closing the dialog removes `ticket`
 * from the URL; nothing shows while there is none.
 */
export function TicketThreadDialog() {
  const [params, update] = useUrlParams();
  const id = ticketIdOf(params);
  const titleId = useId();
  const { data, isLoading, isError } = useGetDashboardTicketQuery(id ?? 0, { skip: id === null });
  const [answer] = useAnswerTicketMutation();
  const [setClosed, closing] = useSetTicketClosedMutation();
  const thread = id !== null && data?.data.id === id ? data.data : undefined;
  const dismiss = () => update({ [TICKET_PARAM]: null });

  const toggleClosed = async (closed: boolean) => {
    const result = await setClosed({ id: id!, closed });
    if ('data' in result && result.data) enqueueSnackbar(result.data.message, { variant: 'success' });
  };

  return (
    <Dialog open={id !== null} onClose={dismiss} fullWidth maxWidth="md" scroll="paper" aria-labelledby={titleId}>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {thread?.title ?? t.tickets.openThread}
      </DialogTitle>
      <DialogContent dividers>
        {thread ? (
          <Stack spacing={2} useFlexGap>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <TicketStateChip state={thread.state} />
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {t.tickets.sender}: {thread.user_name} — <bdi dir="ltr">{thread.user_email}</bdi>
              </Typography>
            </Stack>
            <TicketMessages thread={thread} viewer="staff" />
            {thread.closed_at ? (
              <Alert severity="info" role="status">
                {t.tickets.closedNotice(formatJalaliDate(thread.closed_at, { withTime: true }))}
              </Alert>
            ) : (
              <TicketReplyForm label={t.tickets.answerLabel} help={t.tickets.answerHelp} check={ticketReplyError} send={(text) => answer({ id: thread.id, text })} />
            )}
          </Stack>
        ) : isError ? (
          <Alert severity="warning" role="alert">
            {t.tickets.notFound}
          </Alert>
        ) : (
          isLoading && <Skeleton variant="rounded" height={240} />
        )}
      </DialogContent>
      <DialogActions>
        {thread && (
          <Button color={thread.closed_at ? 'primary' : 'warning'} disabled={closing.isLoading} onClick={() => void toggleClosed(!thread.closed_at)}>
            {thread.closed_at ? t.tickets.reopen : t.tickets.close}
          </Button>
        )}
        <Button onClick={dismiss}>{t.tickets.backToList}</Button>
      </DialogActions>
    </Dialog>
  );
}
