/**
 * Announcements (SPEC §3 "Announcement", §4 "An expired announcement cannot be edited"; issue 8
 * "Announcements"). Owns `announcements`. Visitors see the active ones whose expiry is ahead,
 * newest first; once `expired_at` has passed an announcement is read only (it may still be deleted).
 */
import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { Announcement, AnnouncementStatus, Paginated, PublicAnnouncement } from '@shop/contracts';
import type { AnnouncementBody } from '@shop/validation';
import type { Db } from '../../db/client';
import { announcements } from './tables';
import { ApiError, notFound } from '../../lib/api-error';
import { toIso } from '../../lib/dates';
import { SUPPORT_MESSAGES } from './messages';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import type { AuditContext } from '../../lib/audit-trail';

/** Query of `GET /api/dashboard/announcements`. */
export interface AnnouncementListQuery {
  page?: number;
  per_page?: number;
}

type AnnouncementRow = typeof announcements.$inferSelect;

/** The wire shape of a row at `now`. */
function toAnnouncement(row: AnnouncementRow, now: Date): Announcement {
  return {
    id: row.id,
    title: row.title,
    text: row.text,
    status: row.status,
    expired_at: toIso(row.expired_at),
    is_expired: new Date(row.expired_at).getTime() <= now.getTime(),
    created_at: toIso(row.created_at),
    updated_at: toIso(row.updated_at),
  };
}

const newestFirst = [desc(announcements.created_at), desc(announcements.id)];

/**
 * What the public banner shows at `now` (`GET /api/announcements`): active and not expired,
 * newest first (served by `announcements_status_expired_idx`).
 */
export async function listPublicAnnouncements(db: Db, now: Date = new Date()): Promise<PublicAnnouncement[]> {
  const rows = await db
    .select({ id: announcements.id, title: announcements.title, text: announcements.text, expired_at: announcements.expired_at })
    .from(announcements)
    .where(and(eq(announcements.status, 'active'), gt(announcements.expired_at, now)))
    .orderBy(...newestFirst);
  return rows.map((row) => ({ ...row, expired_at: toIso(row.expired_at) }));
}

/** A page of every announcement (expired and inactive included) for the dashboard, newest first. */
export async function listAnnouncements(
  db: Db,
  query: AnnouncementListQuery,
  now: Date = new Date(),
): Promise<Paginated<Announcement>> {
  const request = toPageRequest(query.page, query.per_page);
  const [rows, [total]] = await Promise.all([
    db.select().from(announcements).orderBy(...newestFirst).limit(request.perPage).offset(request.offset),
    db.select({ n: count() }).from(announcements),
  ]);
  return { data: rows.map((row) => toAnnouncement(row, now)), meta: pageMeta(request, total?.n ?? 0) };
}

/**
 * One announcement.
 * @throws ApiError 404 for an unknown id.
 */
export async function getAnnouncement(db: Db, id: number, now: Date = new Date()): Promise<Announcement> {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id));
  if (!row) throw notFound();
  return toAnnouncement(row, now);
}

/**
 * Throws unless the announcement exists and may still be edited at `now`.
 * @throws ApiError 404 unknown; 422 `announcementExpired` once its `expired_at` has passed.
 */
export async function assertAnnouncementEditable(db: Db, id: number, now: Date = new Date()): Promise<void> {
  if ((await getAnnouncement(db, id, now)).is_expired) throw new ApiError(422, SUPPORT_MESSAGES.announcementExpired);
}

/** The columns of an announcement the audit log keeps before and after a change (issue 26). */
const audited = {
  title: announcements.title,
  text: announcements.text,
  status: announcements.status,
  expired_at: announcements.expired_at,
};

/** Adds an announcement (`announcementSchema` already checked that `expired_at` is in the future). Audited. */
export async function createAnnouncement(db: Db, input: AnnouncementBody, audit: AuditContext, now: Date = new Date()): Promise<Announcement> {
  const row = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [created] = await tx
      .insert(announcements)
      .values({
        title: input.title,
        text: input.text,
        status: input.status as AnnouncementStatus,
        expired_at: new Date(input.expired_at),
      })
      .returning();
    const { title, text, status, expired_at } = created!;
    await audit.record(tx, { entity: 'announcement', id: created!.id, action: 'create', after: { title, text, status, expired_at } });
    return created!;
  });
  return toAnnouncement(row, now);
}

/**
 * Replaces an announcement that has not expired; the expiry check and the write are one
 * conditional update, so an announcement that expires meanwhile stays as it was. Audited.
 * @throws ApiError 404 unknown; 422 `announcementExpired` when it has expired.
 */
export async function updateAnnouncement(
  db: Db,
  id: number,
  input: AnnouncementBody,
  audit: AuditContext,
  now: Date = new Date(),
): Promise<Announcement> {
  const row = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [old] = await tx.select(audited).from(announcements).where(eq(announcements.id, id)).for('update');
    const [updated] = await tx
      .update(announcements)
      .set({
        title: input.title,
        text: input.text,
        status: input.status as AnnouncementStatus,
        expired_at: new Date(input.expired_at),
        updated_at: now,
      })
      .where(and(eq(announcements.id, id), gt(announcements.expired_at, now)))
      .returning();
    if (updated) {
      const { title, text, status, expired_at } = updated;
      await audit.record(tx, { entity: 'announcement', id, action: 'update', before: old, after: { title, text, status, expired_at } });
    }
    return updated;
  });
  if (row) return toAnnouncement(row, now);
  await getAnnouncement(db, id, now);
  throw new ApiError(422, SUPPORT_MESSAGES.announcementExpired);
}

/**
 * Deletes an announcement, expired or not. Audited.
 * @throws ApiError 404 for an unknown id.
 */
export async function deleteAnnouncement(db: Db, id: number, audit: AuditContext): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [before] = await tx.delete(announcements).where(eq(announcements.id, id)).returning(audited);
    if (!before) throw notFound();
    await audit.record(tx, { entity: 'announcement', id, action: 'delete', before });
  });
}
