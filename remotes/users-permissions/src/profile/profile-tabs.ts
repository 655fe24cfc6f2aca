import { t } from '../strings';

/**
 * The profile's hash tabs of SPEC §2, `#tickets` (issue 32 item 3), `#wallet` (issue 36 item 3) and
 * `#instalments` (issue 36 item 2), in order; the first is the default.
 */
export const PROFILE_TABS = [
  { hash: '#home', label: t.tabs.home },
  { hash: '#favorites-posts', label: t.tabs.favoritesPosts },
  { hash: '#favorites-podcasts', label: t.tabs.favoritesPodcasts },
  { hash: '#buyed-products', label: t.tabs.boughtProducts },
  // Not in SPEC §2: the threads of the user's contact-us tickets (issue 32 item 3).
  { hash: '#tickets', label: t.tabs.tickets },
  // Not in SPEC §2: the wallet's balance, gift cards and entries (issue 36 item 3).
  { hash: '#wallet', label: t.tabs.wallet },
  // Not in SPEC §2: the courses bought in parts, their schedules and paying the next part (issue 36 item 2).
  { hash: '#instalments', label: t.tabs.instalments },
] as const;

/** One profile tab's hash. */
export type ProfileTabHash = (typeof PROFILE_TABS)[number]['hash'];

/** The tab a URL hash names; an empty or unknown hash shows `#home`. */
export function tabOfHash(hash: string): ProfileTabHash {
  return PROFILE_TABS.find((tab) => tab.hash === hash)?.hash ?? '#home';
}
