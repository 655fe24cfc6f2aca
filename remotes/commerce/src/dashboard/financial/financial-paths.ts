/** Paths of the dashboard's financial pages (SPEC §2 dashboard routes). */
export const FINANCIAL_PATHS = {
  root: '/dashboard/financial-info',
  orders: '/dashboard/financial-info/orders',
  manual: '/dashboard/financial-info/list-of-products-added-to-users',
  addManual: '/dashboard/financial-info/list-of-products-added-to-users/add-product',
  refunds: '/dashboard/financial-info/money-refund-status',
  addRefund: '/dashboard/financial-info/money-refund-status/add',
  /** The access reconciliation's findings (issue 36 item 1, super users only). */
  access: '/dashboard/financial-info/access',
  /** Gift cards and users' wallets (issue 36 item 3, manage-refunds). */
  giftCards: '/dashboard/financial-info/gift-cards',
  wallets: '/dashboard/financial-info/wallets',
  wallet: (userId: number) => `/dashboard/financial-info/wallets/${userId}`,
  /** The parts of courses bought in parts still to be paid (issue 36 item 2, show-financial-info). */
  instalments: '/dashboard/financial-info/instalments',
  /** Sales agents' payouts to mark paid (issue 36 item 4, manage-refunds). */
  agentPayouts: '/dashboard/financial-info/agent-payouts',
} as const;
