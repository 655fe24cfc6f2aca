/**
 * The single URL of DESIGN.md: the shell's build at `/`, each remote's build at
 * `/remotes/<name>/`, uploaded and seeded media at `/media/`, and the shell's `index.html`
 * (with the run-time remote list inlined) for any other page a browser asks for.
 * Files are read from disk on every request, so a remote rebuilt alone is served at once.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { isServerRenderedPath, REMOTE_NAMES, type RemoteManifestEntry } from '@shop/contracts';
import { MESSAGES } from '../../lib/messages';
import { AUTH_COOKIE } from './auth';
import { createPageRenderer } from './page-renderer';

/** The placeholder inside `<script id="remote-list" type="application/json">` of index.html. */
export const REMOTE_LIST_PLACEHOLDER = '<!--REMOTE_LIST-->';

const NO_CACHE_FILES = new Set(['index.html', 'remoteEntry.js', 'mf-manifest.json', 'remote-list.json']);
const HASHED_NAME = /[.-][0-9a-f]{8,}[.-]/i;

/** Cache-Control of a served file: fixed names `no-cache`, content-hashed names a year, immutable. */
export function cacheControlFor(filePath: string): string {
  const name = path.basename(filePath);
  if (NO_CACHE_FILES.has(name)) return 'no-cache';
  if (HASHED_NAME.test(name)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
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

/** JSON for an inline `<script>`: `<` escaped so the text cannot close the element. */
export function inlineJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function mtimeOf(file: string | undefined): number {
  if (!file) return 0;
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return -1;
  }
}

export default fp(
  async (app) => {
    const { shellDist, remotesRoot, uploadsDir, remoteListFile } = app.settings;
    const indexFile = path.join(shellDist, 'index.html');
    fs.mkdirSync(uploadsDir, { recursive: true });

    // Only `reply.sendFile` is used: routes below pick the root per request.
    await app.register(fastifyStatic, {
      root: uploadsDir,
      serve: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.header('cache-control', cacheControlFor(filePath));
      },
    });

    let cached: { key: string; html: string; list: RemoteManifestEntry[] } | null = null;

    /** index.html with the remote list inlined; re-read when it or the list file changes. */
    function renderIndex(): string | null {
      const key = `${mtimeOf(indexFile)}:${mtimeOf(remoteListFile)}`;
      if (cached?.key === key) return cached.html;
      let html: string;
      try {
        html = fs.readFileSync(indexFile, 'utf8');
      } catch {
        return null;
      }
      let list: RemoteManifestEntry[] = defaultRemoteList();
      if (remoteListFile) {
        try {
          list = JSON.parse(fs.readFileSync(remoteListFile, 'utf8'));
        } catch (error) {
          app.log.error({ err: error, remoteListFile }, 'REMOTE_LIST_FILE unreadable; using the default list');
        }
      }
      html = html.split(REMOTE_LIST_PLACEHOLDER).join(inlineJson(list));
      cached = { key, html, list };
      return html;
    }

    const renderer = createPageRenderer({
      shellDist,
      // sendPage has just read index.html and the list (renderIndex): no second look at the disk.
      remoteList: () => cached?.list ?? [],
      origin: () => {
        const address = app.server.address();
        return typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : 'http://127.0.0.1';
      },
      log: app.log,
    });

    /**
     * A public page (issue 9): rendered on the server into index.html's root, with the state it
     * used; index.html as it is (the browser renders) when the page is not one the server renders,
     * the shell's server bundle is missing or the page's frame fails on the server.
     */
    async function sendPage(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const url = request.url;
      const html = renderIndex();
      const parts = html === null ? null : splitAtRoot(html);
      if (!parts || !isServerRenderedPath(url.split('?')[0] ?? '/')) {
        sendIndex(reply);
        return;
      }
      let page;
      try {
        page = await renderer.render(url, !request.cookies[AUTH_COOKIE]);
      } catch (error) {
        request.log.error({ err: error, url }, 'server rendering failed; the browser renders the page');
      }
      if (!page) {
        sendIndex(reply);
        return;
      }
      const { html: body, state, status } = page;
      async function* document() {
        yield parts!.before;
        for await (const chunk of body) yield chunk as Buffer;
        yield `</div><script id="preloaded-state" type="application/json">${state()}</script>`;
        yield parts!.after.slice('</div>'.length);
      }
      reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(Readable.from(document()));
    }

    function sendIndex(reply: FastifyReply, status = 200): FastifyReply {
      const html = renderIndex();
      if (html === null) {
        return reply
          .code(503)
          .header('cache-control', 'no-cache')
          .type('text/plain; charset=utf-8')
          .send(MESSAGES.shellMissing);
      }
      return reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }

    const hidden = { schema: { hide: true } };

    app.get('/', hidden, async (request, reply) => {
      await sendPage(request, reply);
      return reply;
    });
    app.get('/index.html', hidden, (_request, reply) => sendIndex(reply));

    app.get<{ Params: { name: string; '*': string } }>('/remotes/:name/*', hidden, (request, reply) => {
      const { name } = request.params;
      if (!(REMOTE_NAMES as readonly string[]).includes(name)) return reply.callNotFound();
      return reply.sendFile(request.params['*'] || 'index.html', path.join(remotesRoot, name, 'dist'));
    });

    app.get<{ Params: { '*': string } }>('/media/*', hidden, (request, reply) =>
      reply.sendFile(request.params['*'], uploadsDir),
    );

    app.get<{ Params: { '*': string } }>('/*', hidden, (request, reply) => {
      const file = request.params['*'];
      if (/^(api|sanctum)(\/|$)/.test(file) || !file) return reply.callNotFound();
      return reply.sendFile(file, shellDist);
    });

    // Unknown pages a browser asks for get the shell; the client shows its own 404 page.
    app.siteFallback = (request: FastifyRequest, reply: FastifyReply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return false;
      const urlPath = request.url.split('?')[0] ?? '';
      if (/^\/(api|sanctum|remotes|media)(\/|$)/.test(urlPath)) return false;
      const accept = request.headers.accept ?? '';
      if (!accept.includes('text/html')) return false;
      void sendPage(request, reply);
      return true;
    };
  },
  { name: 'static-site', dependencies: ['error-handler'] },
);
