import { api } from '@shop/api-client';
import type { Item, MessageAnswer, Paginated, PermissionBody, PermissionDetail } from '@shop/contracts';

/** Query of the permissions list: `q` searches the names. */
export interface PermissionsQuery {
  page: number;
  per_page: number;
  q?: string;
}

/** Tags a change of a permission's holders refreshes: the permission, the lists, and the user whose permissions changed. */
const holdersChanged = (id: number, userId: number) => [
  { type: 'Permission' as const, id },
  { type: 'Permission' as const, id: 'LIST' },
  { type: 'User' as const, id: userId },
  { type: 'User' as const, id: 'LIST' },
];

/**
 * Dashboard permissions endpoints (`shared/contracts/src/accounts.ts`; permission `manage-permissions`):
 * list, one permission, create, rename, delete, and assigning or removing a staff user.
 */
export const permissionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPermissions: build.query<Paginated<PermissionDetail>, PermissionsQuery>({
      query: ({ q, ...params }) => ({ url: '/dashboard/permissions', params: q ? { ...params, q } : params }),
      providesTags: (result) => [
        { type: 'Permission' as const, id: 'LIST' },
        ...(result?.data.map(({ id }) => ({ type: 'Permission' as const, id })) ?? []),
      ],
    }),
    getPermission: build.query<Item<PermissionDetail>, number>({
      query: (id) => `/dashboard/permissions/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Permission', id }],
    }),
    createPermission: build.mutation<Item<PermissionDetail>, PermissionBody>({
      query: (body) => ({ url: '/dashboard/permissions', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [{ type: 'Permission', id: 'LIST' }] : []),
    }),
    renamePermission: build.mutation<Item<PermissionDetail>, { id: number; body: PermissionBody }>({
      query: ({ id, body }) => ({ url: `/dashboard/permissions/${id}`, method: 'PUT', body }),
      invalidatesTags: (result, _error, { id }) => (result ? [{ type: 'Permission', id }, { type: 'Permission', id: 'LIST' }, { type: 'User', id: 'LIST' }] : []),
    }),
    /** `keepalive`: the list sends it when its undo window ends, or as the tab closes (issue 32 item 5). */
    deletePermission: build.mutation<MessageAnswer, number>({
      query: (id) => ({ url: `/dashboard/permissions/${id}`, method: 'DELETE', keepalive: true }),
      invalidatesTags: (result, _error, id) => (result ? [{ type: 'Permission', id }, { type: 'Permission', id: 'LIST' }, { type: 'User', id: 'LIST' }] : []),
    }),
    assignPermission: build.mutation<Item<PermissionDetail>, { id: number; userId: number }>({
      query: ({ id, userId }) => ({ url: `/dashboard/permissions/${id}/users`, method: 'POST', body: { user_id: userId } }),
      invalidatesTags: (result, _error, { id, userId }) => (result ? holdersChanged(id, userId) : []),
    }),
    unassignPermission: build.mutation<Item<PermissionDetail>, { id: number; userId: number }>({
      query: ({ id, userId }) => ({ url: `/dashboard/permissions/${id}/users/${userId}`, method: 'DELETE' }),
      invalidatesTags: (result, _error, { id, userId }) => (result ? holdersChanged(id, userId) : []),
    }),
  }),
});

export const {
  useGetPermissionsQuery,
  useGetPermissionQuery,
  useCreatePermissionMutation,
  useRenamePermissionMutation,
  useDeletePermissionMutation,
  useAssignPermissionMutation,
  useUnassignPermissionMutation,
} = permissionsApi;
