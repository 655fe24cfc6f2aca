import { api } from '@shop/api-client';
import type { CourseLearningAnalytics, Item } from '@shop/contracts';

/**
 * What staff learn of a course (issue 37 item 6; manage-product-sessions):
 * `GET /api/dashboard/products/:productId/learning-analytics` answers `{data: CourseLearningAnalytics}`
 * (shape in `@shop/contracts` learning.ts), 404 for an unknown course. Tagged `Quiz`
 * `analytics-<productId>`, so applying a regrade (which invalidates every `Quiz` tag) refreshes it.
 */
export const learningAnalyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLearningAnalytics: build.query<Item<CourseLearningAnalytics>, number>({
      query: (productId) => `/dashboard/products/${productId}/learning-analytics`,
      providesTags: (_result, _error, productId) => [{ type: 'Quiz' as const, id: `analytics-${productId}` }],
    }),
  }),
});

export const { useGetLearningAnalyticsQuery } = learningAnalyticsApi;
