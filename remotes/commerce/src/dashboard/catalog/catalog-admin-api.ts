import { api } from '@shop/api-client';
import type { DashboardProductSession, Item, Paginated, Product } from '@shop/contracts';

/** Query of a dashboard list (DESIGN.md): `page`, `per_page`, `q`, `sort`; sessions also filter by `product_id`. */
export interface CatalogListQuery {
  page: number;
  per_page: number;
  q?: string;
  sort?: string;
  product_id?: number;
}

/** Drops empty query values, so the URL carries only what was chosen. */
const paramsOf = ({ q, ...rest }: CatalogListQuery) => ({ ...rest, q: q || undefined });

/**
 * Dashboard endpoints of courses (`/api/dashboard/products`, manage-products) and their sessions
 * (`/api/dashboard/product-sessions`, manage-product-sessions), issue 6: lists, one item for the
 * edit form, delete. Create and update send files through `uploadWithProgress` (`save-catalog-item.ts`)
 * and then invalidate the same tags.
 */
export const catalogAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAdminProducts: build.query<Paginated<Product>, CatalogListQuery>({
      query: (query) => ({ url: '/dashboard/products', params: paramsOf(query) }),
      providesTags: (result) => [{ type: 'Product', id: 'LIST' }, ...(result?.data.map(({ id }) => ({ type: 'Product' as const, id })) ?? [])],
    }),
    getAdminProduct: build.query<Item<Product>, number>({
      query: (id) => `/dashboard/products/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
    /** `keepalive`: the list sends it when its undo window ends, or as the tab closes (issue 32 item 5). */
    deleteAdminProduct: build.mutation<{ message?: string }, number>({
      query: (id) => ({ url: `/dashboard/products/${id}`, method: 'DELETE', keepalive: true }),
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: 'Product', id: 'LIST' }, { type: 'Product', id }, { type: 'ProductSession', id: 'LIST' }]),
    }),
    getAdminSessions: build.query<Paginated<DashboardProductSession>, CatalogListQuery>({
      query: (query) => ({ url: '/dashboard/product-sessions', params: paramsOf(query) }),
      providesTags: (result) => [
        { type: 'ProductSession', id: 'LIST' },
        ...(result?.data.map(({ id }) => ({ type: 'ProductSession' as const, id })) ?? []),
      ],
    }),
    getAdminSession: build.query<Item<DashboardProductSession>, number>({
      query: (id) => `/dashboard/product-sessions/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'ProductSession', id }],
    }),
    /** `keepalive`: the list sends it when its undo window ends, or as the tab closes (issue 32 item 5). */
    deleteAdminSession: build.mutation<{ message?: string }, number>({
      query: (id) => ({ url: `/dashboard/product-sessions/${id}`, method: 'DELETE', keepalive: true }),
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: 'ProductSession', id: 'LIST' }, { type: 'ProductSession', id }, { type: 'Product', id: 'LIST' }]),
    }),
    /** `POST /dashboard/product-sessions/:id/media/retry` (issue 24): the failed upload's source queued again. */
    retryLessonMedia: build.mutation<Item<DashboardProductSession>, number>({
      query: (id) => ({ url: `/dashboard/product-sessions/${id}/media/retry`, method: 'POST' }),
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: 'ProductSession', id }]),
    }),
  }),
});

export const {
  useGetAdminProductsQuery,
  useGetAdminProductQuery,
  useDeleteAdminProductMutation,
  useGetAdminSessionsQuery,
  useGetAdminSessionQuery,
  useDeleteAdminSessionMutation,
  useRetryLessonMediaMutation,
} = catalogAdminApi;
