import { useEffect, useState } from 'react';
import { hasPermission, type DashboardNavItem, type RemoteName } from '@shop/contracts';
import { selectCurrentUser, useAppSelector } from '@shop/api-client';
import { listedRemotes, loadRemoteModule } from '../federation/load-remote';

/**
 * The dashboard navigation assembled from every listed remote's contract, filtered by the
 * user's permissions (SPEC §6). A remote that fails to load is named in `unavailable`.
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
        all: results.flatMap((r) => (r.status === 'fulfilled' ? r.value.dashboardNav : [])),
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
