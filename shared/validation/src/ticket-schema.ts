import { object, type InferType } from 'yup';
import { requiredString } from './fields';
import { messages } from './messages';

/** Smallest and largest lengths of a ticket's title and text (contact-us form and `POST /api/tickets`). */
export const TICKET_TITLE_MIN = 3;
export const TICKET_TITLE_MAX = 150;
export const TICKET_TEXT_MIN = 10;
export const TICKET_TEXT_MAX = 5000;

/** A contact-us ticket (SPEC §3 "Ticket"): subject «موضوع» and message text «متن پیام», both trimmed. */
export const ticketSchema = object({
  title: requiredString('موضوع').min(TICKET_TITLE_MIN, messages.min).max(TICKET_TITLE_MAX, messages.max),
  text: requiredString('متن پیام').min(TICKET_TEXT_MIN, messages.min).max(TICKET_TEXT_MAX, messages.max),
});

export type TicketInput = InferType<typeof ticketSchema>;
