/**
 * Opens the database, runs migrations, then the setup step it is given (`prepare`: the demo seed,
 * src/seed); exposes `app.db`, and on PostgreSQL the process's session connection `app.dbSession`.
 */
import type { PGlite } from '@electric-sql/pglite';
import fp from 'fastify-plugin';
import { openDatabase, type Db, type ExecuteSql } from '../../db/client';
import { openSessionConnection, type SessionConnection } from '../../db/session-connection';

declare module 'fastify' {
  interface FastifyInstance {
    /** The drizzle handle (PGlite or node-postgres). */
    db: Db;
    /** Which driver is in use. */
    dbKind: 'pglite' | 'postgres';
    /** Raw SQL on `db`'s connections, for a library that brings its own SQL (the job queue). */
    dbExecuteSql: ExecuteSql;
    /**
     * PostgreSQL only: the process's own connection for session locks and LISTEN (several server
     * processes share the database); undefined on PGlite, where this process is the only one.
     */
    dbSession: SessionConnection | undefined;
  }
}

export default fp(
  async (app, options: { pglite?: PGlite; prepare?: (db: Db) => Promise<void> }) => {
    const { settings } = app;
    const database = await openDatabase({
      url: settings.databaseUrl,
      pglite: options.pglite,
      dataDir: settings.dataDir,
      bounds: settings.databaseBounds,
      onConnectionError: (error) => app.log.warn({ err: error }, 'a database connection failed; the pool replaces it'),
      prepare: options.prepare,
    });
    const session = settings.databaseUrl ? await openSessionConnection(settings.databaseUrl, app.log) : undefined;
    app.decorate('db', database.db);
    app.decorate('dbKind', database.kind);
    app.decorate('dbExecuteSql', database.executeSql);
    app.decorate('dbSession', session);
    app.addHook('onClose', async () => {
      await session?.close();
      await database.close();
      app.log.info('database closed');
    });
  },
  { name: 'db' },
);
