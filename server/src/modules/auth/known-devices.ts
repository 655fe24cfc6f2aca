/**
 * Devices an account has signed in on (issue 31 item 1; OWASP's "device cookies"): after a sign-in
 * (or a password reset, which proves the same) the browser keeps a cookie naming the account,
 * signed with the app key. The limits that count guesses on one account from every address, and
 * the SMS codes one number may be sent, hold back other devices only, so someone guessing an
 * account's password, or asking its number's codes, never locks its owner out of a device they use.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Cookie of a known device (httpOnly, lax, path `/api/auth`): `<user id>.<expiry, unix s>.<hmac>`. */
export const KNOWN_DEVICE_COOKIE = 'known_device';

/** How long a device stays known after its last sign-in, days. */
export const KNOWN_DEVICE_DAYS = 180;

function signature(appKey: string, userId: number, expires: number): string {
  return createHmac('sha256', appKey).update(`known-device:${userId}:${expires}`).digest('base64url');
}

/** The cookie's value for `userId`, valid {@link KNOWN_DEVICE_DAYS} days from `now` (ms). */
export function knownDeviceValue(appKey: string, userId: number, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + KNOWN_DEVICE_DAYS * 86_400;
  return `${userId}.${expires}.${signature(appKey, userId, expires)}`;
}

/** The account a cookie value names, or null when it is malformed, forged or expired at `now` (ms). */
export function knownDeviceUserId(appKey: string, value: string | undefined, now = Date.now()): number | null {
  const match = /^(\d{1,15})\.(\d{1,15})\.([\w-]{43})$/.exec(value ?? '');
  if (!match) return null;
  const userId = Number(match[1]);
  const expires = Number(match[2]);
  if (expires * 1000 <= now) return null;
  const expected = Buffer.from(signature(appKey, userId, expires));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}
