import { api } from '@shop/api-client';
import type { DashboardInstalment, InstalmentPurchase, InstalmentState, Paginated } from '@shop/contracts';

/** The states the staff's list filters by (a paid part is not listed). */
export type InstalmentListState = Exclude<InstalmentState, 'paid'>;

/** Query of the parts to be paid: page, a buyer search (`q`: email, name or mobile) and a state. */
export interface InstalmentsQuery {
  page: number;
  per_page: number;
  q?: string;
  state?: InstalmentListState;
}

/** The list's cache tag: an `Order` tag (the one API declares no instalment tag), since each part is paid by an order. */
const INSTALMENTS_TAG = { type: 'Order', id: 'INSTALMENTS' } as const;

/**
 * The dashboard's parts to be paid (issue 36 item 2; shapes in `@shop/contracts` instalments.ts):
 * `GET /api/dashboard/financial-info/instalments` (show-financial-info) and `POST
 * …/instalment-purchases/:id/cancel` (manage-refunds), which ends the buyer's access and cancels the
 * purchase's unpaid orders, so every order view is asked again.
 */
export const instalmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboardInstalments: build.query<Paginated<DashboardInstalment>, InstalmentsQuery>({
      query: ({ q, ...rest }) => ({ url: '/dashboard/financial-info/instalments', params: { ...rest, q: q || undefined } }),
      providesTags: [INSTALMENTS_TAG],
    }),
    /** 422 when already cancelled, 404 unknown: the list is asked again either way, so it shows the purchase as it is. */
    cancelInstalmentPurchase: build.mutation<{ message: string; data: InstalmentPurchase }, number>({
      query: (purchaseId) => ({ url: `/dashboard/financial-info/instalment-purchases/${purchaseId}/cancel`, method: 'POST' }),
      invalidatesTags: (result) => (result ? ['Order'] : [INSTALMENTS_TAG]),
    }),
  }),
});

export const { useGetDashboardInstalmentsQuery, useCancelInstalmentPurchaseMutation } = instalmentsApi;
