/**
 * Signed, expiring URLs of lesson files (DESIGN.md "Money, payments, mail, media"; issue 6): a
 * copied link stops working once `expires` (unix seconds) passes. The signature is HMAC-SHA256
 * with the app key over the session id and the expiry, base64url.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Path prefix of the lesson-file route. */
export const SESSION_MEDIA_PATH = '/api/media/sessions/';

function signature(appKey: string, sessionId: number, expires: number): string {
  return createHmac('sha256', appKey).update(`session-file:${sessionId}:${expires}`).digest('base64url');
}

/** A signed URL of a session's file and when it expires (ISO UTC). */
export interface SignedUrl {
  url: string;
  expiresAt: string;
}

/**
 * `/api/media/sessions/<id>?expires=<unix s>&signature=<hmac>`, valid for `ttlSeconds` from `now`
 * (ms since the epoch).
 */
export function signSessionFileUrl(appKey: string, sessionId: number, ttlSeconds: number, now = Date.now()): SignedUrl {
  const expires = Math.floor(now / 1000) + ttlSeconds;
  return {
    url: `${SESSION_MEDIA_PATH}${sessionId}?expires=${expires}&signature=${signature(appKey, sessionId, expires)}`,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

/** True when `sig` signs `sessionId` + `expires` and `expires` (unix s) is still ahead of `now` (ms). */
export function isValidSessionFileSignature(
  appKey: string,
  sessionId: number,
  expires: number,
  sig: string,
  now = Date.now(),
): boolean {
  if (!Number.isSafeInteger(expires) || expires * 1000 <= now) return false;
  const expected = Buffer.from(signature(appKey, sessionId, expires));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
