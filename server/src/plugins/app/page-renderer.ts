/**
 * Server rendering of public pages (issue 9, DESIGN.md "Public pages: server-rendered HTML with
 * islands"). The shell's server bundle (`shell/dist/server/main.js`, built beside its browser
 * bundle) renders a page; it loads each remote's server bundle at run time through Module
 * Federation's Node runtime, from the same run-time remote list as the browser: a remote whose
 * browser manifest is `<dir>/mf-manifest.json` has its server manifest at `<dir>/server/mf-manifest.json`.
 *
 * A remote redeployed alone reaches the next pages without a restart: each remote's server manifest
 * is fetched at most every {@link REMOTE_CHECK_MS}, and a changed one (or a remote that stopped or
 * came back) is registered anew with its content hash in the entry URL, so the runtime loads it again.
 *
 * Module Federation's runtime keeps one container per remote name in a JavaScript realm, so pages of
 * another set of remotes' versions at the same time (a canary's or a preview's, issue 35) are
 * rendered by an isolated renderer: the shell's server bundle in a worker thread of its own
 * (render-worker.mts), the page streamed back.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { RemoteManifestEntry } from '@shop/contracts';

/** How long a remote's checked server manifest is trusted, in milliseconds ("a short cache"). */
export const REMOTE_CHECK_MS = 1_000;
/** How long a manifest check may take before the remote counts as down, in milliseconds. */
const MANIFEST_TIMEOUT_MS = 2_000;

/** What one render of the shell's server bundle takes, but its error callback (shell/src/server/render.tsx). */
export interface RenderOptions {
  url: string;
  remotes: RemoteManifestEntry[];
  apiOrigin: string;
  publicOrigin?: string;
  visitor: boolean;
  preferences: Record<string, string>;
  readerCookie?: string;
}

/** What the shell's server bundle exports (shell/src/server/render.tsx). */
export interface ShellServer {
  renderPage(options: RenderOptions & { onError?: (error: unknown) => void }): Promise<RenderedPage | null>;
}

/** A render asked of the render worker. */
export interface WorkerRequest {
  id: number;
  options: RenderOptions;
}

/**
 * What the render worker answers for a render `id`: `page` (status and head) then its HTML as
 * `chunk`s and `end` with the state; `none` when the shell's server bundle renders nothing;
 * `area-error` for an area that failed (the page goes on); `error` when the render failed.
 */
export type WorkerMessage =
  | { id: number; type: 'page'; status: number; head?: string }
  | { id: number; type: 'chunk'; chunk: Uint8Array }
  | { id: number; type: 'end'; state: string }
  | { id: number; type: 'none' }
  | { id: number; type: 'area-error'; error: string }
  | { id: number; type: 'error'; error: string };

export interface RenderedPage {
  status: number;
  html: Readable;
  state: () => string;
  /** The page's head tags (title, description, canonical, Open Graph, Twitter, JSON-LD); none from an older shell build. */
  head?: string;
}

export interface PageRenderer {
  /**
   * Renders a public page as a visitor sees it, or as its signed-in reader does.
   * @param url path and query of the request
   * @param visitor true when the request carried no auth cookie (the header's login buttons show at once)
   * @param preferences the request's device preferences (`pref_*` cookies, by name without the
   * prefix), which the page follows (a closed announcement stays out of the HTML)
   * @param publicOrigin the site's public origin for the head's absolute URLs (canonical, og:url,
   * JSON-LD): PUBLIC_URL, else the request's protocol and host
   * @param readerCookie for a page rendered for its signed-in reader (about-me, a course session):
   * the request's Cookie header, which the render's API requests carry
   * @returns the page, or null when the shell's server bundle is not built or `readerCookie` signs
   * nobody in (the browser renders it)
   * @throws when the shell's frame itself fails to render (the caller serves index.html instead)
   */
  render(url: string, visitor: boolean, preferences: Record<string, string>, publicOrigin: string, readerCookie?: string): Promise<RenderedPage | null>;
  /**
   * Names the remote builds the next render uses (their entry URLs, which change with every
   * redeploy or rollback, checked at most every {@link REMOTE_CHECK_MS}): a page rendered under
   * another name is out of date.
   */
  builds(): Promise<string>;
  /** Stops an isolated renderer's worker once its renders end; nothing for the in-process one. */
  close(): Promise<void>;
}

interface RendererOptions {
  /** The shell's build folder; its server bundle is `server/main.js` inside it. */
  shellDist: string;
  /** The run-time remote list, as the browser gets it. */
  remoteList: () => RemoteManifestEntry[];
  /** Where this process answers HTTP (`http://127.0.0.1:8080`): the API, during a render. */
  origin: () => string;
  /** Where remote entries given as paths are fetched from (settings.remotesOrigin, else `origin`). */
  remotesOrigin: () => string;
  log: FastifyBaseLogger;
  /** Renders in a worker thread of its own (another set of versions than the process's), started at once. */
  isolated?: boolean;
}

/** The most heap a render worker may use, MB (the server's own is 256: package.json's start). */
const WORKER_HEAP_MB = 192;

/** The render worker beside this file: compiled in dist/, the TypeScript source (Node's type stripping) in src/. */
const RENDER_WORKER_FILE = ['render-worker.js', 'render-worker.mts'].map((name) => path.join(__dirname, name)).find((file) => fs.existsSync(file))!;

/** The server manifest beside a remote's browser manifest, as an absolute URL. */
export function serverManifestUrl(browserEntry: string, origin: string): string {
  return new URL('server/mf-manifest.json', new URL(browserEntry, `${origin}/`)).href;
}

/** A render waiting for the worker: its promise until `page`, then the page's stream until `end`. */
interface WorkerRender {
  resolve: (page: RenderedPage | null) => void;
  reject: (error: Error) => void;
  onError?: (error: unknown) => void;
  html?: Readable;
  state: string;
}

/**
 * The shell's server bundle in a worker thread (render-worker.mts), started now: its own realm, so
 * its federation runtime holds its own remotes' versions. A worker that dies fails the renders it
 * had (the caller's page falls back to the browser) and the next render starts another.
 */
function workerShell(entryFile: string, log: FastifyBaseLogger): ShellServer & { close(): Promise<void> } {
  const renders = new Map<number, WorkerRender>();
  let nextId = 0;
  let closing = false;
  let worker: Worker | null = null;

  function fail(error: Error) {
    for (const render of renders.values()) {
      if (render.html) render.html.destroy(error);
      else render.reject(error);
    }
    renders.clear();
  }

  function onMessage(message: WorkerMessage) {
    const render = renders.get(message.id);
    if (!render) return;
    switch (message.type) {
      case 'page':
        render.html = new Readable({ read() {} });
        render.resolve({ status: message.status, head: message.head, html: render.html, state: () => render.state });
        break;
      case 'chunk':
        render.html?.push(Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength));
        break;
      case 'end':
        render.state = message.state;
        render.html?.push(null);
        renders.delete(message.id);
        break;
      case 'none':
        render.resolve(null);
        renders.delete(message.id);
        break;
      case 'area-error':
        render.onError?.(new Error(message.error));
        break;
      case 'error':
        if (render.html) render.html.destroy(new Error(message.error));
        else render.reject(new Error(message.error));
        renders.delete(message.id);
        break;
    }
    if (closing && renders.size === 0) void worker?.terminate();
  }

  function start(): Worker {
    const started = new Worker(RENDER_WORKER_FILE, { workerData: { entryFile }, resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    started.unref();
    started.on('message', onMessage);
    started.on('error', (error) => log.error({ err: error }, 'a render worker failed; its pages fall back to the browser'));
    started.on('exit', () => {
      if (worker === started) worker = null;
      fail(new Error('the render worker stopped'));
    });
    return started;
  }
  worker = start();

  return {
    renderPage({ onError, ...options }) {
      if (closing) return Promise.reject(new Error('the render worker is closing'));
      worker ??= start();
      const id = ++nextId;
      return new Promise((resolve, reject) => {
        renders.set(id, { resolve, reject, onError, state: '' });
        worker!.postMessage({ id, options } satisfies WorkerRequest);
      });
    },
    async close() {
      closing = true;
      if (renders.size === 0) await worker?.terminate();
    },
  };
}

/**
 * Creates the renderer. The in-process one loads the shell's server bundle at the first render that
 * finds it; an `isolated` one starts its worker at once (a canary's first page is not kept waiting).
 */
export function createPageRenderer({ shellDist, remoteList, origin, remotesOrigin, log, isolated = false }: RendererOptions): PageRenderer {
  const entryFile = path.join(shellDist, 'server', 'main.js');
  const requireBundle = createRequire(entryFile);
  let worker: ReturnType<typeof workerShell> | null = null;
  /** The shell's server bundle, in a worker or in this thread; undefined while it is not built. */
  function loadShell(): Promise<ShellServer> | null {
    if (!fs.existsSync(entryFile)) return null;
    if (isolated) return Promise.resolve((worker = workerShell(entryFile, log)));
    // The bundle starts asynchronously (Module Federation sets up the shared modules first).
    const loading = Promise.resolve(requireBundle(entryFile) as ShellServer | Promise<ShellServer>);
    loading.catch(() => {
      shell = null;
    });
    return loading;
  }
  let shell: Promise<ShellServer> | null = isolated ? loadShell() : null;
  const checks = new Map<string, { at: number; version: Promise<string> }>();

  /** A short hash of the remote's server manifest, or `down` when it does not answer with one. */
  function manifestVersion(url: string): Promise<string> {
    const now = Date.now();
    const known = checks.get(url);
    if (known && now - known.at < REMOTE_CHECK_MS) return known.version;
    const version = fetch(url, { signal: AbortSignal.timeout(MANIFEST_TIMEOUT_MS) })
      .then(async (response) => (response.ok ? createHash('sha1').update(await response.text()).digest('hex').slice(0, 12) : 'down'))
      .catch(() => 'down');
    checks.set(url, { at: now, version });
    return version;
  }

  /** Entry URL of each remote's current build: a new one for every change, even back to an older build. */
  const entries = new Map<string, { version: string; entry: string }>();
  let deploys = 0;

  /** The remotes that answer, each entry naming its build; a remote down is left out. */
  async function serverRemotes(): Promise<RemoteManifestEntry[]> {
    const base = remotesOrigin();
    const remotes = await Promise.all(
      remoteList().map(async ({ name, entry }) => {
        const url = serverManifestUrl(entry, base);
        const version = await manifestVersion(url);
        if (version === 'down') return null;
        let current = entries.get(url);
        // The runtime keeps what it loaded under an entry URL: a redeploy, or a rollback to a build
        // loaded before, gets a URL it has not seen.
        if (current?.version !== version) {
          deploys += 1;
          current = { version, entry: `${url}?v=${version}.${deploys}` };
          entries.set(url, current);
        }
        return { name, entry: current.entry };
      }),
    );
    return remotes.filter((remote) => remote !== null);
  }

  return {
    async builds() {
      return (await serverRemotes()).map(({ entry }) => entry).join(' ');
    },

    async close() {
      await worker?.close();
    },

    async render(url, visitor, preferences, publicOrigin, readerCookie) {
      shell ??= loadShell();
      if (!shell) return null;
      const { renderPage } = await shell;
      return renderPage({
        url,
        remotes: await serverRemotes(),
        apiOrigin: origin(),
        publicOrigin,
        visitor,
        preferences,
        readerCookie,
        onError: (error) => log.warn({ err: error, url }, 'an area of a server-rendered page failed; the browser renders it'),
      });
    },
  };
}
