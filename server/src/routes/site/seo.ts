/**
 * `/sitemap.xml` and `/robots.txt` (issue 9 "Each page also carries…": the site serves both).
 * Absolute URLs come from PUBLIC_URL, else the request's origin, as in the RSS feeds.
 */
import type { FastifyPluginAsync } from 'fastify';
import { create } from 'xmlbuilder2';
import type { Paginated } from '@shop/contracts';
import type { Db } from '../../db/client';
import type { PublicListQuery } from '../../lib/list-order';
import { MAX_PER_PAGE } from '../../lib/pagination';
import { listProducts } from '../../modules/commerce/products-service';
import { listPodcasts } from '../../modules/content/podcasts-service';
import { listPosts } from '../../modules/content/posts-service';
import { linkOrigin } from '../../modules/mail/mailer';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** Most URLs one sitemap file may list (sitemaps.org protocol). */
const SITEMAP_MAX_URLS = 50_000;

/** How long crawlers and proxies may keep either answer, seconds. */
const MAX_AGE_SECONDS = 300;

/**
 * Pages every visitor may read without an account (SPEC §2 public routes, DESIGN.md "Who owns
 * what"). `/about-me` and the course session pages are left out: the remotes gate them behind
 * sign-in (support's `guard: 'signed-in'`, commerce's `guard: 'email-verified'`), so a crawler
 * would land on `/login`.
 */
const STATIC_PAGES = ['/', '/posts', '/podcasts', '/products', '/frequently-asked-questions', '/terms-and-conditions'] as const;

/**
 * Path prefixes crawlers should not fetch: the API, the CSRF endpoint, the dashboard, and pages
 * that are per user or behind sign-in (SPEC §2: cart, profile, contact-us, about-me; the auth
 * pages).
 */
const DISALLOWED = [
  '/api/',
  '/sanctum/',
  '/dashboard',
  '/shopping-cart',
  '/profile',
  '/contact-us',
  '/about-me',
  '/login',
  '/register',
  '/verification',
  '/resend-verification-email',
  '/reset-password',
] as const;

/** The public detail pages of one content type: path prefix and list function. */
interface ContentSection {
  path: '/posts' | '/podcasts' | '/products';
  list: (db: Db, query: PublicListQuery) => Promise<Paginated<{ id: number; updated_at: string }>>;
}

const SECTIONS: ContentSection[] = [
  { path: '/posts', list: listPosts },
  { path: '/podcasts', list: listPodcasts },
  { path: '/products', list: listProducts },
];

interface SitemapUrl {
  path: string;
  /** ISO 8601 date-time, or undefined when unknown. */
  lastmod?: string;
}

/** The later of two ISO date-times (either may be missing). */
function later(a: string | undefined, b: string | undefined): string | undefined {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

/**
 * Every active item of a section, newest first, at most `limit`. Walks the public list a page of
 * {@link MAX_PER_PAGE} at a time: one query per 50 items, which is fine for a personal site.
 */
async function activeItems(db: Db, section: ContentSection, limit: number): Promise<SitemapUrl[]> {
  const urls: SitemapUrl[] = [];
  for (let page = 1; urls.length < limit; page += 1) {
    const { data, meta } = await section.list(db, { page, per_page: MAX_PER_PAGE, filter: 'newest' });
    for (const item of data.slice(0, limit - urls.length)) {
      urls.push({ path: `${section.path}/${item.id}`, lastmod: item.updated_at });
    }
    if (page >= meta.last_page) break;
  }
  return urls;
}

/**
 * The sitemap's URLs: the public static pages, then every active post, podcast and course
 * (newest first), {@link SITEMAP_MAX_URLS} at most. A list page's `lastmod` is its newest item's;
 * the home page's the newest of all.
 */
async function sitemapUrls(db: Db): Promise<SitemapUrl[]> {
  let room = SITEMAP_MAX_URLS - STATIC_PAGES.length;
  const lastmodOf = new Map<string, string | undefined>();
  const items: SitemapUrl[] = [];
  for (const section of SECTIONS) {
    const found = await activeItems(db, section, room);
    room -= found.length;
    items.push(...found);
    const newest = found.reduce<string | undefined>((acc, url) => later(acc, url.lastmod), undefined);
    lastmodOf.set(section.path, newest);
    lastmodOf.set('/', later(lastmodOf.get('/'), newest));
  }
  return [...STATIC_PAGES.map((path) => ({ path, lastmod: lastmodOf.get(path) })), ...items];
}

/** Sitemap XML (sitemaps.org 0.9) of `urls`, absolute from `origin`. */
function sitemapXml(origin: string, urls: SitemapUrl[]): string {
  const urlset = create({ version: '1.0', encoding: 'UTF-8' }).ele('urlset', { xmlns: SITEMAP_NS });
  for (const { path, lastmod } of urls) {
    const url = urlset.ele('url').ele('loc').txt(`${origin}${path}`).up();
    if (lastmod) url.ele('lastmod').txt(lastmod).up();
  }
  return urlset.end({ prettyPrint: true });
}

/** robots.txt: every crawler may read all but {@link DISALLOWED}; the sitemap's absolute URL. */
function robotsTxt(origin: string): string {
  return ['User-agent: *', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

const seoRoutes: FastifyPluginAsync = async (app) => {
  const cacheControl = `public, max-age=${MAX_AGE_SECONDS}`;

  /** GET /sitemap.xml: 200 sitemap (XML) of the public pages and every active post, podcast and course. */
  app.get(
    '/sitemap.xml',
    {
      config: { access: 'public' },
      schema: {
        tags: ['site'],
        summary: 'Sitemap of the public pages',
        produces: ['application/xml'],
        response: { 200: { type: 'string', description: 'sitemaps.org 0.9 XML' } },
      },
    },
    async (request, reply) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', cacheControl)
        .send(sitemapXml(linkOrigin(request), await sitemapUrls(app.db))),
  );

  /** GET /robots.txt: 200 plain text; the API, dashboard and per-user pages disallowed, the sitemap named. */
  app.get(
    '/robots.txt',
    {
      config: { access: 'public' },
      schema: {
        tags: ['site'],
        summary: 'Rules for crawlers',
        produces: ['text/plain'],
        response: { 200: { type: 'string', description: 'robots.txt (RFC 9309)' } },
      },
    },
    (request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', cacheControl).send(robotsTxt(linkOrigin(request))),
  );
};

export default seoRoutes;
