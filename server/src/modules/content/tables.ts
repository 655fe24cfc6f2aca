/**
 * The content module's tables: posts and podcasts, content tables of engagement's shape.
 * Declared beside the module that owns them (issue 34 item 1): another module reaches them only
 * through this module's functions (its index.ts); lint lets only other tables files (for a foreign
 * key) and the seed import this file.
 */
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { contentColumns, listIndexes, searchColumns, searchIndexes } from '../engagement/tables';

export const posts = pgTable('posts', { ...contentColumns(), ...searchColumns() }, (t) => [
  ...listIndexes('posts', t),
  ...searchIndexes('posts', t),
]);

export const podcasts = pgTable(
  'podcasts',
  {
    ...contentColumns(),
    ...searchColumns(),
    file: text('file'),
    duration_seconds: integer('duration_seconds'),
  },
  (t) => [...listIndexes('podcasts', t), ...searchIndexes('podcasts', t)],
);
