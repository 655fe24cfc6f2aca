import type { DashboardOrder, OrderItem } from '@shop/contracts';

/** An order item as the API sends it; fields can be overridden. */
export const anOrderItem = (overrides: Partial<OrderItem> = {}): OrderItem => ({
  id: 11, product_id: 1, title: 'دوره ری‌اکت', purchase_price: 490000, discount: 0, quantity: 1, current_price: 590000,
  product_page: '/products/1', refunded_at: null, refund_amount: null, ...overrides,
});

/** A dashboard order as the API sends it; fields can be overridden. */
export const anOrder = (overrides: Partial<DashboardOrder> = {}): DashboardOrder => ({
  id: 501, payment_status: 'paid', source: 'checkout', total_price: 490000,
  discount_code: null, discount_amount: 0, wallet_amount: 0, receipt_number: '1405-000001',
  vat_percent: null, vat_amount: 0, items: [anOrderItem()], payments: [],
  paid_at: '2026-11-22T10:05:00Z', created_at: '2026-11-22T10:00:00Z', updated_at: '2026-11-22T10:05:00Z',
  user: { id: 7, full_name: 'سارا محمدی', email: 'sara@example.com', mobile: '+989121234567' },
  ...overrides,
});
