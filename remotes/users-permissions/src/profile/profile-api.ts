import { api, userReceived } from '@shop/api-client';
import type { Certificate, CheckoutAnswer, Item, MailKind, MessageAnswer, Order, Paginated, PasswordChangeBody, ProfileBody, User } from '@shop/contracts';

/** The mail switches (issue 25): true when the kind of marketing mail is wanted. */
export type MailPreferences = Record<MailKind, boolean>;

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
    /** `GET /api/orders` (issue 25): a page of the user's orders, newest first, for their receipts. */
    getMyOrders: build.query<Paginated<Order>, number>({
      query: (page) => ({ url: '/orders', params: { page, per_page: 10 } }),
      providesTags: ['Order'],
    }),
    /**
     * `POST /api/orders/:id/pay` (issue 32 item 2): a new attempt at one of the user's unpaid orders,
     * answered with the gateway form; 422 with the Persian reason when it cannot be paid (its
     * discount code lapsed, on `code`; a course bought meanwhile; paid or cancelled). Named apart
     * from the cart's `payOrder`: RTK Query keeps the first endpoint of a name.
     */
    payMyOrder: build.mutation<Item<CheckoutAnswer>, number>({
      query: (orderId) => ({ url: `/orders/${orderId}/pay`, method: 'POST' }),
      invalidatesTags: (result, _error, orderId) => (result ? [{ type: 'Order', id: orderId }] : []),
    }),
    /**
     * `POST /api/orders/:id/cancel` (issue 32 item 2): cancels one of the user's unpaid orders; the
     * answer's Persian message and the order, cancelled. Every order view is asked again.
     */
    cancelMyOrder: build.mutation<MessageAnswer & Item<Order>, number>({
      query: (orderId) => ({ url: `/orders/${orderId}/cancel`, method: 'POST' }),
      invalidatesTags: (result) => (result ? ['Order'] : []),
    }),
    /** `GET /api/profile/mail-preferences` (issue 25). */
    getMailPreferences: build.query<Item<MailPreferences>, void>({
      query: () => '/profile/mail-preferences',
    }),
    /** `PUT /api/profile/mail-preferences` (issue 25): the answer replaces the cached switches. */
    saveMailPreferences: build.mutation<MessageAnswer & Item<MailPreferences>, Partial<MailPreferences>>({
      query: (body) => ({ url: '/profile/mail-preferences', method: 'PUT', body }),
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(profileApi.util.upsertQueryData('getMailPreferences', undefined, { data: data.data }));
        } catch {
          // The switch shows the failure and goes back.
        }
      },
    }),
  }),
});

export const {
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useGetMyCertificatesQuery,
  useGetMyOrdersQuery,
  usePayMyOrderMutation,
  useCancelMyOrderMutation,
  useGetMailPreferencesQuery,
  useSaveMailPreferencesMutation,
} = profileApi;
