import { makeStore, type RootState, type StoreRequestContext } from '@shop/api-client';
import { errorCatalogue } from '../errors/error-catalogue';
import '../errors/page-error-slice';

/**
 * Creates the site's one Redux store (DESIGN.md: owned by the shell) with the error catalogue:
 * once per page in the browser, once per request on the server.
 * @param preloadedState the state a server-rendered page was rendered with, so the client
 * attaches without fetching again what is on screen (issue 9)
 * @param request on the server, the cookies of a reader's request a page is rendered for
 */
export function createShellStore(preloadedState?: Partial<RootState>, request?: StoreRequestContext) {
  return makeStore(preloadedState, [errorCatalogue.middleware], request);
}

export type ShellStore = ReturnType<typeof createShellStore>;
