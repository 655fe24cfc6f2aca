/**
 * The mail to staff about each new contact-us ticket (issue 26 "Notifications by mail", kind
 * `new-ticket`): every staff member holding `show-tickets` and every super, except the sender,
 * who has not turned the kind off; each mail with its RFC 8058 one-click unsubscribe and a link to
 * `/dashboard/contact-us`. Tickets have no answers in this product, so there is no "ticket
 * answered" mail.
 */
import type { FastifyInstance } from 'fastify';
import type { Ticket } from '@shop/contracts';
import type { Db } from '../../db/client';
import { sendWithUnsubscribe, wantsMail } from '../mail/mail-preferences';
import { newTicketMail } from '../mail/templates';
import { staffHolding } from '../users/user-contacts';

/**
 * Queues on `tx`, the transaction that saves the ticket, the new-ticket mails of `ticket` (issue
 * 26: they commit with the ticket, or neither does), links from `origin` (PUBLIC_URL, else the
 * request's). Rejects with the database's error, failing the ticket with it.
 */
export async function notifyNewTicket(app: FastifyInstance, tx: Db, ticket: Ticket, origin: string): Promise<void> {
  for (const staff of await staffHolding(tx, 'show-tickets')) {
    if (staff.id === ticket.user_id || !(await wantsMail(tx, staff.id, 'new-ticket'))) continue;
    await sendWithUnsubscribe(app.mailer, tx, app.settings.appKey, origin, { userId: staff.id, kind: 'new-ticket' }, (unsubscribe) =>
      newTicketMail({
        to: staff.email,
        fullName: staff.full_name,
        ticketTitle: ticket.title,
        senderName: ticket.user_name,
        text: ticket.text,
        link: `${origin}/dashboard/contact-us`,
        unsubscribeLink: unsubscribe,
      }),
    );
  }
}
