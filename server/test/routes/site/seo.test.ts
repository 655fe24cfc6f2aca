import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { convert } from 'xmlbuilder2';
import { products, productSessions } from '../../../src/modules/commerce/tables';
import { podcasts, posts } from '../../../src/modules/content/tables';
import { IDS_PER_SITEMAP_FILE } from '../../../src/modules/engagement/content-table';
import { DB_TARGETS, buildTestApp } from '../../helpers/test-app';

type XmlObject = Record<string, unknown>;
interface UrlEntry {
  loc: string;
  lastmod?: string;
}

describe.each(DB_TARGETS)('sitemap.xml and robots.txt on %s', (target) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp(target, { publicUrl: 'http://shop.test:8080' });
  });
  afterAll(() => app.close());

  /** The root element of an XML answer with status 200 (throws when the XML is not well-formed). */
  async function xmlRoot(url: string, headers: Record<string, string>, root: 'sitemapindex' | 'urlset'): Promise<XmlObject> {
    const response = await app.inject({ url, headers });
    expect([url, response.statusCode]).toEqual([url, 200]);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    const element = (convert(response.body, { format: 'object' }) as XmlObject)[root] as XmlObject;
    expect(element['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    return element;
  }

  /** The index's `<sitemap>` entries. */
  async function sitemapIndex(headers: Record<string, string> = { host: 'shop.test:8080' }): Promise<UrlEntry[]> {
    return ([] as UrlEntry[]).concat((await xmlRoot('/sitemap.xml', headers, 'sitemapindex')).sitemap as UrlEntry[]);
  }

  /** Every `<url>` entry of every file the index names, followed through the index. */
  async function sitemap(headers: Record<string, string> = { host: 'shop.test:8080' }): Promise<UrlEntry[]> {
    const entries: UrlEntry[] = [];
    for (const file of await sitemapIndex(headers)) {
      const urlset = await xmlRoot(new URL(file.loc).pathname, headers, 'urlset');
      entries.push(...([] as UrlEntry[]).concat(urlset.url as UrlEntry[]));
    }
    return entries;
  }

  /** Active rows of a content table as the sitemap should list them: path → ISO lastmod. */
  async function activeRows(table: typeof posts | typeof podcasts | typeof products, prefix: string) {
    const rows = await app.db.select({ id: table.id, updated_at: table.updated_at }).from(table).where(eq(table.is_active, true));
    return new Map(rows.map((row) => [`${prefix}/${row.id}`, new Date(row.updated_at).toISOString()]));
  }

  it('lists the public pages and every active post, podcast and course with lastmod, absolute from the request host', async () => {
    const entries = await sitemap();
    const byPath = new Map(entries.map((entry) => [entry.loc.replace('http://shop.test:8080', ''), entry.lastmod]));
    expect(entries.every((entry) => entry.loc.startsWith('http://shop.test:8080/'))).toBe(true);
    expect(byPath.size).toBe(entries.length);

    const expected = new Map([
      ...(await activeRows(posts, '/posts')),
      ...(await activeRows(podcasts, '/podcasts')),
      ...(await activeRows(products, '/products')),
    ]);
    expect(expected.size).toBeGreaterThan(20);
    for (const [path, lastmod] of expected) expect([path, byPath.get(path)]).toEqual([path, lastmod]);

    const pages = ['/', '/posts', '/podcasts', '/products', '/frequently-asked-questions', '/terms-and-conditions'];
    expect([...byPath.keys()].sort()).toEqual([...pages, ...expected.keys()].sort());
    // A list page changes when its newest item does; the home page with the newest of all.
    const newest = (prefix: string) =>
      [...expected].filter(([path]) => path.startsWith(`${prefix}/`)).reduce((max, [, at]) => (at > max ? at : max), '');
    expect(byPath.get('/posts')).toBe(newest('/posts'));
    expect(byPath.get('/products')).toBe(newest('/products'));
    expect(byPath.get('/')).toBe([newest('/posts'), newest('/podcasts'), newest('/products')].sort().at(-1));
    // Signed-in pages are not listed: about-me, and course sessions (email-verified).
    const [session] = await app.db.select({ id: productSessions.id, productId: productSessions.product_id }).from(productSessions).limit(1);
    expect(byPath.has('/about-me')).toBe(false);
    expect(byPath.has(`/products/${session!.productId}/${session!.id}`)).toBe(false);
  });

  it('is an index of the static pages file and one file per block of ids, each with its newest lastmod', async () => {
    const files = await sitemapIndex();
    expect(files.map((file) => file.loc.replace('http://shop.test:8080', ''))).toEqual([
      '/sitemaps/pages.xml',
      '/sitemaps/posts-1.xml',
      '/sitemaps/podcasts-1.xml',
      '/sitemaps/products-1.xml',
    ]);
    const postsFile = await xmlRoot('/sitemaps/posts-1.xml', { host: 'shop.test:8080' }, 'urlset');
    const newestPost = ([] as UrlEntry[]).concat(postsFile.url as UrlEntry[]).reduce((max, url) => (url.lastmod! > max ? url.lastmod! : max), '');
    expect(files[1]!.lastmod).toBe(newestPost);

    // A post whose id falls in the third block of IDS_PER_SITEMAP_FILE gets its own file; the empty second block none.
    const [template] = await app.db.select().from(posts).where(eq(posts.is_active, true)).limit(1);
    const farId = 2 * IDS_PER_SITEMAP_FILE + 7;
    await app.db.insert(posts).values({ ...template!, id: farId, slug: `far-${farId}` });
    try {
      const paths = (await sitemapIndex()).map((file) => new URL(file.loc).pathname);
      expect(paths).toContain('/sitemaps/posts-3.xml');
      expect(paths).not.toContain('/sitemaps/posts-2.xml');
      const far = await xmlRoot('/sitemaps/posts-3.xml', { host: 'shop.test:8080' }, 'urlset');
      expect(([] as UrlEntry[]).concat(far.url as UrlEntry[]).map((url) => url.loc)).toEqual([`http://shop.test:8080/posts/${farId}`]);
      for (const missing of ['/sitemaps/posts-2.xml', '/sitemaps/users-1.xml', '/sitemaps/posts-0.xml', '/sitemaps/posts-1.json']) {
        const response = await app.inject({ url: missing });
        expect([missing, response.statusCode]).toEqual([missing, 404]);
        expect(response.json<{ message: string }>().message).toMatch(/[\u0600-\u06FF]/);
      }
    } finally {
      await app.db.delete(posts).where(eq(posts.id, farId));
    }
  });

  it('leaves out an item once it is made inactive', async () => {
    const [post] = await app.db.select({ id: posts.id }).from(posts).where(eq(posts.is_active, true)).limit(1);
    const loc = `http://shop.test:8080/posts/${post!.id}`;
    expect((await sitemap()).map((entry) => entry.loc)).toContain(loc);
    await app.db.update(posts).set({ is_active: false }).where(eq(posts.id, post!.id));
    try {
      expect((await sitemap()).map((entry) => entry.loc)).not.toContain(loc);
    } finally {
      await app.db.update(posts).set({ is_active: true }).where(eq(posts.id, post!.id));
    }
  });

  it('answers robots.txt that keeps crawlers out of the API, dashboard and per-user pages and names the sitemap', async () => {
    const response = await app.inject({ url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    const lines = response.body.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Sitemap: http://shop.test:8080/sitemap.xml');
    const disallowed = lines.filter((line) => line.startsWith('Disallow: ')).map((line) => line.slice('Disallow: '.length));
    const blocked = (path: string) => disallowed.some((prefix) => path.startsWith(prefix));
    for (const path of ['/api/posts', '/sanctum/csrf-cookie', '/dashboard', '/dashboard/posts', '/shopping-cart', '/profile', '/login']) {
      expect([path, blocked(path)]).toEqual([path, true]);
    }
    const sitemapPaths = (await sitemap()).map((entry) => new URL(entry.loc).pathname);
    for (const path of [...sitemapPaths, '/media/seed/x.webp', '/remotes/content/remoteEntry.js', '/feeds/posts.xml']) {
      expect([path, blocked(path)]).toEqual([path, false]);
    }
  });

  it('takes absolute URLs from PUBLIC_URL, never from the Host header (issue 31 item 5)', async () => {
    const headers = { host: 'evil.test', 'x-forwarded-host': 'evil.test' };
    expect((await sitemapIndex(headers))[0]!.loc).toBe('http://shop.test:8080/sitemaps/pages.xml');
    const entries = await sitemap(headers);
    expect(entries.every((entry) => entry.loc.startsWith('http://shop.test:8080/'))).toBe(true);
    const robots = await app.inject({ url: '/robots.txt', headers });
    expect(robots.body).toContain('Sitemap: http://shop.test:8080/sitemap.xml');
  });

});
