/**
 * The outside services' plugins (DESIGN.md "API server"), loaded first and in this order: security
 * headers, cookies, compression, the file store, the database (migrated, then the setup step it is
 * given: the demo seed), the job queue, rate limits, the API document, multipart bodies. Their
 * decorators (`app.db`, `app.storage`, `app.jobs`…) are the whole app's.
 */
import type { PGlite } from '@electric-sql/pglite';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import helmetPlugin from './helmet';
import cookiePlugin from './cookie';
import compressPlugin from './compress';
import storagePlugin from './storage';
import dbPlugin from './db';
import jobsPlugin from './jobs';
import rateLimitPlugin from './rate-limit';
import swaggerPlugin from './swagger';
import multipartPlugin from './multipart';

/** `pglite`: an open PGlite to use (tests); `prepare`: the database's setup step after the migrations. */
export interface ExternalPluginsOptions {
  pglite?: PGlite;
  prepare?: (db: Db) => Promise<void>;
}

export default fp<ExternalPluginsOptions>(
  async (app, options) => {
    await app.register(helmetPlugin);
    await app.register(cookiePlugin);
    await app.register(compressPlugin);
    // The demo seed writes its media into the store.
    await app.register(storagePlugin);
    await app.register(dbPlugin, { pglite: options.pglite, prepare: options.prepare });
    await app.register(jobsPlugin);
    await app.register(rateLimitPlugin);
    await app.register(swaggerPlugin);
    await app.register(multipartPlugin);
  },
  { name: 'external-plugins' },
);
