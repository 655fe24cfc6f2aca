/**
 * The island runtime's entry (issue 9): loaded by the island loader (island-loader.ts) when a
 * page's first island is needed. It hydrates the markers the loader queued in
 * `window.shopIslands`, and from then on each one the loader adds; then it asks who is signed in.
 */
import { HYDRATED_ATTRIBUTE, HYDRATED_EVENT, ISLAND_ATTRIBUTE, type IslandTarget } from '@shop/router';
import { hydrateIsland, sessionKnown, startSession, whenCartStarted } from './island-runtime';

/** Markers hydrated or hydrating: the loader's and those of a started cart may name one twice. */
const started = new WeakSet<HTMLElement>();

function hydrate(marker: HTMLElement): Promise<void> {
  if (started.has(marker)) return Promise.resolve();
  started.add(marker);
  const target = JSON.parse(marker.getAttribute(ISLAND_ATTRIBUTE) ?? '{}') as IslandTarget;
  return hydrateIsland(marker, target).then(
    () => {
      // Ready for a held click once the reader is known too; the session waits for the hydrations.
      void sessionKnown().then(() => {
        marker.setAttribute(HYDRATED_ATTRIBUTE, '');
        marker.dispatchEvent(new Event(HYDRATED_EVENT));
      });
    },
    // An island that cannot hydrate (its remote is down) stays as the server's HTML.
    (error: unknown) => console.error('island not hydrated', target, error),
  );
}

const queued = (window.shopIslands ?? []) as HTMLElement[];
window.shopIslands = { push: hydrate };
void Promise.all(queued.map(hydrate)).then(startSession);
// A visitor who starts a cart here holds one from now on: the other islands (the header's count)
// hydrate at once, as the loader has them do on the next page (issue 25).
whenCartStarted(() => {
  for (const marker of document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)) void hydrate(marker);
});
