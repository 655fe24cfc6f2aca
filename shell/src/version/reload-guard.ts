/** SPEC §9 "Reload guard after version check: 10 s": at most one automatic reload in this time. */
export const RELOAD_GUARD_MS = 10_000;

/** The `sessionStorage` key holding when this tab last reloaded by itself (ms since the epoch). */
export const RELOAD_GUARD_KEY = 'shell:automatic-reload-at';

/**
 * Takes the one automatic reload the guard allows: true, and the time is stored, when the tab has
 * not reloaded by itself in the last {@link RELOAD_GUARD_MS}; false otherwise. The time lives in
 * `sessionStorage`, so it survives the reload: a deploy that keeps looking new after reloading
 * cannot make the tab reload in a loop. When the storage cannot be used, the answer is false (the
 * tab could not remember), and only the person's own click on «بارگذاری دوباره» reloads.
 * @param storage the tab's storage (a function, since merely reading `window.sessionStorage` may throw)
 * @param now the current time in ms
 */
export function claimAutomaticReload(storage: () => Storage = () => window.sessionStorage, now: number = Date.now()): boolean {
  try {
    const store = storage();
    const last = Number(store.getItem(RELOAD_GUARD_KEY));
    if (Number.isFinite(last) && Math.abs(now - last) < RELOAD_GUARD_MS) return false;
    store.setItem(RELOAD_GUARD_KEY, String(now));
    return true;
  } catch {
    return false;
  }
}
