import { api } from '@shop/api-client';
import type { InstalmentCheckoutAnswer, InstalmentPurchaseBody, Item, ListQuery, Paginated, Product, ProductDetail, ViewerState } from '@shop/contracts';

/** A course as its detail answer sends it: with `liked_by_me` for the caller (as posts and podcasts). */
export type ProductDetailAnswer = ProductDetail & Partial<ViewerState>;

/**
 * Products endpoints (DESIGN.md API): `GET /api/products` (page, per_page, filter), `GET
 * /api/products/:productId` (with its active plans to buy it in parts, `instalment_plans`) and `POST
 * /api/products/:productId/instalment-purchases` (issue 36 item 2).
 */
export const productsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<Paginated<Product>, ListQuery>({
      query: (params) => ({ url: '/products', params }),
      providesTags: (result) => [
        { type: 'Product' as const, id: 'LIST' },
        ...(result?.data.map(({ id }) => ({ type: 'Product' as const, id })) ?? []),
      ],
    }),
    getProduct: build.query<Item<ProductDetailAnswer>, number>({
      query: (productId) => `/products/${productId}`,
      providesTags: (_result, _error, productId) => [{ type: 'Product', id: productId }],
    }),
    /**
     * Buys a course in parts by a plan (issue 36 item 2): 201 a new purchase, or 200 the caller's unpaid
     * one of the same plan, each with the first part's order and gateway form. 422 on `plan_id` (the plan
     * is gone or inactive) or already bought; 403 selling off; 401 visitor. A success refreshes the
     * caller's orders (a part is an order of its own).
     */
    startInstalmentPurchase: build.mutation<Item<InstalmentCheckoutAnswer>, { productId: number } & InstalmentPurchaseBody>({
      query: ({ productId, ...body }) => ({ url: `/products/${productId}/instalment-purchases`, method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['Order'] : []),
    }),
  }),
});

export const { useGetProductsQuery, useGetProductQuery, useStartInstalmentPurchaseMutation } = productsApi;
