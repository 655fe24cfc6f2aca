/**
 * Password reset endpoints (issue 7 "Password reset"; SPEC §2 /reset-password): step 1 mails a
 * 6-digit one-time code, step 2 sets a new password with it.
 */
import type { FastifyPluginAsync } from 'fastify';
import { forgotPasswordSchema, resetPasswordSchema } from '@shop/validation';
import { errorBodySchema, messageSchema } from '../../lib/schemas';
import { yupBody } from '../../lib/yup-body';
import { type AccountIdentifier, AUTH_MESSAGES, issueResetCode, resetPassword, type ResetPasswordInput, sendResetCode } from '../../modules/auth';
import { rememberDevice } from '../../plugins/app/auth';
import { rateLimits } from '../../plugins/external/rate-limit';

const forgotBody = yupBody(forgotPasswordSchema);
const resetBody = yupBody(resetPasswordSchema);

const errors = { 400: errorBodySchema, 419: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema } as const;

const passwordResetRoutes: FastifyPluginAsync = async (app) => {
  // Runs after the body is validated and cast: the identifier is a lowercase email or an E.164 mobile.
  const forgotLimit = rateLimits(app, [
    { limit: 'passwordResetPerIp', key: (r) => `reset-ip:${r.ip}` },
    {
      limit: 'passwordResetPerAccount',
      key: (r) => {
        const body = r.body as AccountIdentifier;
        return body.email !== undefined ? `reset-account:e:${body.email.toLowerCase()}` : `reset-account:m:${body.mobile}`;
      },
    },
  ]);

  /**
   * POST /api/auth/forgot-password `{email}` or `{mobile}` (public): 200 `{message: resetCodeSent}`
   * whether or not the account exists; when it does, a new code (valid 10 minutes) replaces the
   * old one and is mailed. 422 Persian field errors; 429 with Retry-After after 3 requests per
   * account or 10 per IP in 15 minutes.
   */
  app.post<{ Body: AccountIdentifier }>(
    '/api/auth/forgot-password',
    {
      config: { access: 'public', keepsPublicCache: true },
      schema: {
        tags: ['auth'],
        summary: 'Mail a one-time password-reset code',
        body: forgotBody.jsonSchema,
        response: { 200: messageSchema, ...errors },
      },
      preValidation: forgotBody.preValidation,
      validatorCompiler: forgotBody.validatorCompiler,
      preHandler: forgotLimit,
    },
    async (request) => {
      const issued = await issueResetCode(app.db, app.settings.appKey, request.body);
      // Not awaited; a failure to queue the mail is logged (the user may ask for a new code).
      if (issued) void sendResetCode(app.mailer, app.db, issued).catch((err: unknown) => request.log.error({ err }, 'reset code mail not queued'));
      return { message: AUTH_MESSAGES.resetCodeSent };
    },
  );

  /**
   * POST /api/auth/reset-password `{email|mobile, code, password, password_confirmation}` (public):
   * 200 `{message: passwordReset}`; the code is used up and every token of the user revoked.
   * 422 `codeRefused` on `code`, one answer for expired, used, unknown account, wrong (a try
   * counted) or the fifth wrong try (the code is burnt); other fields: Persian field errors. The
   * browser becomes a known device of the account (issue 31 item 1: the owner's way past its guessing limit).
   */
  app.post<{ Body: ResetPasswordInput }>(
    '/api/auth/reset-password',
    {
      config: { access: 'public', keepsPublicCache: true },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a one-time code',
        body: resetBody.jsonSchema,
        response: { 200: messageSchema, ...errors },
      },
      preValidation: resetBody.preValidation,
      validatorCompiler: resetBody.validatorCompiler,
    },
    async (request, reply) => {
      rememberDevice(reply, await resetPassword(app.db, app.settings.appKey, request.body));
      return { message: AUTH_MESSAGES.passwordReset };
    },
  );
};

export default passwordResetRoutes;
