/** Reading PostgreSQL errors the same way on both drivers (drizzle wraps them in `cause`). */

interface PgErrorLike {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

/** The name of the violated unique constraint when `error` is a unique violation (23505), else null. */
export function uniqueViolation(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const e = current as PgErrorLike;
    if (e.code === '23505') return e.constraint ?? '';
    current = e.cause;
  }
  return null;
}
