/**
 * The mail module's tables: each user's opt-outs of a kind of mail, and the throttles of the mails
 * sent at most once a while (issue 26).
 * Declared beside the module that owns them (issue 34 item 1): another module reaches them only
 * through this module's functions (its index.ts); lint lets only other tables files (for a foreign
 * key) and the seed import this file.
 */
import { integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { MailKind } from '@shop/contracts';
import { createdAt } from '../../db/columns';
import { users } from '../users/tables';

/**
 * Mails a user turned off (issue 25 win-back, issue 26 notifications): one row per kind
 * (`MailKind` of @shop/contracts), written by the profile's switches and by a one-click
 * unsubscribe (RFC 8058). Account mails (verification, reset) cannot be turned off.
 */
export const mailOptOuts = pgTable(
  'mail_opt_outs',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 40 }).$type<MailKind>().notNull(),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.kind] })],
);

/**
 * The last send of a mail that goes at most once an hour (issue 26): `comment-reply:<user id>`
 * (the replies to a user's comments) and `pending-comments-digest` (the staff digest). Owned by
 * the mail module (mail-throttle.ts); a row is locked while its mail is decided.
 */
export const mailThrottles = pgTable('mail_throttles', {
  key: varchar('key', { length: 80 }).primaryKey(),
  sent_at: timestamp('sent_at', { withTimezone: true }).notNull(),
});
