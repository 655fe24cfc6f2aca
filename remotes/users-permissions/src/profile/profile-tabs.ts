import { t } from '../strings';

/**
 * The profile's hash tabs of SPEC §2, `#tickets` (issue 32 item 3), `#wallet` (issue 36 item 3),
 * `#instalments` (issue 36 item 2) and `#agent` (issue 36 item 4, sales agents only), in order; the
 * first is the default.
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
  // Not in SPEC §2: a sales agent's link, commissions and payouts (issue 36 item 4); shown to agents only.
  { hash: '#agent', label: t.tabs.agent, agentsOnly: true },
] as const;

/** One profile tab's hash. */
export type ProfileTabHash = (typeof PROFILE_TABS)[number]['hash'];

/** The tabs a user sees: all of them for a sales agent, all but `#agent` for anyone else. */
export function visibleProfileTabs(isAgent: boolean): (typeof PROFILE_TABS)[number][] {
  return PROFILE_TABS.filter((tab) => isAgent || !('agentsOnly' in tab));
}

/** The tab a URL hash names among the user's tabs; an empty or unknown hash (or `#agent` for a non-agent) shows `#home`. */
export function tabOfHash(hash: string, isAgent = false): ProfileTabHash {
  return visibleProfileTabs(isAgent).find((tab) => tab.hash === hash)?.hash ?? '#home';
}
