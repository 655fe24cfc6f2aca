import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteModule, RemoteName } from '@shop/contracts';
import { UI_KIT_VERSION } from '@shop/ui-kit';
import { ROUTER_VERSION } from '@shop/router';
import { API_CLIENT_VERSION } from '@shop/api-client';
import { readRemoteList, toRemoteList } from './remote-list';
import { satisfiesCaret } from './facade-version';

/** Thrown when a remote cannot be used; its area shows the Persian fallback. */
export class RemoteUnavailableError extends Error {
  constructor(readonly remote: RemoteName, reason: string) {
    super(`Remote ${remote} is unavailable: ${reason}`);
    this.name = 'RemoteUnavailableError';
  }
}

/** Federation name of a remote (a JavaScript identifier; see @shop/build-config). */
const federationName = (name: RemoteName) => name.replace(/-/g, '_');

const PROVIDED = {
  '@shop/ui-kit': UI_KIT_VERSION,
  '@shop/router': ROUTER_VERSION,
  '@shop/api-client': API_CLIENT_VERSION,
} as const;

let remoteList: Map<RemoteName, string> | undefined;
const cache = new Map<RemoteName, Promise<RemoteModule>>();
let registered = false;

/** The page's remote list (read from index.html the first time), or the server's. */
function listed(): Map<RemoteName, string> {
  return (remoteList ??= readRemoteList());
}

function register(force: boolean) {
  registerRemotes(
    [...listed()].map(([name, entry]) => ({ name: federationName(name), entry })),
    { force },
  );
  registered = true;
}

/**
 * Sets the remote list on the server (issue 9), where there is no index.html to read it from:
 * each remote's server `mf-manifest.json`. A changed entry is registered anew and its module
 * loaded again at the next render (a remote redeployed alone).
 * @param entries the run-time remote list, entries as absolute URLs
 */
export function setServerRemoteList(entries: unknown): void {
  const next = toRemoteList(entries);
  const previous = remoteList;
  remoteList = next;
  const changed = [...next].filter(([name, entry]) => previous?.get(name) !== entry);
  if (!changed.length && previous?.size === next.size) return;
  for (const [name] of changed) cache.delete(name);
  for (const name of previous?.keys() ?? []) if (!next.has(name)) cache.delete(name);
  registerRemotes(
    changed.map(([name, entry]) => ({ name: federationName(name), entry })),
    { force: true },
  );
  registered = true;
}

/**
 * Loads a remote's `./module` once (later calls share the promise) and checks it against
 * the contract: the facade versions it needs must be provided by this shell.
 * @throws RemoteUnavailableError when it is not listed, fails to load or needs newer facades
 */
export function loadRemoteModule(name: RemoteName): Promise<RemoteModule> {
  let pending = cache.get(name);
  if (!pending) {
    pending = (async () => {
      if (!listed().has(name)) throw new RemoteUnavailableError(name, 'not in the remote list');
      if (!registered) register(false);
      const loaded = await loadRemote<{ default: RemoteModule | { unavailable: true } }>(`${federationName(name)}/module`);
      const module = loaded?.default;
      if (!module || 'unavailable' in module) throw new RemoteUnavailableError(name, 'failed to load');
      for (const [facade, required] of Object.entries(module.requires)) {
        const provided = PROVIDED[facade as keyof typeof PROVIDED];
        if (!provided || !satisfiesCaret(provided, required)) {
          throw new RemoteUnavailableError(name, `needs ${facade}@${required}, shell has ${provided}`);
        }
      }
      return module;
    })();
    pending.catch(() => cache.delete(name));
    cache.set(name, pending);
  }
  return pending;
}

/** Forgets a failed remote so the next render loads it anew (the fallback's retry button). */
export function forgetRemote(name: RemoteName): void {
  cache.delete(name);
  if (registered) register(true);
}

/** Names of the remotes this page knows about. */
export function listedRemotes(): RemoteName[] {
  return [...listed().keys()];
}
