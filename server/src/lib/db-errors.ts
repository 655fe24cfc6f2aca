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
