import { api, userReceived } from '@shop/api-client';
import type { Certificate, Item, MessageAnswer, PasswordChangeBody, ProfileBody, User } from '@shop/contracts';

/**
 * The signed-in user's own account (`shared/contracts/src/accounts.ts`): `PUT /api/profile` saves
 * the name, email and mobile and puts the answered user into the store's auth slice (the header and
 * every page read the user from there); `PUT /api/profile/password` changes the password.
 */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<Item<User>, ProfileBody>({
      query: (body) => ({ url: '/profile', method: 'PUT', body }),
      invalidatesTags: (result) => (result ? [{ type: 'User', id: result.data.id }, { type: 'User', id: 'LIST' }] : []),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          // Without buyedProducts, so the bought-products list stays as it is (SPEC §3).
          dispatch(userReceived({ user: data.data }));
        } catch {
          // The form shows the failure; the store keeps the user as it was.
        }
      },
    }),
    changePassword: build.mutation<MessageAnswer, PasswordChangeBody>({
      query: (body) => ({ url: '/profile/password', method: 'PUT', body }),
    }),
    /** `GET /api/profile/certificates` (issue 24): the user's certificates, newest first, revoked ones too. */
    getMyCertificates: build.query<{ data: Certificate[] }, void>({
      query: () => '/profile/certificates',
    }),
  }),
});

export const { useUpdateProfileMutation, useChangePasswordMutation, useGetMyCertificatesQuery } = profileApi;
