import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * The server bundle's federation runtime plugin (issue 9): a remote that cannot be loaded on the
 * server (stopped, or its server bundle missing) becomes a module marked unavailable, so only its
 * area falls back to client rendering and the rest of the page still renders on the server.
 */
export default function serverRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'shell-server-runtime-plugin',
    async errorLoadRemote({ id }) {
      return { default: { unavailable: true, id } };
    },
  };
}
