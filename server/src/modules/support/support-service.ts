/** FAQ/links and site information (SPEC §3 "Link", §1 switches). Owns `links` and `site_settings`. */
import { asc, eq } from 'drizzle-orm';
import type { Link, LinkType, SiteInformation } from '@shop/contracts';
import type { Db } from '../../db/client';
import { links, siteSettings } from '../../db/schema';

/** The link types of SPEC §3, for schemas. */
export const LINK_TYPES: LinkType[] = ['question', 'product-related-question', 'link'];

/** Links of one type (or all), in creation order. */
export async function listLinks(db: Db, type?: LinkType): Promise<Link[]> {
  return db
    .select({ id: links.id, title: links.title, text: links.text, type: links.type })
    .from(links)
    .where(type ? eq(links.type, type) : undefined)
    .orderBy(asc(links.id));
}

/** The site texts and switches; defaults (empty texts, switches on) when the row is missing. */
export async function getSiteInformation(db: Db): Promise<SiteInformation> {
  const [row] = await db
    .select({
      about_me: siteSettings.about_me,
      terms_and_conditions: siteSettings.terms_and_conditions,
      comments_enabled: siteSettings.comments_enabled,
      tickets_enabled: siteSettings.tickets_enabled,
      selling_enabled: siteSettings.selling_enabled,
    })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1));
  return (
    row ?? {
      about_me: '',
      terms_and_conditions: '',
      comments_enabled: true,
      tickets_enabled: true,
      selling_enabled: true,
    }
  );
}

/** Writes the single settings row (seed and, later, the dashboard). */
export async function saveSiteInformation(db: Db, info: SiteInformation): Promise<void> {
  await db
    .insert(siteSettings)
    .values({ id: 1, ...info })
    .onConflictDoUpdate({ target: siteSettings.id, set: { ...info, updated_at: new Date() } });
}

/** Adds a link (seed and, later, the dashboard). */
export async function addLink(
  db: Db,
  input: { title: string; text: string; type: LinkType },
): Promise<number> {
  const [row] = await db.insert(links).values(input).returning({ id: links.id });
  return row!.id;
}
