/**
 * The tables of a session's schedule (issue 37 item 5, session-schedule.ts), beside tables.ts,
 * which is full: staff's per-buyer overrides of a lock, and the «opened» mails sent. The rules
 * themselves are columns of `product_sessions` (`release_days`, `release_at`, `prerequisite_session_id`).
 */
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../users/tables';
import { productSessions } from './tables';

/**
 * Staff's override of one session's lock for one buyer: `opens_at` null lifts every rule of the
 * session (date and prerequisite) now; a date replaces the session's date rule for this buyer (the
 * prerequisite still holds). One per buyer and session; staff change or remove it, audited.
 */
export const sessionUnlocks = pgTable(
  'session_unlocks',
  {
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    product_session_id: integer('product_session_id').notNull().references(() => productSessions.id, { onDelete: 'cascade' }),
    opens_at: timestamp('opens_at', { withTimezone: true }),
    /** The staff member who set it (null once their account is gone). */
    by_user_id: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull().default(''),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.product_session_id] }), index('session_unlocks_session_idx').on(t.product_session_id)],
);

/**
 * The «a session opened» mail sent to a buyer (issue 37 item 5), claimed by inserting this row so a
 * retried job or a second replica sends it once per buyer and session.
 */
export const sessionOpenNotices = pgTable(
  'session_open_notices',
  {
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    product_session_id: integer('product_session_id').notNull().references(() => productSessions.id, { onDelete: 'cascade' }),
    sent_at: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.product_session_id] })],
);
