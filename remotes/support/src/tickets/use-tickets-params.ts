import type { TicketStatusFilter } from '@shop/contracts';
import { useSearchParams } from '@shop/router';

/** The read-state filters of the dashboard tickets list, in the order of the toggle. */
export const TICKET_STATUSES: TicketStatusFilter[] = ['all', 'unread', 'read'];

/**
 * Status, search text and page of the tickets list, kept in the URL
 * (`/dashboard/contact-us?status=unread&q=…&page=2`). `all` and page 1 are left out of the URL;
 * a new status or search goes back to page 1.
 */
export function useTicketsParams(): {
  status: TicketStatusFilter;
  q: string;
  page: number;
  setStatus: (status: TicketStatusFilter) => void;
  setQuery: (q: string) => void;
  setPage: (page: number) => void;
} {
  const [params, setParams] = useSearchParams();
  const rawStatus = params.get('status') as TicketStatusFilter | null;
  const status = rawStatus && TICKET_STATUSES.includes(rawStatus) ? rawStatus : 'all';
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage > 0 ? rawPage : 1;
  const q = params.get('q') ?? '';

  const update = (changes: Record<string, string | null>, replace = false) =>
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') copy.delete(key);
          else copy.set(key, value);
        }
        return copy;
      },
      { replace },
    );

  return {
    status,
    q,
    page,
    setStatus: (next) => update({ status: next === 'all' ? null : next, page: null }),
    setQuery: (next) => update({ q: next.trim(), page: null }, true),
    setPage: (next) => update({ page: next <= 1 ? null : String(next) }),
  };
}
