import { api } from '@shop/api-client';
import type { Item, ListQuery, Paginated, Product, ProductDetail, ViewerState } from '@shop/contracts';

/** A course as its detail answer sends it: with `liked_by_me` for the caller (as posts and podcasts). */
export type ProductDetailAnswer = ProductDetail & Partial<ViewerState>;

/** Products endpoints (DESIGN.md API): `GET /api/products` (page, per_page, filter) and `GET /api/products/:productId`. */
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
  }),
});

export const { useGetProductsQuery, useGetProductQuery } = productsApi;
