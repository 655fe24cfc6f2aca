/**
 * The marker of an island on a server-rendered page (issue 9, DESIGN.md "Public pages"): what the
 * server writes around an island and the island loader reads. No React here: the loader is the
 * only script a public page runs before a visitor touches it.
 */

/**
 * When an island hydrates: as the page loads, once it comes near the screen, or at its first use
 * (click, focus, key).
 */
export type IslandHydration = 'load' | 'visible' | 'interaction';

/**
 * What the browser renders in a marker:
 * - `page`: the public route of the owning remote with this path pattern (its whole page area);
 * - `slot`: the owning remote's component for this slot;
 * - `part`: one of the shell's own islands (the header's search, theme switch, account links);
 * - `area`: a remote's area the server could not render (the remote was down or threw there),
 *   rendered by the browser instead of hydrated: `page` or a slot's name.
 */
export type IslandTarget =
  | { owner: string; page: string }
  | { owner: string; slot: string }
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
