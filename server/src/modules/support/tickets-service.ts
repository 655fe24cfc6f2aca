/**
 * Contact-us tickets (SPEC §1 "sending tickets" switch, §3 "Ticket", §4: read or unread).
 * Owns `tickets` and `ticket_replies` (their threads: ticket-threads.ts, issue 32 item 3); senders'
 * contacts come from the users module.
 */
import { and, count, desc, eq, getTableColumns, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { BulkActionAnswer, Paginated, Ticket, TicketBulkAction, TicketStatusFilter, User } from '@shop/contracts';
import type { Db } from '../../db/client';
import { ticketReplies, tickets } from './tables';
import { ApiError, notFound } from '../../lib/api-error';
import { toIso } from '../../lib/dates';
import { keysetRows, newestFirstAfter, newestFirstCursor, type NewestFirstCursor } from '../../lib/keyset-rows';
import { SUPPORT_MESSAGES } from './messages';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import { escapeLike, normalizePersianText } from '../../lib/text';
import { getUserContacts, userIdIn } from '../users';
import { getSiteInformation } from './support-service';
import type { AuditContext } from '../../lib/audit-trail';

/** The read-state filters of the dashboard list. */
export const TICKET_STATUSES: TicketStatusFilter[] = ['all', 'unread', 'read'];

/** A row of `tickets`. */
export type TicketRow = typeof tickets.$inferSelect;

/** Query of `GET /api/dashboard/contact-us`. */
export interface TicketListQuery {
  page?: number;
  per_page?: number;
  q?: string;
  status?: TicketStatusFilter;
}

/**
 * Throws unless `user` may send a ticket now: 403 without `forbidden` for an unverified email,
 * 403 `forbidden: …` when the site switch `tickets_enabled` is off.
 */
export async function assertCanSendTicket(db: Db, user: User): Promise<void> {
  if (!user.is_email_verified) throw new ApiError(403, SUPPORT_MESSAGES.ticketEmailNotVerified);
  const site = await getSiteInformation(db);
  if (!site.tickets_enabled) throw new ApiError(403, SUPPORT_MESSAGES.ticketsSwitchedOff);
}

/**
 * Stores a ticket (unread) and answers it in the wire shape; `created`, when given, runs in the
 * same transaction with it (the route queues the staff mails there: issue 26), and its rejection
 * leaves no ticket.
 */
export async function createTicket(
  db: Db,
  input: { userId: number; title: string; text: string; isRead?: boolean; createdAt?: Date },
  created?: (tx: Db, ticket: Ticket) => Promise<void>,
): Promise<Ticket> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx
      .insert(tickets)
      .values({
        user_id: input.userId,
        title: normalizePersianText(input.title),
        text: input.text.trim(),
        is_read: input.isRead ?? false,
        ...(input.createdAt ? { created_at: input.createdAt } : {}),
      })
      .returning();
    const [ticket] = await toTickets(tx, [row!]);
    await created?.(tx, ticket!);
    return ticket!;
  });
}

/** The list's filters (see {@link listTickets}), shared by its export. */
function ticketListWhere(db: Db, query: Omit<TicketListQuery, 'page' | 'per_page'>): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.status === 'read') conditions.push(eq(tickets.is_read, true));
  if (query.status === 'unread') conditions.push(eq(tickets.is_read, false));
  const q = query.q ? normalizePersianText(query.q) : '';
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    conditions.push(or(ilike(tickets.title, pattern), ilike(tickets.text, pattern), userIdIn(db, tickets.user_id, q))!);
  }
  return conditions.length ? and(...conditions) : undefined;
}

/** A page of tickets, newest first, by read state and a search in title, text and sender. */
export async function listTickets(db: Db, query: TicketListQuery): Promise<Paginated<Ticket>> {
  const request = toPageRequest(query.page, query.per_page);
  const where = ticketListWhere(db, query);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(tickets)
      .where(where)
      .orderBy(desc(tickets.created_at), desc(tickets.id))
      .limit(request.perPage)
      .offset(request.offset),
    db.select({ n: count() }).from(tickets).where(where),
  ]);
  return { data: await toTickets(db, rows), meta: pageMeta(request, total?.n ?? 0) };
}

/**
 * Every ticket of the list's filters, newest first as the list, read in keyset pages as the
 * consumer asks (the tickets CSV export, issue 26).
 */
export function exportTickets(db: Db, query: Omit<TicketListQuery, 'page' | 'per_page'>): AsyncIterable<Ticket> {
  const where = ticketListWhere(db, query);
  return keysetRows<TicketRow & NewestFirstCursor, Ticket>(
    (after, size) =>
      db
        .select({ ...getTableColumns(tickets), ...newestFirstCursor(tickets.created_at, tickets.id) })
        .from(tickets)
        .where(and(where, newestFirstAfter(tickets.created_at, tickets.id, after)))
        .orderBy(desc(tickets.created_at), desc(tickets.id))
        .limit(size),
    (page) => toTickets(db, page),
  );
}

/**
 * A page of the tickets `userId` sent, newest first, each with its thread's state (issue 32 item 3:
 * the profile's list; `GET /api/tickets`).
 */
export async function listOwnTickets(db: Db, userId: number, query: { page?: number; per_page?: number }): Promise<Paginated<Ticket>> {
  const request = toPageRequest(query.page, query.per_page);
  const own = eq(tickets.user_id, userId);
  const [rows, [total]] = await Promise.all([
    db.select().from(tickets).where(own).orderBy(desc(tickets.created_at), desc(tickets.id)).limit(request.perPage).offset(request.offset),
    db.select({ n: count() }).from(tickets).where(own),
  ]);
  return { data: await toTickets(db, rows), meta: pageMeta(request, total?.n ?? 0) };
}

/** How many tickets nobody has read yet (the dashboard home and header, issue 8). */
export async function countUnreadTickets(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tickets).where(eq(tickets.is_read, false));
  return row?.n ?? 0;
}

/**
 * Marks the tickets `ids` read or unread (issue 26 "Bulk moderation"), all or nothing in one
 * transaction, the rows locked meanwhile; duplicate ids count once. Each ticket changed is audited.
 * @returns the distinct ids, and those whose read state changed
 * @throws ApiError 404 naming the ids that do not exist; nothing changes then
 */
export async function setTicketsRead(
  db: Db,
  ids: number[],
  isRead: boolean,
  audit: AuditContext,
): Promise<BulkActionAnswer<TicketBulkAction>> {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  const inIds = sql`${tickets.id} = any(${sql.param(unique)}::int[])`;
  const changed = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const found = new Set((await tx.select({ id: tickets.id }).from(tickets).where(inIds).for('update')).map((row) => row.id));
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length > 0) throw notFound(SUPPORT_MESSAGES.ticketsMissing(missing));
    const rows = await tx
      .update(tickets)
      .set({ is_read: isRead })
      .where(and(inIds, ne(tickets.is_read, isRead)))
      .returning({ id: tickets.id });
    const changedIds = rows.map((row) => row.id).sort((a, b) => a - b);
    await audit.record(
      tx,
      changedIds.map((id) => ({
        entity: 'ticket' as const,
        id,
        action: isRead ? ('read' as const) : ('unread' as const),
        before: { is_read: !isRead },
        after: { is_read: isRead },
      })),
    );
    return changedIds;
  });
  return {
    message: isRead ? SUPPORT_MESSAGES.ticketsMarkedRead(unique.length) : SUPPORT_MESSAGES.ticketsMarkedUnread(unique.length),
    data: { action: isRead ? 'read' : 'unread', ids: unique, changed },
  };
}

/** Marks one ticket read or unread ({@link setTicketsRead}) and answers it. @throws ApiError 404 when it does not exist. */
export async function setTicketRead(db: Db, id: number, isRead: boolean, audit: AuditContext): Promise<Ticket> {
  await setTicketsRead(db, [id], isRead, audit);
  const [ticket] = await toTickets(db, await db.select().from(tickets).where(eq(tickets.id, id)));
  return ticket!;
}

/** How many replies each of the tickets `ids` has, and whether staff wrote the last one. */
async function threadStats(db: Db, ids: number[]): Promise<Map<number, { count: number; lastIsStaff: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: ticketReplies.ticket_id,
      count: count(),
      lastIsStaff: sql<boolean>`(array_agg(${ticketReplies.is_staff} order by ${ticketReplies.created_at} desc, ${ticketReplies.id} desc))[1]`,
    })
    .from(ticketReplies)
    .where(inArray(ticketReplies.ticket_id, ids))
    .groupBy(ticketReplies.ticket_id);
  return new Map(rows.map((row) => [row.id, { count: row.count, lastIsStaff: row.lastIsStaff }]));
}

/** Ticket rows in the wire shape: the sender's contacts and the thread's state (issue 32 item 3). */
export async function toTickets(db: Db, rows: TicketRow[]): Promise<Ticket[]> {
  // One after the other: `db` may be a transaction, one connection (node-postgres refuses overlapping queries).
  const contacts = await getUserContacts(db, [...new Set(rows.map((r) => r.user_id))]);
  const stats = await threadStats(db, rows.map((r) => r.id));
  return rows.map((row) => {
    const contact = contacts.get(row.user_id);
    const thread = stats.get(row.id);
    return {
      id: row.id,
      user_id: row.user_id,
      user_name: contact?.full_name ?? '',
      user_email: contact?.email ?? '',
      user_mobile: contact?.mobile ?? null,
      title: row.title,
      is_read: row.is_read,
      text: row.text,
      created_at: toIso(row.created_at),
      closed_at: toIso(row.closed_at),
      replies_count: thread?.count ?? 0,
      state: row.closed_at ? 'closed' : thread?.lastIsStaff ? 'answered' : 'waiting',
    };
  });
}
