import { api } from '@shop/api-client';
import type { InstalmentPlan, InstalmentPlanBody } from '@shop/contracts';

/** What a write answers: the server's Persian message and the plan stored. */
type WriteAnswer = { message: string; data: InstalmentPlan };

/**
 * Cache tags (the one API declares no plan tag): a course's plans are a `Product` tag of their own,
 * and a write also refreshes the course (`{Product, id}`), whose page offers the active plans.
 */
const plansTag = (productId: number) => ({ type: 'Product' as const, id: `PLANS-${productId}` });
const writeTags = (productId: number) => [plansTag(productId), { type: 'Product' as const, id: productId }];

/**
 * A course's plans to buy it in parts, in the dashboard (issue 36 item 2; manage-products; shapes in
 * `@shop/contracts` instalments.ts): `GET|POST /api/dashboard/products/:productId/instalment-plans`
 * and `PUT|DELETE …/:planId`. Writes answer 422 with field errors (parts, first_share_percent,
 * days_between, surcharge, grace_days) and 404 for an unknown course or plan.
 */
export const instalmentPlansApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInstalmentPlans: build.query<{ data: InstalmentPlan[] }, number>({
      query: (productId) => `/dashboard/products/${productId}/instalment-plans`,
      providesTags: (_result, _error, productId) => [plansTag(productId)],
    }),
    createInstalmentPlan: build.mutation<WriteAnswer, { productId: number; body: InstalmentPlanBody }>({
      query: ({ productId, body }) => ({ url: `/dashboard/products/${productId}/instalment-plans`, method: 'POST', body }),
      invalidatesTags: (result, _error, { productId }) => (result ? writeTags(productId) : []),
    }),
    updateInstalmentPlan: build.mutation<WriteAnswer, { productId: number; planId: number; body: InstalmentPlanBody }>({
      query: ({ productId, planId, body }) => ({ url: `/dashboard/products/${productId}/instalment-plans/${planId}`, method: 'PUT', body }),
      invalidatesTags: (result, _error, { productId }) => (result ? writeTags(productId) : []),
    }),
    /** A 404 (deleted meanwhile) also asks for the list again, so it shows what is left. */
    deleteInstalmentPlan: build.mutation<{ message: string }, { productId: number; planId: number }>({
      query: ({ productId, planId }) => ({ url: `/dashboard/products/${productId}/instalment-plans/${planId}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { productId }) => writeTags(productId),
    }),
  }),
});

export const { useGetInstalmentPlansQuery, useCreateInstalmentPlanMutation, useUpdateInstalmentPlanMutation, useDeleteInstalmentPlanMutation } = instalmentPlansApi;
