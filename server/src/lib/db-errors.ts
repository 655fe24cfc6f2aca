/** Reading PostgreSQL errors the same way on both drivers (drizzle wraps them in `cause`). */

interface PgErrorLike {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

/** The name of the violated constraint when `error` (or its cause) has the SQLSTATE `code`, else null. */
function violation(error: unknown, code: string): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const e = current as PgErrorLike;
    if (e.code === code) return e.constraint ?? '';
    current = e.cause;
  }
  return null;
}

/** The name of the violated unique constraint when `error` is a unique violation (23505), else null. */
export function uniqueViolation(error: unknown): string | null {
  return violation(error, '23505');
}

/** The name of the violated foreign key when `error` is a foreign key violation (23503), else null. */
export function foreignKeyViolation(error: unknown): string | null {
  return violation(error, '23503');
}

/**
 * SQLSTATEs of a database that is gone or refusing work for now, rather than of a bad statement:
 * class 08 (connection exception), 57P01–57P03 (shut down by an administrator, crashed, cannot
 * connect now: a restart), 53300 (too many connections) and 57014 (cancelled: the statement timeout).
 */
const UNAVAILABLE_STATES = /^(08...|57P0[123]|53300|57014)$/;

/** node-postgres' own errors for a connection that failed or stopped answering (no SQLSTATE). */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect|Query read timeout|Client was closed and is not queryable|Cannot use a pool after calling end/;

/** Socket errors of a database server that cannot be reached. */
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * True when `error` (or a cause of it) says the database is unreachable, restarting or too slow,
 * not that the statement was wrong (issue 23): the request is answered 503 with Retry-After, and
 * may be sent again.
 */
export function databaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const e = current as PgErrorLike & { message?: unknown };
    if (typeof e.code === 'string' && (UNAVAILABLE_STATES.test(e.code) || UNAVAILABLE_CODES.has(e.code))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.test(e.message)) return true;
    current = e.cause;
  }
  return false;
}
