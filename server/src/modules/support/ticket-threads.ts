/**
 * The threads under contact-us tickets (issue 32 item 3): staff answer a ticket in the dashboard
 * (the route mails each answer to the sender in the answer's transaction), close it and open it
 * again; the sender reads the whole thread in the profile and replies until staff close it, and
 * each such reply makes the ticket unread for staff again. Staff's writes are audited. Owns
 * `ticket_replies`, beside tickets-service.ts's `tickets`.
 */
import { asc, eq } from 'drizzle-orm';
import type { Ticket, TicketReply, TicketThread, User } from '@shop/contracts';
import type { Db } from '../../db/client';
import { ticketReplies, tickets } from './tables';
import { ApiError, notFound } from '../../lib/api-error';
import { toIso } from '../../lib/dates';
import { getUserContacts } from '../users';
import type { AuditContext } from '../../lib/audit-trail';
import { SUPPORT_MESSAGES } from './messages';
import { toTickets, type TicketRow } from './tickets-service';

/** Who writes a reply: the ticket's sender (profile), or staff on the site's behalf (dashboard, audited). */
export type TicketReplier = { as: 'sender'; user: User } | { as: 'staff'; user: User; audit: AuditContext };

/** Runs in the transaction of a reply, with the thread after it; its rejection undoes the reply. */
export type OnTicketReply = (tx: Db, thread: TicketThread, reply: TicketReply) => Promise<void>;

/** The ticket `id`, its row locked until the transaction `tx` ends; undefined when there is none. */
async function lockTicket(tx: Db, id: number): Promise<TicketRow | undefined> {
  const [row] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update');
  return row;
}

/** The ticket row with its replies, oldest first, each with its author's name. */
async function threadOf(db: Db, row: TicketRow): Promise<TicketThread> {
  // One after the other: `db` may be a transaction (one connection).
  const [ticket] = await toTickets(db, [row]);
  const rows = await db
    .select()
    .from(ticketReplies)
    .where(eq(ticketReplies.ticket_id, row.id))
    .orderBy(asc(ticketReplies.created_at), asc(ticketReplies.id));
  const authors = await getUserContacts(db, [...new Set(rows.flatMap((reply) => (reply.user_id === null ? [] : [reply.user_id])))]);
  const replies = rows.map(
    (reply): TicketReply => ({
      id: reply.id,
      ticket_id: reply.ticket_id,
      user_id: reply.user_id,
      user_name: reply.user_id === null ? '' : (authors.get(reply.user_id)?.full_name ?? ''),
      is_staff: reply.is_staff,
      text: reply.text,
      created_at: toIso(reply.created_at),
    }),
  );
  return { ...ticket!, replies };
}

/**
 * The ticket `id` with its whole thread, oldest reply first (issue 32 item 3).
 * @param ownerId the profile's caller: then only a ticket they sent, another user's answering 404 like a missing one
 * @throws ApiError 404 when there is no such ticket (of `ownerId`)
 */
export async function getTicketThread(db: Db, id: number, ownerId?: number): Promise<TicketThread> {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id));
  if (!row || (ownerId !== undefined && row.user_id !== ownerId)) throw notFound();
  return threadOf(db, row);
}

/**
 * Adds `text` (trimmed) to the thread of the ticket `id` in one transaction, the ticket locked
 * meanwhile (issue 32 item 3). The sender replies only to their own ticket, which becomes unread
 * for staff again; staff answer any ticket, which becomes read, audited as `reply` on the ticket.
 * `added` runs in that transaction with the thread and the new reply (the route queues the
 * answer's mail to the sender there), so the reply, its mail and its audit entry commit together.
 * @returns the thread after the reply
 * @throws ApiError 404 when there is no such ticket (or it is another user's, for a sender); 409
 *   when staff closed it (`closedForSender` / `closedForStaff`)
 */
export async function replyToTicket(db: Db, id: number, replier: TicketReplier, text: string, added?: OnTicketReply): Promise<TicketThread> {
  const staff = replier.as === 'staff';
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const row = await lockTicket(tx, id);
    if (!row || (!staff && row.user_id !== replier.user.id)) throw notFound();
    if (row.closed_at) throw new ApiError(409, staff ? SUPPORT_MESSAGES.threadClosedForStaff : SUPPORT_MESSAGES.threadClosedForSender);
    const [reply] = await tx
      .insert(ticketReplies)
      .values({ ticket_id: id, user_id: replier.user.id, is_staff: staff, text: text.trim() })
      .returning({ id: ticketReplies.id });
    const [updated] = await tx.update(tickets).set({ is_read: staff }).where(eq(tickets.id, id)).returning();
    if (replier.as === 'staff') {
      await replier.audit.record(tx, {
        entity: 'ticket',
        id,
        action: 'reply',
        before: { is_read: row.is_read },
        after: { reply_id: reply!.id, text: text.trim(), is_read: true },
      });
    }
    const thread = await threadOf(tx, updated!);
    await added?.(tx, thread, thread.replies.find((candidate) => candidate.id === reply!.id)!);
    return thread;
  });
}

/**
 * Closes the ticket `id` (the sender may no longer reply) or opens it again (issue 32 item 3), in
 * one transaction, audited as `close` / `reopen`; a ticket already in that state stays as it is,
 * with no entry.
 * @returns the ticket after it
 * @throws ApiError 404 when there is no such ticket
 */
export async function setTicketClosed(db: Db, id: number, closed: boolean, audit: AuditContext): Promise<Ticket> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const row = await lockTicket(tx, id);
    if (!row) throw notFound();
    if ((row.closed_at !== null) === closed) return (await toTickets(tx, [row]))[0]!;
    const [updated] = await tx
      .update(tickets)
      .set({ closed_at: closed ? new Date() : null })
      .where(eq(tickets.id, id))
      .returning();
    await audit.record(tx, {
      entity: 'ticket',
      id,
      action: closed ? 'close' : 'reopen',
      before: { closed_at: row.closed_at },
      after: { closed_at: updated!.closed_at },
    });
    return (await toTickets(tx, [updated!]))[0]!;
  });
}
