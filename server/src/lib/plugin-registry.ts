import type { FastifyPluginAsync } from 'fastify';

/** The symbol by which Fastify names a plugin (fastify-plugin's `name` sets it too). */
const DISPLAY_NAME = Symbol.for('fastify.display-name');

type NamedPlugin = FastifyPluginAsync & { [DISPLAY_NAME]?: string };

/**
 * Gives `plugin` the name Fastify shows for it (`printPlugins`, a plugin that does not start in
 * time): `name`, else its own, unless it has one already. Unnamed, Fastify looks the plugin up in
 * every loaded module's exports each time it is registered (slow where many modules are loaded, as
 * under Jest).
 */
function named(plugin: NamedPlugin, name = plugin.name): NamedPlugin {
  if (!plugin[DISPLAY_NAME] && name) plugin[DISPLAY_NAME] = name;
  return plugin;
}

/**
 * One folder's registry (issue 34 item 5): a plugin named `name` that registers `plugins` one after
 * another, in the order given (a later one may depend on an earlier one's decorators), each named by
 * its function's name.
 */
export function registryOf(name: string, plugins: FastifyPluginAsync[]): FastifyPluginAsync {
  return named(async (app) => {
    for (const plugin of plugins) await app.register(named(plugin));
  }, name);
}
