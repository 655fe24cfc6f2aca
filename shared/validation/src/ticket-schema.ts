import { object, type InferType } from 'yup';
import { requiredString } from './fields';
import { messages } from './messages';
import { validate } from './validate';

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

/** Smallest length of a reply in a ticket's thread («ممنون» is a reply too); the largest is {@link TICKET_TEXT_MAX}. */
export const TICKET_REPLY_MIN = 2;

/**
 * A reply in a ticket's thread (issue 32 item 3): staff's answer in the dashboard and the sender's
 * reply in the profile, «متن پاسخ» of 2 to 5000 characters, trimmed.
 */
export const ticketReplySchema = object({
  text: requiredString('متن پاسخ').min(TICKET_REPLY_MIN, messages.min).max(TICKET_TEXT_MAX, messages.max),
});

export type TicketReplyInput = InferType<typeof ticketReplySchema>;

/**
 * The first error of a ticket reply's text under {@link ticketReplySchema}, or null when it is
 * valid: the check the reply boxes of the dashboard and the profile run as the text changes.
 * @example await ticketReplyError('a') // 'متن پاسخ باید دست‌کم ۲ نویسه باشد'
 */
export async function ticketReplyError(text: string): Promise<string | null> {
  const result = await validate(ticketReplySchema, { text });
  return result.ok ? null : (result.errors.text?.[0] ?? null);
}
