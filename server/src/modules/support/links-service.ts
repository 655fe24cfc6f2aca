/**
 * Links and FAQ entries (SPEC §3 "Link", §4 link types; issue 8 "Links"): the FAQ's two tabs read
 * the two question types, the footer the `link` type. Owns `links`.
 */
import { asc, count, desc, eq } from 'drizzle-orm';
import type { Link, LinkType, Paginated } from '@shop/contracts';
import type { LinkBody } from '@shop/validation';
import type { Db } from '../../db/client';
import { links } from './tables';
import { notFound } from '../../lib/api-error';
import { pageMeta, toPageRequest } from '../../lib/pagination';
import type { AuditContext } from '../../lib/audit-trail';

/** Query of `GET /api/dashboard/links`. */
export interface LinkListQuery {
  page?: number;
  per_page?: number;
  type?: LinkType;
}

const linkColumns = { id: links.id, title: links.title, text: links.text, type: links.type };

/** Public links of one type (or all), in creation order (`GET /api/links`). */
export async function listLinks(db: Db, type?: LinkType): Promise<Link[]> {
  return db
    .select(linkColumns)
    .from(links)
    .where(type ? eq(links.type, type) : undefined)
    .orderBy(asc(links.id));
}

/** A page of links for the dashboard, newest first, optionally of one type. */
export async function listDashboardLinks(db: Db, query: LinkListQuery): Promise<Paginated<Link>> {
  const request = toPageRequest(query.page, query.per_page);
  const where = query.type ? eq(links.type, query.type) : undefined;
  const [rows, [total]] = await Promise.all([
    db.select(linkColumns).from(links).where(where).orderBy(desc(links.id)).limit(request.perPage).offset(request.offset),
    db.select({ n: count() }).from(links).where(where),
  ]);
  return { data: rows, meta: pageMeta(request, total?.n ?? 0) };
}

/**
 * One link.
 * @throws ApiError 404 for an unknown id.
 */
export async function getLink(db: Db, id: number): Promise<Link> {
  const [row] = await db.select(linkColumns).from(links).where(eq(links.id, id));
  if (!row) throw notFound();
  return row;
}

/** Adds a link (`linkSchema` already checked it: a `link` item's text is an http(s) URL or a site path). Audited. */
export async function createLink(db: Db, input: LinkBody, audit: AuditContext): Promise<Link> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx
      .insert(links)
      .values({ title: input.title, text: input.text, type: input.type as LinkType })
      .returning(linkColumns);
    const { id, title, text, type } = row!;
    await audit.record(tx, { entity: 'link', id, action: 'create', after: { title, text, type } });
    return row!;
  });
}

/**
 * Replaces a link's title, text and type. Audited.
 * @throws ApiError 404 for an unknown id.
 */
export async function updateLink(db: Db, id: number, input: LinkBody, audit: AuditContext): Promise<Link> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [old] = await tx.select({ title: links.title, text: links.text, type: links.type }).from(links).where(eq(links.id, id)).for('update');
    if (!old) throw notFound();
    const [row] = await tx
      .update(links)
      .set({ title: input.title, text: input.text, type: input.type as LinkType, updated_at: new Date() })
      .where(eq(links.id, id))
      .returning(linkColumns);
    await audit.record(tx, { entity: 'link', id, action: 'update', before: old, after: { title: row!.title, text: row!.text, type: row!.type } });
    return row!;
  });
}

/**
 * Deletes a link. Audited.
 * @throws ApiError 404 for an unknown id.
 */
export async function deleteLink(db: Db, id: number, audit: AuditContext): Promise<void> {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [before] = await tx.delete(links).where(eq(links.id, id)).returning({ title: links.title, text: links.text, type: links.type });
    if (!before) throw notFound();
    await audit.record(tx, { entity: 'link', id, action: 'delete', before });
  });
}
