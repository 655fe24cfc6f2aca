/**
 * Email verification endpoints (issue 7; SPEC §2 /verification and /resend-verification-email,
 * §8 "email already verified", "email link invalid").
 */
import type { FastifyPluginAsync } from 'fastify';
import type { EmailVerificationState } from '@shop/contracts';
import { verifyEmailSchema } from '@shop/validation';
import { ApiError } from '../../lib/api-error';
import { errorBodySchema, messageSchema } from '../../lib/schemas';
import { yupBody } from '../../lib/yup-body';
import { requireAuth, requireUser } from '../../plugins/app/auth';
import { AUTH_MESSAGES, sendVerificationEmail, verifyEmail } from '../../modules/auth';
import { rateLimits } from '../../plugins/external/rate-limit';

const verifyBody = yupBody(verifyEmailSchema);

const MESSAGE_OF: Record<EmailVerificationState, string> = {
  verified: AUTH_MESSAGES.emailVerified,
  'already-verified': AUTH_MESSAGES.emailAlreadyVerified,
};

const emailVerificationRoutes: FastifyPluginAsync = async (app) => {
  /**
   * POST /api/auth/verify-email `{token}` (public): 200 `{status: 'verified' | 'already-verified',
   * message}`; 422 `emailLinkInvalid` on `token` when it is tampered, expired, or for an email
   * the account no longer has.
   */
  app.post<{ Body: { token: string } }>(
    '/api/auth/verify-email',
    {
      config: { access: 'public', keepsPublicCache: true },
      schema: {
        tags: ['auth'],
        summary: 'Verify an email with the token of the mailed link',
        body: verifyBody.jsonSchema,
        response: {
          200: {
            type: 'object',
            required: ['status', 'message'],
            properties: { status: { type: 'string', enum: ['verified', 'already-verified'] }, message: { type: 'string' } },
          },
          400: errorBodySchema,
          419: errorBodySchema,
          422: errorBodySchema,
          429: errorBodySchema,
        },
      },
      preValidation: verifyBody.preValidation,
      validatorCompiler: verifyBody.validatorCompiler,
    },
    async (request) => {
      const status = await verifyEmail(app.db, app.settings.appKey, request.body.token);
      return { status, message: MESSAGE_OF[status] };
    },
  );

  // Per user: one mail a minute and five an hour (issue 7), whatever the IP.
  const resendLimit = rateLimits(app, [
    { limit: 'verificationEmailPerMinute', key: async (r) => `verify-mail-minute:${(await requireAuth(r)).user.id}` },
    { limit: 'verificationEmailPerHour', key: async (r) => `verify-mail-hour:${(await requireAuth(r)).user.id}` },
  ]);

  /**
   * POST /api/auth/resend-verification-email (signed in): 200 `{message: verificationEmailSent}`
   * and a new link is mailed; 422 `emailAlreadyVerified` when there is nothing to verify; 429 with
   * Retry-After after one mail a minute or five an hour per user.
   */
  app.post(
    '/api/auth/resend-verification-email',
    {
      config: { keepsPublicCache: true },
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Mail a new verification link to the signed-in user',
        response: { 200: messageSchema, 401: errorBodySchema, 419: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { user } = await requireAuth(request);
      if (user.is_email_verified) throw new ApiError(422, AUTH_MESSAGES.emailAlreadyVerified);
      await resendLimit(request, reply);
      await sendVerificationEmail(app.mailer, app.db, app.settings.appKey, app.settings.publicUrl, user);
      return { message: AUTH_MESSAGES.verificationEmailSent };
    },
  );
};

export default emailVerificationRoutes;
