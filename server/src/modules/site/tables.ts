/**
 * The site module's table: the throttles of the comment mails (issue 26).
 * Declared beside the module that owns it (issue 34 item 1): another module reaches it only
 * through this module's functions (its index.ts); lint lets only other tables files (for a foreign
 * key) and the seed import this file.
 */
import { pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The last send of a mail that goes at most once an hour (issue 26): `comment-reply:<user id>`
 * (the replies to a user's comments) and `pending-comments-digest` (the staff digest). Owned by
 * the site module (mail-throttle.ts); a row is locked while its mail is decided.
 */
export const mailThrottles = pgTable('mail_throttles', {
  key: varchar('key', { length: 80 }).primaryKey(),
  sent_at: timestamp('sent_at', { withTimezone: true }).notNull(),
});
