import { api } from '@shop/api-client';
import type { DiscountCode, DiscountCodeForm, DiscountCodeUse, Item, Paginated } from '@shop/contracts';

/** Query of the discount codes list (DESIGN.md): `page`, `per_page`, `q` (part of the code), `sort`. */
export interface DiscountCodesQuery {
  page: number;
  per_page: number;
  q?: string;
}

/** What a write answers: the server's Persian message and the code as stored. */
type WriteAnswer = Item<DiscountCode> & { message: string };

/**
 * Discount codes of the dashboard (issue 25; manage-discounts): `GET|POST /api/dashboard/discount-codes`,
 * `GET|PUT|DELETE /api/dashboard/discount-codes/:id` and `GET …/:id/uses`. A write refreshes every
 * code view and the cart (a code it holds may have changed).
 */
export const discountCodesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDiscountCodes: build.query<Paginated<DiscountCode>, DiscountCodesQuery>({
      query: ({ q, ...rest }) => ({ url: '/dashboard/discount-codes', params: { ...rest, q: q || undefined } }),
      providesTags: (result) => [
        { type: 'DiscountCode' as const, id: 'LIST' },
        ...(result?.data.map(({ id }) => ({ type: 'DiscountCode' as const, id })) ?? []),
      ],
    }),
    getDiscountCode: build.query<Item<DiscountCode>, number>({
      query: (id) => `/dashboard/discount-codes/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'DiscountCode', id }],
    }),
    getDiscountCodeUses: build.query<Paginated<DiscountCodeUse>, { id: number; page: number; per_page: number }>({
      query: ({ id, ...params }) => ({ url: `/dashboard/discount-codes/${id}/uses`, params }),
      providesTags: (_result, _error, { id }) => [{ type: 'DiscountCode', id }, { type: 'Order', id: 'LIST' }],
    }),
    createDiscountCode: build.mutation<WriteAnswer, DiscountCodeForm>({
      query: (body) => ({ url: '/dashboard/discount-codes', method: 'POST', body }),
      invalidatesTags: (result) => (result ? ['DiscountCode', 'Cart'] : []),
    }),
    updateDiscountCode: build.mutation<WriteAnswer, { id: number; body: DiscountCodeForm }>({
      query: ({ id, body }) => ({ url: `/dashboard/discount-codes/${id}`, method: 'PUT', body }),
      invalidatesTags: (result) => (result ? ['DiscountCode', 'Cart'] : []),
    }),
    /** `keepalive`: the list sends it when its undo window ends, or as the tab closes (issue 32 item 5). */
    deleteDiscountCode: build.mutation<{ message: string }, number>({
      query: (id) => ({ url: `/dashboard/discount-codes/${id}`, method: 'DELETE', keepalive: true }),
      invalidatesTags: (result) => (result ? ['DiscountCode', 'Cart'] : []),
    }),
  }),
});

export const {
  useGetDiscountCodesQuery,
  useGetDiscountCodeQuery,
  useGetDiscountCodeUsesQuery,
  useCreateDiscountCodeMutation,
  useUpdateDiscountCodeMutation,
  useDeleteDiscountCodeMutation,
} = discountCodesApi;
