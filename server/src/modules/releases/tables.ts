/**
 * The releases module's tables (issue 35): the published versions of each remote, the history of
 * which one was active, each remote's canary and its page views and load errors. Declared beside the module that owns them (issue
 * 34 item 1): another module reaches them only through this module's functions (its index.ts).
 * Rows of releases and activations are never deleted: pruning sets `pruned_at` and removes the
 * files only, so the history of what served when stays whole.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { id } from '../../db/columns';
import { users } from '../users/tables';

/** One published version of a remote; its files are the private keys `releases/<remote>/<version>/…`. */
export const remoteReleases = pgTable(
  'remote_releases',
  {
    id: id(),
    /** `RemoteName` of @shop/contracts. */
    remote: varchar('remote', { length: 32 }).notNull(),
    /** `<package_version>+<first 7 hex digits of the content hash>`. */
    version: varchar('version', { length: 80 }).notNull(),
    package_version: varchar('package_version', { length: 40 }).notNull(),
    commit: varchar('commit', { length: 40 }),
    /** The name of who released it at the time (a super user, or the deploy token). */
    released_by: text('released_by').notNull(),
    released_at: timestamp('released_at', { withTimezone: true }).notNull().defaultNow(),
    contracts_version: varchar('contracts_version', { length: 40 }).notNull(),
    singletons: jsonb('singletons').$type<Record<string, string>>().notNull(),
    size_bytes: integer('size_bytes').notNull(),
    /** When housekeeping deleted its files (issue 35 item 7); it can no longer be activated. */
    pruned_at: timestamp('pruned_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('remote_releases_remote_version_key').on(t.remote, t.version)],
);

/**
 * Each promotion of a version. The active version of a remote is its newest activation not rolled
 * back; none: the remote's own build (`remotes/<name>/dist`). A rollback sets `rolled_back_at`.
 */
export const remoteActivations = pgTable(
  'remote_activations',
  {
    id: id(),
    remote: varchar('remote', { length: 32 }).notNull(),
    /** Null: the remote's own build. */
    release_id: integer('release_id').references(() => remoteReleases.id),
    activated_by: text('activated_by').notNull(),
    activated_at: timestamp('activated_at', { withTimezone: true }).notNull().defaultNow(),
    rolled_back_at: timestamp('rolled_back_at', { withTimezone: true }),
  },
  (t) => [index('remote_activations_remote_idx').on(t.remote, t.id)],
);

/** The canary of a remote, when one runs: a version served to `share` percent of visitors. */
export const remoteCanaries = pgTable(
  'remote_canaries',
  {
    remote: varchar('remote', { length: 32 }).primaryKey(),
    release_id: integer('release_id')
      .notNull()
      .references(() => remoteReleases.id),
    share: smallint('share').notNull(),
    started_by: text('started_by').notNull(),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('remote_canaries_share_range', sql`${t.share} between 1 and 99`)],
);

/**
 * A canary's page views and reported load errors, per minute and replica-wide (issue 35 item 4): each
 * process adds its page views every few seconds and each error as it is reported; the server rolls a
 * canary back when its errors pass the set share of its views within the window. Rows older than the
 * window are deleted as new ones are written.
 */
export const remoteCanaryCounts = pgTable(
  'remote_canary_counts',
  {
    remote: varchar('remote', { length: 32 }).notNull(),
    version: varchar('version', { length: 80 }).notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    page_views: integer('page_views').notNull().default(0),
    load_errors: integer('load_errors').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.remote, t.version, t.minute] })],
);

/**
 * A super user's preview of a kept version of a remote for themselves (issue 35 item 3): their pages
 * get it instead of the active one or a canary until `expires_at`; it pins the version against
 * housekeeping (item 7) meanwhile.
 */
export const remotePreviews = pgTable(
  'remote_previews',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    remote: varchar('remote', { length: 32 }).notNull(),
    release_id: integer('release_id')
      .notNull()
      .references(() => remoteReleases.id),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.remote] }), index('remote_previews_remote_idx').on(t.remote)],
);
