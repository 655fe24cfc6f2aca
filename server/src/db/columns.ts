/**
 * Columns every table declares the same way (DESIGN.md "Data"): the identity key and the two
 * timestamps. Column keys are snake_case like the wire format of SPEC.md §3, so rows map to
 * contracts without renaming. Each table is declared beside the module that owns it
 * (`src/modules/<module>/tables.ts`).
 */
import { integer, timestamp } from 'drizzle-orm/pg-core';

/** `created_at`, set by the database when the row is inserted. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** `updated_at`, set on insert; writers set it on update. */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** `id`, an identity primary key. */
export const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
