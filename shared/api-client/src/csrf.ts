/** Name of the cookie the server sets at `GET /sanctum/csrf-cookie` (DESIGN.md "Auth"). */
export const CSRF_COOKIE = 'XSRF-TOKEN';
/** Header that echoes the cookie on mutating requests. */
export const CSRF_HEADER = 'X-XSRF-TOKEN';

/** Reads the CSRF token from `document.cookie`; undefined outside a browser or before the first fetch. */
export function readCsrfToken(cookieHeader = typeof document === 'undefined' ? '' : document.cookie): string | undefined {
  const match = cookieHeader.split('; ').find((part) => part.startsWith(`${CSRF_COOKIE}=`));
  return match ? decodeURIComponent(match.slice(CSRF_COOKIE.length + 1)) : undefined;
}

let pending: Promise<void> | null = null;

/**
 * Asks the server for a fresh CSRF cookie (SPEC §7: `GET {api}/sanctum/csrf-cookie`, at
 * start). Concurrent callers share one request.
 * @param origin the API origin; empty for the page's own origin
 */
export function refreshCsrfCookie(origin = ''): Promise<void> {
  pending ??= fetch(`${origin}/sanctum/csrf-cookie`, { credentials: 'include' })
    .then(() => undefined)
    .finally(() => {
      pending = null;
    });
  return pending;
}
