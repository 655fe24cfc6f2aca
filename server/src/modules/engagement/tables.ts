/**
 * The engagement module's tables: likes, comments, reply notices and the counters of every content
 * type (issues 3, 9 and 26), and the columns and indexes every content table has (a content table:
 * posts, podcasts, products, sessions; content-table.ts).
 * Declared beside the module that owns them (issue 34 item 1): another module reaches them only
 * through this module's functions (its index.ts); lint lets only other tables files (for a foreign
 * key) and the seed import this file.
 */
import { boolean, index, integer, pgEnum, pgTable, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';
import type { ExtraConfigColumn } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, id } from '../../db/columns';
import { users } from '../users/tables';

/** Comment status of an item (SPEC §4, §6): open, closed, or open to the course's buyers only. */
export const commentStatusEnum = pgEnum('comment_status', ['open', 'closed', 'buyers-only']);

export const contentTypeEnum = pgEnum('content_type', [
  'post',
  'podcast',
  'product',
  'product_session',
]);

/** Moderation state of a comment (issue 3): only `approved` ones are public. */
export const commentModerationStatusEnum = pgEnum('comment_moderation_status', ['pending', 'approved', 'rejected']);

export const contentColumns = () => ({
  id: id(),
  title: varchar('title', { length: 255 }).notNull(),
  slug: varchar('slug', { length: 255 }).notNull().unique(),
  /** Sanitized HTML. */
  description: text('description').notNull().default(''),
  /** Path under /media, or null. */
  image: text('image'),
  is_active: boolean('is_active').notNull().default(true),
  comment_status: commentStatusEnum('comment_status').notNull().default('open'),
  /**
   * Likes of the row and its `approved` comments (issue 9 "counter columns"). Written only by the
   * triggers of migration 0007 on `likes` and `comments`, in the transaction of the write that
   * changes them (cascades included); `recount_engagement()` recomputes them all.
   */
  likes_count: integer('likes_count').notNull().default(0),
  comments_count: integer('comments_count').notNull().default(0),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/**
 * Search copies of the title and the description's plain text, normalized by
 * `normalizeForSearch` (lib/text.ts) on every write; matched with LIKE through pg_trgm GIN indexes.
 */
export const searchColumns = () => ({
  search_title: text('search_title').notNull().default(''),
  search_text: text('search_text').notNull().default(''),
});

/**
 * B-tree indexes of the public list orders (lib/list-order.ts) over active rows: `newest`/`oldest`
 * read `(created_at, id)` forwards or backwards, `most-liked` reads `(likes_count, created_at, id)`
 * backwards, so a page stops after its rows instead of sorting the table.
 */
export const listIndexes = (name: string, t: { is_active: ExtraConfigColumn; created_at: ExtraConfigColumn; id: ExtraConfigColumn; likes_count: ExtraConfigColumn }) => [
  index(`${name}_active_created_idx`).on(t.is_active, t.created_at, t.id),
  index(`${name}_active_liked_idx`).on(t.is_active, t.likes_count, t.created_at, t.id),
];

/** GIN trigram indexes of {@link searchColumns} (pg_trgm, created by migration 0001). */
export const searchIndexes = (name: string, t: { search_title: ExtraConfigColumn; search_text: ExtraConfigColumn }) => [
  index(`${name}_search_title_trgm_idx`).using('gin', t.search_title.op('gin_trgm_ops')),
  index(`${name}_search_text_trgm_idx`).using('gin', t.search_text.op('gin_trgm_ops')),
];

export const likes = pgTable(
  'likes',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    likeable_type: contentTypeEnum('likeable_type').notNull(),
    likeable_id: integer('likeable_id').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    unique('likes_user_item_unique').on(t.user_id, t.likeable_type, t.likeable_id),
    index('likes_item_idx').on(t.likeable_type, t.likeable_id),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 0 for a top-level comment (SPEC §3). */
    parent_id: integer('parent_id').notNull().default(0),
    text: text('text').notNull(),
    commentable_type: contentTypeEnum('commentable_type').notNull(),
    commentable_id: integer('commentable_id').notNull(),
    status: commentModerationStatusEnum('status').notNull().default('pending'),
    /**
     * When its author's approval notice was queued (issue 26), or the approval needed none (staff
     * approving their own, the author opted out); set once, so that approving it again after a
     * rejection or a restore mails nothing (modules/site/comment-notifications.ts).
     */
    approval_noticed_at: timestamp('approval_noticed_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('comments_item_status_idx').on(t.commentable_type, t.commentable_id, t.status),
    index('comments_status_created_idx').on(t.status, t.created_at),
  ],
);

/**
 * Replies that became public and whose parent's author is still to be told (issue 26 "Reply to
 * your comment"): written in the transaction that publishes the reply, `mailed_at` set when a mail
 * listed it (or the author did not want it). Owned by the site module (comment-notifications.ts).
 */
export const commentReplyNotices = pgTable(
  'comment_reply_notices',
  {
    reply_id: integer('reply_id')
      .primaryKey()
      .references(() => comments.id, { onDelete: 'cascade' }),
    recipient_id: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    mailed_at: timestamp('mailed_at', { withTimezone: true }),
  },
  (t) => [index('comment_reply_notices_recipient_idx').on(t.recipient_id, t.mailed_at)],
);

/**
 * Active rows per listed content type (issue 9: the `total` of a public list page without a
 * count over the table). Written only by the triggers of migration 0007 on posts, podcasts and
 * products, in the transaction of the insert, delete or `is_active` change.
 */
export const contentCounts = pgTable('content_counts', {
  type: contentTypeEnum('type').primaryKey(),
  active: integer('active').notNull().default(0),
});
