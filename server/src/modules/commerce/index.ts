/**
 * The commerce module's one door (issue 34 item 1): courses and their sessions, the cart, checkout
 * and payments, the wallet and gift cards, discount codes, orders, receipts, certificates, ownership, financial reports and
 * lesson links signed for their viewer, the devices and streams lessons play on (SPEC §2, §3; issues 6, 24, 25 and 38). Another module, a route, a
 * plugin or the seed imports only this file of the module; lint refuses the others (eslint.config.mjs).
 */
export {
  addToCart,
  applyDiscountCode,
  type CartOwner,
  deleteStaleVisitorCarts,
  getCart,
  mergeVisitorCart,
  removeDiscountCode,
  removeFromCart,
  visitorCartExists,
} from './cart-service';
export { getCertificate, listCertificates } from './certificates';
export { isSessionRequiredForCertificate, setSessionRequiredForCertificate } from './certificate-requirement';
export { courseBuyersSql, type CourseOutline, getCourseOutline, sessionProgressSql } from './course-learners';
export {
  type CallbackQuery,
  cancelOwnOrder,
  checkout,
  getOwnOrder,
  handleCallback,
  PAYMENT_CALLBACK_PATH,
  paymentAmount,
  paymentContexts,
  payOrder,
  startPayment,
} from './checkout-service';
export {
  createDiscountCode,
  deleteDiscountCode,
  DISCOUNT_CODE_SORTS,
  type DiscountCodeListQuery,
  discountCodeUsesCsv,
  getDiscountCode,
  listDiscountCodes,
  listDiscountCodeUses,
  updateDiscountCode,
} from './discount-codes';
export { ordersCsv, refundsCsv, summaryCsv } from './financial-exports';
export {
  addProductToUser,
  changeManualOrderProduct,
  deleteManualOrder,
  getDashboardOrder,
  listDashboardOrders,
  listRefunds,
  type OrderListQuery,
  type RefundListQuery,
  refundOrderItem,
  setOrderPaymentStatus,
} from './financial-service';
export { createOrderWorkflow, type OrderEvents, type OrderStep, OrderWorkflow } from './order-workflow';
export { listOwnOrders } from './own-orders';
export { hasBoughtProduct, hasPaidOrders } from './ownership';
export {
  courseGrantHolders,
  listAccessMismatches,
  reconcileAccess,
  revokeCourseAccess,
  runAccessReconciliation,
  startAccessReconciliation,
  syncOrderGrants,
} from './access-ledger';
export { isSnappPaySandbox, type PaymentChoice, type PaymentGatewayOption, paymentGatewayOptions } from './payments/gateways';
export { openPaymentPage } from './payments/open-payment';
export { sandboxPageHtml, zarinpalSandboxPage, type SandboxPage } from './payments/sandbox-gateway';
export { snapppaySandboxPage } from './payments/snapppay-sandbox-gateway';
export {
  createProductSession,
  deleteProductSession,
  getProductSessionForDashboard,
  listProductSessionsForDashboard,
  type ProductSessionListQuery,
  updateProductSession,
} from './product-sessions-admin';
export { createProduct, deleteProduct, getProductForDashboard, listProductsForDashboard, updateProduct } from './products-admin';
export {
  getProductDetail,
  getProductRef,
  getProductSessionRef,
  type ProductSessionRef,
  listProducts,
  productSearchSql,
  productSessionTitles,
  productSitemap,
  productTitles,
} from './products-service';
export { assignReceiptNumber } from './receipts';
export { getSalesOverview, getSalesSummary, resetSalesRollup, type SummaryKind } from './sales-summary-service';
export {
  type AwaitedLesson,
  type ForensicSession,
  forensicSessionsOf,
  listAwaitedLessons,
  readSessionLesson,
  type SessionLesson,
  updateSessionLesson,
  wantsForensicWatermark,
} from './session-lessons';
export {
  getLessonFiles,
  getSessionDetail,
  getSessionFile,
  type LessonFiles,
  listBoughtProducts,
  productViewerFields,
  setSessionProgress,
} from './sessions-service';
export { isValidLessonMediaSignature, isValidSessionFileSignature, type LessonMediaGrant } from './signed-urls';
export { type PlaybackLimits, type PlaybackRequest, startLessonPlayback } from './lesson-playback';
export { deviceNameOf, listOwnDevices, listUserDevices, removeOwnDevice, resetUserDevices } from './playback-devices';
export { PLAYBACK_MESSAGES } from './playback-messages';
export { PlaybackRefusalError, streamSuperseded } from './playback-refusal';
export {
  memoryStreamRegistry,
  redisStreamRegistry,
  STREAM_ID_PATTERN,
  type StreamRegistry,
  type StreamState,
} from './stream-registry';
export { startUnpaidReminders } from './unpaid-reminder';
export {
  cancelInstalmentPurchase,
  createInstalmentPlan,
  deleteInstalmentPlan,
  getOwnInstalmentPurchase,
  type InstalmentListQuery,
  instalmentPlanOffers,
  listDashboardInstalments,
  listInstalmentPlans,
  listOwnInstalmentPurchases,
  orderOfNextPart,
  purchaseOfPart,
  startInstalmentPurchase,
  updateInstalmentPlan,
} from './instalments';
export { remindInstalmentsDue, startInstalmentReminders } from './instalment-reminders';
export { assertSessionOpen, courseSessionLocks, sessionLockText } from './session-schedule';
export { listSessionUnlocks, removeSessionUnlock, setSessionUnlock } from './session-unlocks';
export { mailOpenedSessions, SESSION_OPEN_MAIL_QUEUE, startSessionOpenMails } from './session-open-mails';
export {
  activeAgentOf,
  AGENT_CODE_PATTERN,
  AGENT_REF_COOKIE,
  AGENT_REF_MAX_AGE_S,
  checkAgentCode,
  getAgentDashboard,
  listPayouts,
  listSalesAgents,
  markPayoutPaid,
  requestPayout,
  saveSalesAgent,
} from './sales-agents';
export {
  adjustWallet,
  createGiftCard,
  deleteGiftCard,
  type GiftCardListQuery,
  getUserWallet,
  getWallet,
  listGiftCards,
  redeemGiftCard,
} from './wallet';
export { COMMERCE_MESSAGES, COMMERCE_CSV_TEXT } from './messages';
