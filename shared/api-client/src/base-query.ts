import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { CSRF_HEADER, readCsrfToken, refreshCsrfCookie } from './csrf';

/**
 * What a store's API requests carry besides the page's own cookies: on the server, the Cookie
 * header of the request a page is rendered for, when it is rendered for a signed-in reader
 * (issue 9: about-me and a course session). Never in the store's state, so never in the page.
 */
export interface StoreRequestContext {
  /** The reader's `Cookie` request header, sent with every API request of this store. */
  cookie?: string;
}

/** Status the server answers when the CSRF token is missing or stale (Sanctum's 419). */
export const CSRF_MISMATCH = 419;

let serverOrigin = '';

/**
 * Where the server-side renderer reaches the API (issue 9), e.g. `http://127.0.0.1:8080`: a
 * server has no page origin to resolve `/api/…` against. Set once, before the first render.
 */
export function setServerApiOrigin(origin: string): void {
  serverOrigin = origin;
}

/**
 * Builds the one base query: JSON under `<origin>/api`, cookies sent (SPEC §7), the CSRF
 * header echoed from its cookie; a 419 fetches a new CSRF cookie and retries once. On the server
 * a store made for a reader's request sends that request's cookies ({@link StoreRequestContext}).
 * @param origin API origin, empty for the same origin as the page (or, on the server, the
 * origin of {@link setServerApiOrigin})
 */
export function createBaseQuery(origin = ''): BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> {
  let rawBaseQuery: ReturnType<typeof fetchBaseQuery> | undefined;
  const createRawBaseQuery = () => fetchBaseQuery({
    baseUrl: `${origin || serverOrigin}/api`,
    credentials: 'include',
    prepareHeaders(headers, { extra }) {
      headers.set('Accept', 'application/json');
      const { cookie } = (extra ?? {}) as StoreRequestContext;
      if (cookie) headers.set('Cookie', cookie);
      const token = readCsrfToken(cookie);
      if (token) headers.set(CSRF_HEADER, token);
      return headers;
    },
  });
  return async (args, api, extraOptions) => {
    rawBaseQuery ??= createRawBaseQuery();
    let result = await rawBaseQuery(args, api, extraOptions);
    if (result.error?.status === CSRF_MISMATCH) {
      await refreshCsrfCookie(origin);
      result = await rawBaseQuery(args, api, extraOptions);
    }
    return result;
  };
}
