import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteModule, RemoteName } from '@shop/contracts';
import { UI_KIT_VERSION } from '@shop/ui-kit';
import { ROUTER_VERSION } from '@shop/router';
import { API_CLIENT_VERSION } from '@shop/api-client';
import { readRemoteList } from './remote-list';
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

const remoteList = readRemoteList();
const cache = new Map<RemoteName, Promise<RemoteModule>>();
let registered = false;

function register(force: boolean) {
  registerRemotes(
    [...remoteList].map(([name, entry]) => ({ name: federationName(name), entry })),
    { force },
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
      if (!remoteList.has(name)) throw new RemoteUnavailableError(name, 'not in the remote list');
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
  return [...remoteList.keys()];
}
