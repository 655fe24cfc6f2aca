/**
 * Mail about contact-us tickets, each queued in the transaction of the change that causes it:
 * - to staff about each new ticket (issue 26 "Notifications by mail", kind `new-ticket`): every
 *   staff member holding `show-tickets` and every super, except the sender, who has not turned the
 *   kind off; each mail with its RFC 8058 one-click unsubscribe and a link to the ticket's thread in
 *   the dashboard (`/dashboard/contact-us?ticket=<id>`);
 * - to the sender when staff answer the ticket (issue 32 item 3): the whole answer and a link to
 *   the thread in the profile; the reply the contact page promises, so it cannot be turned off.
 */
import type { FastifyInstance } from 'fastify';
import type { Ticket, TicketReply, TicketThread } from '@shop/contracts';
import type { Db } from '../../db/client';
import { newTicketMail, ticketAnswerMail } from './mails';
import { staffHolding } from '../users';

/**
 * Queues on `tx`, the transaction that saves the ticket, the new-ticket mails of `ticket` (issue
 * 26: they commit with the ticket, or neither does), links from `origin` (PUBLIC_URL, else the
 * request's). Rejects with the database's error, failing the ticket with it.
 */
export async function notifyNewTicket(app: FastifyInstance, tx: Db, ticket: Ticket, origin: string): Promise<void> {
  for (const staff of await staffHolding(tx, 'show-tickets')) {
    if (staff.id === ticket.user_id || !(await app.mailer.wants(tx, staff.id, 'new-ticket'))) continue;
    await app.mailer.sendToUser(tx, { userId: staff.id, kind: 'new-ticket', origin }, (unsubscribe) =>
      newTicketMail({
        to: staff.email,
        fullName: staff.full_name,
        ticketTitle: ticket.title,
        senderName: ticket.user_name,
        text: ticket.text,
        // Its thread's dialog, where staff answer it (issue 32 item 3).
        link: `${origin}/dashboard/contact-us?ticket=${ticket.id}`,
        unsubscribeLink: unsubscribe,
      }),
    );
  }
}

/** The absolute link of a ticket's thread in its sender's profile: the `#tickets` tab opened on it. */
export const ticketThreadLink = (origin: string, ticketId: number) => `${origin}/profile?ticket=${ticketId}#tickets`;

/**
 * Queues on `tx`, the transaction that saves staff's `answer` to the ticket `thread` (issue 32
 * item 3), the mail of that answer to the ticket's sender, with a link from `origin` (PUBLIC_URL)
 * to the thread in the profile: the mail commits with the answer, or neither does. Rejects with
 * the database's error, failing the answer with it.
 */
export async function notifyTicketAnswered(app: FastifyInstance, tx: Db, thread: TicketThread, answer: TicketReply, origin: string): Promise<void> {
  await app.mailer.sendLater(
    tx,
    ticketAnswerMail({
      to: thread.user_email,
      fullName: thread.user_name,
      ticketTitle: thread.title,
      answer: answer.text,
      link: ticketThreadLink(origin, thread.id),
    }),
  );
}
