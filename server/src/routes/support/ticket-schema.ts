import { messageItemSchema } from '../../lib/schemas';

/** JSON Schema of the `Ticket` wire shape (@shop/contracts), for the tickets routes' responses. */
export const ticketSchema = {
  type: 'object',
  required: ['id', 'user_id', 'user_name', 'user_email', 'user_mobile', 'title', 'is_read', 'text', 'created_at', 'closed_at', 'replies_count', 'state'],
  properties: {
    id: { type: 'integer' },
    user_id: { type: 'integer' },
    user_name: { type: 'string' },
    user_email: { type: 'string' },
    user_mobile: { type: ['string', 'null'] },
    title: { type: 'string' },
    is_read: { type: 'boolean' },
    text: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
    closed_at: { type: ['string', 'null'], format: 'date-time' },
    replies_count: { type: 'integer' },
    state: { type: 'string', enum: ['waiting', 'answered', 'closed'] },
  },
} as const;

/** `TicketReply`: one message of a ticket's thread after its first (issue 32 item 3). */
export const ticketReplySchema = {
  type: 'object',
  required: ['id', 'ticket_id', 'user_id', 'user_name', 'is_staff', 'text', 'created_at'],
  properties: {
    id: { type: 'integer' },
    ticket_id: { type: 'integer' },
    user_id: { type: ['integer', 'null'] },
    user_name: { type: 'string' },
    is_staff: { type: 'boolean' },
    text: { type: 'string' },
    created_at: { type: 'string', format: 'date-time' },
  },
} as const;

/** `TicketThread`: a ticket with its replies, oldest first (issue 32 item 3). */
export const ticketThreadSchema = {
  type: 'object',
  required: [...ticketSchema.required, 'replies'],
  properties: { ...ticketSchema.properties, replies: { type: 'array', items: ticketReplySchema } },
} as const;

/** `{message, data: TicketThread}`: the answer of a reply in a thread (issue 32 item 3). */
export const ticketReplyAnswerSchema = messageItemSchema(ticketThreadSchema);
