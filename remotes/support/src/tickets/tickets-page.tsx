import type { TicketBulkAction, TicketStatusFilter } from '@shop/contracts';
import { DebouncedSearchBox, EmptyState, ListPagination, RefetchBar } from '@shop/content-ui';
import { BulkActionsBar, ExportCsvButton, SelectAllCheckbox, useRowSelection, useUndoableAction } from '@shop/dashboard-ui';
import { formatNumber } from '@shop/format';
import { Box, Skeleton, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@shop/ui-kit';
import { TICKETS_EXPORT, useGetDashboardTicketsQuery, useMarkTicketsMutation } from './tickets-api';
import { TicketCard } from './ticket-card';
import { TicketThreadDialog } from './ticket-thread-dialog';
import { TICKET_STATUSES, useTicketsParams } from './use-tickets-params';
import { t } from '../strings';

const PER_PAGE = 10;

/**
 * `/dashboard/contact-us` (SPEC §2, permission `show-tickets`): the contact-us tickets, newest
 * first, filtered by read state, search text and page (the URL's `status`, `q`, `page`).
 * Rows can be selected («همه در این صفحه») and marked read or unread together, which waits 10
 * seconds for «بازگردانی» before it is sent (issue 32 item 5), and «خروجی CSV» downloads every
 * ticket of the read state and search (issue 26). A ticket's thread opens in a dialog
 * (`?ticket=<id>`), where staff answer, close and reopen it (issue 32 item 3).
 */
export default function TicketsPage() {
  const { status, q, page, setStatus, setQuery, setPage } = useTicketsParams();
  const query = useGetDashboardTicketsQuery({ status, q, page, per_page: PER_PAGE });
  const { data, isLoading, isFetching } = query;
  const [mark, marking] = useMarkTicketsMutation();
  const marks = useUndoableAction({
    query,
    keyOf: (ticket) => ticket.id,
    send: (chosen, action: TicketBulkAction) => mark({ action, ids: chosen.map((ticket) => ticket.id) }).unwrap(),
    message: (chosen, action) => t.tickets.bulkDone[action](formatNumber(chosen.length)),
    // The tickets wait out of sight only where the mark takes them out of the list (read ones under «خوانده‌نشده»).
    hides: (action) => status !== 'all' && status !== action,
  });
  const tickets = marks.list?.data ?? [];
  const selection = useRowSelection(tickets.map((ticket) => ticket.id));
  const act = (action: TicketBulkAction) => {
    marks.run(tickets.filter((ticket) => selection.isSelected(ticket.id)), action);
    selection.clear();
  };

  return (
    <Box sx={{ py: { xs: 2, md: 3 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t.tickets.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t.tickets.intro}
      </Typography>

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ justifyContent: 'space-between', alignItems: { md: 'center' }, mb: 2 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={status}
          aria-label={t.tickets.statusFilter}
          onChange={(_, next: TicketStatusFilter | null) => next && setStatus(next)}
          sx={{ flexWrap: 'wrap' }}
        >
          {TICKET_STATUSES.map((value) => (
            <ToggleButton key={value} value={value} sx={{ px: 2 }}>
              {t.tickets.status[value]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { sm: 'center' } }}>
          <DebouncedSearchBox value={q} onSearch={setQuery} label={t.tickets.search} placeholder={t.tickets.searchPlaceholder} />
          <ExportCsvButton path={TICKETS_EXPORT} params={{ status, q }} of={t.tickets.title} />
        </Stack>
      </Stack>

      <Box sx={{ position: 'relative', minHeight: 4, mb: 1 }}>
        <RefetchBar shown={isFetching} />
      </Box>
      {marks.list && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mb: 1 }}>
          <SelectAllCheckbox selection={selection} disabled={tickets.length === 0} showLabel />
          <Typography color="text.secondary" role="status">
            {t.tickets.total(formatNumber(marks.list.meta.total))}
          </Typography>
        </Stack>
      )}
      <BulkActionsBar
        selection={selection}
        pending={marking.isLoading}
        actions={[
          { label: t.tickets.markRead, onClick: () => act('read') },
          { label: t.tickets.markUnread, onClick: () => act('unread') },
        ]}
      />
      {marks.refusal}

      {isLoading ? (
        <Stack spacing={2} useFlexGap>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={160} />
          ))}
        </Stack>
      ) : data && tickets.length === 0 ? (
        <EmptyState text={q ? t.tickets.noMatch : t.tickets.empty[status]} />
      ) : (
        <Stack spacing={2} useFlexGap aria-busy={isFetching} sx={{ opacity: isFetching ? 0.7 : 1, transition: 'opacity 150ms' }}>
          {tickets.map((ticket) => (
            <TicketCard key={ticket.id} ticket={ticket} selection={selection} />
          ))}
        </Stack>
      )}
      <ListPagination meta={data?.meta} onChange={setPage} />
      <TicketThreadDialog />
    </Box>
  );
}
