/**
 * Accounts and signing in (SPEC §7, DESIGN.md "Auth"; issue 7, issue 26): the routes of this
 * folder, registered in this order (issue 34 item 5: one registry per folder; src/routes/index.ts
 * registers the folders).
 */
import { registryOf } from '../../lib/plugin-registry';
import accountsRoutes from './accounts';
import emailVerificationRoutes from './email-verification';
import passwordResetRoutes from './password-reset';
import signInRoutes from './sign-in';
import smsCodeRoutes from './sms-code';

export default registryOf('auth-routes', [accountsRoutes, signInRoutes, emailVerificationRoutes, passwordResetRoutes, smsCodeRoutes]);
