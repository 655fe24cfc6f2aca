import { api } from '@shop/api-client';
import type { Paginated, User } from '@shop/contracts';

/** Query of the dashboard users list: `sort` is a column with an optional leading `-` for descending. */
export interface DashboardUsersQuery {
  page: number;
  per_page: number;
  q?: string;
  sort: string;
}

/** Dashboard users endpoints (DESIGN.md API): `GET /api/dashboard/users` (page, per_page, q, sort); needs `show-users`. */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboardUsers: build.query<Paginated<User>, DashboardUsersQuery>({
      query: ({ q, ...params }) => ({ url: '/dashboard/users', params: q ? { ...params, q } : params }),
      providesTags: (result) => [
        { type: 'User' as const, id: 'LIST' },
        ...(result?.data.map(({ id }) => ({ type: 'User' as const, id })) ?? []),
      ],
    }),
  }),
});

export const { useGetDashboardUsersQuery } = usersApi;
