import { useEffect } from 'react';
import { api, skipToken } from '@shop/api-client';
import type { DashboardOverview, Item } from '@shop/contracts';

/** How often an open dashboard refreshes its figures. */
export const OVERVIEW_REFRESH_MS = 60_000;

/**
 * `GET /api/dashboard/overview` (issue 8 "Dashboard home"): the figures the user's permissions
 * allow. Tagged with what changes them, so reading a ticket, moderating a comment, an order or a
 * new user refreshes the counts at once.
 */
export const dashboardOverviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboardOverview: build.query<DashboardOverview, void>({
      query: () => '/dashboard/overview',
      transformResponse: (answer: Item<DashboardOverview>) => answer.data,
      providesTags: [
        { type: 'Ticket', id: 'DASHBOARD' },
        { type: 'Comment', id: 'DASHBOARD' },
        { type: 'Order', id: 'LIST' },
        { type: 'User', id: 'LIST' },
      ],
    }),
  }),
});

/**
 * The dashboard figures, one cached query for the home page and the header menu: refreshed every
 * {@link OVERVIEW_REFRESH_MS} and when the window gets the focus back. Errors are the caller's to
 * show (the error catalogue stays quiet for this endpoint, but for 401 and 403).
 * @param skip true when the user may see none of the figures: nothing is requested
 */
export function useDashboardOverview(skip = false) {
  const result = dashboardOverviewApi.useGetDashboardOverviewQuery(skip ? skipToken : undefined, { pollingInterval: OVERVIEW_REFRESH_MS });
  const { refetch } = result;
  useEffect(() => {
    if (skip) return undefined;
    const onFocus = () => void refetch();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [skip, refetch]);
  return result;
}
