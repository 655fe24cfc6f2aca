import { t } from '../strings';

/** The profile's hash tabs of SPEC §2 and `#tickets` (issue 32 item 3), in order; the first is the default. */
export const PROFILE_TABS = [
  { hash: '#home', label: t.tabs.home },
  { hash: '#favorites-posts', label: t.tabs.favoritesPosts },
  { hash: '#favorites-podcasts', label: t.tabs.favoritesPodcasts },
  { hash: '#buyed-products', label: t.tabs.boughtProducts },
  // Not in SPEC §2: the threads of the user's contact-us tickets (issue 32 item 3).
  { hash: '#tickets', label: t.tabs.tickets },
] as const;

/** One profile tab's hash. */
export type ProfileTabHash = (typeof PROFILE_TABS)[number]['hash'];

/** The tab a URL hash names; an empty or unknown hash shows `#home`. */
export function tabOfHash(hash: string): ProfileTabHash {
  return PROFILE_TABS.find((tab) => tab.hash === hash)?.hash ?? '#home';
}
