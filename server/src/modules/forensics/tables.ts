/**
 * The forensics module's tables (issue 38 items 3 and 4): the leaked copies staff upload (by tus,
 * forensic-uploads.ts) and the identifications run on them, each with its verdict, its evidence and,
 * once staff acted on it, the revocation of the named account's access. Declared beside the module
 * that owns them (issue 34 item 1): another module reaches them only through this module's index.ts.
 *
 * An upload is kept as long as an identification points at it (it is the evidence); there is no
 * deletion of either yet.
 */
import { bigint, check, doublePrecision, index, integer, jsonb, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ForensicCannotSayReason, ForensicEvidence, ForensicIdentificationStatus } from '@shop/contracts';
import { createdAt, id } from '../../db/columns';
import { productSessions } from '../commerce/tables';
import { users } from '../users/tables';

/** A leaked copy a staff member uploaded, once whole and sniffed as a video (private key `forensic-copies/<id>`). */
export const forensicUploads = pgTable('forensic_uploads', {
  /** The upload's id, 32 hex digits (its URL's last segment). */
  id: varchar('id', { length: 32 }).primaryKey(),
  /** The staff member who uploaded it: only they may identify with it (null once their account is deleted). */
  user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  product_session_id: integer('product_session_id')
    .notNull()
    .references(() => productSessions.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  name: varchar('name', { length: 255 }).notNull(),
  /** Bytes (up to 2 GB: past an int4). */
  size: bigint('size', { mode: 'number' }).notNull(),
  type: varchar('type', { length: 100 }).notNull(),
  created_at: createdAt(),
});

/** One identification of a leaked copy of a session's lesson, from `queued` to `done` or `failed`. */
export const forensicIdentifications = pgTable(
  'forensic_identifications',
  {
    id: id(),
    product_session_id: integer('product_session_id')
      .notNull()
      .references(() => productSessions.id, { onDelete: 'cascade' }),
    upload_id: varchar('upload_id', { length: 32 })
      .notNull()
      .references(() => forensicUploads.id, { onDelete: 'cascade' }),
    /** The uploaded copy's private key, name and size (bytes), as the upload had them. */
    file_key: text('file_key').notNull(),
    file_name: varchar('file_name', { length: 255 }).notNull(),
    file_size: bigint('file_size', { mode: 'number' }).notNull(),
    status: varchar('status', { length: 12 }).$type<ForensicIdentificationStatus>().notNull().default('queued'),
    /** Percent done while `processing`. */
    progress: smallint('progress').notNull().default(0),
    verdict: varchar('verdict', { length: 12 }).$type<'identified' | 'cannot-say'>(),
    reason: varchar('reason', { length: 24 }).$type<ForensicCannotSayReason>(),
    /** The account named (kept if it is deleted later: the evidence outlives it). */
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    confidence: doublePrecision('confidence'),
    false_name_probability: doublePrecision('false_name_probability'),
    evidence: jsonb('evidence').$type<ForensicEvidence>(),
    /** Persian reason when `failed`. */
    error: text('error'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    /** Set once staff revoked the named account's access from this identification (issue 38 item 4). */
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    revoked_by: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    revocation_reason: text('revocation_reason'),
    grants_ended: integer('grants_ended'),
  },
  (t) => [
    index('forensic_identifications_session_idx').on(t.product_session_id, t.id),
    check('forensic_identifications_progress', sql`${t.progress} between 0 and 100`),
  ],
);
