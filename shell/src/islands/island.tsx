import { createContext, useContext, type ReactNode } from 'react';
import { HYDRATE_ATTRIBUTE, ISLAND_ATTRIBUTE, type IslandHydration, type IslandTarget } from './island-marker';

const IslandsOn = createContext(false);

/** Turns islands on for the tree below: the server's render of a public page (issue 9). */
export function IslandsProvider({ children }: { children: ReactNode }) {
  return <IslandsOn.Provider value>{children}</IslandsOn.Provider>;
}

/**
 * An island of a server-rendered public page (issue 9): its children, inside a marker naming what
 * the browser hydrates there and when. The marker is a `display: contents` element, so the layout
 * stays as it is. Outside an {@link IslandsProvider} (the client-rendered app) it renders its
 * children alone.
 * @param target what the browser renders to hydrate the children ({@link IslandTarget}); it must
 * render exactly them
 */
export function Island({ target, hydrate, children }: { target: IslandTarget; hydrate: IslandHydration; children: ReactNode }) {
  if (!useContext(IslandsOn)) return <>{children}</>;
  const marker = { [ISLAND_ATTRIBUTE]: JSON.stringify(target), [HYDRATE_ATTRIBUTE]: hydrate };
  return (
    <div {...marker} style={{ display: 'contents' }}>
      {children}
    </div>
  );
}
