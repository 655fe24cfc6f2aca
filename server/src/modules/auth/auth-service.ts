/** Register, login and password change (SPEC §7, DESIGN.md "Auth"); accounts live in the users module. */
import type { User } from '@shop/contracts';
import type { Db } from '../../db/client';
import { ApiError } from '../../lib/api-error';
import { AUTH_MESSAGES } from './messages';
import { createUser, findCredentials, getUserById, issueToken, revokeAllTokens, setUserPassword } from '../users';
import { hashPassword, verifyPassword } from '../../lib/passwords';

/** A signed-in session: the plain token (for the answer and cookie) and the user. */
export interface AuthResult {
  token: string;
  user: User;
}

/** Register body after `registerSchema` (email lowercased, mobile E.164 or absent). */
export interface RegisterInput {
  full_name: string;
  email: string;
  password: string;
  mobile?: string | null;
  way_of_knowing_our_website?: string | null;
}

/**
 * Creates an ordinary, unverified account and signs it in (SPEC §4). `passwordHash` is
 * {@link hashPassword} of `input.password`, made by the caller before its transaction: hashing takes
 * a CPU-bound moment that must not hold a database connection (PGlite has only one).
 * @throws ApiError 422 when the email or mobile is taken.
 */
export async function register(db: Db, input: RegisterInput, passwordHash: string): Promise<AuthResult> {
  const user = await createUser(db, {
    full_name: input.full_name,
    email: input.email,
    mobile: input.mobile ?? null,
    password_hash: passwordHash,
    way_of_knowing_our_website: input.way_of_knowing_our_website ?? null,
  });
  return signIn(db, user.id);
}

/**
 * Signs a user in: issues a token and reads the user. Every way of signing in (password, SMS code,
 * registration) goes through here, so whatever must happen at sign-in happens for each.
 */
export async function signIn(db: Db, userId: number): Promise<AuthResult> {
  const { token } = await issueToken(db, userId);
  const user = await getUserById(db, userId);
  if (!user) throw new Error(`user ${userId} vanished while signing in`);
  return { token, user };
}

/** Login body after `loginSchema`: password with exactly one of email / mobile. */
export interface LoginInput {
  email?: string;
  mobile?: string;
  password: string;
}

/** What the login route does around the password check (issue 31 item 1). */
export interface LoginChecks {
  /** Runs once the account of the identifier is known (null: none), before its password is checked; throws to refuse. */
  beforeCheck(accountId: number | null): Promise<void>;
  /** Runs when the password is wrong or no account has the identifier, before the 422. */
  onFailure(accountId: number | null): Promise<void>;
}

/**
 * Checks the credentials and issues a token; `checks` limit and record the tries.
 * @throws ApiError 422 `کاربری با این مشخصات یافت نشد.` on the identifier field (SPEC §8 login failure),
 *   and whatever `checks.beforeCheck` throws (a 429).
 */
export async function login(db: Db, input: LoginInput, checks: LoginChecks): Promise<AuthResult> {
  const field = input.email !== undefined ? 'email' : 'mobile';
  const credentials = await findCredentials(
    db,
    field === 'email' ? { email: input.email } : { mobile: input.mobile },
  );
  await checks.beforeCheck(credentials?.id ?? null);
  const ok = await verifyPassword(credentials?.password_hash ?? null, input.password);
  const user = ok && credentials ? await getUserById(db, credentials.id) : null;
  if (!user) {
    await checks.onFailure(credentials?.id ?? null);
    throw new ApiError(422, AUTH_MESSAGES.loginFailed, { [field]: [AUTH_MESSAGES.loginFailed] });
  }
  return signIn(db, user.id);
}

/** Password change body after `passwordChangeSchema`. */
export interface PasswordChangeInput {
  current_password: string;
  password: string;
}

/**
 * Changes the signed-in user's password (profile): checks the current one, stores the new hash
 * and revokes every other token of the user in one transaction; `keepToken` (the caller's) stays.
 * @throws ApiError 422 `currentPasswordWrong` on `current_password`.
 */
export async function changePassword(db: Db, user: User, keepToken: string, input: PasswordChangeInput): Promise<void> {
  const credentials = await findCredentials(db, { email: user.email });
  if (!(await verifyPassword(credentials?.password_hash ?? null, input.current_password))) {
    throw new ApiError(422, AUTH_MESSAGES.currentPasswordWrong, { current_password: [AUTH_MESSAGES.currentPasswordWrong] });
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await setUserPassword(tx, user.id, passwordHash);
    await revokeAllTokens(tx, user.id, keepToken);
  });
}
