/**
 * What hydrates islands (issue 9, DESIGN.md "Public pages"): loaded by the island loader when a
 * page's first island is needed, never before. It holds the page's one store, made from the state
 * the server rendered with, so islands show what the HTML shows without fetching it again, and
 * share what changes (the cart, the session) with each other.
 */
import { StrictMode, useEffect, type ComponentType, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { Provider, selectAuthChecked } from '@shop/api-client';
import { AppThemeProvider, createRtlCache } from '@shop/ui-kit';
import { DocumentRouter, type IslandProps, type IslandTarget } from '@shop/router';
import { holdsVisitorCart, type RemoteName, type SlotName } from '@shop/contracts';
import { createShellStore } from '../app/store';
import { useSessionBootstrap } from '../auth/use-session';
import { loadRemoteModule } from '../federation/load-remote';
import { RemotePublicPage, Slot } from '../federation/remote-areas';
import { AccountLinks } from '../layouts/account-links';
import { ThemeSwitch } from '../layouts/theme-switch';
import { HeaderSearch } from '../search/header-search';

/** The shell's own islands, by the `part` name its layout marks them with. */
const SHELL_PARTS: Record<string, ComponentType> = {
  'header-search': HeaderSearch,
  'theme-switch': ThemeSwitch,
  'account-links': AccountLinks,
};

// Made before any island hydrates: it moves the server's inline style elements to <head>, where
// React, walking a marker's HTML, no longer meets them.
const emotionCache = createRtlCache();
const preloaded = document.getElementById('preloaded-state');
const store = createShellStore(preloaded ? JSON.parse(preloaded.textContent ?? '{}') : undefined);

function Providers({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <AppThemeProvider emotionCache={emotionCache}>
          <DocumentRouter>{children}</DocumentRouter>
        </AppThemeProvider>
      </Provider>
    </StrictMode>
  );
}

function SessionBootstrap() {
  useSessionBootstrap();
  return null;
}

/**
 * Fetches the CSRF cookie for the islands' writes and, for a signed-in reader, who it is: the
 * server rendered what a visitor sees (issue 9), so what depends on the reader is asked again.
 * Called once the first islands have hydrated: an answer arriving while one hydrates would make
 * its first render differ from the server's HTML. The store alone: a second theme provider here
 * would set the page's colour scheme back after a switch.
 */
/**
 * Resolves once the store knows who is signed in: at once on a visitor's page, else when
 * {@link startSession}'s answer is in. A click held for an island is replayed only then (a like
 * needs the reader's id).
 */
export function sessionKnown(): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!selectAuthChecked(store.getState())) return false;
      resolve();
      return true;
    };
    if (check()) return;
    const unsubscribe = store.subscribe(() => check() && unsubscribe());
  });
}

export function startSession(): void {
  createRoot(document.createElement('div')).render(
    <Provider store={store}>
      <SessionBootstrap />
    </Provider>,
  );
}

/**
 * Calls `then` once, when a visitor starts a cart on this page (issue 25: their first add sets the
 * `visitor_cart_hint` cookie); never when the page began with one (the loader hydrated every
 * island then) or for a signed-in reader.
 */
export function whenCartStarted(then: () => void): void {
  if (holdsVisitorCart(document.cookie)) return;
  const unsubscribe = store.subscribe(() => {
    if (!holdsVisitorCart(document.cookie)) return;
    unsubscribe();
    then();
  });
}

/** What to render for a marker: exactly what the server rendered inside it, but for an `area`. */
async function contentOf(target: IslandTarget): Promise<ReactNode> {
  if ('area' in target) return target.area === 'page' ? <RemotePublicPage /> : <Slot name={target.area as SlotName} />;
  if ('part' in target) {
    const Part = SHELL_PARTS[target.part];
    if (!Part) throw new Error(`unknown island ${target.part}`);
    return <Part />;
  }
  const module = await loadRemoteModule(target.owner as RemoteName);
  const Island = module.islands[target.island] as ComponentType<IslandProps> | undefined;
  if (!Island) throw new Error(`${target.owner} has no island ${target.island}`);
  return <Island {...target.props} />;
}

function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return <>{children}</>;
}

/**
 * Hydrates one island's marker with what its target names; an `area` the server could not render
 * is rendered anew, with the remote's own loading and fallback states.
 * @returns a promise settled once React has attached to (or rendered) the marker's content
 * @throws (rejects) when the target cannot be found: a remote down or changed; the HTML stays
 */
export async function hydrateIsland(marker: HTMLElement, target: IslandTarget): Promise<void> {
  const content = await contentOf(target);
  await new Promise<void>((resolve) => {
    const island = (
      <Providers>
        <Committed onCommit={resolve}>{content}</Committed>
      </Providers>
    );
    if ('area' in target) createRoot(marker).render(island);
    else hydrateRoot(marker, island);
  });
}
