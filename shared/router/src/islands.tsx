/**
 * Islands of a server-rendered public page (issue 9, DESIGN.md "Public pages"): only what a
 * visitor can use hydrates, each part on its own. The shell marks its own parts (the header's
 * controls); a remote marks its parts (likes, comments, the player, add-to-cart, a list's
 * filters and pages) with {@link defineIslands}. Everything else stays server HTML.
 * Here, in the router facade, because shell and remotes must share one {@link IslandsProvider}.
 */
import { createContext, useContext, type ComponentType, type JSX, type ReactNode } from 'react';
import { HYDRATE_ATTRIBUTE, ISLAND_ATTRIBUTE, type IslandHydration, type IslandProps, type IslandTarget } from './island-marker';

const IslandsOn = createContext(false);

/** Turns islands on for the tree below: the server's render of a public page. */
export function IslandsProvider({ children }: { children: ReactNode }) {
  return <IslandsOn.Provider value>{children}</IslandsOn.Provider>;
}

/**
 * An island: its children, inside a marker naming what the browser hydrates there and when. The
 * marker is a `display: contents` element, so the layout stays as it is. Outside an
 * {@link IslandsProvider} (the client-rendered app, or an island already hydrating) it renders its
 * children alone.
 * @param target what the browser renders to hydrate the children ({@link IslandTarget}); it must
 * render exactly them
 */
export function Island({ target, hydrate, children }: { target: IslandTarget; hydrate: IslandHydration; children: ReactNode }) {
  if (!useContext(IslandsOn)) return <>{children}</>;
  const marker = { [ISLAND_ATTRIBUTE]: JSON.stringify(target), [HYDRATE_ATTRIBUTE]: hydrate };
  return (
    <div {...marker} style={{ display: 'contents' }}>
      {/* An island inside an island is part of it: one marker each. */}
      <IslandsOn.Provider value={false}>{children}</IslandsOn.Provider>
    </div>
  );
}

/**
 * A component a remote offers as an island, often `React.lazy`; its props are JSON
 * ({@link IslandProps}). `never`: any component fits; the browser renders it with its marker's props.
 */
export type IslandComponent = ComponentType<never>;

/** The props a component (a function, a class or `React.lazy` of either) takes. */
type PropsOf<C> = C extends (props: infer P) => unknown ? P : C extends new (props: infer P) => unknown ? P : never;

/** The marked form of each island of {@link defineIslands}: same props, rendered inside its marker. */
export type MarkedIslands<T extends Record<string, IslandComponent>> = { [K in keyof T]: (props: PropsOf<T[K]>) => JSX.Element };

/**
 * Declares a remote's islands: its `RemoteModule.islands` (`components`, what the island runtime
 * hydrates a marker with) and the same components marked for its pages (`marked`). A page renders
 * `<marked.PostLikes id={3} />`; the server writes it inside a marker naming the remote, the island
 * and its props, and the browser hydrates it with `components.PostLikes` and those props.
 * @param owner the remote's name
 * @param components the islands by name; their props must be JSON ({@link IslandProps}), and they
 * read what else they show from the store (the page's state, so hydration fetches nothing)
 * @param hydrate when an island hydrates on a visitor's page, where not at its first use
 */
export function defineIslands<T extends Record<string, IslandComponent>>(
  owner: string,
  components: T,
  hydrate: Partial<Record<keyof T, IslandHydration>> = {},
): { components: T; marked: MarkedIslands<T> } {
  const marked = Object.fromEntries(
    Object.entries(components).map(([name, Component]) => {
      const Rendered = Component as ComponentType<IslandProps>;
      function MarkedIsland(props: IslandProps) {
        return (
          <Island target={{ owner, island: name, props }} hydrate={hydrate[name] ?? 'interaction'}>
            <Rendered {...props} />
          </Island>
        );
      }
      MarkedIsland.displayName = `Island(${owner}.${name})`;
      return [name, MarkedIsland];
    }),
  );
  return { components, marked: marked as unknown as MarkedIslands<T> };
}
