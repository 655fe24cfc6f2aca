import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import type { LoadErrorReport, RemoteName } from '@shop/contracts';
import { recordRemoteBuild } from '../version/version-check';
import { readRemoteList } from './remote-list';

/** How many times a manifest or entry fetch is tried before the remote counts as down. */
const FETCH_ATTEMPTS = 3;

/** An entry of a remote loaded from a release (issue 35): `/remotes/<name>/releases/<version>/…`. */
const RELEASE_ENTRY = /\/remotes\/([a-z-]+)\/releases\/([^/]+)\//;

/** The remotes this page has reported: one report per remote and page, weighed against one page view. */
const reported = new Set<RemoteName>();

/**
 * Tells the server that the released version of a remote this page lists failed to load here
 * (issue 35 item 4: a canary whose browsers report errors is rolled back), once per page (each area
 * of the remote that fails would report it again), with a request that outlives the page
 * (`keepalive`, as a beacon). Nothing for a remote served from its own build.
 * @param federationId the runtime's id of what failed, `<federation name>/<expose>` (`users_permissions/module`)
 */
export function reportLoadError(federationId: string): void {
  const name = federationId.split('/')[0]?.replace(/_/g, '-') as RemoteName;
  const release = RELEASE_ENTRY.exec(readRemoteList().get(name) ?? '');
  if (!release || reported.has(name)) return;
  reported.add(name);
  const report: LoadErrorReport = { remote: name, version: decodeURIComponent(release[2]!) };
  void fetch('/api/releases/load-errors', { method: 'POST', keepalive: true, headers: { 'content-type': 'application/json' }, body: JSON.stringify(report) }).catch(
    () => undefined,
  );
}

/**
 * The shell's federation runtime plugin, the first two of STYLE.md's three layers:
 * 1. `fetch`: retries a failed manifest fetch with a short back-off, and hands the manifest it
 *    got to the version check, as the build of that remote this page runs (issue 8);
 * 2. `errorLoadRemote`: turns a remote that still fails into a module marked unavailable,
 *    so the area shows its Persian fallback instead of throwing into the page, and reports a
 *    released version's failure to the server ({@link reportLoadError}).
 * The third layer, a React error boundary, catches remotes that load but throw.
 */
export default function shellRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'shell-runtime-plugin',
    async fetch(url, init) {
      let lastError: unknown;
      for (let attempt = 0; attempt < FETCH_ATTEMPTS; attempt += 1) {
        try {
          const response = await fetch(url, { ...init, cache: 'no-cache' });
          if (response.ok) {
            void response.clone().text().then((text) => recordRemoteBuild(url, text), () => undefined);
            return response;
          }
          lastError = new Error(`${response.status} ${url}`);
        } catch (error) {
          lastError = error;
        }
        await new Promise((resolve) => setTimeout(resolve, 250 * 2 ** attempt));
      }
      throw lastError;
    },
    async errorLoadRemote({ id, error }) {
      console.warn(`[federation] remote ${id} is unavailable`, error);
      reportLoadError(id);
      return { default: { unavailable: true, id } };
    },
  };
}
