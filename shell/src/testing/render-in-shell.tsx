import { StrictMode, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import type { User } from '@shop/contracts';
import { makeStore, Provider, signedOut, userReceived } from '@shop/api-client';
import { AppThemeProvider } from '@shop/ui-kit';
import { MemoryRouter, Route, Routes, useLocation } from '@shop/router';
import { errorCatalogue } from '../errors/error-catalogue';
import { NavigationBridge } from '../errors/navigation';

/** Shows where the router is, for `currentLocation()` of `@shop/test-utils`. */
function LocationProbe() {
  const { pathname, search, hash } = useLocation();
  return <output data-testid="location">{`${pathname}${search}${hash}`}</output>;
}

/**
 * Test helper: mounts shell pages as `App` does, in StrictMode, with a real store that has the
 * error catalogue, the navigation bridge, the RTL theme with its toasts, and a router.
 * @param url where the router starts
 * @param routes element by route path; every other path renders nothing
 * @param user the signed-in user, `null` for a visitor, undefined while the start-up check has not answered
 */
export function renderInShell(url: string, routes: Record<string, ReactElement>, user?: User | null) {
  const store = makeStore(undefined, [errorCatalogue.middleware]);
  if (user) store.dispatch(userReceived({ user }));
  else if (user === null) store.dispatch(signedOut());
  const result = render(
    <StrictMode>
      <Provider store={store}>
        <AppThemeProvider>
          <MemoryRouter initialEntries={[url]}>
            <NavigationBridge />
            <Routes>
              {Object.entries(routes).map(([path, element]) => (
                <Route key={path} path={path} element={element} />
              ))}
              <Route path="*" element={null} />
            </Routes>
            <LocationProbe />
          </MemoryRouter>
        </AppThemeProvider>
      </Provider>
    </StrictMode>,
  );
  return { store, ...result };
}
