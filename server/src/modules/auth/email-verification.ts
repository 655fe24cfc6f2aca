/**
 * Email verification (issue 7; SPEC §2 /verification, §8): a signed link that expires. The token
 * is `<payload>.<mac>`: base64url JSON {user id, email, expiry} and base64url HMAC-SHA256 of it
 * with the app key. Nothing is stored; the email in the payload must still be the account's, so
 * changing the email voids every older link.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EmailVerificationState, User } from '@shop/contracts';
import type { Db } from '../../db/client';
import { ApiError } from '../../lib/api-error';
import { AUTH_MESSAGES } from './messages';
import type { Mailer } from '../../lib/mail';
import { verificationMail } from './mails';
import { markEmailVerified } from '../users';

/** Lifetime of a verification link, minutes (issue 7: say, 60). */
export const EMAIL_VERIFICATION_TTL_MINUTES = 60;

/** Path of the page that opens a verification link (SPEC §2). */
export const VERIFICATION_PAGE_PATH = '/verification';

/** What a verification token asserts. */
export interface EmailVerificationClaims {
  userId: number;
  email: string;
  expiresAt: Date;
}

interface Payload {
  /** user id */
  u: number;
  /** email */
  e: string;
  /** expiry, Unix seconds */
  x: number;
}

function mac(key: string, payload: string): Buffer {
  // The purpose in the MAC keeps other tokens signed with the app key from passing as this one.
  return createHmac('sha256', key).update(`email-verification:${payload}`).digest();
}

/** Signs a verification token (tests may sign one that has already expired). */
export function signEmailVerificationToken(key: string, claims: EmailVerificationClaims): string {
  const body: Payload = { u: claims.userId, e: claims.email, x: Math.floor(claims.expiresAt.getTime() / 1000) };
  const payload = Buffer.from(JSON.stringify(body)).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/** The claims of a token signed with `key` that has not expired at `now`, else null (tampered, malformed, expired). */
export function readEmailVerificationToken(key: string, token: string, now = new Date()): EmailVerificationClaims | null {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return null;
  const expected = mac(key, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let body: Partial<Payload>;
  try {
    body = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<Payload>;
  } catch {
    return null;
  }
  if (!Number.isInteger(body.u) || typeof body.e !== 'string' || !Number.isInteger(body.x)) return null;
  const expiresAt = new Date(body.x! * 1000);
  if (expiresAt <= now) return null;
  return { userId: body.u!, email: body.e, expiresAt };
}

/**
 * Marks the email of the token's account verified.
 * @returns `verified`, or `already-verified` when it was verified before.
 * @throws ApiError 422 `emailLinkInvalid` (on `token`) when the token is tampered or expired, the
 *   account is gone, or its email is no longer the one in the link.
 */
export async function verifyEmail(db: Db, key: string, token: string): Promise<EmailVerificationState> {
  const claims = readEmailVerificationToken(key, token);
  const state = claims ? await markEmailVerified(db, claims.userId, claims.email) : null;
  if (!state) throw new ApiError(422, AUTH_MESSAGES.emailLinkInvalid, { token: [AUTH_MESSAGES.emailLinkInvalid] });
  return state;
}

/**
 * Queues on `db` for `user` a mail with a fresh verification link to `<origin>/verification?token=…`
 * (see `Mailer.sendLater`: resolves once the job is a row, rejects when it cannot be written):
 * `db` is the transaction of the registration or email change, so the account and its link commit
 * together (issue 26), or `app.db` for a resent link. Await it before answering.
 */
export function sendVerificationEmail(
  mailer: Mailer,
  db: Db,
  key: string,
  origin: string,
  user: Pick<User, 'id' | 'email' | 'full_name'>,
): Promise<void> {
  const expiresAt = new Date(Date.now() + EMAIL_VERIFICATION_TTL_MINUTES * 60_000);
  const token = signEmailVerificationToken(key, { userId: user.id, email: user.email, expiresAt });
  const link = `${origin}${VERIFICATION_PAGE_PATH}?token=${encodeURIComponent(token)}`;
  return mailer.sendLater(
    db,
    verificationMail({ to: user.email, fullName: user.full_name, link, ttlMinutes: EMAIL_VERIFICATION_TTL_MINUTES }),
  );
}
