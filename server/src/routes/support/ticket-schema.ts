/** JSON Schema of the `Ticket` wire shape (@shop/contracts), for the tickets routes' responses. */
export const ticketSchema = {
  type: 'object',
  required: ['id', 'user_id', 'user_name', 'user_email', 'user_mobile', 'title', 'is_read', 'text', 'created_at'],
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
  },
} as const;
