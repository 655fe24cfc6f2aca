import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { serverManifestUrl } from '../../../src/plugins/app/page-renderer';
import { splitAtRoot } from '../../../src/plugins/app/static-site';
import { csrfHeadersOf } from '../../helpers/server-process';
import { buildTestApp, loginToken, tempDir } from '../../helpers/test-app';

/** index.html and islands.html of a shell build: the same page, but for the entry each runs. */
const shellPage = (entry: string) => `<!doctype html><html lang="fa" dir="rtl"><head>
<script id="remote-list" type="application/json"><!--REMOTE_LIST--></script>
<script defer src="/${entry}.1a2b3c4d.js"></script></head><body><div id=root><div class=sk-header>اسکلت</div></div></body></html>`;

/**
 * A stand-in for the shell's server bundle (the real one is built by webpack and exercised by the
 * browser tests in e2e/tests/server-rendering.spec.ts): it renders what it was given, so these
 * tests see what the server passes in and how it places the answer in index.html.
 */
const SHELL_SERVER = `
const { Readable } = require('node:stream');
let renders = 0;
module.exports = Promise.resolve({
  async renderPage({ url, remotes, apiOrigin, publicOrigin, visitor, preferences, readerCookie }) {
    renders += 1;
    if (url.startsWith('/posts/broken')) throw new Error('the frame failed');
    // The real bundle answers null when the cookie signs nobody in.
    if (readerCookie && readerCookie.includes('auth_token=stale')) return null;
    const status = url.startsWith('/posts/404') ? 404 : url.startsWith('/posts/503') ? 503 : 200;
    return {
      status,
      html: Readable.from(['<main data-url="', url, '">', JSON.stringify({ remotes, apiOrigin, visitor, preferences, readerCookie, renders }).replace(/</g, ''), '</main>']),
      state: () => JSON.stringify({ page: url }),
      head: '<title>' + url + '</title><link rel="canonical" href="' + publicOrigin + url + '">',
    };
  },
});`;

/** The page cache's lifetime here: long enough for a test's steps on a busy machine. */
const PAGE_TTL_MS = 4_000;

describe('server-rendered public pages (PGlite)', () => {
  let app: FastifyInstance;
  let base: string;
  let remotesRoot: string;

  beforeAll(async () => {
    const root = tempDir('shop-ssr-');
    const shellDist = path.join(root, 'shell', 'dist');
    remotesRoot = path.join(root, 'remotes');
    fs.mkdirSync(path.join(shellDist, 'server'), { recursive: true });
    fs.writeFileSync(path.join(shellDist, 'index.html'), shellPage('main'));
    fs.writeFileSync(path.join(shellDist, 'islands.html'), shellPage('islands'));
    fs.writeFileSync(path.join(shellDist, 'server', 'main.js'), SHELL_SERVER);
    const contentServer = path.join(remotesRoot, 'content', 'dist', 'server');
    fs.mkdirSync(contentServer, { recursive: true });
    fs.writeFileSync(path.join(contentServer, 'mf-manifest.json'), '{"id":"content","v":1}');
    app = await buildTestApp('pglite', { serveStatic: true, shellDist, remotesRoot, dataDir: path.join(root, 'data'), publicCacheMs: PAGE_TTL_MS });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  async function page(url: string, cookie?: string) {
    const response = await fetch(`${base}${url}`, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), html: await response.text() };
  }

  function rendered(html: string): {
    remotes: { name: string; entry: string }[];
    apiOrigin: string;
    visitor: boolean;
    preferences: Record<string, string>;
    readerCookie?: string;
    /** How many pages the stand-in had rendered, this one included. */
    renders: number;
  } {
    return JSON.parse(/<main data-url="[^"]*">(.*?)<\/main>/.exec(html)![1]!);
  }

  it('renders a public page into islands.html’s root, with the state it used', async () => {
    const { status, html } = await page('/posts?page=2');
    expect(status).toBe(200);
    // The island loader runs the page, not the client-rendered app.
    expect(html).toContain('src="/islands.1a2b3c4d.js"');
    expect(html).not.toContain('/main.');
    expect(html).toMatch(/<div id=root><main data-url="\/posts\?page=2">.*<\/main><\/div><script id="preloaded-state" type="application\/json" data-visitor>\{"page":"\/posts\?page=2"\}<\/script><\/body><\/html>$/);
    expect(html).not.toContain('اسکلت');
    expect(rendered(html).apiOrigin).toBe(base);
    // The page's head tags go in <head> (issue 9), with the site's public origin (PUBLIC_URL, else
    // the listening address), never the request's (issue 31 item 5).
    const origin = app.settings.publicUrl;
    expect(origin).not.toBe(base);
    expect(html).toContain(`<title>/posts?page=2</title><link rel="canonical" href="${origin}/posts?page=2"></head>`);
    // Placed as it is: `$&` in a page's text is not a replacement pattern.
    expect((await page('/posts/$&')).html).toContain(`<title>/posts/$&</title><link rel="canonical" href="${origin}/posts/$&"></head>`);
    expect(rendered(html).visitor).toBe(true);
    // With the auth cookie, the page is not rendered as a visitor's: the browser asks who is signed in.
    expect(rendered((await page('/posts', 'auth_token=abc')).html).visitor).toBe(false);
    // The device's preferences reach the render; no other cookie does.
    expect(rendered((await page('/posts', 'pref_closed_announcements=3.1; other=x')).html).preferences).toEqual({ closed_announcements: '3.1' });
  });

  it('passes the remotes that answer, each with its server manifest and a hash of it', async () => {
    const first = rendered((await page('/')).html).remotes;
    // Only content has a server build here: the others are down and left to the browser.
    expect(first).toEqual([{ name: 'content', entry: expect.stringMatching(new RegExp(`^${base}/remotes/content/server/mf-manifest.json\\?v=[0-9a-f]{12}\\.[0-9]+$`)) }]);
    // A redeployed remote gets a new entry, after the short cache of its manifest.
    fs.writeFileSync(path.join(remotesRoot, 'content', 'dist', 'server', 'mf-manifest.json'), '{"id":"content","v":2}');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const second = rendered((await page('/')).html).remotes;
    expect(second).toHaveLength(1);
    expect(second[0]!.entry).not.toBe(first[0]!.entry);
    // Rolled back to the first build: a URL the runtime has not loaded yet either.
    fs.writeFileSync(path.join(remotesRoot, 'content', 'dist', 'server', 'mf-manifest.json'), '{"id":"content","v":1}');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const third = rendered((await page('/')).html).remotes;
    expect([first[0]!.entry, second[0]!.entry]).not.toContain(third[0]!.entry);
  });

  it('renders a visitor’s page once per URL, preferences and write, and a signed-in reader’s every time', async () => {
    const first = rendered((await page('/podcasts?page=3')).html).renders;
    // The same page for the next visitor within the cache's lifetime: no second render.
    expect(rendered((await page('/podcasts?page=3')).html).renders).toBe(first);
    // Other preferences, another URL, or a signed-in reader: rendered anew.
    expect(rendered((await page('/podcasts?page=3', 'pref_closed_announcements=1')).html).renders).toBeGreaterThan(first);
    expect(rendered((await page('/podcasts?page=4')).html).renders).toBeGreaterThan(first);
    const signedIn = rendered((await page('/podcasts?page=3', 'auth_token=abc')).html);
    expect(signedIn.visitor).toBe(false);
    expect(rendered((await page('/podcasts?page=3', 'auth_token=abc')).html).renders).toBe(signedIn.renders + 1);
    // A write that changes nothing a visitor sees (signing in) keeps the page…
    const cached = rendered((await page('/podcasts?page=3')).html).renders;
    expect(cached).toBe(first);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(await csrfHeadersOf(base)) },
      body: JSON.stringify({ email: 'user@example.com', password: 'User12345' }),
    });
    expect(login.status).toBe(200);
    expect(rendered((await page('/podcasts?page=3')).html).renders).toBe(first);
    // …any other accepted write empties the cache: the next visitor gets a fresh render.
    const token = await loginToken(app, 'user@example.com', 'User12345');
    const me = await app.inject({ method: 'POST', url: '/api/auth/logged-in-user-info', headers: { authorization: `Bearer ${token}` } });
    const { full_name, email } = me.json<{ data: { user: { full_name: string; email: string } } }>().data.user;
    const saved = await app.inject({ method: 'PUT', url: '/api/profile', headers: { authorization: `Bearer ${token}` }, payload: { full_name, email } });
    expect(saved.statusCode).toBe(200);
    expect(rendered((await page('/podcasts?page=3')).html).renders).toBeGreaterThan(signedIn.renders + 1);
  });

  it('renders a page for signed-in readers only (about-me, a course session) for its reader, with their cookies, and never keeps it', async () => {
    const cookie = 'auth_token=abc; XSRF-TOKEN=t0k3n';
    for (const url of ['/about-me', '/products/3/7']) {
      const response = await fetch(`${base}${url}`, { headers: { accept: 'text/html', cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('private, no-cache');
      const first = rendered(await response.text());
      expect(first).toMatchObject({ visitor: false, readerCookie: cookie });
      expect(rendered((await page(url, cookie)).html).renders).toBe(first.renders + 1);
    }
    // The reader's cookies reach only their own pages: a public page is rendered as a visitor sees it.
    expect(rendered((await page('/posts?reader=1', cookie)).html).readerCookie).toBeUndefined();
    // A cookie that signs nobody in, like a visitor, gets the browser's page (its gate asks to log in).
    for (const visitorCookie of ['auth_token=stale', undefined]) {
      const { status, html } = await page('/about-me', visitorCookie);
      expect(status).toBe(200);
      expect(html).toContain('src="/main.1a2b3c4d.js"');
      expect(html).not.toContain('preloaded-state');
    }
  });

  it('sends a kept page compressed as the client accepts, compressed once per encoding', async () => {
    const url = '/terms-and-conditions?encoded=1';
    const plain = await app.inject({ url, headers: { accept: 'text/html' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const asked = (encoding: string) => app.inject({ url, headers: { accept: 'text/html', 'accept-encoding': encoding } });
    const br = await asked('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.payload);
    const again = await asked('br');
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    const gzip = await asked('gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.payload);
    // One render behind all four answers.
    expect(rendered(gunzipSync(gzip.rawPayload).toString()).renders).toBe(rendered(plain.payload).renders);
  });

  it('serves an expired page while its next render runs, then the new one', async () => {
    const first = rendered((await page('/frequently-asked-questions?stale=1')).html).renders;
    await new Promise((resolve) => setTimeout(resolve, PAGE_TTL_MS + 100));
    // The visitor after the lifetime gets the kept page at once and starts its next render.
    expect(rendered((await page('/frequently-asked-questions?stale=1')).html).renders).toBe(first);
    let next = first;
    for (let waited = 0; next === first && waited < 2_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      next = rendered((await page('/frequently-asked-questions?stale=1')).html).renders;
    }
    expect(next).toBeGreaterThan(first);
    // And that one is kept in turn.
    expect(rendered((await page('/frequently-asked-questions?stale=1')).html).renders).toBe(next);
  });

  it('answers with the status of the error page the page rendered, and when to try again for a 503', async () => {
    expect(await page('/posts/404')).toMatchObject({ status: 404, retryAfter: null });
    // A service the page needed was away (issue 23): the Persian 503 page, with Retry-After.
    expect(await page('/posts/503')).toMatchObject({ status: 503, retryAfter: '5' });
  });

  it('falls back to index.html when the frame fails, and for pages the browser renders', async () => {
    for (const url of ['/posts/broken', '/shopping-cart', '/products/3/7', '/about-me', '/login']) {
      const { status, html } = await page(url);
      expect(status).toBe(200);
      expect(html).toContain('اسکلت');
      expect(html).toContain('src="/main.1a2b3c4d.js"');
      expect(html).not.toContain('preloaded-state');
    }
  });
});

describe('server-rendered pages with the remotes elsewhere (REMOTES_ORIGIN, as in docker/compose.yaml)', () => {
  let app: FastifyInstance;
  let remotes: http.Server;
  let remotesOrigin: string;

  beforeAll(async () => {
    // The gateway in front of the remote containers: only content answers, with a server manifest.
    remotes = http.createServer((request, response) => {
      if (request.url === '/remotes/content/server/mf-manifest.json') response.writeHead(200, { 'content-type': 'application/json' }).end('{"id":"content"}');
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => remotes.listen(0, '127.0.0.1', resolve));
    remotesOrigin = `http://127.0.0.1:${(remotes.address() as AddressInfo).port}`;
    const root = tempDir('shop-ssr-elsewhere-');
    const shellDist = path.join(root, 'shell', 'dist');
    fs.mkdirSync(path.join(shellDist, 'server'), { recursive: true });
    fs.writeFileSync(path.join(shellDist, 'islands.html'), shellPage('islands'));
    fs.writeFileSync(path.join(shellDist, 'index.html'), shellPage('main'));
    fs.writeFileSync(path.join(shellDist, 'server', 'main.js'), SHELL_SERVER);
    // No remote builds beside the server (the server image has none).
    const remotesRoot = path.join(root, 'remotes');
    app = await buildTestApp('pglite', { serveStatic: true, shellDist, remotesRoot, remotesOrigin, dataDir: path.join(root, 'data') });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await app.close();
    await new Promise((resolve) => remotes.close(resolve));
  });

  it('fetches the remotes named by path from that origin, and still calls its own API', async () => {
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const html = await (await fetch(`${base}/posts`, { headers: { accept: 'text/html' } })).text();
    const state = JSON.parse(/<main data-url="[^"]*">(.*?)<\/main>/.exec(html)![1]!) as { remotes: { name: string; entry: string }[]; apiOrigin: string };
    expect(state.remotes).toEqual([{ name: 'content', entry: expect.stringMatching(new RegExp(`^${remotesOrigin}/remotes/content/server/mf-manifest.json\\?v=`)) }]);
    expect(state.apiOrigin).toBe(base);
  });
});

describe('page renderer helpers', () => {
  it('finds a remote’s server manifest beside its browser manifest', () => {
    expect(serverManifestUrl('/remotes/content/mf-manifest.json', 'http://127.0.0.1:8080')).toBe(
      'http://127.0.0.1:8080/remotes/content/server/mf-manifest.json',
    );
    expect(serverManifestUrl('https://cdn.example.com/commerce/v7/mf-manifest.json', 'http://127.0.0.1:8080')).toBe(
      'https://cdn.example.com/commerce/v7/server/mf-manifest.json',
    );
  });

  it('cuts index.html around the root’s content, quoted or minified', () => {
    expect(splitAtRoot('<body><div id="root"><p>x</p></div></body>')).toEqual({ before: '<body><div id="root">', after: '</div></body>' });
    expect(splitAtRoot('<body><div id=root><div>s</div></div></body>')).toEqual({ before: '<body><div id=root>', after: '</div></body>' });
    expect(splitAtRoot('<body></body>')).toBeNull();
  });
});
