/**
 * The mail module's table: each user's opt-outs of a kind of mail (issue 26).
 * Declared beside the module that owns them (issue 34 item 1): another module reaches them only
 * through this module's functions (its index.ts); lint lets only other tables files (for a foreign
 * key) and the seed import this file.
 */
import { integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
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
