/**
 * Accounts and signing in (SPEC §7, DESIGN.md "Auth"; issue 7, issue 26): the routes of this
 * folder, registered in this order (issue 34 item 5: one registry per folder; src/routes/index.ts
 * registers the folders).
 */
import type { FastifyPluginAsync } from 'fastify';
import accountsRoutes from './accounts';
import emailVerificationRoutes from './email-verification';
import passwordResetRoutes from './password-reset';
import smsCodeRoutes from './sms-code';

const authRoutes: FastifyPluginAsync = async (app) => {
  for (const routes of [
    accountsRoutes,
    emailVerificationRoutes,
    passwordResetRoutes,
    smsCodeRoutes,
  ])
    await app.register(routes);
};

export default authRoutes;
