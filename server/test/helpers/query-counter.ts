/**
 * Counts the statements an app sends through its drizzle handle (issue 38 item 2: a lesson's
 * segment costs no database query), by the driver session's logger, which drizzle asks for every
 * query it prepares, on PGlite and PostgreSQL alike. The job queue's own SQL (pg-boss polling)
 * does not go through drizzle and is not counted.
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'drizzle-orm';

/** A running count: the statements seen since it started, and `stop` to put the old logger back. */
export interface QueryCounter {
  readonly queries: string[];
  stop(): void;
}

/** Starts counting the statements of `app.db` (its own queries, not those of transactions already open). */
export function countQueries(app: FastifyInstance): QueryCounter {
  const session = (app.db as unknown as { session: { logger: Logger; options?: { logger?: Logger } } }).session;
  const previous = session.logger;
  const queries: string[] = [];
  const counting: Logger = {
    logQuery(query, params) {
      queries.push(query);
      previous.logQuery(query, params);
    },
  };
  session.logger = counting;
  // Transactions open new sessions from the options.
  const options = session.options;
  const previousOption = options?.logger;
  if (options) options.logger = counting;
  return {
    queries,
    stop() {
      session.logger = previous;
      if (options) options.logger = previousOption;
    },
  };
}
