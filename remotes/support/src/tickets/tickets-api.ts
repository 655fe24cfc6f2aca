import { api } from '@shop/api-client';
import type { BulkActionAnswer, Item, Paginated, Ticket, TicketBulkAction, TicketStatusFilter } from '@shop/contracts';
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
 * for `show-tickets` the list `GET /api/dashboard/contact-us` and the read / unread actions, of one
 * ticket or many at once (issue 26).
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
    /** `POST /api/dashboard/contact-us/bulk` (issue 26): marks `ids` read or unread, all or nothing. */
    markTickets: build.mutation<BulkActionAnswer<TicketBulkAction>, { action: TicketBulkAction; ids: number[] }>({
      query: (body) => ({ url: '/dashboard/contact-us/bulk', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Ticket']),
    }),
  }),
});

export const { useSendTicketMutation, useGetDashboardTicketsQuery, useSetTicketReadMutation, useMarkTicketsMutation } = ticketsApi;
