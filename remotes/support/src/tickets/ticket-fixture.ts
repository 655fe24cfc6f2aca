import type { Ticket, TicketReply } from '@shop/contracts';

/** A ticket as the dashboard API lists it, for component tests; fields can be overridden. */
export function aTicket(overrides: Partial<Ticket> & Pick<Ticket, 'id'>): Ticket {
  return {
    user_id: 7,
    user_name: 'سارا محمدی',
    user_email: 'sara@example.com',
    user_mobile: '+989121234567',
    title: 'مشکل در پخش پادکست',
    is_read: false,
    text: 'قسمت دوم پادکست روی گوشی من پخش نمی‌شود.',
    created_at: '2026-11-22T11:00:00Z',
    closed_at: null,
    replies_count: 0,
    state: 'waiting',
    ...overrides,
  };
}

/** A staff answer in a ticket's thread (issue 32 item 3), for component tests; fields can be overridden. */
export function aTicketReply(overrides: Partial<TicketReply> & Pick<TicketReply, 'id' | 'text'>): TicketReply {
  return { ticket_id: 1, user_id: 3, user_name: 'مینا کارمند', is_staff: true, created_at: '2026-11-22T12:00:00Z', ...overrides };
}
