/**
 * The users module's tables (DESIGN.md "Data"): accounts, permissions and who holds them, and the
 * personal access tokens (Sanctum's HasApiTokens).
 * Declared beside the module that owns them (issue 34 item 1): another module reaches them only
 * through this module's functions (its index.ts); lint lets only other tables files (for a foreign
 * key) and the seed import this file.
 */
import { index, integer, pgEnum, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, id } from '../../db/columns';

export const writeCommentStatusEnum = pgEnum('write_comment_status', [
  'allowed',
  'temporarily-barred',
  'barred',
]);

export const userStatusEnum = pgEnum('user_status', ['ordinary', 'staff', 'super']);

export const users = pgTable(
  'users',
  {
    id: id(),
    full_name: varchar('full_name', { length: 255 }).notNull(),
    /** Stored lowercased. */
    email: varchar('email', { length: 255 }).notNull().unique(),
    /** E.164, as @shop/validation normalizes it. */
    mobile: varchar('mobile', { length: 32 }).unique(),
    password_hash: text('password_hash').notNull(),
    way_of_knowing_our_website: text('way_of_knowing_our_website'),
    write_comment_status: writeCommentStatusEnum('write_comment_status').notNull().default('allowed'),
    /** End of a `temporarily-barred` status (SPEC §4); after it the user reads as `allowed`. */
    comment_barred_until: timestamp('comment_barred_until', { withTimezone: true }),
    status: userStatusEnum('status').notNull().default('ordinary'),
    email_verified_at: timestamp('email_verified_at', { withTimezone: true }),
    /** When the mobile was proved by an SMS code (issue 26); cleared when the mobile changes. */
    mobile_verified_at: timestamp('mobile_verified_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // Substring search of buyers in the financial dashboard (issue 6 "Performance"): ILIKE '%q%' via pg_trgm.
    index('users_full_name_trgm_idx').using('gin', t.full_name.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_mobile_trgm_idx').using('gin', t.mobile.op('gin_trgm_ops')),
    // The dashboard users list (newest first) and the dashboard home's new users (issue 8).
    index('users_created_idx').on(t.created_at),
  ],
);

export const permissions = pgTable('permissions', {
  id: id(),
  name: varchar('name', { length: 100 }).notNull().unique(),
});

export const permissionUser = pgTable(
  'permission_user',
  {
    permission_id: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.permission_id, t.user_id] })],
);

export const personalAccessTokens = pgTable('personal_access_tokens', {
  id: id(),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** sha256 of the token, hex; the token itself is never stored. */
  token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
  last_used_at: timestamp('last_used_at', { withTimezone: true }),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  created_at: createdAt(),
});
