/**
 * The auth module's tables: password-reset codes and SMS sign-in codes (issues 26 and 31).
 * Declared beside the module that owns them (issue 34 item 1): another module reaches them only
 * through this module's functions (its index.ts); lint lets only other tables files (for a foreign
 * key) and the seed import this file.
 */
import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { users } from '../users/tables';

/**
 * One-time password-reset codes (issue 7): at most one live code per user, stored as an HMAC,
 * valid 10 minutes, 5 tries, used once.
 */
export const passwordResetCodes = pgTable('password_reset_codes', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** HMAC-SHA256 (app key) of the code, hex; the code itself is only in the mail. */
  code_hash: varchar('code_hash', { length: 64 }).notNull(),
  /** Wrong tries so far; the code is burnt at the fifth. */
  attempts: integer('attempts').notNull().default(0),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  created_at: createdAt(),
});

/**
 * One-time SMS codes (issue 26 "Sign-in by SMS code"; module auth, sms-codes.ts): one row per code
 * asked for a number, kept a day for the per-number limits (one a minute, five an hour), whether or
 * not an SMS went out. `used_at` marks a code used, replaced by a newer one, or burnt by its fifth
 * wrong try.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: id(),
    /** E.164. */
    mobile: varchar('mobile', { length: 32 }).notNull(),
    /** `SmsCodePurpose` of @shop/validation: login, verify-mobile, reset-password. */
    purpose: varchar('purpose', { length: 32 }).notNull(),
    /** HMAC-SHA256 (app key) of the code, hex; the code itself is only in the SMS. */
    code_hash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    /** Who asked for it: the requester's IP, so one requester cannot use up a number's codes (issue 31 item 7); null before. */
    requester: varchar('requester', { length: 64 }),
    created_at: createdAt(),
  },
  (t) => [index('sms_codes_mobile_created_idx').on(t.mobile, t.created_at)],
);
