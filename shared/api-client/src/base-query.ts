import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { CSRF_HEADER, readCsrfToken, refreshCsrfCookie } from './csrf';

/** Status the server answers when the CSRF token is missing or stale (Sanctum's 419). */
export const CSRF_MISMATCH = 419;

/**
 * Builds the one base query: JSON under `<origin>/api`, cookies sent (SPEC §7), the CSRF
 * header echoed from its cookie; a 419 fetches a new CSRF cookie and retries once.
 * @param origin API origin, empty for the same origin as the page
 */
export function createBaseQuery(origin = ''): BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> {
  const rawBaseQuery = fetchBaseQuery({
    baseUrl: `${origin}/api`,
    credentials: 'include',
    prepareHeaders(headers) {
      headers.set('Accept', 'application/json');
      const token = readCsrfToken();
      if (token) headers.set(CSRF_HEADER, token);
      return headers;
    },
  });
  return async (args, api, extraOptions) => {
    let result = await rawBaseQuery(args, api, extraOptions);
    if (result.error?.status === CSRF_MISMATCH) {
      await refreshCsrfCookie(origin);
      result = await rawBaseQuery(args, api, extraOptions);
    }
    return result;
  };
}
