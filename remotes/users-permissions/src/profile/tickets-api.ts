import { api } from '@shop/api-client';
import type { Item, MessageAnswer, Paginated, Ticket, TicketThread } from '@shop/contracts';

/** The cache tag of the signed-in user's own tickets list. */
const MINE = { type: 'Ticket' as const, id: 'MINE' };

/**
 * The signed-in user's contact-us tickets (issue 32 item 3; server `routes/support/tickets.ts`):
 * their list, one thread, and a reply in it. A staff write in the dashboard invalidates every
 * `Ticket` tag, so an open profile shows the answer on its next read.
 */
export const myTicketsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/tickets`: a page of the user's tickets, newest first, each with its state. */
    getMyTickets: build.query<Paginated<Ticket>, number>({
      query: (page) => ({ url: '/tickets', params: { page, per_page: 10 } }),
      providesTags: (result) => [MINE, ...(result?.data.map(({ id }) => ({ type: 'Ticket' as const, id })) ?? [])],
    }),
    /** `GET /api/tickets/:ticketId`: one of the user's tickets with its whole thread (404 for another's). */
    getMyTicket: build.query<Item<TicketThread>, number>({
      query: (id) => `/tickets/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Ticket' as const, id }],
    }),
    /** `POST /api/tickets/:ticketId/replies`: the user's reply (409 once staff closed the ticket); the answered thread replaces the cached one. */
    replyToMyTicket: build.mutation<MessageAnswer & Item<TicketThread>, { id: number; text: string }>({
      query: ({ id, text }) => ({ url: `/tickets/${id}/replies`, method: 'POST', body: { text } }),
      invalidatesTags: (_result, error) => (error ? [] : [MINE, { type: 'Ticket' as const, id: 'DASHBOARD' }]),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(myTicketsApi.util.upsertQueryData('getMyTicket', id, { data: data.data }));
        } catch {
          // The reply box shows the refusal; the thread stays as it was.
        }
      },
    }),
  }),
});

export const { useGetMyTicketsQuery, useGetMyTicketQuery, useReplyToMyTicketMutation } = myTicketsApi;
