/** Password hashing with argon2id (@node-rs/argon2 defaults: m=19 MiB, t=2, p=1). */
import { hash, verify } from '@node-rs/argon2';

/** argon2id PHC string of a password. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/**
 * True when `password` matches `passwordHash`. With a null hash (unknown account) a dummy
 * hash is checked anyway so a login takes the same time whether the account exists or not.
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    dummyHash ??= hash('not-a-real-password-0');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
