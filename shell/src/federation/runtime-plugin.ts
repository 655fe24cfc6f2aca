import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { recordRemoteBuild } from '../version/version-check';

/** How many times a manifest or entry fetch is tried before the remote counts as down. */
const FETCH_ATTEMPTS = 3;

/**
 * The shell's federation runtime plugin, the first two of STYLE.md's three layers:
 * 1. `fetch`: retries a failed manifest fetch with a short back-off, and hands the manifest it
 *    got to the version check, as the build of that remote this page runs (issue 8);
 * 2. `errorLoadRemote`: turns a remote that still fails into a module marked unavailable,
 *    so the area shows its Persian fallback instead of throwing into the page.
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
      return { default: { unavailable: true, id } };
    },
  };
}
