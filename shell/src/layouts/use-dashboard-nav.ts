import { useEffect, useState } from 'react';
import { hasPermission, SUPER_ONLY, type DashboardNavItem, type RemoteName } from '@shop/contracts';
import { selectCurrentUser, useAppSelector } from '@shop/api-client';
import type { IconName } from '@shop/ui-kit';
import { listedRemotes, loadRemoteModule } from '../federation/load-remote';
import { t } from '../strings';

/**
 * The shell's own dashboard sections, after the remotes' (whatever remotes load): the releases of
 * every remote (issue 35 item 5), for super users only.
 */
export const SHELL_DASHBOARD_NAV: readonly DashboardNavItem[] = [
  { label: t.releases.nav, path: '/dashboard/releases', permission: SUPER_ONLY, icon: 'UploadFile' satisfies IconName },
];

/**
 * The dashboard navigation assembled from every listed remote's contract, then the shell's own
 * sections ({@link SHELL_DASHBOARD_NAV}) once the remotes have answered, so the order never jumps;
 * filtered by the user's permissions (SPEC §6). A remote that fails to load is named in `unavailable`.
 */
export function useDashboardNav(): { items: DashboardNavItem[]; loading: boolean; unavailable: RemoteName[] } {
  const user = useAppSelector(selectCurrentUser);
  const [state, setState] = useState<{ all: DashboardNavItem[]; loading: boolean; unavailable: RemoteName[] }>({
    all: [],
    loading: true,
    unavailable: [],
  });
  useEffect(() => {
    let live = true;
    const names = listedRemotes();
    void Promise.allSettled(names.map(loadRemoteModule)).then((results) => {
      if (!live) return;
      setState({
        all: [...results.flatMap((r) => (r.status === 'fulfilled' ? r.value.dashboardNav : [])), ...SHELL_DASHBOARD_NAV],
        unavailable: names.filter((_, i) => results[i]?.status === 'rejected'),
        loading: false,
      });
    });
    return () => {
      live = false;
    };
  }, []);
  return { items: state.all.filter((item) => hasPermission(user, item.permission)), loading: state.loading, unavailable: state.unavailable };
}
