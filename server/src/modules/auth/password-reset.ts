/**
 * Password reset by a one-time code (issue 7 "Password reset"; SPEC §2 /reset-password). Owns
 * `password_reset_codes`: at most one live code per user, stored as HMAC-SHA256(app key, code)
 * hex, valid {@link RESET_CODE_TTL_MINUTES} minutes, {@link RESET_CODE_MAX_TRIES} wrong tries,
 * used once. A right code sets the new password and revokes every token of the user.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { RESET_CODE_LENGTH } from '@shop/validation';
import type { User } from '@shop/contracts';
import type { Db } from '../../db/client';
import { passwordResetCodes } from './tables';
import { ApiError } from '../../lib/api-error';
import { AUTH_MESSAGES } from './messages';
import type { Mailer } from '../../lib/mail';
import { resetCodeMail } from './mails';
import { findCredentials, getUserById, revokeAllTokens, setUserPassword } from '../users';
import { hashPassword } from '../../lib/passwords';

/** Lifetime of a reset code, minutes (issue 7: 10). */
export const RESET_CODE_TTL_MINUTES = 10;

/** Wrong tries a code allows; the last one burns it (issue 7: 5). */
export const RESET_CODE_MAX_TRIES = 5;

/** An account identifier of the reset forms: exactly one of email (lowercase) / mobile (E.164). */
export type AccountIdentifier = { email?: string; mobile?: string };

/** HMAC-SHA256 (app key) of a code, hex, as stored. */
function codeHash(key: string, code: string): string {
  return createHmac('sha256', key).update(code).digest('hex');
}

/** A new code and the account it was made for. */
export interface IssuedResetCode {
  user: User;
  code: string;
}

/**
 * Makes a new code for the account of `identifier`, replacing an older one, or does nothing
 * when there is no such account (the caller answers the same either way).
 */
export async function issueResetCode(db: Db, key: string, identifier: AccountIdentifier): Promise<IssuedResetCode | null> {
  const credentials = await findCredentials(db, identifier);
  const user = credentials && (await getUserById(db, credentials.id));
  if (!user) return null;
  const code = String(randomInt(0, 10 ** RESET_CODE_LENGTH)).padStart(RESET_CODE_LENGTH, '0');
  const row = {
    code_hash: codeHash(key, code),
    attempts: 0,
    expires_at: new Date(Date.now() + RESET_CODE_TTL_MINUTES * 60_000),
    created_at: new Date(),
  };
  await db
    .insert(passwordResetCodes)
    .values({ user_id: user.id, ...row })
    .onConflictDoUpdate({ target: passwordResetCodes.user_id, set: row });
  return { user, code };
}

/**
 * Queues on `db` the mail of an issued code to its account, after the code is saved (see
 * `Mailer.sendLater`; rejects when the job row cannot be written).
 */
export function sendResetCode(mailer: Mailer, db: Db, { user, code }: IssuedResetCode): Promise<void> {
  return mailer.sendLater(
    db,
    resetCodeMail({ to: user.email, fullName: user.full_name, code, ttlMinutes: RESET_CODE_TTL_MINUTES }),
  );
}

/** Step 2 of the reset after `resetPasswordSchema`. */
export type ResetPasswordInput = AccountIdentifier & { code: string; password: string };

type Outcome = 'reset' | 'no-code' | 'expired' | 'wrong' | 'tries-used';

/**
 * Sets a new password when the code is right, and answers the account's id: the code is deleted (used once) and every token
 * of the user revoked, in one transaction that locks the code row, so two racing tries cannot
 * both pass. A wrong code counts a try; the {@link RESET_CODE_MAX_TRIES}th deletes the code.
 * @throws ApiError 422 `codeRefused` on `code`, one answer for an unknown account, no code, an
 *   expired one (deleted), one already used, a wrong one and the last try wrong (issue 31 item 7).
 */
export async function resetPassword(db: Db, key: string, input: ResetPasswordInput): Promise<number> {
  // Hashed first, for every request: an unknown account takes as long as a known one.
  const passwordHash = await hashPassword(input.password);
  const credentials = await findCredentials(db, input);
  const outcome: Outcome = !credentials
    ? 'no-code'
    : await db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const userId = credentials.id;
        const [row] = await tx
          .select()
          .from(passwordResetCodes)
          .where(eq(passwordResetCodes.user_id, userId))
          .for('update');
        if (!row) return 'no-code';
        const burn = () => tx.delete(passwordResetCodes).where(eq(passwordResetCodes.user_id, userId));
        if (row.expires_at <= new Date() || row.attempts >= RESET_CODE_MAX_TRIES) {
          await burn();
          return 'expired';
        }
        const expected = Buffer.from(row.code_hash, 'hex');
        const given = Buffer.from(codeHash(key, input.code), 'hex');
        if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
          const attempts = row.attempts + 1;
          if (attempts >= RESET_CODE_MAX_TRIES) {
            await burn();
            return 'tries-used';
          }
          await tx.update(passwordResetCodes).set({ attempts }).where(eq(passwordResetCodes.user_id, userId));
          return 'wrong';
        }
        await burn();
        await setUserPassword(tx, userId, passwordHash);
        await revokeAllTokens(tx, userId);
        return 'reset';
      });
  if (outcome !== 'reset') throw new ApiError(422, AUTH_MESSAGES.codeRefused, { code: [AUTH_MESSAGES.codeRefused] });
  return credentials!.id;
}
