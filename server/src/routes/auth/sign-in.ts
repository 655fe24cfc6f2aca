/**
 * Signing in and out (SPEC §7, DESIGN.md "Auth"; issue 31): login by email or mobile and password
 * with its limits, logout, and the signed-in user's info. Tokens are answered in JSON and set as an
 * httpOnly cookie.
 */
import type { FastifyPluginAsync } from 'fastify';
import { loginSchema } from '@shop/validation';
import { clearAuthCookie, knownDeviceOf, rememberDevice, requireAuth, requireUser, setAuthCookie } from '../../plugins/app/auth';
import { mergeVisitorCartAtSignIn } from '../../plugins/app/visitor-cart';
import { ApiError } from '../../lib/api-error';
import { boughtProductSchema, errorBodySchema, messageSchema, userSchema } from '../../lib/schemas';
import { tokenAnswerSchema } from './schemas';
import { yupBody } from '../../lib/yup-body';
import { auditSignIn } from '../../modules/audit';
import { AUTH_MESSAGES, login, type LoginInput } from '../../modules/auth';
import { revokeToken } from '../../modules/users';
import { listBoughtProducts } from '../../modules/commerce';
import { rateLimits } from '../../plugins/external/rate-limit';
import { RATE_LIMITS } from '../../rate-limit-settings';

const errors = { 400: errorBodySchema, 419: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema } as const;

const loginBody = yupBody(loginSchema);

const signInRoutes: FastifyPluginAsync = async (app) => {
  /** The identifier a login body names: `e:<email>` or `m:<mobile>`. */
  const identifierOf = (request: { body: unknown }) => {
    const body = (request.body ?? {}) as Partial<LoginInput>;
    return body.email !== undefined ? `e:${String(body.email).toLowerCase()}` : `m:${String(body.mobile)}`;
  };

  // Tries per IP on any account, and tries per account identifier + IP.
  const loginLimit = rateLimits(app, [
    { limit: 'loginPerIp', key: (r) => `login-ip:${r.ip}` },
    { limit: 'loginPerAccount', key: (r) => `login:${identifierOf(r)}:${r.ip}` },
  ]);
  // Tries per account identifier from every address, by devices it never signed in on (issue 31
  // item 1). `ban: 1` only marks the second refusal of a window (`isBanned`), so the first one,
  // where the lockout starts, is recorded once in the audit log.
  const newDeviceLimit = app.createRateLimit({
    max: app.settings.rateLimit.loginPerAccountNewDevice,
    timeWindow: RATE_LIMITS.loginPerAccountNewDevice.windowMs,
    keyGenerator: (r) => `login-account:${identifierOf(r)}`,
    ban: 1,
  });

  /**
   * POST /api/auth/login: 200 AuthTokenAnswer + cookie, and the known-device cookie; 422
   * `کاربری با این مشخصات یافت نشد.` (recorded in the audit log); 429 with Retry-After after 5 tries
   * a minute per account+IP (or 30 per IP), and after RATE_LIMIT_LOGIN_ACCOUNT_NEW_DEVICE_PER_15_MINUTES
   * tries on one account from all addresses by devices it never signed in on (`loginNewDeviceWait`;
   * the lockout recorded once). A visitor's cart is merged into the user's, whether the client keeps
   * the cookie or the bearer token (issue 25).
   */
  app.post<{ Body: LoginInput }>(
    '/api/auth/login',
    {
      config: { access: 'public', keepsPublicCache: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email or mobile and password',
        body: loginBody.jsonSchema,
        response: { 200: tokenAnswerSchema, ...errors },
      },
      preValidation: loginBody.preValidation,
      validatorCompiler: loginBody.validatorCompiler,
      preHandler: loginLimit,
    },
    async (request, reply) => {
      const identifier = request.body.email?.toLowerCase() ?? request.body.mobile ?? '';
      const { token, user } = await login(app.db, request.body, {
        beforeCheck: async (accountId) => {
          if (accountId !== null && knownDeviceOf(request) === accountId) return;
          const result = await newDeviceLimit(request);
          if (result.isAllowed || !result.isExceeded) return;
          if (!result.isBanned) {
            const until = new Date(Date.now() + result.ttl);
            await auditSignIn(app.db, request.ip, { action: 'lockout', accountId, identifier, by: 'password', until });
          }
          reply.header('retry-after', String(result.ttlInSeconds));
          throw new ApiError(429, AUTH_MESSAGES.loginNewDeviceWait(result.ttlInSeconds));
        },
        onFailure: (accountId) => auditSignIn(app.db, request.ip, { action: 'login_failed', accountId, identifier, by: 'password' }),
      });
      await mergeVisitorCartAtSignIn(request, reply, user.id);
      setAuthCookie(reply, token);
      rememberDevice(reply, user.id);
      return { token, message: AUTH_MESSAGES.loginSucceeded, data: { user } };
    },
  );

  /** POST /api/auth/logout: revokes the token this request used and clears the cookie; 401 without one. */
  app.post(
    '/api/auth/logout',
    {
      config: { keepsPublicCache: true },
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Revoke the current token',
        response: {
          200: messageSchema,
          401: errorBodySchema,
          419: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { token } = await requireAuth(request);
      await revokeToken(app.db, token);
      clearAuthCookie(reply);
      return { message: AUTH_MESSAGES.loggedOut };
    },
  );

  /** POST /api/auth/logged-in-user-info: `{data:{user, buyedProducts}}` (owned courses with progress); 401 without a token. */
  app.post(
    '/api/auth/logged-in-user-info',
    {
      config: { keepsPublicCache: true },
      onRequest: requireUser,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user and the products they bought',
        response: {
          200: {
            type: 'object',
            required: ['data'],
            properties: {
              data: {
                type: 'object',
                required: ['user', 'buyedProducts'],
                properties: {
                  user: userSchema,
                  buyedProducts: { type: 'array', items: boughtProductSchema },
                },
              },
            },
          },
          401: errorBodySchema,
          419: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { user } = await requireAuth(request);
      return { data: { user, buyedProducts: await listBoughtProducts(app.db, user.id) } };
    },
  );
};

export default signInRoutes;
