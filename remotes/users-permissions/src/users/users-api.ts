import { api } from '@shop/api-client';
import type { CommentRestrictionBody, DashboardUserBody, DashboardUserListQuery, Item, MessageAnswer, Paginated, User, UserDevice } from '@shop/contracts';

/** Drops empty values, so the request carries only what was chosen. */
function paramsOf(query: DashboardUserListQuery): Record<string, string | number> {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as Record<string, string | number>;
}

/** API path of the users list's CSV export (issue 26) for `ExportCsvButton`; it takes the list's filters and sort. */
export const USERS_EXPORT = '/dashboard/users/export';

/** Tags a write to one user refreshes: the lists, the user, and the permissions whose holders may have changed. */
const userWritten = (id: number) => [{ type: 'User' as const, id: 'LIST' }, { type: 'User' as const, id }, { type: 'Permission' as const, id: 'LIST' }];

/**
 * Dashboard users endpoints (`shared/contracts/src/accounts.ts`; permission `show-users`): the list
 * with search, sort and filters, one user, create, update, delete, the comment restriction and the
 * user's devices that play lessons (issue 38).
 * A refused write invalidates nothing, so the row a 405 refused stays as it was.
 */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboardUsers: build.query<Paginated<User>, DashboardUserListQuery>({
      query: (query) => ({ url: '/dashboard/users', params: paramsOf(query) }),
      providesTags: (result) => [
        { type: 'User' as const, id: 'LIST' },
        ...(result?.data.map(({ id }) => ({ type: 'User' as const, id })) ?? []),
      ],
    }),
    getDashboardUser: build.query<Item<User>, number>({
      query: (id) => `/dashboard/users/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'User', id }],
    }),
    createDashboardUser: build.mutation<Item<User>, DashboardUserBody>({
      query: (body) => ({ url: '/dashboard/users', method: 'POST', body }),
      invalidatesTags: (result) => (result ? userWritten(result.data.id) : []),
    }),
    updateDashboardUser: build.mutation<Item<User>, { id: number; body: DashboardUserBody }>({
      query: ({ id, body }) => ({ url: `/dashboard/users/${id}`, method: 'PUT', body }),
      invalidatesTags: (result, _error, { id }) => (result ? userWritten(id) : []),
    }),
    /** `keepalive`: the list sends it when its undo window ends, or as the tab closes (issue 32 item 5). */
    deleteDashboardUser: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `/dashboard/users/${id}`, method: 'DELETE', keepalive: true }),
      invalidatesTags: (result, _error, id) => (result ? userWritten(id) : []),
    }),
    /** A user's devices that play lessons (issue 38 item 1). */
    getUserDevices: build.query<Item<UserDevice[]>, number>({
      query: (id) => `/dashboard/users/${id}/devices`,
      providesTags: (_result, _error, id) => [{ type: 'Device', id }],
    }),
    /** Removes every device of a user and stops their streams (audited). */
    resetUserDevices: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `/dashboard/users/${id}/devices`, method: 'DELETE' }),
      invalidatesTags: (result, _error, id) => (result ? [{ type: 'Device', id }] : []),
    }),
    setCommentStatus: build.mutation<Item<User>, { id: number; body: CommentRestrictionBody }>({
      query: ({ id, body }) => ({ url: `/dashboard/users/${id}/comment-status`, method: 'POST', body }),
      invalidatesTags: (result, _error, { id }) => (result ? [{ type: 'User', id: 'LIST' }, { type: 'User', id }] : []),
    }),
  }),
});

export const {
  useGetDashboardUsersQuery,
  useGetDashboardUserQuery,
  useCreateDashboardUserMutation,
  useUpdateDashboardUserMutation,
  useDeleteDashboardUserMutation,
  useSetCommentStatusMutation,
  useGetUserDevicesQuery,
  useResetUserDevicesMutation,
} = usersApi;
