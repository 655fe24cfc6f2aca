import { useCallback, useMemo } from 'react';
import { usePreference } from '@shop/api-client';

/** The device preference (a cookie, so the server's HTML leaves them out too) of closed announcements. */
export const CLOSED_ANNOUNCEMENTS_PREFERENCE = 'closed_announcements';
/** How many closed ids are kept; older ones are long expired. */
const KEEP = 100;

/** Ids as the preference keeps them: `3.1.7`; anything else in it is ignored. */
function parse(value: string | undefined): number[] {
  return (value ?? '').split('.').map(Number).filter((id) => Number.isInteger(id) && id > 0);
}

/**
 * The announcements this device closed (issue 8: a closed announcement stays closed), and a
 * function that closes one (the newest {@link KEEP} ids are kept).
 */
export function useClosedAnnouncements(): [ReadonlySet<number>, (id: number) => void] {
  const [value, setValue] = usePreference(CLOSED_ANNOUNCEMENTS_PREFERENCE);
  const closed = useMemo(() => new Set(parse(value)), [value]);
  const close = useCallback((id: number) => setValue([...parse(value), id].slice(-KEEP).join('.')), [value, setValue]);
  return [closed, close];
}
