/**
 * Builds the API server (DESIGN.md "API server"). Load order follows the folders:
 * plugins/external → plugins/app → routes → static site.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { resolveSettings, type AppOptions, type AppSettings } from './settings';
import externalPlugins from './plugins/external';
import appPlugins from './plugins/app';
import { frameworkErrors } from './plugins/app/error-handler';
import staticSitePlugin from './plugins/app/static-site';
import routes from './routes';
import { lazySerializers, lazyValidators } from './lib/lazy-compilers';
import { echoRequestId, OneLinePerRequest, requestIdOf } from './lib/request-log';
import { commentNodeSchema } from './lib/schemas';
import { demoSeedStep } from './seed';

export type { AppOptions } from './settings';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolved settings (options, environment, defaults). */
    settings: AppSettings;
  }
}

/** Largest accepted request body, bytes (larger → 413). */
export const BODY_LIMIT = 1024 * 1024;

/**
 * Builds a ready Fastify instance: opens (and migrates, and seeds) the database, registers
 * plugins and routes. Callers `listen` (main.ts) or `inject` (tests) and `close` it.
 */
export async function buildApp(options: AppOptions = {}): Promise<FastifyInstance> {
  const settings = resolveSettings(options);
  const app = Fastify({
    logger: options.logger ?? true,
    // One log line per request instead of two (lib/request-log.ts).
    logController: new OneLinePerRequest(),
    // A sane incoming x-request-id, else a UUID; logged as `reqId`, echoed by echoRequestId.
    genReqId: requestIdOf,
    bodyLimit: BODY_LIMIT,
    // Router errors (a path that is not UTF-8) answered in Persian like every other error (issue 10).
    frameworkErrors,
    // The db plugin migrates and seeds an empty database (src/seed); on a busy 2-core machine that outlasts
    // Fastify's default 10 s plugin timeout.
    pluginTimeout: 120_000,
    trustProxy: settings.trustProxy,
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: true, useDefaults: true, allErrors: false } },
    schemaController: { compilersFactory: { buildSerializer: lazySerializers, buildValidator: lazyValidators } },
  });
  app.decorate('settings', settings);
  // First hook of all, so answers that other hooks end early (429, 419) carry the id too.
  app.addHook('onRequest', echoRequestId);
  app.addSchema(commentNodeSchema);

  // plugins/external (the database's setup step seeds an empty database: src/seed), plugins/app, routes
  await app.register(externalPlugins, { pglite: options.pglite, prepare: settings.seed ? demoSeedStep(app) : undefined });
  await app.register(appPlugins);
  await app.register(routes);
  if (settings.serveStatic) await app.register(staticSitePlugin);

  await app.ready();
  return app;
}
