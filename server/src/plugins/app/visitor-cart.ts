/**
 * A visitor's cart cookie (issue 25 "a visitor's cart"): a random token in the httpOnly
 * `visitor_cart` cookie (SameSite=Lax, Secure on https, 30 days, path /), kept on the server only
 * as its sha256 hex hash (`carts.visitor_token_hash`), set on the first add and refreshed on each.
 * Beside it, the `visitor_cart_hint` cookie (`1`, readable by JavaScript, same lifetime) tells the
 * browser that a visitor holds a cart, so it asks for it (the header's count, a course's «در سبد
 * خرید»); shared pages never carry it. Signing in or registering merges the cart into the user's
 * and clears both cookies.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { VISITOR_CART_HINT_COOKIE } from '@shop/contracts';
import { hashToken } from '../../modules/users';
import { type CartOwner, mergeVisitorCart, visitorCartExists } from '../../modules/commerce';
import { getAuth } from './auth';

/** The httpOnly cookie that carries a visitor's cart token. */
export const VISITOR_CART_COOKIE = 'visitor_cart';
/** Lifetime of both cookies after the last add, and of a visitor's cart left untouched, days (issue 25). */
export const VISITOR_CART_DAYS = 30;

/** Longest cookie token read; a longer one is treated as none (a token is 43 characters). */
const MAX_TOKEN_LENGTH = 100;

/** The sha256 hex of the request's visitor cart token, or null without a usable cookie. */
function visitorTokenHashOf(request: FastifyRequest): string | null {
  const token = request.cookies[VISITOR_CART_COOKIE];
  return token && token.length <= MAX_TOKEN_LENGTH ? hashToken(token) : null;
}

/**
 * Whose cart a request reads or changes: the signed-in user's, else the visitor's by their cookie
 * (an unknown or tampered cookie names no cart and reads as an empty one).
 */
export async function cartOwnerOf(request: FastifyRequest): Promise<CartOwner> {
  const auth = await getAuth(request);
  return auth ? { userId: auth.user.id } : { visitorTokenHash: visitorTokenHashOf(request) };
}

/**
 * The visitor's cart for an add: the one their cookie names, else a new token (the cart itself is
 * made by the add, so a visitor's cart exists only once something is in it, one per cookie).
 * @returns the token (for {@link setVisitorCartCookies} once the add succeeded) and the owner for `addToCart`
 */
export async function visitorCartForAdd(request: FastifyRequest): Promise<{ token: string; owner: { visitorTokenHash: string } }> {
  const current = request.cookies[VISITOR_CART_COOKIE];
  const currentHash = visitorTokenHashOf(request);
  const known = current !== undefined && currentHash !== null && (await visitorCartExists(request.server.db, currentHash));
  const token = known ? current : randomBytes(32).toString('base64url');
  return { token, owner: { visitorTokenHash: hashToken(token) } };
}

/** Sets (or refreshes) the visitor's cart cookies for 30 days. */
export function setVisitorCartCookies(reply: FastifyReply, token: string): void {
  const common = { sameSite: 'lax', path: '/', maxAge: VISITOR_CART_DAYS * 24 * 60 * 60, secure: reply.server.settings.cookieSecure } as const;
  reply.setCookie(VISITOR_CART_COOKIE, token, { ...common, httpOnly: true });
  reply.setCookie(VISITOR_CART_HINT_COOKIE, '1', { ...common, httpOnly: false });
}

/**
 * At sign-in or registration (issue 25): merges the visitor's cart, if the request carries its
 * cookie, into the user's (`mergeVisitorCart`, one transaction) and clears both cookies.
 */
export async function mergeVisitorCartAtSignIn(request: FastifyRequest, reply: FastifyReply, userId: number): Promise<void> {
  const hash = visitorTokenHashOf(request);
  if (hash !== null) await mergeVisitorCart(request.server.db, userId, hash);
  if (request.cookies[VISITOR_CART_COOKIE] === undefined && request.cookies[VISITOR_CART_HINT_COOKIE] === undefined) return;
  const common = { sameSite: 'lax', path: '/', secure: reply.server.settings.cookieSecure } as const;
  reply.clearCookie(VISITOR_CART_COOKIE, { ...common, httpOnly: true });
  reply.clearCookie(VISITOR_CART_HINT_COOKIE, { ...common, httpOnly: false });
}
