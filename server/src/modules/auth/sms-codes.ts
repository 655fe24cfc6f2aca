/**
 * One-time SMS codes (issue 26 "Sign-in by SMS code"). Owns `sms_codes`: a code is
 * {@link SMS_CODE_LENGTH} digits, valid {@link SMS_CODE_TTL_MINUTES} minutes, stored as
 * HMAC-SHA256(app key, purpose:mobile:code) hex like the password-reset codes, ended by its
 * {@link SMS_CODE_MAX_TRIES}th wrong try, used once; a newer code for the same number and purpose
 * ends the older one. Per number and requester, one code a minute and five an hour, then per
 * number ten an hour (not for the account's known devices), by default ({@link smsCodeLimitsOf}),
 * counted from the rows, so every replica counts together and the answer can say when to try again.
 *
 * A code is recorded for every accepted request, and the SMS sent only when the purpose allows it
 * (an account has the number for `login`; a verified mobile for `reset-password`; the signed-in
 * user's own mobile for `verify-mobile`): the answer, its status and the limits are the same
 * whether or not a number has an account.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { SMS_CODE_LENGTH } from '@shop/validation';
import type { SmsCodePurpose, User } from '@shop/contracts';
import type { Db } from '../../db/client';
import { smsCodes } from './tables';
import { ApiError } from '../../lib/api-error';
import { AUTH_MESSAGES } from './messages';
import { RATE_LIMITS, type RateLimits } from '../../rate-limit-settings';
import type { SmsMessage } from '../../lib/sms';
import { findMobileAccount, markMobileVerified, revokeAllTokens, setUserPassword } from '../users';
import { signIn, type AuthResult } from './auth-service';
import { hashPassword } from '../../lib/passwords';

/** Lifetime of an SMS code, minutes (issue 26: 2). */
export const SMS_CODE_TTL_MINUTES = 2;

/** Wrong tries a code allows; the last one ends it (issue 26: 5). */
export const SMS_CODE_MAX_TRIES = 5;

/** At most `max` codes in any `windowMs` milliseconds. */
interface SmsCodeLimit {
  max: number;
  windowMs: number;
}

/** The limits of {@link issueSmsCode}. */
export interface SmsCodeLimits {
  /**
   * Codes one requester (an IP) may have sent to one number per window (issue 26: one a minute,
   * five an hour), checked first, so no one requester can use up a number's codes (issue 31 item 7).
   */
  perRequester: SmsCodeLimit[];
  /**
   * Codes a number may be sent per window from every requester together (issue 31 item 7: a bound
   * on what many addresses can send one person), checked after `perRequester`; a known device of
   * the number's account (modules/auth/known-devices.ts) is not held back by it.
   */
  perNumber: SmsCodeLimit;
}

/** The SMS-code limits of the settings' rate limits (RATE_LIMIT_SMS_CODE_IP_NUMBER_PER_MINUTE, …_PER_HOUR, RATE_LIMIT_SMS_CODE_NUMBER_PER_HOUR). */
export function smsCodeLimitsOf(rateLimits: RateLimits): SmsCodeLimits {
  const limit = (name: 'smsCodeIpNumberPerMinute' | 'smsCodeIpNumberPerHour' | 'smsCodeNumberPerHour') => ({
    max: rateLimits[name],
    windowMs: RATE_LIMITS[name].windowMs,
  });
  return { perRequester: [limit('smsCodeIpNumberPerMinute'), limit('smsCodeIpNumberPerHour')], perNumber: limit('smsCodeNumberPerHour') };
}

/** How long rows are kept for the limits, ms. */
const KEEP_MS = 24 * 60 * 60_000;

/** HMAC-SHA256 (app key) of a code bound to its number and purpose, hex. */
function codeHash(key: string, mobile: string, purpose: SmsCodePurpose, code: string): string {
  return createHmac('sha256', key).update(`${purpose}:${mobile}:${code}`).digest('hex');
}

/**
 * A code's request: the E.164 number and the purpose; `user` is the signed-in user, if any;
 * `requester` who asks (the IP); `knownDevice` the account the asking browser is a known device of.
 */
export interface SmsCodeRequest {
  mobile: string;
  purpose: SmsCodePurpose;
  user?: User | null;
  requester: string;
  knownDevice?: number | null;
}

/** Whether the SMS of a code goes out (see the file's comment), given the number's account. */
function mayReceive({ mobile, purpose, user }: SmsCodeRequest, account: { verified: boolean } | null): boolean {
  if (purpose === 'verify-mobile') return user?.mobile === mobile;
  if (!account) return false;
  return purpose === 'login' || account.verified;
}

/** The 429 of the first of `limits` that the codes created at `times` (newest first) fill at `now` (ms), if any. */
function overLimit(times: Date[], limits: SmsCodeLimit[], now: number): SmsCodeWaitError | null {
  for (const { max, windowMs } of limits) {
    const inWindow = times.filter((time) => time.getTime() > now - windowMs);
    if (inWindow.length >= max) {
      // The oldest code of the window leaves it first.
      const freeAt = inWindow[max - 1]!.getTime() + windowMs;
      return smsCodeWait(Math.max(1, Math.ceil((freeAt - now) / 1000)));
    }
  }
  return null;
}

/**
 * Records a new code for `request.mobile` and `request.purpose`, ending the older live one, and
 * returns the SMS to send, or null when none goes out (the caller answers the same either way).
 * `limits` are checked under a lock of the number, so two racing requests cannot both pass: the
 * requester's own first, then the number's.
 * @throws ApiError 422 on `mobile` (`mobileNotYours`) for `verify-mobile` of another number than the signed-in user's.
 * @throws ApiError 429 `smsCodeWait(seconds)` over a limit; `retryAfterSeconds` of the error says when.
 */
export async function issueSmsCode(db: Db, key: string, limits: SmsCodeLimits, request: SmsCodeRequest): Promise<SmsMessage | null> {
  const { mobile, purpose } = request;
  if (purpose === 'verify-mobile' && request.user?.mobile !== mobile) {
    throw new ApiError(422, AUTH_MESSAGES.mobileNotYours, { mobile: [AUTH_MESSAGES.mobileNotYours] });
  }
  const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  const account = await findMobileAccount(db, mobile);
  const knownDevice = account !== null && request.knownDevice === account.id;
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SMS_CODE_TTL_MINUTES * 60_000);
  const longestWindowMs = Math.max(...[...limits.perRequester, limits.perNumber].map((limit) => limit.windowMs));
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-code:${mobile}`}))`);
    await tx.delete(smsCodes).where(and(eq(smsCodes.mobile, mobile), lt(smsCodes.created_at, new Date(now.getTime() - KEEP_MS))));
    const recent = await tx
      .select({ created_at: smsCodes.created_at, requester: smsCodes.requester })
      .from(smsCodes)
      .where(and(eq(smsCodes.mobile, mobile), gt(smsCodes.created_at, new Date(now.getTime() - longestWindowMs))))
      .orderBy(desc(smsCodes.created_at));
    const own = recent.filter((r) => r.requester === request.requester).map((r) => r.created_at);
    const refusal =
      overLimit(own, limits.perRequester, now.getTime()) ??
      (knownDevice ? null : overLimit(recent.map((r) => r.created_at), [limits.perNumber], now.getTime()));
    if (refusal) throw refusal;
    await tx
      .update(smsCodes)
      .set({ used_at: now })
      .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose), isNull(smsCodes.used_at)));
    await tx
      .insert(smsCodes)
      .values({ mobile, purpose, code_hash: codeHash(key, mobile, purpose, code), expires_at: expiresAt, requester: request.requester, created_at: now });
  });
  if (!mayReceive(request, account)) return null;
  return { to: mobile, template: 'sign-in-code', parameters: { CODE: code }, text: AUTH_MESSAGES.smsText(code, SMS_CODE_TTL_MINUTES), expiresAt: expiresAt.toISOString() };
}

/** The 429 of a limit, with the seconds to wait for the Retry-After header. */
export class SmsCodeWaitError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, AUTH_MESSAGES.smsCodeWait(retryAfterSeconds));
  }
}

function smsCodeWait(seconds: number): SmsCodeWaitError {
  return new SmsCodeWaitError(seconds);
}

type Refusal = 'no-code' | 'expired' | 'wrong' | 'tries-used';

/** The 422 of every refused code, on the `code` field: one answer whatever the reason (issue 31 item 7). */
function refused(): ApiError {
  return new ApiError(422, AUTH_MESSAGES.codeRefused, { code: [AUTH_MESSAGES.codeRefused] });
}

/**
 * Checks `code` against the live code of `mobile` and `purpose` inside `tx` (which must commit
 * even when the code is refused, so a wrong try counts): the newest unused code, locked. A right
 * code is marked used; a wrong one counts a try and the {@link SMS_CODE_MAX_TRIES}th ends it.
 * @returns 'ok', or why the code is refused.
 */
async function useCode(tx: Db, key: string, mobile: string, purpose: SmsCodePurpose, code: string): Promise<'ok' | Refusal> {
  const [row] = await tx
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose), isNull(smsCodes.used_at)))
    .orderBy(desc(smsCodes.created_at))
    .limit(1)
    .for('update');
  if (!row) return 'no-code';
  const now = new Date();
  const end = () => tx.update(smsCodes).set({ used_at: now }).where(eq(smsCodes.id, row.id));
  if (row.expires_at <= now) {
    await end();
    return 'expired';
  }
  const expected = Buffer.from(row.code_hash, 'hex');
  const given = Buffer.from(codeHash(key, mobile, purpose, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    const attempts = row.attempts + 1;
    await tx
      .update(smsCodes)
      .set({ attempts, ...(attempts >= SMS_CODE_MAX_TRIES ? { used_at: now } : {}) })
      .where(eq(smsCodes.id, row.id));
    return attempts >= SMS_CODE_MAX_TRIES ? 'tries-used' : 'wrong';
  }
  await end();
  return 'ok';
}

/**
 * Runs `use` with the code checked in one transaction; a refusal commits the counted try, then
 * throws. `use` answers null when the code's account is not (or no longer) there to use it.
 * @throws ApiError 422 `codeRefused` on `code`: expired, used, never sent, wrong, or its last try wrong.
 */
async function withCode<T>(
  db: Db,
  key: string,
  { mobile, purpose, code }: { mobile: string; purpose: SmsCodePurpose; code: string },
  use: (tx: Db) => Promise<T | null>,
): Promise<T> {
  const outcome = await db.transaction(async (transaction): Promise<{ value: T | null } | { refusal: Refusal }> => {
    const tx = transaction as unknown as Db;
    const checked = await useCode(tx, key, mobile, purpose, code);
    return checked === 'ok' ? { value: await use(tx) } : { refusal: checked };
  });
  if ('refusal' in outcome || outcome.value === null) throw refused();
  return outcome.value;
}

/**
 * Signs in the account of `mobile` with a `login` code, through the password login's
 * {@link signIn}; the mobile counts as verified from then on.
 * @throws ApiError 422 on `code` (see {@link withCode}), a number without an account too.
 */
export async function smsLogin(db: Db, key: string, input: { mobile: string; code: string }): Promise<AuthResult> {
  const userId = await withCode(db, key, { ...input, purpose: 'login' }, async (tx) => {
    const account = await findMobileAccount(tx, input.mobile);
    if (!account) return null;
    await markMobileVerified(tx, account.id, input.mobile);
    return account.id;
  });
  return signIn(db, userId);
}

/**
 * Marks the signed-in user's mobile verified with a `verify-mobile` code sent to it.
 * @throws ApiError 422 on `mobile` when the user has no mobile; on `code` (see {@link withCode}).
 */
export async function verifyMobile(db: Db, key: string, user: User, code: string): Promise<void> {
  if (!user.mobile) throw new ApiError(422, AUTH_MESSAGES.mobileNotYours, { mobile: [AUTH_MESSAGES.mobileNotYours] });
  const mobile = user.mobile;
  await withCode(db, key, { mobile, purpose: 'verify-mobile', code }, async (tx) => {
    // The mobile again: a profile change since the code was sent voids it.
    return (await markMobileVerified(tx, user.id, mobile)) ? true : null;
  });
}

/**
 * Sets a new password for the account of a verified `mobile` with a `reset-password` code, and
 * revokes every token of the user, in the transaction that uses the code; answers the account's id.
 * @throws ApiError 422 on `code` (see {@link withCode}); an unknown or unverified number reads as a code never sent.
 */
export async function smsResetPassword(db: Db, key: string, input: { mobile: string; code: string; password: string }): Promise<number> {
  // Hashed first, for every request: an unknown number takes as long as a known one.
  const passwordHash = await hashPassword(input.password);
  return withCode(db, key, { mobile: input.mobile, purpose: 'reset-password', code: input.code }, async (tx) => {
    const account = await findMobileAccount(tx, input.mobile);
    if (!account?.verified) return null;
    await setUserPassword(tx, account.id, passwordHash);
    await revokeAllTokens(tx, account.id);
    return account.id;
  });
}
