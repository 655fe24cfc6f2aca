import { lazy } from 'react';
import { SUPER_ONLY, type RemoteModule } from '@shop/contracts';
import { commerceIslands } from './islands';
import { useProductHead, useProductListHead } from './products/product-head';
import { useSessionHead } from './sessions/session-head';
import { useCertificateHead } from './certificates/certificate-head';
import { agentStrings } from './agent-strings';
import { assignmentDashboardStrings } from './dashboard/assignments/assignment-dashboard-strings';
import { FORENSIC_PATHS } from './dashboard/forensics/forensic-paths';
import { forensicStrings } from './dashboard/forensics/forensic-strings';
import { t } from './strings';

const ProductFormPage = lazy(() => import('./dashboard/catalog/product-form-page'));
const SessionFormPage = lazy(() => import('./dashboard/catalog/session-form-page'));
const ManualOrderFormPage = lazy(() => import('./dashboard/financial/manual-order-form-page'));
const DiscountCodeFormPage = lazy(() => import('./dashboard/discounts/discount-code-form-page'));
const WalletsPage = lazy(() => import('./dashboard/financial/wallets-page'));

/**
 * The commerce remote's contract (DESIGN.md "The remote contract"): products (each page with its
 * head and islands, issue 9), the shopping cart, certificates (issue 24) and receipts (issue 25), the home page's latest-products slot and the header's
 * cart menu; in the dashboard, courses, their sessions, the financial info (orders, manual
 * adds, refunds, sales, the access reconciliation for super users, issue 36 item 1, gift cards and
 * users' wallets, issue 36 item 3, the parts to be paid of courses bought in parts, issue 36 item 2,
 * whose plans are on each course's edit page, sales agents' payouts, issue 36 item 4), discount codes
 * (issue 25), for super users, sales agents (issue 36 item 4), and identifying a leaked lesson copy
 * with revoking the account it came from (issue 38 items 3 and 4).
 */
const commerceModule: RemoteModule = {
  name: 'commerce',
  requires: { '@shop/ui-kit': '^2.6.0', '@shop/router': '^1.3.0', '@shop/api-client': '^1.12.0' },
  publicRoutes: [
    { path: '/products', Component: commerceIslands.marked.ProductList, useHead: useProductListHead },
    { path: '/products/:productId', Component: lazy(() => import('./products/product-detail-page')), useHead: useProductHead },
    {
      path: '/products/:productId/:productSessionId',
      Component: lazy(() => import('./sessions/product-session-page')),
      guard: 'email-verified',
      useHead: useSessionHead,
    },
    { path: '/shopping-cart', Component: lazy(() => import('./cart/shopping-cart-page')) },
    { path: '/certificates/:code', Component: lazy(() => import('./certificates/certificate-page')), useHead: useCertificateHead },
    { path: '/orders/:orderId/receipt', Component: lazy(() => import('./orders/receipt-page')), guard: 'signed-in' },
  ],
  dashboardRoutes: [
    { path: '/dashboard/products', Component: lazy(() => import('./dashboard/catalog/dashboard-products-page')), permission: 'manage-products' },
    { path: '/dashboard/products/add-product', Component: ProductFormPage, permission: 'manage-products' },
    { path: '/dashboard/products/:editProductId', Component: ProductFormPage, permission: 'manage-products' },
    { path: '/dashboard/product-sessions', Component: lazy(() => import('./dashboard/catalog/dashboard-sessions-page')), permission: 'manage-product-sessions' },
    { path: '/dashboard/product-sessions/add-session', Component: SessionFormPage, permission: 'manage-product-sessions' },
    { path: '/dashboard/product-sessions/:editProductSessiontId', Component: SessionFormPage, permission: 'manage-product-sessions' },
    // A course's question bank and a quiz session's rules and questions (issue 37).
    { path: '/dashboard/products/:productId/quiz-questions', Component: lazy(() => import('./dashboard/quizzes/question-bank-page')), permission: 'manage-product-sessions' },
    { path: '/dashboard/product-sessions/:sessionId/quiz', Component: lazy(() => import('./dashboard/quizzes/quiz-settings-page')), permission: 'manage-product-sessions' },
    // Assignments (issue 37 item 3): a session's rules, the queue of submissions and grading one.
    { path: '/dashboard/product-sessions/:sessionId/assignment', Component: lazy(() => import('./dashboard/assignments/assignment-settings-page')), permission: 'manage-product-sessions' },
    { path: '/dashboard/assignments', Component: lazy(() => import('./dashboard/assignments/assignments-queue-page')), permission: 'manage-product-sessions' },
    { path: '/dashboard/assignments/:submissionId', Component: lazy(() => import('./dashboard/assignments/assignment-grading-page')), permission: 'manage-product-sessions' },
    // Identifying a leaked lesson copy and revoking the account it came from (issue 38 items 3 and 4); revoking needs manage-refunds.
    { path: FORENSIC_PATHS.list, Component: lazy(() => import('./dashboard/forensics/forensic-identifications-page')), permission: 'manage-product-sessions' },
    { path: FORENSIC_PATHS.resultRoute, Component: lazy(() => import('./dashboard/forensics/forensic-identification-page')), permission: 'manage-product-sessions' },
    // What staff learn of a course: its funnel of sessions, quiz pass rates, questions' share right (issue 37 item 6).
    { path: '/dashboard/products/:productId/learning-analytics', Component: lazy(() => import('./dashboard/analytics/learning-analytics-page')), permission: 'manage-product-sessions' },
    { path: '/dashboard/financial-info', Component: lazy(() => import('./dashboard/financial/financial-info-page')), permission: 'show-financial-info' },
    { path: '/dashboard/financial-info/orders', Component: lazy(() => import('./dashboard/financial/orders-page')), permission: 'show-financial-info' },
    { path: '/dashboard/financial-info/orders/:editOrderId', Component: lazy(() => import('./dashboard/financial/order-edit-page')), permission: 'show-financial-info' },
    { path: '/dashboard/financial-info/list-of-products-added-to-users', Component: lazy(() => import('./dashboard/financial/manual-orders-page')), permission: 'show-financial-info' },
    { path: '/dashboard/financial-info/list-of-products-added-to-users/add-product', Component: ManualOrderFormPage, permission: 'show-financial-info' },
    { path: '/dashboard/financial-info/list-of-products-added-to-users/:editProductId', Component: ManualOrderFormPage, permission: 'show-financial-info' },
    { path: '/dashboard/financial-info/money-refund-status', Component: lazy(() => import('./dashboard/financial/refunds-page')), permission: 'manage-refunds' },
    { path: '/dashboard/financial-info/money-refund-status/add', Component: lazy(() => import('./dashboard/financial/refund-form-page')), permission: 'manage-refunds' },
    // What the daily access reconciliation found (issue 36 item 1).
    { path: '/dashboard/financial-info/access', Component: lazy(() => import('./dashboard/financial/access-mismatches-page')), permission: SUPER_ONLY },
    // Gift cards and users' wallets (issue 36 item 3).
    { path: '/dashboard/financial-info/gift-cards', Component: lazy(() => import('./dashboard/financial/gift-cards-page')), permission: 'manage-refunds' },
    { path: '/dashboard/financial-info/wallets', Component: WalletsPage, permission: 'manage-refunds' },
    { path: '/dashboard/financial-info/wallets/:userId', Component: WalletsPage, permission: 'manage-refunds' },
    // The parts to be paid of courses bought in parts (issue 36 item 2); cancelling one needs manage-refunds.
    { path: '/dashboard/financial-info/instalments', Component: lazy(() => import('./dashboard/financial/instalments-page')), permission: 'show-financial-info' },
    // Sales agents' payouts to mark paid (issue 36 item 4).
    { path: '/dashboard/financial-info/agent-payouts', Component: lazy(() => import('./dashboard/financial/agent-payouts-page')), permission: 'manage-refunds' },
    { path: '/dashboard/discount-codes', Component: lazy(() => import('./dashboard/discounts/discount-codes-page')), permission: 'manage-discounts' },
    { path: '/dashboard/discount-codes/add-discount-code', Component: DiscountCodeFormPage, permission: 'manage-discounts' },
    { path: '/dashboard/discount-codes/:editDiscountCodeId', Component: DiscountCodeFormPage, permission: 'manage-discounts' },
    { path: '/dashboard/discount-codes/:discountCodeId/uses', Component: lazy(() => import('./dashboard/discounts/discount-code-uses-page')), permission: 'manage-discounts' },
    // Sales agents, their codes, percents and links (issue 36 item 4), super users alone.
    { path: '/dashboard/sales-agents', Component: lazy(() => import('./dashboard/agents/sales-agents-page')), permission: SUPER_ONLY },
  ],
  dashboardNav: [
    { label: t.dashboard.products, path: '/dashboard/products', permission: 'manage-products', icon: 'School' },
    { label: t.dashboard.sessions, path: '/dashboard/product-sessions', permission: 'manage-product-sessions', icon: 'PlayLesson' },
    { label: assignmentDashboardStrings.nav, path: '/dashboard/assignments', permission: 'manage-product-sessions', icon: 'UploadFile' },
    { label: forensicStrings.nav, path: FORENSIC_PATHS.list, permission: 'manage-product-sessions', icon: 'Gavel' },
    { label: t.financial.title, path: '/dashboard/financial-info', permission: 'show-financial-info', icon: 'Payments' },
    { label: t.discounts.title, path: '/dashboard/discount-codes', permission: 'manage-discounts', icon: 'Payments' },
    { label: agentStrings.agents.title, path: '/dashboard/sales-agents', permission: SUPER_ONLY, icon: 'PersonAdd' },
  ],
  slots: {
    'home.latest-products': lazy(() => import('./products/latest-products-slot')),
    'header.cart-menu': commerceIslands.marked.CartMenu,
  },
  islands: commerceIslands.components,
};

export default commerceModule;
