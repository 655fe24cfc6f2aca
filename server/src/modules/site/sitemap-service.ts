/**
 * What the sitemap lists of each public content type (issue 9 "The site serves /sitemap.xml"):
 * active items in blocks of `IDS_PER_SITEMAP_FILE` ids (engagement's content-table.ts), one sitemap file
 * per block, each asked of the module that owns the table.
 */
import type { Db } from '../../db/client';
import { productSitemap } from '../commerce';
import { podcastSitemap, postSitemap } from '../content';
import type { SitemapBlock } from '../engagement';

const SECTIONS = { posts: postSitemap, podcasts: podcastSitemap, products: productSitemap } as const;

/** The content types with public detail pages, by their path segment (`/posts/:id`, …). */
export type SitemapSection = keyof typeof SECTIONS;

/** The sections in the order the sitemap index lists them. */
export const SITEMAP_SECTIONS = Object.keys(SECTIONS) as SitemapSection[];

/** The blocks of a section that hold at least one active item, in order. */
export function sitemapBlocks(db: Db, section: SitemapSection): Promise<SitemapBlock[]> {
  return SECTIONS[section].sitemapBlocks(db);
}

/** The active items of one block of a section, by id, with their `updated_at` (ISO). */
export function sitemapBlockItems(db: Db, section: SitemapSection, block: number): Promise<{ id: number; updated_at: string }[]> {
  return SECTIONS[section].sitemapItems(db, block);
}
