/**
 * Sanctum-style CSRF protection (DESIGN.md "Auth"): `GET /sanctum/csrf-cookie` sets a signed
 * `XSRF-TOKEN` cookie readable by JavaScript; every POST/PUT/PATCH/DELETE without an
 * `Authorization: Bearer` header must echo it in `X-XSRF-TOKEN`, else 419 (Laravel's status). One
 * with a bearer skips the check only when the bearer verifies, else 401 (issue 31 item 6): the
 * cookie is never read beside a bearer, so a junk bearer cannot carry a cookie session. The same
 * holds for the deploy token of the releases' routes (`config: { deployToken: true }`, issue 35
 * item 6): one sent in `X-Deploy-Token` skips the check only when it is the deploy token, else 401.
 * A small double-submit check: @fastify/csrf-protection keeps its secret in a separate cookie
 * and its token elsewhere, which is not the Sanctum shape the client expects.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { ApiError } from '../../lib/api-error';
import { MESSAGES } from '../../lib/messages';
import { RELEASES_MESSAGES } from '../../modules/releases';
import { deployTokenMatches, getAuth, sendsBearer, sendsDeployToken } from './auth';

/** Cookie the browser app reads and echoes. */
export const CSRF_COOKIE = 'XSRF-TOKEN';
/** Header that carries the echoed token. */
export const CSRF_HEADER = 'x-xsrf-token';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function sign(key: string, nonce: string): string {
  return createHmac('sha256', key).update(nonce).digest('base64url');
}

/** A new token `<nonce>.<hmac>` signed with the app key. */
export function createCsrfToken(key: string): string {
  const nonce = randomBytes(24).toString('base64url');
  return `${nonce}.${sign(key, nonce)}`;
}

/** True when `token` was signed with `key`. */
export function isValidCsrfToken(key: string, token: string): boolean {
  const [nonce, mac, extra] = token.split('.');
  if (!nonce || !mac || extra !== undefined) return false;
  const expected = Buffer.from(sign(key, nonce));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set false on a mutating route that must not require the XSRF header. */
    csrf?: boolean;
    /**
     * Set true on a route that also takes the deploy token in `X-Deploy-Token` (the releases',
     * issue 35): a request sending it is let through by that token alone (auth.ts).
     */
    deployToken?: boolean;
  }
}

export default fp(
  async (app) => {
    const key = app.settings.appKey;
    app.addHook('onRequest', async (request) => {
      if (!MUTATING.has(request.method)) return;
      // Only routes that exist: unknown paths answer 404/405 first.
      if (!request.routeOptions.url || request.routeOptions.config?.csrf === false) return;
      // The deploy token, on the routes that take it, is the request's one credential: no cookie is read.
      if (sendsDeployToken(request)) {
        if (!deployTokenMatches(request)) throw new ApiError(401, RELEASES_MESSAGES.deployTokenInvalid);
        return;
      }
      // A bearer is then the request's one credential (auth.ts): it must verify, as no cookie is read.
      if (sendsBearer(request)) {
        if (!(await getAuth(request))) throw new ApiError(401, MESSAGES.tokenExpired);
        return;
      }
      const cookie = request.cookies[CSRF_COOKIE];
      const header = request.headers[CSRF_HEADER];
      const ok =
        typeof cookie === 'string' &&
        typeof header === 'string' &&
        header === cookie &&
        isValidCsrfToken(key, cookie);
      if (!ok) throw new ApiError(419, MESSAGES.csrfMismatch);
    });
  },
  { name: 'csrf', dependencies: ['cookie'] },
);
