import { api } from '@shop/api-client';
import type { BulkActionAnswer, Item, MessageAnswer, Paginated, Ticket, TicketBulkAction, TicketStatusFilter, TicketThread } from '@shop/contracts';
import type { TicketInput } from '@shop/validation';

/** API path of the tickets list's CSV export (issue 26) for `ExportCsvButton`; it takes the list's filters. */
export const TICKETS_EXPORT = '/dashboard/contact-us/export';

/** Query of the dashboard tickets list. */
export interface DashboardTicketsQuery {
  status: TicketStatusFilter;
  page: number;
  per_page: number;
  q?: string;
}

/**
 * Contact-us tickets (SPEC §2 /contact-us and /dashboard/contact-us): `POST /api/tickets`, and
 * for `show-tickets` the list `GET /api/dashboard/contact-us`, the read / unread actions, of one
 * ticket or many at once (issue 26), and a ticket's thread with staff's answer, close and reopen
 * (issue 32 item 3), whose writes refresh every `Ticket` view (the list, the thread, the
 * dashboard's unread count, the sender's profile).
 */
export const ticketsApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendTicket: build.mutation<{ message: string; data: Ticket }, TicketInput>({
      query: (body) => ({ url: '/tickets', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Ticket' as const, id: 'DASHBOARD' }]),
    }),
    getDashboardTickets: build.query<Paginated<Ticket>, DashboardTicketsQuery>({
      query: ({ q, ...params }) => ({ url: '/dashboard/contact-us', params: { ...params, ...(q ? { q } : {}) } }),
      providesTags: (result) => [
        { type: 'Ticket' as const, id: 'DASHBOARD' },
        ...(result?.data.map(({ id }) => ({ type: 'Ticket' as const, id })) ?? []),
      ],
    }),
    setTicketRead: build.mutation<Item<Ticket>, { ticket: Ticket; read: boolean }>({
      query: ({ ticket, read }) => ({ url: `/dashboard/contact-us/${ticket.id}/${read ? 'read' : 'unread'}`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Ticket']),
    }),
    /** `GET /api/dashboard/contact-us/:id` (issue 32 item 3): the ticket with its whole thread. */
    getDashboardTicket: build.query<Item<TicketThread>, number>({
      query: (id) => `/dashboard/contact-us/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Ticket' as const, id }],
    }),
    /** `POST /api/dashboard/contact-us/:id/replies` (issue 32 item 3): staff's answer, mailed to the sender; the ticket becomes read. */
    answerTicket: build.mutation<MessageAnswer & Item<TicketThread>, { id: number; text: string }>({
      query: ({ id, text }) => ({ url: `/dashboard/contact-us/${id}/replies`, method: 'POST', body: { text } }),
      invalidatesTags: (_result, error) => (error ? [] : ['Ticket']),
    }),
    /** `POST /api/dashboard/contact-us/:id/close|reopen` (issue 32 item 3). */
    setTicketClosed: build.mutation<MessageAnswer & Item<Ticket>, { id: number; closed: boolean }>({
      query: ({ id, closed }) => ({ url: `/dashboard/contact-us/${id}/${closed ? 'close' : 'reopen'}`, method: 'POST' }),
      invalidatesTags: (_result, error) => (error ? [] : ['Ticket']),
    }),
    /**
     * `POST /api/dashboard/contact-us/bulk` (issue 26): marks `ids` read or unread, all or nothing.
     * `keepalive`: the list sends it when its undo window ends, or as the tab closes (issue 32 item 5).
     */
    markTickets: build.mutation<BulkActionAnswer<TicketBulkAction>, { action: TicketBulkAction; ids: number[] }>({
      query: (body) => ({ url: '/dashboard/contact-us/bulk', method: 'POST', body, keepalive: true }),
      invalidatesTags: (_result, error) => (error ? [] : ['Ticket']),
    }),
  }),
});

export const { useSendTicketMutation, useGetDashboardTicketsQuery, useSetTicketReadMutation, useMarkTicketsMutation } = ticketsApi;
export const { useGetDashboardTicketQuery, useAnswerTicketMutation, useSetTicketClosedMutation } = ticketsApi;
