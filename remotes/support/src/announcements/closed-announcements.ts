/** Where the ids of the announcements a visitor closed are kept on the device. */
export const CLOSED_ANNOUNCEMENTS_KEY = 'shop.closed-announcements';
/** How many closed ids are kept; older ones are long expired. */
const KEEP = 100;

/**
 * The ids of the announcements this device closed (issue 8: a closed announcement stays closed).
 * Empty when storage is unavailable (private mode, disabled) or holds something else.
 */
export function readClosedAnnouncements(): ReadonlySet<number> {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(CLOSED_ANNOUNCEMENTS_KEY) ?? '[]');
    return new Set(Array.isArray(stored) ? stored.filter((id): id is number => Number.isInteger(id)) : []);
  } catch {
    return new Set();
  }
}

/** Remembers on this device that announcement `id` was closed (the newest {@link KEEP} ids are kept). */
export function rememberClosedAnnouncement(id: number): void {
  const closed = [...readClosedAnnouncements(), id].slice(-KEEP);
  try {
    window.localStorage.setItem(CLOSED_ANNOUNCEMENTS_KEY, JSON.stringify(closed));
  } catch {
    // Storage full or disabled: the announcement stays closed until the page is reloaded.
  }
}
