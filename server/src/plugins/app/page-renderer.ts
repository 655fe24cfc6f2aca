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
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { RemoteManifestEntry } from '@shop/contracts';

/** How long a remote's checked server manifest is trusted, in milliseconds ("a short cache"). */
export const REMOTE_CHECK_MS = 1_000;
/** How long a manifest check may take before the remote counts as down, in milliseconds. */
const MANIFEST_TIMEOUT_MS = 2_000;

/** What the shell's server bundle exports (shell/src/server/render.tsx). */
interface ShellServer {
  renderPage(options: {
    url: string;
    remotes: RemoteManifestEntry[];
    apiOrigin: string;
    publicOrigin?: string;
    visitor: boolean;
    preferences: Record<string, string>;
    readerCookie?: string;
    onError?: (error: unknown) => void;
  }): Promise<RenderedPage | null>;
}

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
}

/** The server manifest beside a remote's browser manifest, as an absolute URL. */
export function serverManifestUrl(browserEntry: string, origin: string): string {
  return new URL('server/mf-manifest.json', new URL(browserEntry, `${origin}/`)).href;
}

/** Creates the renderer; the shell's server bundle is loaded at the first render that finds it. */
export function createPageRenderer({ shellDist, remoteList, origin, remotesOrigin, log }: RendererOptions): PageRenderer {
  const entryFile = path.join(shellDist, 'server', 'main.js');
  const requireBundle = createRequire(entryFile);
  let shell: Promise<ShellServer> | null = null;
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

    async render(url, visitor, preferences, publicOrigin, readerCookie) {
      if (!shell) {
        if (!fs.existsSync(entryFile)) return null;
        // The bundle starts asynchronously (Module Federation sets up the shared modules first).
        shell = Promise.resolve(requireBundle(entryFile) as ShellServer | Promise<ShellServer>);
        shell.catch(() => {
          shell = null;
        });
      }
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
