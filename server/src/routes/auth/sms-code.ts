/**
 * Sign-in by SMS code (issue 26 "Sign-in by SMS code"): ask for a 6-digit code for a purpose, then
 * sign in with it, verify the signed-in user's mobile, or reset a password by a verified mobile.
 * Codes, their limits and the SMS live in modules/auth/sms-codes.ts and modules/sms/sms-sender.ts.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  smsCodeRequestSchema,
  smsLoginSchema,
  smsResetPasswordSchema,
  verifyMobileSchema,
  type SmsCodeRequestInput,
  type SmsLoginInput,
  type SmsResetPasswordInput,
} from '@shop/validation';
import { getAuth, knownDeviceOf, rememberDevice, requireAuth, requireUser, setAuthCookie } from '../../plugins/app/auth';
import { mergeVisitorCartAtSignIn } from '../../plugins/app/visitor-cart';
import { ApiError } from '../../lib/api-error';
import { auditSignIn } from '../../modules/audit';
import { AUTH_MESSAGES, issueSmsCode, smsCodeLimitsOf, SmsCodeWaitError, smsLogin, smsResetPassword, verifyMobile } from '../../modules/auth';
import { findMobileAccount } from '../../modules/users';
import { errorBodySchema, messageSchema } from '../../lib/schemas';
import { tokenAnswerSchema } from './schemas';
import { yupBody } from '../../lib/yup-body';
import { rateLimits } from '../../plugins/external/rate-limit';

const requestBody = yupBody(smsCodeRequestSchema);
const loginBody = yupBody(smsLoginSchema);
const verifyBody = yupBody(verifyMobileSchema);
const resetBody = yupBody(smsResetPasswordSchema);

const errors = { 400: errorBodySchema, 419: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema } as const;

/** Sets Retry-After on the 429 of a per-number limit, then rethrows any error. */
function withRetryAfter(reply: FastifyReply) {
  return (error: unknown): never => {
    if (error instanceof SmsCodeWaitError) reply.header('retry-after', String(error.retryAfterSeconds));
    throw error;
  };
}

const smsCodeRoutes: FastifyPluginAsync = async (app) => {
  // After the body is cast: the mobile is E.164. Per IP (each code may cost an SMS); the
  // per-number limits (per requester, then per number) are counted from the codes themselves.
  const requestLimit = rateLimits(app, [{ limit: 'smsCodePerIp', key: (r) => `sms-code-ip:${r.ip}` }]);
  // Tries per IP on any number, and per number + IP, as for the password login.
  const codeLimit = (name: string) =>
    rateLimits(app, [
      { limit: 'loginPerIp', key: (r) => `${name}-ip:${r.ip}` },
      { limit: 'loginPerAccount', key: (r) => `${name}:${String((r.body as { mobile?: string }).mobile)}:${r.ip}` },
    ]);

  /**
   * POST /api/auth/sms-code `{mobile, purpose: 'login'|'verify-mobile'|'reset-password'}` (public;
   * `verify-mobile` for the signed-in user's own mobile): 200 `{message: smsCodeSent}` whether or
   * not the number has an account; a 6-digit code valid 2 minutes is recorded, replacing the older
   * one, and sent by SMS when the purpose allows it (an account for `login`, a verified mobile for
   * `reset-password`). 422 Persian field errors (a mobile in a wrong form; `verify-mobile` of another
   * number); 429 with Retry-After and a Persian message saying when, after one code a minute or
   * five an hour for the number from this IP, ten an hour for the number from anyone (not for a
   * known device of its account: issue 31 item 7), or RATE_LIMIT_SMS_CODE_IP_PER_HOUR for the IP
   * (the per-number limits are RATE_LIMIT_SMS_CODE_IP_NUMBER_PER_MINUTE, …_PER_HOUR and
   * RATE_LIMIT_SMS_CODE_NUMBER_PER_HOUR).
   */
  app.post<{ Body: SmsCodeRequestInput }>(
    '/api/auth/sms-code',
    {
      config: { access: 'public', keepsPublicCache: true },
      schema: {
        tags: ['auth'],
        summary: 'Send a one-time code by SMS',
        body: requestBody.jsonSchema,
        response: { 200: messageSchema, ...errors },
      },
      preValidation: requestBody.preValidation,
      validatorCompiler: requestBody.validatorCompiler,
      preHandler: requestLimit,
    },
    async (request, reply) => {
      const auth = await getAuth(request);
      const sms = await issueSmsCode(app.db, app.settings.appKey, smsCodeLimitsOf(app.settings.rateLimit), {
        ...request.body,
        user: auth?.user,
        requester: request.ip,
        knownDevice: knownDeviceOf(request),
      }).catch(withRetryAfter(reply));
      if (sms) void app.sms.sendLater(sms);
      return { message: AUTH_MESSAGES.smsCodeSent };
    },
  );

  /**
   * POST /api/auth/sms-login `{mobile, code}` (public): 200 AuthTokenAnswer + cookie and the
   * known-device cookie, as the password login answers; the mobile counts as verified. 422
   * `codeRefused` on `code`: wrong (a try counted), the fifth wrong try, expired, used, another
   * number's, or a number without an account, recorded in the audit log; 429 like the login.
   */
  app.post<{ Body: SmsLoginInput }>(
    '/api/auth/sms-login',
    {
      config: { access: 'public', keepsPublicCache: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a mobile and an SMS code',
        body: loginBody.jsonSchema,
        response: { 200: tokenAnswerSchema, ...errors },
      },
      preValidation: loginBody.preValidation,
      validatorCompiler: loginBody.validatorCompiler,
      preHandler: codeLimit('sms-login'),
    },
    async (request, reply) => {
      const { mobile } = request.body;
      const { token, user } = await smsLogin(app.db, app.settings.appKey, request.body).catch(async (error: unknown) => {
        if (error instanceof ApiError && error.statusCode === 422) {
          const accountId = (await findMobileAccount(app.db, mobile))?.id ?? null;
          await auditSignIn(app.db, request.ip, { action: 'login_failed', accountId, identifier: mobile, by: 'sms' });
        }
        throw error;
      });
      await mergeVisitorCartAtSignIn(request, reply, user.id);
      setAuthCookie(reply, token);
      rememberDevice(reply, user.id);
      return { token, message: AUTH_MESSAGES.loginSucceeded, data: { user } };
    },
  );

  /**
   * POST /api/auth/verify-mobile `{code}` (signed in): 200 `{message: mobileVerified}`; the user's
   * mobile is verified. 422 on `code` (as for the sign-in) or on `mobile` when the user has none; 401 signed out.
   */
  app.post<{ Body: { code: string } }>(
    '/api/auth/verify-mobile',
    {
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: "Verify the signed-in user's mobile with an SMS code",
        body: verifyBody.jsonSchema,
        response: { 200: messageSchema, 401: errorBodySchema, ...errors },
      },
      preValidation: verifyBody.preValidation,
      validatorCompiler: verifyBody.validatorCompiler,
      preHandler: rateLimits(app, [{ limit: 'loginPerAccount', key: async (r) => `verify-mobile:${(await getAuth(r))?.user.id}` }]),
    },
    async (request) => {
      const { user } = await requireAuth(request);
      await verifyMobile(app.db, app.settings.appKey, user, request.body.code);
      return { message: AUTH_MESSAGES.mobileVerified };
    },
  );

  /**
   * POST /api/auth/sms-reset-password `{mobile, code, password, password_confirmation}` (public):
   * 200 `{message: passwordReset}`; every token of the user is revoked, and the browser becomes a
   * known device of the account. 422 on `code` as for the sign-in (a number without an account or
   * not verified too); 429 like the login.
   */
  app.post<{ Body: SmsResetPasswordInput }>(
    '/api/auth/sms-reset-password',
    {
      config: { access: 'public', keepsPublicCache: true },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with an SMS code sent to a verified mobile',
        body: resetBody.jsonSchema,
        response: { 200: messageSchema, ...errors },
      },
      preValidation: resetBody.preValidation,
      validatorCompiler: resetBody.validatorCompiler,
      preHandler: codeLimit('sms-reset'),
    },
    async (request, reply) => {
      rememberDevice(reply, await smsResetPassword(app.db, app.settings.appKey, request.body));
      return { message: AUTH_MESSAGES.passwordReset };
    },
  );
};

export default smsCodeRoutes;
