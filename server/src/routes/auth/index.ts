/**
 * Auth endpoints of SPEC §7 and DESIGN.md "Auth": CSRF cookie, register, login, logout and
 * the signed-in user's info. Tokens are answered in JSON and set as an httpOnly cookie. Email
 * verification and password reset (issue 7) live in their own files, registered here.
 */
import type { FastifyPluginAsync } from 'fastify';
import { loginSchema, registerSchema } from '@shop/validation';
import { createCsrfToken, CSRF_COOKIE } from '../../plugins/app/csrf';
import { clearAuthCookie, requireAuth, requireUser, setAuthCookie } from '../../plugins/app/auth';
import { mergeVisitorCartAtSignIn } from '../../plugins/app/visitor-cart';
import { MESSAGES } from '../../lib/messages';
import { boughtProductSchema, errorBodySchema, messageSchema, tokenAnswerSchema, userSchema } from '../../lib/schemas';
import { yupBody } from '../../lib/yup-body';
import { login, register, type LoginInput, type RegisterInput } from '../../modules/auth/auth-service';
import { sendVerificationEmail } from '../../modules/auth/email-verification';
import { hashPassword } from '../../modules/auth/passwords';
import { revokeToken } from '../../modules/auth/tokens-service';
import { listBoughtProducts } from '../../modules/commerce/sessions-service';
import { linkOrigin } from '../../modules/mail/mailer';
import emailVerificationRoutes from './email-verification';
import passwordResetRoutes from './password-reset';
import smsCodeRoutes from './sms-code';
import { rateLimits } from '../../plugins/external/rate-limit';

const errors = { 400: errorBodySchema, 419: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema } as const;

const registerBody = yupBody(registerSchema);
const loginBody = yupBody(loginSchema);

const authRoutes: FastifyPluginAsync = async (app) => {
  /** GET /sanctum/csrf-cookie: 204 and a fresh `XSRF-TOKEN` cookie (readable by JS, path /, lax). */
  app.get(
    '/sanctum/csrf-cookie',
    { config: { access: 'public' }, schema: { tags: ['auth'], summary: 'Set the XSRF-TOKEN cookie', response: { 204: { type: 'null' } } } },
    (_request, reply) => {
      reply.setCookie(CSRF_COOKIE, createCsrfToken(app.settings.appKey), {
        httpOnly: false,
        sameSite: 'lax',
        path: '/',
        secure: app.settings.cookieSecure,
      });
      return reply.code(204).send();
    },
  );

  // Per IP (the caller has no account yet): each new account mails a verification link.
  const registerLimit = rateLimits(app, [{ limit: 'register', key: (r) => `register-ip:${r.ip}` }]);

  /**
   * POST /api/auth/register: 201 AuthTokenAnswer + cookie, then the verification link is mailed
   * (a mail failure never fails the request; the resend page recovers); 422 Persian field errors
   * (duplicates included); 429 with Retry-After after RATE_LIMIT_REGISTER_PER_HOUR valid forms per IP.
   * A visitor's cart comes along (issue 25: merged, its cookies cleared).
   */
  app.post<{ Body: RegisterInput }>(
    '/api/auth/register',
    {
      config: { access: 'public', keepsPublicCache: true },
      schema: {
        tags: ['auth'],
        summary: 'Create an account (unverified, ordinary) and sign in',
        body: registerBody.jsonSchema,
        response: { 201: tokenAnswerSchema, ...errors },
      },
      preValidation: registerBody.preValidation,
      validatorCompiler: registerBody.validatorCompiler,
      preHandler: registerLimit,
    },
    async (request, reply) => {
      const passwordHash = await hashPassword(request.body.password);
      // The account and its verification mail commit together (issue 26): no account without its link.
      const { token, user } = await app.db.transaction(async (tx) => {
        const registered = await register(tx, request.body, passwordHash);
        await sendVerificationEmail(app.mailer, tx, app.settings.appKey, linkOrigin(request), registered.user);
        return registered;
      });
      await mergeVisitorCartAtSignIn(request, reply, user.id);
      setAuthCookie(reply, token);
      return reply.code(201).send({ token, message: MESSAGES.registerSucceeded, data: { user } });
    },
  );

  /** Key of the per-account login limit: identifier + IP. */
  const accountKey = (request: { body: unknown; ip: string }) => {
    const body = (request.body ?? {}) as Partial<LoginInput>;
    const identifier = body.email !== undefined ? `e:${String(body.email).toLowerCase()}` : `m:${String(body.mobile)}`;
    return `login:${identifier}:${request.ip}`;
  };

  // Tries per IP on any account, and tries per account identifier + IP.
  const loginLimit = rateLimits(app, [
    { limit: 'loginPerIp', key: (r) => `login-ip:${r.ip}` },
    { limit: 'loginPerAccount', key: accountKey },
  ]);

  /**
   * POST /api/auth/login: 200 AuthTokenAnswer + cookie; 422 `کاربری با این مشخصات یافت نشد.`;
   * 429 with Retry-After after 5 tries a minute per account+IP (or 30 per IP). A visitor's cart is
   * merged into the user's, whether the client keeps the cookie or the bearer token (issue 25).
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
      const { token, user } = await login(app.db, request.body);
      await mergeVisitorCartAtSignIn(request, reply, user.id);
      setAuthCookie(reply, token);
      return { token, message: MESSAGES.loginSucceeded, data: { user } };
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
      return { message: MESSAGES.loggedOut };
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

  await app.register(emailVerificationRoutes);
  await app.register(passwordResetRoutes);
  await app.register(smsCodeRoutes);
};

export default authRoutes;
