import type { TicketStatusFilter } from '@shop/contracts';
import { useFilteredListParams } from '@shop/content-ui';

/** The read-state filters of the dashboard tickets list, in the order of the toggle. */
export const TICKET_STATUSES: TicketStatusFilter[] = ['all', 'unread', 'read'];

/**
 * Status, search text and page of the tickets list, kept in the URL
 * (`/dashboard/contact-us?status=unread&q=…&page=2`). `all` and page 1 are left out of the URL;
 * a new status or search goes back to page 1.
 */
export function useTicketsParams() {
  return useFilteredListParams(TICKET_STATUSES, 'all');
}
