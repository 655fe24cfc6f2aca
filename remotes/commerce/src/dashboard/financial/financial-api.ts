import { api } from '@shop/api-client';
import type {
  AddProductToUserBody,
  DashboardOrder,
  Item,
  OrderSource,
  OrderUpdateBody,
  Paginated,
  PaymentStatus,
  Refund,
  RefundBody,
  SalesPeriod,
  SalesSummaryAnswer,
  User,
} from '@shop/contracts';

const BASE = '/dashboard/financial-info';

/** Query of the orders list: page, search text (`q`: email, name or mobile) and the two filters. */
export interface OrdersQuery {
  page: number;
  per_page: number;
  q?: string;
  payment_status?: PaymentStatus;
  source?: OrderSource;
}

/** Which summary: sales (`/sales`) or refunds (`/refunds`), and its period. */
export interface SummaryQuery {
  kind: 'sales' | 'refunds';
  period: SalesPeriod;
}

/** API paths of the CSV exports (issue 25) for `ExportCsvButton`; each takes its list's filters. */
export const FINANCIAL_EXPORTS = {
  orders: `${BASE}/orders/export`,
  manual: `${BASE}/list-of-products-added-to-users/export`,
  refunds: `${BASE}/money-refund-status/export`,
  summary: (kind: SummaryQuery['kind']) => `${BASE}/${kind}/export`,
} as const;

/** Leaves empty values out of a query string. */
const defined = <T extends object>(params: T) => Object.fromEntries(Object.entries(params).filter(([, value]) => value !== undefined && value !== ''));

/**
 * Dashboard endpoints of the financial info (issue 6, `/api/dashboard/financial-info/…`):
 * orders (show-financial-info), courses added to users by hand, refunds (manage-refunds), the
 * sales and refund summaries, and the user search of the add form (`/api/dashboard/users`, show-users).
 * Writes invalidate `Order` and `Refund`, so the lists and both summaries refresh. Endpoint names
 * are shared with every other slice of the one API, and a name already taken is silently ignored
 * (RTK Query): hence `getDashboardOrder`, not the cart's `getOrder` (issue 22 item 1).
 */
export const financialApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrders: build.query<Paginated<DashboardOrder>, OrdersQuery>({
      query: (params) => ({ url: `${BASE}/orders`, params: defined(params) }),
      providesTags: [{ type: 'Order', id: 'LIST' }],
    }),
    getDashboardOrder: build.query<Item<DashboardOrder>, number>({
      query: (id) => `${BASE}/orders/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Order', id }],
    }),
    updateOrder: build.mutation<Item<DashboardOrder>, { id: number; body: OrderUpdateBody }>({
      query: ({ id, body }) => ({ url: `${BASE}/orders/${id}`, method: 'PUT', body }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'Order', id: 'LIST' }, { type: 'Order', id }, 'Refund', 'Product']),
    }),
    getManualOrders: build.query<Paginated<DashboardOrder>, { page: number; per_page: number; q?: string }>({
      query: (params) => ({ url: `${BASE}/list-of-products-added-to-users`, params: defined(params) }),
      providesTags: [{ type: 'Order', id: 'LIST' }],
    }),
    getManualOrder: build.query<Item<DashboardOrder>, number>({
      query: (id) => `${BASE}/list-of-products-added-to-users/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Order', id }],
    }),
    addManualOrder: build.mutation<Item<DashboardOrder>, AddProductToUserBody>({
      query: (body) => ({ url: `${BASE}/list-of-products-added-to-users`, method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [{ type: 'Order', id: 'LIST' }]),
    }),
    changeManualOrder: build.mutation<Item<DashboardOrder>, { id: number; product_id: number }>({
      query: ({ id, product_id }) => ({ url: `${BASE}/list-of-products-added-to-users/${id}`, method: 'PUT', body: { product_id } }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'Order', id: 'LIST' }, { type: 'Order', id }]),
    }),
    /** `keepalive`: the list sends it when its undo window ends, or as the tab closes (issue 32 item 5). */
    deleteManualOrder: build.mutation<{ message?: string }, number>({
      query: (id) => ({ url: `${BASE}/list-of-products-added-to-users/${id}`, method: 'DELETE', keepalive: true }),
      invalidatesTags: (_result, error, id) => (error ? [] : [{ type: 'Order', id: 'LIST' }, { type: 'Order', id }]),
    }),
    getRefunds: build.query<Paginated<Refund>, { page: number; per_page: number }>({
      query: (params) => ({ url: `${BASE}/money-refund-status`, params }),
      providesTags: ['Refund'],
    }),
    refundItem: build.mutation<Item<Refund>, RefundBody>({
      query: (body) => ({ url: `${BASE}/money-refund-status`, method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Refund', 'Order']),
    }),
    getSummary: build.query<SalesSummaryAnswer, SummaryQuery>({
      query: ({ kind, period }) => ({ url: `${BASE}/${kind}`, params: { period } }),
      providesTags: (_result, _error, { kind }) => [kind === 'sales' ? { type: 'Order', id: 'LIST' } : 'Refund'],
    }),
    searchUsers: build.query<Paginated<User>, string>({
      query: (q) => ({ url: '/dashboard/users', params: { q, per_page: 10 } }),
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
  }),
});

export const {
  useGetOrdersQuery,
  useGetDashboardOrderQuery,
  useUpdateOrderMutation,
  useGetManualOrdersQuery,
  useGetManualOrderQuery,
  useAddManualOrderMutation,
  useChangeManualOrderMutation,
  useDeleteManualOrderMutation,
  useGetRefundsQuery,
  useRefundItemMutation,
  useGetSummaryQuery,
  useSearchUsersQuery,
} = financialApi;
