/**
 * Contact-us tickets (SPEC §1 "sending tickets" switch, §3 "Ticket", §4: read or unread).
 * Owns `tickets`; senders' contacts come from the users module.
 */
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Paginated, Ticket, TicketStatusFilter, User } from '@shop/contracts';
import type { Db } from '../../db/client';
import { tickets } from '../../db/schema';
import { ApiError, notFound } from '../../lib/api-error';
import { toIso } from '../../lib/dates';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import { escapeLike, normalizePersianText } from '../../lib/text';
import { getUserContacts, userIdIn } from '../users/user-contacts';
import { getSiteInformation } from './support-service';

/** The Persian texts of the tickets endpoints. */
export const TICKET_MESSAGES = {
  created: 'پیام شما ثبت شد؛ به‌زودی پاسخ می‌دهیم.',
  /** SPEC §8 "tickets closed"; `forbidden:` so the client does not take it for an unverified email. */
  closed: 'forbidden: ارسال تیکت در حال حاضر بسته است.',
  /** No `forbidden`/`unauthorized`: SPEC §8 sends the client to /resend-verification-email. */
  emailNotVerified: 'برای ارسال پیام ابتدا ایمیل خود را تأیید کنید.',
} as const;

/** The read-state filters of the dashboard list. */
export const TICKET_STATUSES: TicketStatusFilter[] = ['all', 'unread', 'read'];

type TicketRow = typeof tickets.$inferSelect;

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
  if (!user.is_email_verified) throw new ApiError(403, TICKET_MESSAGES.emailNotVerified);
  const site = await getSiteInformation(db);
  if (!site.tickets_enabled) throw new ApiError(403, TICKET_MESSAGES.closed);
}

/** Stores a ticket (unread) and answers it in the wire shape. */
export async function createTicket(
  db: Db,
  input: { userId: number; title: string; text: string; isRead?: boolean; createdAt?: Date },
): Promise<Ticket> {
  const [row] = await db
    .insert(tickets)
    .values({
      user_id: input.userId,
      title: normalizePersianText(input.title),
      text: input.text.trim(),
      is_read: input.isRead ?? false,
      ...(input.createdAt ? { created_at: input.createdAt } : {}),
    })
    .returning();
  const [ticket] = await toTickets(db, [row!]);
  return ticket!;
}

/** A page of tickets, newest first, by read state and a search in title, text and sender. */
export async function listTickets(db: Db, query: TicketListQuery): Promise<Paginated<Ticket>> {
  const request = toPageRequest(query.page, query.per_page);
  const conditions: SQL[] = [];
  if (query.status === 'read') conditions.push(eq(tickets.is_read, true));
  if (query.status === 'unread') conditions.push(eq(tickets.is_read, false));
  const q = query.q ? normalizePersianText(query.q) : '';
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    conditions.push(or(ilike(tickets.title, pattern), ilike(tickets.text, pattern), userIdIn(db, tickets.user_id, q))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
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

/** How many tickets nobody has read yet (the dashboard home and header, issue 8). */
export async function countUnreadTickets(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(tickets).where(eq(tickets.is_read, false));
  return row?.n ?? 0;
}

/** Marks a ticket read or unread. @throws ApiError 404 when it does not exist. */
export async function setTicketRead(db: Db, id: number, isRead: boolean): Promise<Ticket> {
  const [row] = await db.update(tickets).set({ is_read: isRead }).where(eq(tickets.id, id)).returning();
  if (!row) throw notFound();
  const [ticket] = await toTickets(db, [row]);
  return ticket!;
}

async function toTickets(db: Db, rows: TicketRow[]): Promise<Ticket[]> {
  const contacts = await getUserContacts(db, [...new Set(rows.map((r) => r.user_id))]);
  return rows.map((row) => {
    const contact = contacts.get(row.user_id);
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
    };
  });
}
