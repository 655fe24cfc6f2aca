/**
 * `/sitemap.xml` and `/robots.txt` (issue 9 "Each page also carries…": the site serves both).
 * `/sitemap.xml` is a sitemap index (sitemaps.org 0.9): `/sitemaps/pages.xml` for the public
 * static pages, then `/sitemaps/<posts|podcasts|products>-<n>.xml`, each the active items whose
 * ids fall in the n-th block of `IDS_PER_SITEMAP_FILE` (content-table.ts). A file therefore never passes the protocol's
 * 50 000 URLs, and each is one range scan of the primary key, at 100 000 posts as at 10.
 * Absolute URLs come from PUBLIC_URL, else the request's origin, as in the RSS feeds.
 */
import type { FastifyPluginAsync } from 'fastify';
import { create } from 'xmlbuilder2';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/api-error';
import type { SitemapBlock } from '../../modules/engagement';
import { SITEMAP_SECTIONS, sitemapBlockItems, sitemapBlocks, type SitemapSection } from '../../modules/site';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** How long crawlers and proxies may keep any of these answers, seconds. */
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

/** Every section's files, by section. */
function allFiles(db: Db): Promise<[SitemapSection, SitemapBlock[]][]> {
  return Promise.all(SITEMAP_SECTIONS.map(async (name) => [name, await sitemapBlocks(db, name)] as [SitemapSection, SitemapBlock[]]));
}

/** The newest `updated_at` among a section's files. */
function newestOf(files: { lastmod: string }[]): string | undefined {
  return files.reduce<string | undefined>((acc, file) => later(acc, file.lastmod), undefined);
}

/**
 * The static pages: a list page's `lastmod` is its newest item's, the home page's the newest of
 * all; FAQ and terms have none.
 */
function staticPageUrls(files: [SitemapSection, SitemapBlock[]][]): SitemapUrl[] {
  const lastmodOf = new Map<string, string | undefined>();
  for (const [name, blocks] of files) {
    const newest = newestOf(blocks);
    lastmodOf.set(`/${name}`, newest);
    lastmodOf.set('/', later(lastmodOf.get('/'), newest));
  }
  return STATIC_PAGES.map((path) => ({ path, lastmod: lastmodOf.get(path) }));
}

/**
 * sitemaps.org 0.9 XML of `urls`, absolute from `origin`: a sitemap (`<urlset>` of `<url>`) or a
 * sitemap index (`<sitemapindex>` of `<sitemap>`), each entry a `<loc>` and an optional `<lastmod>`.
 */
function sitemapXml(origin: string, urls: SitemapUrl[], kind: 'urlset' | 'sitemapindex' = 'urlset'): string {
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(kind, { xmlns: SITEMAP_NS });
  for (const { path, lastmod } of urls) {
    const entry = root.ele(kind === 'urlset' ? 'url' : 'sitemap').ele('loc').txt(`${origin}${path}`).up();
    if (lastmod) entry.ele('lastmod').txt(lastmod).up();
  }
  return root.end({ prettyPrint: true });
}

/** robots.txt: every crawler may read all but {@link DISALLOWED}; the sitemap's absolute URL. */
function robotsTxt(origin: string): string {
  return ['User-agent: *', ...DISALLOWED.map((path) => `Disallow: ${path}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

const seoRoutes: FastifyPluginAsync = async (app) => {
  const cacheControl = `public, max-age=${MAX_AGE_SECONDS}`;

  const xml = 'application/xml; charset=utf-8';

  /** GET /sitemap.xml: 200 sitemap index (XML) of the static pages' file and every section file. */
  app.get(
    '/sitemap.xml',
    {
      config: { access: 'public' },
      schema: {
        tags: ['site'],
        summary: 'Sitemap index of the public pages',
        produces: ['application/xml'],
        response: { 200: { type: 'string', description: 'sitemaps.org 0.9 sitemap index' } },
      },
    },
    async (request, reply) => {
      const files = await allFiles(app.db);
      const entries: SitemapUrl[] = [
        { path: '/sitemaps/pages.xml', lastmod: newestOf(files.flatMap(([, blocks]) => blocks)) },
        ...files.flatMap(([name, blocks]) => blocks.map(({ block, lastmod }) => ({ path: `/sitemaps/${name}-${block}.xml`, lastmod }))),
      ];
      return reply.type(xml).header('cache-control', cacheControl).send(sitemapXml(app.settings.publicUrl, entries, 'sitemapindex'));
    },
  );

  /**
   * GET /sitemaps/:file: 200 sitemap (XML) — `pages.xml` (the static public pages) or
   * `<posts|podcasts|products>-<n>.xml` (the active items with ids in the n-th block); 404 for
   * any other name or a block without active items.
   */
  app.get<{ Params: { file: string } }>(
    '/sitemaps/:file',
    {
      config: { access: 'public' },
      schema: {
        tags: ['site'],
        summary: 'One sitemap file of the index',
        produces: ['application/xml'],
        params: { type: 'object', properties: { file: { type: 'string', maxLength: 40 } }, required: ['file'] },
        response: { 200: { type: 'string', description: 'sitemaps.org 0.9 XML' } },
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      let urls: SitemapUrl[];
      if (file === 'pages.xml') {
        urls = staticPageUrls(await allFiles(app.db));
      } else {
        const match = /^(posts|podcasts|products)-([1-9]\d{0,5})\.xml$/.exec(file);
        if (!match) throw notFound();
        const section = match[1] as SitemapSection;
        const items = await sitemapBlockItems(app.db, section, Number(match[2]));
        urls = items.map(({ id, updated_at }) => ({ path: `/${section}/${id}`, lastmod: updated_at }));
        if (urls.length === 0) throw notFound();
      }
      return reply.type(xml).header('cache-control', cacheControl).send(sitemapXml(app.settings.publicUrl, urls));
    },
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
      reply.type('text/plain; charset=utf-8').header('cache-control', cacheControl).send(robotsTxt(app.settings.publicUrl)),
  );
};

export default seoRoutes;
