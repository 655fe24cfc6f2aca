import { makeStore, type RootState } from '@shop/api-client';
import { errorCatalogue } from '../errors/error-catalogue';
import '../errors/page-error-slice';

/**
 * Creates the site's one Redux store (DESIGN.md: owned by the shell) with the error catalogue:
 * once per page in the browser, once per request on the server.
 * @param preloadedState the state a server-rendered page was rendered with, so the client
 * attaches without fetching again what is on screen (issue 9)
 */
export function createShellStore(preloadedState?: Partial<RootState>) {
  return makeStore(preloadedState, [errorCatalogue.middleware]);
}

export type ShellStore = ReturnType<typeof createShellStore>;
