/**
 * The tables of a lesson's playback devices (issue 38 item 1, playback-devices.ts), beside
 * tables.ts, which is full: the devices each buyer's paid lessons played on, and the removals a
 * buyer made themselves (counted against `site_settings.device_removals_per_month`). The streams
 * playing now are not stored here: they live in the stream registry (stream-registry.ts).
 */
import { index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';
import { users } from '../users/tables';

/**
 * A browser profile a buyer's paid lessons play on: the SHA-256 (hex) of the random key its
 * localStorage keeps (the key itself is never stored), its name from the user agent it first
 * played with, and when it was last given a lesson's media.
 */
export const userDevices = pgTable(
  'user_devices',
  {
    id: id(),
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    key_hash: varchar('key_hash', { length: 64 }).notNull(),
    /** «Chrome روی Windows» (playback-devices.ts `deviceNameOf`). */
    name: varchar('name', { length: 100 }).notNull(),
    /** The user agent it first played with, cut to 500 characters (for staff). */
    user_agent: varchar('user_agent', { length: 500 }).notNull().default(''),
    created_at: createdAt(),
    last_used_at: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('user_devices_user_key_idx').on(t.user_id, t.key_hash)],
);

/** A device a buyer removed themselves (issue 38 item 1): at most the site's number in 30 days. Staff resets are audited instead. */
export const userDeviceRemovals = pgTable(
  'user_device_removals',
  {
    id: id(),
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    removed_at: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_device_removals_user_idx').on(t.user_id, t.removed_at)],
);
