/**
 * Courses, sessions, the cart, checkout and payments, the wallet and gift cards, lessons, leaked-copy identifications (issue 38), certificates and the financial
 * dashboard (SPEC §2, §4, §6): the routes of this folder, registered in this order (issue 34 item
 * 5: one registry per folder; src/routes/index.ts registers the folders).
 */
import { registryOf } from '../../lib/plugin-registry';
import productsRoutes from './products';
import cartRoutes from './cart';
import checkoutRoutes from './checkout';
import walletRoutes from './wallet';
import instalmentRoutes from './instalments';
import salesAgentRoutes from './sales-agents';
import paymentsRoutes from './payments';
import sessionsRoutes from './sessions';
import lessonMediaRoutes from './lesson-media';
import lessonPlaybackRoutes from './lesson-playback';
import dashboardFinancialInfoRoutes from './dashboard-financial-info';
import dashboardDiscountCodesRoutes from './dashboard-discount-codes';
import dashboardAccessRoutes from './dashboard-access';
import dashboardProductsRoutes from './dashboard-products';
import dashboardProductSessionsRoutes from './dashboard-product-sessions';
import dashboardSessionUnlocksRoutes from './dashboard-session-unlocks';
import lessonUploadsRoutes from './lesson-uploads';
import forensicUploadsRoutes from './forensic-uploads';
import dashboardForensicIdentificationsRoutes from './dashboard-forensic-identifications';
import certificatesRoutes from './certificates';

export default registryOf('commerce-routes', [
  productsRoutes,
  cartRoutes,
  checkoutRoutes,
  walletRoutes,
  instalmentRoutes,
  salesAgentRoutes,
  paymentsRoutes,
  sessionsRoutes,
  lessonMediaRoutes,
  lessonPlaybackRoutes,
  dashboardFinancialInfoRoutes,
  dashboardDiscountCodesRoutes,
  dashboardAccessRoutes,
  dashboardProductsRoutes,
  dashboardProductSessionsRoutes,
  dashboardSessionUnlocksRoutes,
  lessonUploadsRoutes,
  forensicUploadsRoutes,
  dashboardForensicIdentificationsRoutes,
  certificatesRoutes,
]);
