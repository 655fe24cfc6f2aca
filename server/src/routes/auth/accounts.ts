/**
 * Auth endpoints of SPEC §7 and DESIGN.md "Auth": the CSRF cookie and registering. Tokens are
 * answered in JSON and set as an httpOnly cookie. Signing in and out (sign-in.ts), email
 * verification, password reset (issue 7) and SMS codes live in their own files.
 */
import type { FastifyPluginAsync } from 'fastify';
import { registerSchema } from '@shop/validation';
import { createCsrfToken, CSRF_COOKIE } from '../../plugins/app/csrf';
import { rememberDevice, setAuthCookie } from '../../plugins/app/auth';
import { mergeVisitorCartAtSignIn } from '../../plugins/app/visitor-cart';
import { errorBodySchema } from '../../lib/schemas';
import { tokenAnswerSchema } from './schemas';
import { yupBody } from '../../lib/yup-body';
import { AUTH_MESSAGES, register, type RegisterInput, sendVerificationEmail } from '../../modules/auth';
import { hashPassword } from '../../lib/passwords';
import { rateLimits } from '../../plugins/external/rate-limit';

const errors = { 400: errorBodySchema, 419: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema } as const;

const registerBody = yupBody(registerSchema);

const accountRoutes: FastifyPluginAsync = async (app) => {
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
        await sendVerificationEmail(app.mailer, tx, app.settings.appKey, app.settings.publicUrl, registered.user);
        return registered;
      });
      await mergeVisitorCartAtSignIn(request, reply, user.id);
      setAuthCookie(reply, token);
      rememberDevice(reply, user.id);
      return reply.code(201).send({ token, message: AUTH_MESSAGES.registerSucceeded, data: { user } });
    },
  );
};

export default accountRoutes;
