/**
 * One-time SMS codes (issue 26 "Sign-in by SMS code"). Owns `sms_codes`: a code is
 * {@link SMS_CODE_LENGTH} digits, valid {@link SMS_CODE_TTL_MINUTES} minutes, stored as
 * HMAC-SHA256(app key, purpose:mobile:code) hex like the password-reset codes, ended by its
 * {@link SMS_CODE_MAX_TRIES}th wrong try, used once; a newer code for the same number and purpose
 * ends the older one. Per number, one code a minute and five an hour ({@link SMS_CODE_LIMITS}),
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
import { smsCodes } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { MESSAGES } from '../../lib/messages';
import type { SmsMessage } from '../sms/sms-sender';
import { findMobileAccount, markMobileVerified, setUserPassword } from '../users/users-service';
import { signIn, type AuthResult } from './auth-service';
import { hashPassword } from './passwords';
import { revokeAllTokens } from './tokens-service';

/** Lifetime of an SMS code, minutes (issue 26: 2). */
export const SMS_CODE_TTL_MINUTES = 2;

/** Wrong tries a code allows; the last one ends it (issue 26: 5). */
export const SMS_CODE_MAX_TRIES = 5;

/** Codes a number may be sent per window (issue 26: one a minute, five an hour). */
export const SMS_CODE_LIMITS = [
  { max: 1, windowMs: 60_000 },
  { max: 5, windowMs: 60 * 60_000 },
] as const;

/** How long rows are kept for the limits, ms. */
const KEEP_MS = 24 * 60 * 60_000;

/** HMAC-SHA256 (app key) of a code bound to its number and purpose, hex. */
function codeHash(key: string, mobile: string, purpose: SmsCodePurpose, code: string): string {
  return createHmac('sha256', key).update(`${purpose}:${mobile}:${code}`).digest('hex');
}

/** A code's request: the E.164 number and the purpose; `user` is the signed-in user, if any. */
export interface SmsCodeRequest {
  mobile: string;
  purpose: SmsCodePurpose;
  user?: User | null;
}

/** Whether the SMS of a code goes out (see the file's comment). */
async function mayReceive(db: Db, { mobile, purpose, user }: SmsCodeRequest): Promise<boolean> {
  if (purpose === 'verify-mobile') return user?.mobile === mobile;
  const account = await findMobileAccount(db, mobile);
  if (!account) return false;
  return purpose === 'login' || account.verified;
}

/**
 * Records a new code for `request.mobile` and `request.purpose`, ending the older live one, and
 * returns the SMS to send, or null when none goes out (the caller answers the same either way).
 * The limits are checked under a lock of the number, so two racing requests cannot both pass.
 * @throws ApiError 422 on `mobile` (`mobileNotYours`) for `verify-mobile` of another number than the signed-in user's.
 * @throws ApiError 429 `smsCodeWait(seconds)` over a limit; `retryAfterSeconds` of the error says when.
 */
export async function issueSmsCode(db: Db, key: string, request: SmsCodeRequest): Promise<SmsMessage | null> {
  const { mobile, purpose } = request;
  if (purpose === 'verify-mobile' && request.user?.mobile !== mobile) {
    throw new ApiError(422, MESSAGES.mobileNotYours, { mobile: [MESSAGES.mobileNotYours] });
  }
  const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  const now = new Date();
  const expiresAt = new Date(now.getTime() + SMS_CODE_TTL_MINUTES * 60_000);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sms-code:${mobile}`}))`);
    await tx.delete(smsCodes).where(and(eq(smsCodes.mobile, mobile), lt(smsCodes.created_at, new Date(now.getTime() - KEEP_MS))));
    const recent = await tx
      .select({ created_at: smsCodes.created_at })
      .from(smsCodes)
      .where(and(eq(smsCodes.mobile, mobile), gt(smsCodes.created_at, new Date(now.getTime() - SMS_CODE_LIMITS[1].windowMs))))
      .orderBy(desc(smsCodes.created_at));
    for (const { max, windowMs } of SMS_CODE_LIMITS) {
      const inWindow = recent.filter((r) => r.created_at.getTime() > now.getTime() - windowMs);
      if (inWindow.length >= max) {
        // The oldest code of the window leaves it first.
        const freeAt = inWindow[max - 1]!.created_at.getTime() + windowMs;
        throw smsCodeWait(Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)));
      }
    }
    await tx
      .update(smsCodes)
      .set({ used_at: now })
      .where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.purpose, purpose), isNull(smsCodes.used_at)));
    await tx.insert(smsCodes).values({ mobile, purpose, code_hash: codeHash(key, mobile, purpose, code), expires_at: expiresAt, created_at: now });
  });
  if (!(await mayReceive(db, request))) return null;
  return { to: mobile, code, text: MESSAGES.smsText(code, SMS_CODE_TTL_MINUTES), expiresAt: expiresAt.toISOString() };
}

/** The 429 of a limit, with the seconds to wait for the Retry-After header. */
export class SmsCodeWaitError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, MESSAGES.smsCodeWait(retryAfterSeconds));
  }
}

function smsCodeWait(seconds: number): SmsCodeWaitError {
  return new SmsCodeWaitError(seconds);
}

type Refusal = 'no-code' | 'expired' | 'wrong' | 'tries-used';

const REFUSALS: Record<Refusal, string> = {
  'no-code': MESSAGES.resetCodeExpired,
  expired: MESSAGES.resetCodeExpired,
  wrong: MESSAGES.resetCodeInvalid,
  'tries-used': MESSAGES.resetCodeTriesUsed,
};

/** The 422 of a refused code, on the `code` field. */
function refused(refusal: Refusal): ApiError {
  return new ApiError(422, REFUSALS[refusal], { code: [REFUSALS[refusal]] });
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
 * @throws ApiError 422 on `code`: expired, used or never sent (`resetCodeExpired`), wrong
 *   (`resetCodeInvalid`), or its last try wrong (`resetCodeTriesUsed`).
 */
async function withCode<T>(
  db: Db,
  key: string,
  { mobile, purpose, code }: { mobile: string; purpose: SmsCodePurpose; code: string },
  use: (tx: Db) => Promise<T | null>,
): Promise<T> {
  const outcome = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const checked = await useCode(tx, key, mobile, purpose, code);
    return checked === 'ok' ? await use(tx) : checked;
  });
  if (outcome === null) throw refused('no-code');
  if (typeof outcome === 'string' && outcome in REFUSALS) throw refused(outcome as Refusal);
  return outcome as T;
}

/**
 * Signs in the account of `mobile` with a `login` code, through the password login's
 * {@link signIn}; the mobile counts as verified from then on.
 * @throws ApiError 422 on `code` (see {@link withCode}); a number without an account reads as a code never sent.
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
  if (!user.mobile) throw new ApiError(422, MESSAGES.mobileNotYours, { mobile: [MESSAGES.mobileNotYours] });
  const mobile = user.mobile;
  await withCode(db, key, { mobile, purpose: 'verify-mobile', code }, async (tx) => {
    // The mobile again: a profile change since the code was sent voids it.
    return (await markMobileVerified(tx, user.id, mobile)) ? true : null;
  });
}

/**
 * Sets a new password for the account of a verified `mobile` with a `reset-password` code, and
 * revokes every token of the user, in the transaction that uses the code.
 * @throws ApiError 422 on `code` (see {@link withCode}); an unknown or unverified number reads as a code never sent.
 */
export async function smsResetPassword(db: Db, key: string, input: { mobile: string; code: string; password: string }): Promise<void> {
  // Hashed first, for every request: an unknown number takes as long as a known one.
  const passwordHash = await hashPassword(input.password);
  await withCode(db, key, { mobile: input.mobile, purpose: 'reset-password', code: input.code }, async (tx) => {
    const account = await findMobileAccount(tx, input.mobile);
    if (!account?.verified) return null;
    await setUserPassword(tx, account.id, passwordHash);
    await revokeAllTokens(tx, account.id);
    return true;
  });
}
