import type { FastifyPluginAsync } from 'fastify';

/**
 * One folder's registry (issue 34 item 5): a plugin that registers `plugins` one after another, in
 * the order given (a later one may depend on an earlier one's decorators).
 */
export function registryOf(plugins: FastifyPluginAsync[]): FastifyPluginAsync {
  return async (app) => {
    for (const plugin of plugins) await app.register(plugin);
  };
}
