/**
 * Who is calling (DESIGN.md "Auth"): the token comes from `Authorization: Bearer` when the
 * request sends one, else from the httpOnly `auth_token` cookie, never from both. `requireUser` answers 401 without a valid token (issue 7:
 * «token expired, log in again» when the request carried an unknown, revoked or expired one);
 * `requirePermission(name)` is the one role/permission gate of every dashboard route (SPEC §6).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasPermission, SUPER_ONLY, type AccessRequirement, type User } from '@shop/contracts';
import { ApiError, forbidden, unauthenticated } from '../../lib/api-error';
import { MESSAGES } from '../../lib/messages';
import type { AuditContext } from '../../lib/audit-trail';
import { auditActor } from '../../modules/audit';
import { KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_DAYS, knownDeviceUserId, knownDeviceValue } from '../../modules/auth';
import { RELEASES_MESSAGES } from '../../modules/releases';
import { getUserById, resolveToken, TOKEN_LIFETIME_DAYS } from '../../modules/users';

/** Name of the httpOnly cookie that carries the token (SPEC §9: 360 days, lax, path /). */
export const AUTH_COOKIE = 'auth_token';

/** The signed-in caller: the user and the token the request used. */
export interface AuthContext {
  user: User;
  token: string;
}

/** What a request's credentials resolved to: the caller, and whether a token it sent was stale. */
interface Resolution {
  auth: AuthContext | null;
  /** A bearer or cookie token was sent but is unknown, revoked or expired (and no other one worked). */
  staleToken: boolean;
  /** The stale token came in the cookie, which the 401 answer clears. */
  staleCookie: boolean;
}

const resolved = new WeakMap<FastifyRequest, Promise<Resolution>>();

function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * A request authenticates by one means (issue 31 item 6): a bearer header, when sent, is the only
 * credential read, so one that does not verify never falls back to the cookie (which would let a
 * junk bearer carry a cookie session past the CSRF check).
 */
async function resolve(request: FastifyRequest): Promise<Resolution> {
  const db = request.server.db;
  const bearer = bearerOf(request);
  const cookie = bearer === null ? request.cookies[AUTH_COOKIE] || null : null;
  const token = bearer ?? cookie;
  if (token) {
    const userId = await resolveToken(db, token);
    const user = userId === null ? null : await getUserById(db, userId);
    if (user) return { auth: { user, token }, staleToken: false, staleCookie: false };
  }
  return { auth: null, staleToken: token !== null, staleCookie: cookie !== null };
}

/**
 * The token the request authenticates with, unchecked: its bearer when it sends one, else its
 * token cookie (the one means `resolve` reads), or null. No database: a lesson's segments compare
 * its digest with the one their URL was signed for (issue 38 item 2).
 */
export function credentialOf(request: FastifyRequest): string | null {
  return bearerOf(request) ?? (request.cookies[AUTH_COOKIE] || null);
}

/** True when the request sends an `Authorization: Bearer` header, its only credential then (see `resolve`). */
export function sendsBearer(request: FastifyRequest): boolean {
  return bearerOf(request) !== null;
}

function resolutionOf(request: FastifyRequest): Promise<Resolution> {
  let pending = resolved.get(request);
  if (!pending) {
    pending = resolve(request);
    resolved.set(request, pending);
  }
  return pending;
}

/** The caller of this request, or null for a visitor (or a stale token); resolved once per request. */
export async function getAuth(request: FastifyRequest): Promise<AuthContext | null> {
  return (await resolutionOf(request)).auth;
}

/**
 * The caller, or a 401 ApiError (SPEC §8: 401 sends the client to /login): `tokenExpired` when
 * the request carried a token that is unknown, revoked or expired, else `unauthenticated`.
 */
export async function requireAuth(request: FastifyRequest): Promise<AuthContext> {
  const { auth, staleToken } = await resolutionOf(request);
  if (auth) return auth;
  throw staleToken ? new ApiError(401, MESSAGES.tokenExpired) : unauthenticated();
}

/** {@link requireAuth} for guard hooks: a 401 for a stale cookie also clears that cookie. */
async function requireAuthClearingStale(request: FastifyRequest, reply: FastifyReply): Promise<AuthContext> {
  const { staleCookie } = await resolutionOf(request);
  try {
    return await requireAuth(request);
  } catch (error) {
    if (staleCookie) clearAuthCookie(reply);
    throw error;
  }
}

/** A route hook (onRequest or preHandler) that may reject the request by throwing an ApiError. */
export type GuardHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * Who may call a route (issue 7 "Authorization matrix"): anyone, any signed-in user, any dashboard
 * user (staff or super, whatever their permissions; issue 8's dashboard home), or a dashboard user
 * holding a permission. Every /api route declares it, through its guard hook or
 * `config: { access: 'public' }`; `plugins/app/route-access.ts` refuses to start otherwise.
 */
export type RouteAccess = 'public' | 'signed-in' | 'dashboard' | { permission: AccessRequirement };

const guardAccess = new WeakMap<GuardHook, RouteAccess>();

/**
 * Marks a route hook as a guard of the given access, so the route table knows what the route
 * needs. The hook must refuse every caller that the access excludes (it may refuse more).
 */
export function guard(access: Exclude<RouteAccess, 'public'>, hook: GuardHook): GuardHook {
  guardAccess.set(hook, access);
  return hook;
}

/** The access a guard hook was declared with, or undefined for an ordinary hook. */
export function accessOfGuard(hook: unknown): RouteAccess | undefined {
  return typeof hook === 'function' ? guardAccess.get(hook as GuardHook) : undefined;
}

/** Route hook: 401 unless a valid token is present (`tokenExpired`, and the cookie cleared, for a stale one). */
export const requireUser: GuardHook = guard('signed-in', async (request, reply) => {
  await requireAuthClearingStale(request, reply);
});

/**
 * The caller when it is a dashboard user (SPEC §6): 401 for visitors; 403 `forbidden: …` for
 * ordinary users; 403 with the unverified-email message (no `forbidden`/`unauthorized`, so
 * SPEC §8 sends the client to /resend-verification-email) for staff/super without a verified email.
 */
async function requireDashboardAuth(request: FastifyRequest, reply: FastifyReply): Promise<AuthContext> {
  const auth = await requireAuthClearingStale(request, reply);
  if (auth.user.status === 'ordinary') throw forbidden();
  if (!auth.user.is_email_verified) throw new ApiError(403, MESSAGES.emailNotVerified);
  return auth;
}

/**
 * Route hook of the dashboard routes every staff or super user may call, whatever their
 * permissions (the dashboard home): the refusals of `requireDashboardAuth` above.
 */
export const requireDashboardUser: GuardHook = guard('dashboard', async (request, reply) => {
  await requireDashboardAuth(request, reply);
});

/**
 * The guard of every dashboard section's route (SPEC §6), run as the route's `onRequest` hook so
 * it answers before query/body validation: the refusals of {@link requireDashboardUser}, then
 * 403 `forbidden: …` for staff without the named permission. Super passes every check, and
 * alone passes `SUPER_ONLY` (the audit log, issue 26).
 */
export function requirePermission(name: AccessRequirement): GuardHook {
  return guard({ permission: name }, async (request, reply) => {
    const { user } = await requireDashboardAuth(request, reply);
    if (!hasPermission(user, name)) throw forbidden();
  });
}

/**
 * Who makes a dashboard write and from where, for the audit log (issue 26): the signed-in caller
 * (id and name) and `request.ip` as `trustProxy` gives it. Routes pass it to the service that
 * writes, which records it in the change's transaction (modules/audit/audit-log.ts).
 * @throws ApiError 401 as {@link requireAuth}
 */
export async function auditContextOf(request: FastifyRequest): Promise<AuditContext> {
  const { user } = await requireAuth(request);
  return auditActor(user, request.ip);
}

/** Header of the deploy token that the release commands send (issue 35 item 6; `settings.deployToken`). */
export const DEPLOY_TOKEN_HEADER = 'x-deploy-token';

/**
 * True when the request sends `X-Deploy-Token` to a route that takes it (`config: { deployToken:
 * true }`, the releases' routes): the token is then its one credential, as a bearer is (no cookie
 * or bearer is read, and csrf.ts does not ask for the XSRF pair).
 */
export function sendsDeployToken(request: FastifyRequest): boolean {
  return request.routeOptions.config?.deployToken === true && request.headers[DEPLOY_TOKEN_HEADER] !== undefined;
}

/** True when the request's `X-Deploy-Token` is the deploy token; compared timing-safe (both hashed, so of one length). */
export function deployTokenMatches(request: FastifyRequest): boolean {
  const sent = request.headers[DEPLOY_TOKEN_HEADER];
  if (typeof sent !== 'string') return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(request.server.settings.deployToken));
}

const requireSuper = requirePermission(SUPER_ONLY);

/**
 * The guard of the releases' routes (issue 35 item 6): a request with `X-Deploy-Token`
 * ({@link sendsDeployToken}) passes with the deploy token alone and answers 401
 * `deployTokenInvalid` for any other; one without it is a super user's ({@link requirePermission}
 * of SUPER_ONLY: 401 nobody, 403 staff). Declared SUPER_ONLY in the route table.
 */
export const requireSuperOrDeployToken: GuardHook = guard({ permission: SUPER_ONLY }, async (request, reply) => {
  if (!sendsDeployToken(request)) return requireSuper(request, reply);
  if (!deployTokenMatches(request)) throw new ApiError(401, RELEASES_MESSAGES.deployTokenInvalid);
});

/**
 * Who makes a release or a switch, for the audit log and the release's `released_by`: the deploy
 * token (id 0, «توکن انتشار», then ` (<by>)` when the command says who) or the signed-in super user.
 * @throws ApiError 401 as {@link requireAuth} for a session caller without a valid token
 */
export async function releaseActorOf(request: FastifyRequest, by?: string): Promise<AuditContext> {
  if (!sendsDeployToken(request)) return auditContextOf(request);
  const name = by ? `${RELEASES_MESSAGES.deployTokenActor} (${by})` : RELEASES_MESSAGES.deployTokenActor;
  return auditActor({ id: 0, full_name: name }, request.ip);
}

/** Sets the httpOnly token cookie of login and register (SPEC §9, DESIGN.md "Auth"). */
export function setAuthCookie(reply: FastifyReply, token: string): void {
  reply.setCookie(AUTH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    maxAge: TOKEN_LIFETIME_DAYS * 24 * 60 * 60,
    secure: reply.server.settings.cookieSecure,
  });
}

/** Removes the token cookie (logout). */
export function clearAuthCookie(reply: FastifyReply): void {
  reply.clearCookie(AUTH_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: reply.server.settings.cookieSecure,
  });
}

/** Path of the known-device cookie: only the sign-in routes read it. */
const KNOWN_DEVICE_PATH = '/api/auth';

/**
 * Marks this browser as a device `userId` signed in on (issue 31 item 1): at every sign-in and
 * password reset. Its account's guessing limits then never hold this device back.
 */
export function rememberDevice(reply: FastifyReply, userId: number): void {
  reply.setCookie(KNOWN_DEVICE_COOKIE, knownDeviceValue(reply.server.settings.appKey, userId), {
    httpOnly: true,
    sameSite: 'lax',
    path: KNOWN_DEVICE_PATH,
    maxAge: KNOWN_DEVICE_DAYS * 24 * 60 * 60,
    secure: reply.server.settings.cookieSecure,
  });
}

/** The account this browser is a known device of (see {@link rememberDevice}), or null. */
export function knownDeviceOf(request: FastifyRequest): number | null {
  return knownDeviceUserId(request.server.settings.appKey, request.cookies[KNOWN_DEVICE_COOKIE]);
}
