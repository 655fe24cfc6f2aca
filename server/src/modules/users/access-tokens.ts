/**
 * Personal access tokens (DESIGN.md "Auth"): 40 random bytes, base64url, stored only as a
 * sha256 hex hash, valid 360 days (SPEC §9), revoked on logout. Owns `personal_access_tokens`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { personalAccessTokens } from './tables';

/** Token (and cookie) lifetime in days (SPEC §9: 360 days). */
export const TOKEN_LIFETIME_DAYS = 360;
const DAY_MS = 24 * 60 * 60 * 1000;

/** sha256 hex of a token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Creates a token for a user; returns the plain token (shown once) and its expiry. */
export async function issueToken(db: Db, userId: number): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(40).toString('base64url');
  const expiresAt = new Date(Date.now() + TOKEN_LIFETIME_DAYS * DAY_MS);
  await db.insert(personalAccessTokens).values({
    user_id: userId,
    token_hash: hashToken(token),
    expires_at: expiresAt,
  });
  return { token, expiresAt };
}

/** The user id of a valid (known, unexpired) token, or null. Marks the token as used. */
export async function resolveToken(db: Db, token: string): Promise<number | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .update(personalAccessTokens)
    .set({ last_used_at: new Date() })
    .where(
      and(
        eq(personalAccessTokens.token_hash, hashToken(token)),
        gt(personalAccessTokens.expires_at, new Date()),
      ),
    )
    .returning({ user_id: personalAccessTokens.user_id });
  return row?.user_id ?? null;
}

/** Deletes a token; later requests with it answer 401. */
export async function revokeToken(db: Db, token: string): Promise<void> {
  await db.delete(personalAccessTokens).where(eq(personalAccessTokens.token_hash, hashToken(token)));
}

/**
 * Deletes every token of a user (password reset, password change by staff), or every one but
 * `keepToken` (the caller's own, on a password change in the profile). Later requests with a
 * deleted token answer 401 `MESSAGES.tokenExpired`.
 */
export async function revokeAllTokens(db: Db, userId: number, keepToken?: string): Promise<void> {
  const ofUser = eq(personalAccessTokens.user_id, userId);
  await db
    .delete(personalAccessTokens)
    .where(keepToken === undefined ? ofUser : and(ofUser, ne(personalAccessTokens.token_hash, hashToken(keepToken))));
}
