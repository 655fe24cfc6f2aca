/**
 * The files module's table: stored files being written or discarded (issue 10 "Load and faults").
 * Declared beside the module that owns them (issue 34 item 1): another module reaches them only
 * through this module's functions (its index.ts); lint lets only other tables files (for a foreign
 * key) and the seed import this file.
 */
import { boolean, index, integer, pgEnum, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/** Why a stored file is in {@link pendingFiles}: written for a row not yet saved, or no longer named by any row. */
export const pendingFileStateEnum = pgEnum('pending_file_state', ['writing', 'discarding']);

/**
 * Files of the store whose fate is not settled, so that a crash never leaves one that no row names
 * (modules/files/stored-files.ts). `writing`: recorded before the file is written, removed in the
 * transaction that saves the row naming it; `discarding`: recorded in the transaction that stops
 * naming it, removed once the file is gone. The sweep removes the files of `writing` entries whose
 * `writer` (a server process) is gone, and of every `discarding` entry.
 */
export const pendingFiles = pgTable(
  'pending_files',
  {
    /** Private (lesson files, `FileStorage.putPrivate`) or public (`/media/<key>`). */
    is_private: boolean('is_private').notNull(),
    key: text('key').notNull(),
    state: pendingFileStateEnum('state').notNull(),
    /** The writing process's number (its advisory lock on PostgreSQL); null for `discarding`. */
    writer: integer('writer'),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.is_private, t.key] }), index('pending_files_state_writer_idx').on(t.state, t.writer)],
);
