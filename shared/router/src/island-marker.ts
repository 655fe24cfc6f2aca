/**
 * The marker of an island on a server-rendered page (issue 9, DESIGN.md "Public pages"): what the
 * server writes around an island and the island loader reads. No React here: the loader is the
 * only script a public page runs before a visitor touches it.
 */

/**
 * When an island hydrates on a visitor's page: as the page loads, once it comes near the screen,
 * at its first use (click, focus, key), or never (`signed-in`: it differs only for a signed-in
 * reader, such as a course's locks). On a signed-in reader's page every island hydrates at once.
 */
export type IslandHydration = 'load' | 'visible' | 'interaction' | 'signed-in';

/** A JSON value: what an island's props may hold, written into its marker. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** The props of a remote's island: JSON, so the browser renders it with what the server did. */
export type IslandProps = Record<string, JsonValue>;

/**
 * What the browser renders in a marker:
 * - `island`: the owning remote's island of that name (`RemoteModule.islands`) with these props;
 * - `part`: one of the shell's own islands (the header's search, theme switch, account links);
 * - `area`: a remote's area the server could not render (the remote was down or threw there),
 *   rendered by the browser instead of hydrated: `page` or a slot's name.
 */
export type IslandTarget =
  | { owner: string; island: string; props: IslandProps }
  | { owner: 'shell'; part: string }
  | { owner: 'shell'; area: string };

/** Attribute of a marker holding its {@link IslandTarget} as JSON. */
export const ISLAND_ATTRIBUTE = 'data-island';

/** Attribute of a marker holding its {@link IslandHydration}. */
export const HYDRATE_ATTRIBUTE = 'data-hydrate';

/** Attribute the loader sets on a marker once its island is hydrated (browser tests wait for it). */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/** Event the island runtime dispatches on a marker once its island is hydrated. */
export const HYDRATED_EVENT = 'island-hydrated';

/**
 * The page's queue of markers to hydrate, `window.shopIslands`: an array the loader fills until
 * the runtime arrives, then the runtime's own `push`, which hydrates at once.
 */
export interface IslandQueue {
  push(marker: HTMLElement): unknown;
}

declare global {
  interface Window {
    shopIslands?: IslandQueue;
  }
}
