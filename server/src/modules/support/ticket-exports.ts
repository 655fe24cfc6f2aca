/**
 * The dashboard's contact-us tickets as a CSV file (issue 26 "Exports", like issue 25's financial
 * lists): the rows of the list's own filters (read state, search), read by tickets-service.ts, in
 * the columns a spreadsheet needs (lib/csv-export.ts).
 */
import type { Ticket } from '@shop/contracts';
import type { Db } from '../../db/client';
import { csvDateColumns, csvMobile, type CsvColumn, type CsvExport } from '../../lib/csv-export';
import { SUPPORT_CSV_TEXT } from './messages';
import { CSV_TEXT } from '../../lib/messages';
import { exportTickets, type TicketListQuery } from './tickets-service';

const H = SUPPORT_CSV_TEXT.ticketColumns;
const TICKET_COLUMNS: Array<CsvColumn<Ticket>> = [
  { header: H.id, cell: (ticket) => ticket.id },
  { header: H.sender, cell: (ticket) => ticket.user_name },
  { header: H.email, cell: (ticket) => ticket.user_email },
  { header: H.mobile, cell: (ticket) => csvMobile(ticket.user_mobile) },
  { header: H.title, cell: (ticket) => ticket.title },
  { header: H.text, cell: (ticket) => ticket.text },
  { header: H.read, cell: (ticket) => CSV_TEXT.yesNo(ticket.is_read) },
  ...csvDateColumns<Ticket>(H.createdAt, (ticket) => ticket.created_at),
];

/**
 * Tickets of the list's filters (`GET /api/dashboard/contact-us/export`) as `tickets-<Jalali date>.csv`,
 * newest first: sender and contacts, title, text, read or not, and date.
 */
export function ticketsCsv(db: Db, query: Omit<TicketListQuery, 'page' | 'per_page'>): CsvExport<Ticket> {
  return { name: 'tickets', columns: TICKET_COLUMNS, rows: exportTickets(db, query) };
}
