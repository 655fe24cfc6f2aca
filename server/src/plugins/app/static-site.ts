/**
 * The single URL of DESIGN.md: the shell's build at `/`, each remote's build at
 * `/remotes/<name>/` (media at `/media/` is routes/site/media.ts), and for any other page a browser
 * asks for, the page rendered on the server into the shell's `islands.html` (issue 9) or, for
 * pages the browser renders, its `index.html`, each with the run-time remote list inlined.
 * Files are read from disk on every request, so a remote rebuilt alone is served at once. A remote's
 * released versions (issue 35) are served from the store at `/remotes/<name>/releases/<version>/…`.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { isKnownPagePath, PREFERENCE_COOKIE_PREFIX, serverRenderingOf, REMOTE_NAMES, type RemoteManifestEntry, type RemoteName } from '@shop/contracts';
import { MESSAGES } from '../../lib/messages';
import { RETRY_AFTER_S } from './error-handler';
import type { PageSources } from '../external/helmet';
import { AUTH_COOKIE } from './auth';
import { createPageRenderer, type PageRenderer } from './page-renderer';
import type { SwrCache } from '../../lib/swr-cache';
import { isPrivateKey, mediaTypeOf } from '../../lib/storage';
import { sendStoredFile } from '../../lib/stored-file-reply';
import { releaseFolder } from '../../modules/releases';
import { isolatedRenderers, pageReleases, releasesKey, withActiveReleases, type ActiveReleases } from './page-releases';

/** A visitor's rendered page as kept: its HTML, and its bytes per content encoding once sent so. */
interface KeptPage {
  status: number;
  html: string;
  encoded: Map<string, Buffer>;
}

/** Content encodings of kept pages, the client's preference first among equals (as plugins/external/compress.ts). */
const PAGE_ENCODINGS = ['br', 'gzip'];

/** Compresses a kept page once per encoding (brotli 5: about 10 % smaller than the per-request quality 4). */
function encodePage(html: string, encoding: string): Buffer {
  if (encoding === 'br') {
    return zlib.brotliCompressSync(html, {
      params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
    });
  }
  return zlib.gzipSync(html);
}

/** The placeholder inside `<script id="remote-list" type="application/json">` of index.html. */
export const REMOTE_LIST_PLACEHOLDER = '<!--REMOTE_LIST-->';

const NO_CACHE_FILES = new Set(['index.html', 'islands.html', 'remoteEntry.js', 'mf-manifest.json', 'remote-list.json']);
const HASHED_NAME = /[.-][0-9a-f]{8,}[.-]/i;

/** Cache-Control of a served file: fixed names `no-cache`, content-hashed names a year, immutable. */
export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath);
  if (NO_CACHE_FILES.has(name)) return 'no-cache';
  if (HASHED_NAME.test(name)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/** A file of a remote's release under `/remotes/<name>/`: `releases/<version>/<path>` (issue 35). */
const RELEASE_FILE = /^releases\/(\d+\.\d+\.\d+\+[0-9a-f]{7,40})\/(.+)$/;

/** Content types of a build's files; other extensions (images, audio) by {@link mediaTypeOf}. */
const BUILD_FILE_TYPES: Record<string, string> = {
  js: 'application/javascript; charset=utf-8',
  mjs: 'application/javascript; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  css: 'text/css; charset=utf-8',
  html: 'text/html; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  woff2: 'font/woff2',
  woff: 'font/woff',
  ico: 'image/x-icon',
};

/** Content type of a file of a remote's build, by its extension. */
function buildFileTypeOf(file: string): string {
  return BUILD_FILE_TYPES[path.extname(file).slice(1).toLowerCase()] ?? mediaTypeOf(file);
}

/** Default remote list: every remote of contracts' REMOTE_NAMES under /remotes/<name>/. */
export function defaultRemoteList(): RemoteManifestEntry[] {
  return REMOTE_NAMES.map((name) => ({ name, entry: `/remotes/${name}/mf-manifest.json` }));
}

/**
 * index.html cut around the content of `<div id="root">` (the static skeleton, the last element
 * of the body), so a server-rendered page goes in its place.
 * @returns null when the file has no such element
 */
export function splitAtRoot(html: string): { before: string; after: string } | null {
  // The built file is minified: the attribute may have lost its quotes.
  const open = /<div id="?root"?>/.exec(html);
  const end = html.lastIndexOf('</div>', html.lastIndexOf('</body>'));
  if (!open || end < open.index) return null;
  return { before: html.slice(0, open.index + open[0].length), after: html.slice(end) };
}

/**
 * The device preferences of a request (issue 9): its `pref_*` cookies, by name without the prefix
 * ({@link PREFERENCE_COOKIE_PREFIX}), which a server-rendered page follows.
 */
export function preferencesOf(cookies: Record<string, string | undefined>): Record<string, string> {
  const preferences: Record<string, string> = {};
  for (const [name, value] of Object.entries(cookies)) {
    if (name.startsWith(PREFERENCE_COOKIE_PREFIX) && value !== undefined) preferences[name.slice(PREFERENCE_COOKIE_PREFIX.length)] = value;
  }
  return preferences;
}

/** JSON for an inline `<script>`: `<` escaped so the text cannot close the element. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** Script types a browser runs (HTML "prepare the script element"); others, like application/json, are data. */
const RUN_TYPES = /^(?:|module|importmap|speculationrules|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/i;
/** A host a CSP source can name: a DNS name or a bracketed IPv6 address, with an optional port. */
const CSP_HOST = /^(?:[a-z0-9.-]+|\[[0-9a-f:.]+\])(?::\d+)?$/i;

/** `'sha256-…'` of each inline script the browser runs in `html`, once each (`src` and data scripts left out). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/(?:^|\s)src\s*=/i.test(attributes)) continue;
    const type = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/i.exec(attributes);
    if (type && !RUN_TYPES.test((type[1] ?? type[2] ?? type[3] ?? '').trim())) continue;
    hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * The CSP sources of the remotes of `list` served from another origin: `https://host[:port]`, or
 * `host[:port]` for a protocol-relative entry. Relative entries are this origin ('self'); entries
 * that are not http(s) URLs with a plain host are left out (the browser cannot load them anyway).
 */
export function remoteOrigins(list: RemoteManifestEntry[]): string[] {
  const origins = new Set<string>();
  // The list is the operator's JSON: a malformed one must not fail every answer's headers.
  for (const item of Array.isArray(list) ? (list as unknown[]) : []) {
    const entry = (item as Partial<RemoteManifestEntry> | null)?.entry;
    if (typeof entry !== 'string') continue;
    let url: URL;
    try {
      url = new URL(entry, 'http://same-origin.invalid');
    } catch {
      continue;
    }
    if (url.host === 'same-origin.invalid' || !/^https?:$/.test(url.protocol) || !CSP_HOST.test(url.host)) continue;
    origins.add(entry.startsWith('//') ? url.host : url.origin);
  }
  return [...origins];
}

/** Paths with answers of their own, JSON or files, never a page: the API, CSRF, remotes' builds, media. */
const NOT_PAGE_PREFIX = /^\/(api|sanctum|remotes|media)(\/|$)/;
/** A last path segment with an extension (`main.js`, `robots.txt`): a file, not a page. */
const FILE_NAME = /\.[a-z0-9]{1,8}$/i;

/**
 * True when a request is answered with a page (issue 22 item 2): a GET or HEAD outside
 * {@link NOT_PAGE_PREFIX} for a page path, whatever its Accept header (curl and wget send `*\/*`,
 * feed readers and link-preview bots other types or none). A path that names a file
 * (`/missing.js`) is a page only for a client that asks for HTML (a browser's navigation).
 */
export function isPageRequest(request: { method?: string; url?: string; headers: { accept?: string } }): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = (request.url ?? '').split('?')[0] ?? '';
  if (NOT_PAGE_PREFIX.test(pathname)) return false;
  return !FILE_NAME.test(pathname) || isKnownPagePath(pathname) || (request.headers.accept ?? '').includes('text/html');
}

function mtimeOf(file: string | undefined): number {
  if (!file) return 0;
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

/** The most page variants (index.html and islands.html with one set of releases each) kept at once. */
const KEPT_TEMPLATES = 16;

/**
 * The shell's pages (index.html, islands.html) with the remote list of `remoteListFile` (else the
 * default list) inlined, each remote with a release pointed at it ({@link withActiveReleases}): the
 * active releases, or a canary visitor's. Each re-read when it or the list file changes.
 * `remoteList()` is the list of the active releases (the same array while nothing changes).
 */
function createPageTemplates(log: FastifyBaseLogger, remoteListFile: string | undefined, activeReleases: () => ActiveReleases) {
  let configured: { mtime: number; list: RemoteManifestEntry[] } | null = null;
  /** The list of `remoteListFile`, else the default list; re-read when the file changes. */
  function configuredList(): RemoteManifestEntry[] {
    const mtime = mtimeOf(remoteListFile);
    if (configured?.mtime === mtime) return configured.list;
    let list: RemoteManifestEntry[] = defaultRemoteList();
    if (remoteListFile) {
      try {
        list = JSON.parse(fs.readFileSync(remoteListFile, 'utf8'));
      } catch (error) {
        log.error({ err: error, remoteListFile }, 'REMOTE_LIST_FILE unreadable; using the default list');
      }
    }
    configured = { mtime, list };
    return list;
  }

  const lists = new Map<string, { base: RemoteManifestEntry[]; list: RemoteManifestEntry[] }>();
  /** The remote list of `releases` (the active ones unless given): the same array while nothing changes. */
  function remoteList(releases: ActiveReleases = activeReleases()): RemoteManifestEntry[] {
    const base = configuredList();
    const key = releasesKey(releases);
    const known = lists.get(key);
    if (known?.base === base) return known.list;
    if (lists.size >= KEPT_TEMPLATES) lists.clear();
    const list = withActiveReleases(base, releases);
    lists.set(key, { base, list });
    return list;
  }

  const pages = new Map<string, { base: RemoteManifestEntry[]; mtime: number; html: string }>();
  /** A page of the shell's build with the remote list of `releases` (the active ones unless given) inlined. */
  function renderTemplate(file: string, releases: ActiveReleases = activeReleases()): string | null {
    const base = configuredList();
    const mtime = mtimeOf(file);
    const key = `${file}\n${releasesKey(releases)}`;
    const known = pages.get(key);
    if (known?.base === base && known.mtime === mtime) return known.html;
    let html: string;
    try {
      html = fs.readFileSync(file, 'utf8');
    } catch {
      return null;
    }
    html = html.split(REMOTE_LIST_PLACEHOLDER).join(inlineJson(remoteList(releases)));
    if (pages.size >= KEPT_TEMPLATES) pages.clear();
    pages.set(key, { base, mtime, html });
    return html;
  }

  return { render: renderTemplate, remoteList };
}

/** What {@link createPageSender} sends pages with. */
interface PageSenderParts {
  renderTemplate: (file: string, releases?: ActiveReleases) => string | null;
  islandsFile: string;
  /** The renderer of a set of releases, the process's own for the active ones (undefined). */
  rendererOf: (releases?: ActiveReleases) => PageRenderer;
  /** Visitors' rendered pages by URL, preferences and remote builds; null with PUBLIC_CACHE_MS 0. */
  visitorPages: SwrCache<KeptPage> | null;
  sendIndex: (reply: FastifyReply, status?: number, releases?: ActiveReleases) => FastifyReply;
  /** The releases of a request's page (a canary visitor's, a preview's) when they differ from the active ones. */
  pageReleasesOf: (request: FastifyRequest) => ActiveReleases | undefined;
}

/** The sender of the public pages: see its `sendPage`. */
function createPageSender({ renderTemplate, islandsFile, rendererOf, visitorPages, sendIndex: sendIndexOf, pageReleasesOf }: PageSenderParts) {
  /**
   * A public page (issue 9): rendered on the server into islands.html's root, with the state it
   * used; index.html as it is (the browser renders) when the page is not one the server renders,
   * the shell's server bundle is missing or the page's frame fails on the server. A page of other
   * releases than the active ones (a canary visitor's, a preview's) is rendered from those and
   * names them in its remote list, so the browser hydrates it from the same versions (issue 35 item 2).
   */
  async function sendPage(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const url = request.url;
    const pathname = url.split('?')[0] ?? '/';
    const releases = pageReleasesOf(request);
    const sendIndex = (status?: number) => sendIndexOf(reply, status, releases);
    const html = renderTemplate(islandsFile, releases);
    const parts = html === null ? null : splitAtRoot(html);
    const visitor = !request.cookies[AUTH_COOKIE];
    const rendering = serverRenderingOf(pathname);
    // A page for signed-in readers only is rendered for one (with their cookies), never for a
    // visitor: the browser's page asks them to log in.
    if (!parts || rendering === null || (rendering === 'readers' && visitor)) {
      // A path nobody owns: the browser still shows the 404 page, under a 404 status.
      sendIndex(isKnownPagePath(pathname) ? 200 : 404);
      return;
    }
    // Only now: a page the browser renders starts no worker of another set.
    const renderer = rendererOf(releases);
    const readerCookie = rendering === 'readers' ? request.headers.cookie : undefined;
    const preferences = preferencesOf(request.cookies);

    /** The page as a stream of its document, or null when the browser must render it. */
    async function render(): Promise<{ status: number; document: AsyncGenerator<string | Buffer> } | null> {
      let page;
      try {
        page = await renderer.render(url, visitor, preferences, request.server.settings.publicUrl, readerCookie);
      } catch (error) {
        request.log.error({ err: error, url }, 'server rendering failed; the browser renders the page');
      }
      if (!page) return null;
      const { html: body, state, status, head } = page;
      async function* document() {
        // The page's own head tags (issue 9): islands.html has no title or description of its own.
        // (A replacer function: `$&` or `$'` in a title must stay text, not a replacement pattern.)
        yield head ? parts!.before.replace('</head>', () => `${head}</head>`) : parts!.before;
        for await (const chunk of body) yield chunk as Buffer;
        // `data-visitor`: the island loader's cue to wait for each island's first use (issue 9).
        yield `</div><script id="preloaded-state" type="application/json"${visitor ? ' data-visitor' : ''}>${state()}</script>`;
        yield parts!.after.slice('</div>'.length);
      }
      return { status, document: document() };
    }

    // A reader's own page stays out of shared caches.
    const send = (status: number, body: Readable | string | Buffer) => {
      // A 503 page (a service the page needed is briefly away: issue 23) says when to try again.
      if (status === 503) reply.header('retry-after', String(RETRY_AFTER_S));
      return reply
        .code(status)
        .header('cache-control', readerCookie ? 'private, no-cache' : 'no-cache')
        .type('text/html; charset=utf-8')
        .send(body);
    };
    if (!visitor || !visitorPages) {
      const page = await render();
      if (page) send(page.status, Readable.from(page.document));
      else sendIndex();
      return;
    }
    // A visitor's page is the same for every visitor with the same preferences: rendered once per
    // key, kept for the public cache's lifetime and dropped on a write (issue 10 "Load and faults":
    // one render costs about 190 ms of CPU; an API answer from the cache about 1 ms).
    // A remote redeployed alone reaches the next visitor too (its build is part of the key).
    const key = `${url}\n${JSON.stringify(Object.entries(preferences).sort())}\n${await renderer.builds()}`;
    const { value: kept, turn } = await visitorPages.lookup(key);
    let page = kept;
    if (turn) {
      // Only a 200 is the same for the next visitor (not a 404 or the browser's fallback).
      const rendered = render()
        .then(collect)
        .catch((error: unknown) => {
          request.log.error({ err: error, url }, 'server rendering failed; the browser renders the page');
          return null;
        })
        .then((fresh) => {
          if (fresh?.status === 200) turn.keep(fresh);
          else turn.end();
          return fresh;
        });
      // An expired page goes out while its next render runs (stale-while-revalidate).
      if (!page) page = await rendered;
    }
    if (!page) {
      sendIndex();
      return;
    }
    // Compressed once per encoding, not on every visit (a page is about 170 KB of HTML).
    const encoding = request.headers['x-no-compression'] === undefined ? negotiate(request.headers['accept-encoding'] ?? '', PAGE_ENCODINGS) : null;
    if (!encoding) {
      send(page.status, page.html);
      return;
    }
    let body = page.encoded.get(encoding);
    if (!body) page.encoded.set(encoding, (body = encodePage(page.html, encoding)));
    reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
    send(page.status, body);
  }

  /** A rendered page read to its end, or null. */
  async function collect(page: { status: number; document: AsyncGenerator<string | Buffer> } | null): Promise<KeptPage | null> {
    if (!page) return null;
    let html = '';
    for await (const chunk of page.document) html += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    return { status: page.status, html, encoded: new Map() };
  }

  return sendPage;
}

export default fp(
  async (app) => {
    const { shellDist, remotesRoot, remoteListFile } = app.settings;
    const indexFile = path.join(shellDist, 'index.html');
    const islandsFile = path.join(shellDist, 'islands.html');

    // Only `reply.sendFile` is used: routes below pick the root per request.
    await app.register(fastifyStatic, {
      root: shellDist,
      serve: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.header('cache-control', cacheControlFor(filePath));
      },
    });

    // Which releases each page gets: the active ones, a canary visitor's, a super user's preview.
    const releases = pageReleases(app, (live) => renderers.prewarm(live));
    app.addHook('onRequest', async (request, reply) => {
      if (isPageRequest(request.raw) || request.url === '/index.html') await releases.choose(request, reply);
    });
    const templates = createPageTemplates(app.log, remoteListFile, releases.active);
    const renderTemplate = templates.render;
    const renderIndex = () => renderTemplate(indexFile);

    // The Content-Security-Policy (plugins/external/helmet.ts) of every answer allows the remotes
    // of the list and the inline scripts of the pages, as they are served now. Only documents apply
    // it: other answers (API, scripts) reuse the sources last read, without a look at the disk.
    let sources: { templates: (string | null)[]; list: RemoteManifestEntry[]; value: PageSources } | null = null;
    app.usePageSources((request) => {
      if (sources && !isPageRequest(request)) return sources.value;
      const pages = [renderIndex(), renderTemplate(islandsFile)];
      if (!sources || sources.list !== templates.remoteList() || pages.some((html, i) => html !== sources!.templates[i])) {
        const scriptHashes = pages.flatMap((html) => (html === null ? [] : inlineScriptHashes(html)));
        sources = { templates: pages, list: templates.remoteList(), value: { remoteOrigins: remoteOrigins(templates.remoteList()), scriptHashes: [...new Set(scriptHashes)] } };
      }
      return sources.value;
    });

    /** Where this process answers HTTP. */
    const selfOrigin = () => {
      const address = app.server.address();
      return typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : 'http://127.0.0.1';
    };
    /** A renderer of the pages of `releases`, in a worker of its own when `isolated`. */
    const rendererFor = (releases: ActiveReleases | undefined, isolated: boolean) =>
      createPageRenderer({
        shellDist,
        // sendPage has just read its page and the list (renderTemplate): no second look at the disk.
        remoteList: () => templates.remoteList(releases),
        origin: selfOrigin,
        remotesOrigin: () => app.settings.remotesOrigin ?? selfOrigin(),
        log: app.log,
        isolated,
      });
    const renderer = rendererFor(undefined, false);
    const renderers = isolatedRenderers((set) => rendererFor(set, true), releases.active);
    app.addHook('onClose', () => renderers.close());
    /** The renderer of a page of `set` (issue 35 item 2): the process's own for the active releases. */
    const rendererOf = (set?: ActiveReleases) => (set ? renderers.of(set) : renderer);

    /**
     * index.html, the page the browser renders, with the remote list of `releases` (a canary
     * visitor's), else of the active releases.
     */
    function sendIndex(reply: FastifyReply, status = 200, releases?: ActiveReleases): FastifyReply {
      const html = renderTemplate(indexFile, releases);
      if (html === null) {
        return reply
          .code(503)
          .header('cache-control', 'no-cache')
          .type('text/plain; charset=utf-8')
          .send(MESSAGES.shellMissing);
      }
      return reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }

    const sendPage = createPageSender({
      renderTemplate,
      islandsFile,
      rendererOf,
      visitorPages: app.createPublicCache<KeptPage>(),
      sendIndex,
      pageReleasesOf: releases.of,
    });

    const hidden = { schema: { hide: true } };

    app.get('/', hidden, async (request, reply) => {
      await sendPage(request, reply);
      return reply;
    });
    app.get('/index.html', hidden, (request, reply) => sendIndex(reply, 200, releases.of(request)));

    app.get<{ Params: { name: string; '*': string } }>('/remotes/:name/*', hidden, (request, reply) => {
      const { name } = request.params;
      if (!(REMOTE_NAMES as readonly string[]).includes(name)) return reply.callNotFound();
      const release = RELEASE_FILE.exec(request.params['*']);
      if (release) {
        // A version's files never change (a new build is a new version): cached for good. An
        // unknown or pruned version, or a file it lacks, is missing from the store: 404.
        const key = `${releaseFolder(name as RemoteName, release[1]!)}${release[2]!}`;
        if (!isPrivateKey(key)) return reply.callNotFound();
        return sendStoredFile(
          request,
          reply,
          { stat: () => app.storage.statPrivate(key), open: (range) => app.storage.openPrivate(key, range) },
          { contentType: buildFileTypeOf(key), cacheControl: 'public, max-age=31536000, immutable' },
        );
      }
      return reply.sendFile(request.params['*'] || 'index.html', path.join(remotesRoot, name, 'dist'));
    });

    app.get<{ Params: { '*': string } }>('/*', hidden, (request, reply) => {
      const file = request.params['*'];
      if (/^(api|sanctum)(\/|$)/.test(file) || !file) return reply.callNotFound();
      return reply.sendFile(file, shellDist);
    });

    // Pages get the shell (404 for a path nobody owns), whatever the client accepts (issue 22 item 2);
    // the client shows its own 404 page. HEAD answers the same without the body (Node drops it).
    app.siteFallback = (request: FastifyRequest, reply: FastifyReply) => {
      if (!isPageRequest(request.raw)) return false;
      void sendPage(request, reply);
      return true;
    };
  },
  { name: 'static-site', dependencies: ['error-handler', 'public-cache'] },
);
