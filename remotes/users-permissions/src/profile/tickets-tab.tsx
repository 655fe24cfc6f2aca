import { ListPagination, TicketMessages, TicketReplyForm, TicketStateChip } from '@shop/content-ui';
import { formatJalaliDate, toPersianDigits } from '@shop/format';
import { Alert, Box, Button, Icon, Link as MuiLink, Paper, Skeleton, Stack, Typography } from '@shop/ui-kit';
import { List, ListItem } from '@shop/ui-kit/lazy';
import { Link, useLocation, useNavigate } from '@shop/router';
import { ticketReplyError } from '@shop/validation';
import { useGetMyTicketQuery, useGetMyTicketsQuery, useReplyToMyTicketMutation } from './tickets-api';
import { t } from '../strings';

/** The tab's place in the URL: `?ticket=<id>` opens a thread (the link of the answer's mail), `?page=` pages the list. */
function useTicketsLocation() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const positive = (key: string) => {
    const raw = Number(params.get(key));
    return Number.isInteger(raw) && raw > 0 ? raw : null;
  };
  return {
    ticketId: positive('ticket'),
    page: positive('page') ?? 1,
    setPage: (next: number) => navigate({ search: next > 1 ? `?page=${next}` : '', hash: '#tickets' }),
  };
}

/** The link of a thread in this tab. */
const threadLink = (id: number) => ({ search: `?ticket=${id}`, hash: '#tickets' });

/** One of the user's tickets with its whole thread, and the reply box until staff close it. */
function MyTicketThread({ id }: { id: number }) {
  const { data } = useGetMyTicketQuery(id);
  const [reply] = useReplyToMyTicketMutation();
  const thread = data?.data.id === id ? data.data : undefined;
  return (
    <Stack spacing={2} useFlexGap>
      <MuiLink component={Link} to={{ search: '', hash: '#tickets' }} underline="hover" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}>
        <Icon name="ChevronRight" fontSize="small" />
        {t.tickets.back}
      </MuiLink>
      {!thread ? (
        <Skeleton variant="rounded" height={240} />
      ) : (
        <Paper component="section" variant="outlined" aria-labelledby="ticket-thread-title" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            <Typography id="ticket-thread-title" variant="h6" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {thread.title}
            </Typography>
            <TicketStateChip state={thread.state} />
          </Stack>
          <TicketMessages thread={thread} viewer="sender" />
          {thread.closed_at ? (
            <Alert severity="info" role="status" sx={{ mt: 2 }}>
              {t.tickets.closed(formatJalaliDate(thread.closed_at, { withTime: true }))}{' '}
              <MuiLink component={Link} to="/contact-us">
                {t.tickets.contactUs}
              </MuiLink>
            </Alert>
          ) : (
            <Box sx={{ mt: 2 }}>
              <TicketReplyForm label={t.tickets.replyLabel} help={t.tickets.replyHelp} check={ticketReplyError} send={(text) => reply({ id, text })} />
            </Box>
          )}
        </Paper>
      )}
    </Stack>
  );
}

/**
 * The profile's `#tickets` tab «پیام‌های من» (issue 32 item 3): the tickets the user sent from
 * /contact-us, newest first, each with its Jalali date, state and replies, linking its thread
 * (`/profile?ticket=<id>#tickets`, the link of staff's answer mail), where the user reads every
 * message and replies until staff close it; an empty state with a link to /contact-us.
 */
export function TicketsTab() {
  const { ticketId, page, setPage } = useTicketsLocation();
  const { data } = useGetMyTicketsQuery(page, { skip: ticketId !== null, refetchOnMountOrArgChange: true });
  if (ticketId !== null) return <MyTicketThread id={ticketId} />;
  if (!data) return <Skeleton variant="rounded" height={160} />;
  if (data.meta.total === 0) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
        <Stack spacing={2} useFlexGap sx={{ alignItems: 'center', textAlign: 'center' }}>
          <Icon name="SupportAgent" sx={{ fontSize: 48, color: 'text.disabled' }} />
          <Typography sx={{ maxWidth: 480 }}>{t.tickets.empty}</Typography>
          <Button component={Link} to="/contact-us" variant="outlined">
            {t.tickets.contactUs}
          </Button>
        </Stack>
      </Paper>
    );
  }
  return (
    <Paper variant="outlined" component="section" aria-label={t.tickets.list}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', px: 2, pt: 2 }}>
        <Button component={Link} to="/contact-us" size="small" startIcon={<Icon name="Add" />}>
          {t.tickets.newTicket}
        </Button>
      </Stack>
      <List aria-label={t.tickets.list}>
        {data.data.map((ticket, index) => (
          <ListItem key={ticket.id} divider={index < data.data.length - 1} sx={{ display: 'block', py: 1.5 }}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <MuiLink component={Link} to={threadLink(ticket.id)} underline="hover" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                {ticket.title}
              </MuiLink>
              <TicketStateChip state={ticket.state} />
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {t.tickets.sentAt} <time dateTime={ticket.created_at}>{formatJalaliDate(ticket.created_at)}</time>
              {ticket.replies_count > 0 && <> — {t.tickets.repliesCount(toPersianDigits(ticket.replies_count))}</>}
            </Typography>
          </ListItem>
        ))}
      </List>
      <Box sx={{ pb: 2 }}>
        <ListPagination meta={data.meta} onChange={setPage} />
      </Box>
    </Paper>
  );
}
