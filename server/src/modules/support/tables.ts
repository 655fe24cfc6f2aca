/**
 * The support module's tables: links, site settings, announcements, tickets and their replies.
 * Declared beside the module that owns them (issue 34 item 1): another module reaches them only
 * through this module's functions (its index.ts); lint lets only other tables files (for a foreign
 * key) and the seed import this file.
 */
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { SocialLinks } from '@shop/contracts';
import { createdAt, updatedAt, id } from '../../db/columns';
import { users } from '../users/tables';

export const linkTypeEnum = pgEnum('link_type', ['question', 'product-related-question', 'link']);

/** Activity of an announcement (SPEC §4): only `active` ones that have not expired are shown. */
export const announcementStatusEnum = pgEnum('announcement_status', ['active', 'inactive']);

export const links = pgTable(
  'links',
  {
    id: id(),
    title: varchar('title', { length: 255 }).notNull(),
    text: text('text').notNull(),
    type: linkTypeEnum('type').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('links_type_idx').on(t.type)],
);

/** Single row (id = 1): site texts, contact details and the switches of SPEC §1 (issue 8 "Site information"). */
export const siteSettings = pgTable('site_settings', {
  id: integer('id').primaryKey().default(1),
  site_name: varchar('site_name', { length: 100 }).notNull().default(''),
  short_description: text('short_description').notNull().default(''),
  /** Sanitized HTML. */
  about_me: text('about_me').notNull().default(''),
  /** Sanitized HTML. */
  terms_and_conditions: text('terms_and_conditions').notNull().default(''),
  contact_email: varchar('contact_email', { length: 255 }),
  /** E.164. */
  contact_phone: varchar('contact_phone', { length: 32 }),
  address: text('address'),
  /** http(s) URL per social network (`SocialLinks` of @shop/contracts). */
  social_links: jsonb('social_links').$type<SocialLinks>().notNull().default({}),
  comments_enabled: boolean('comments_enabled').notNull().default(true),
  tickets_enabled: boolean('tickets_enabled').notNull().default(true),
  selling_enabled: boolean('selling_enabled').notNull().default(true),
  /** Whole percent of VAT that prices include (issue 36 item 5); 0: none. */
  vat_percent: integer('vat_percent').notNull().default(0),
  /** Devices a buyer's paid lessons play on (issue 38 item 1). */
  max_devices: integer('max_devices').notNull().default(3),
  /** Devices a buyer may remove themselves in 30 days (issue 38 item 1). */
  device_removals_per_month: integer('device_removals_per_month').notNull().default(2),
  /** Lessons one account plays at once (issue 38 item 2). */
  max_concurrent_streams: integer('max_concurrent_streams').notNull().default(1),
  updated_at: updatedAt(),
});

/**
 * Announcements (SPEC §3 "Announcement", §4; issue 8): the public banner shows the active ones
 * whose `expired_at` is still ahead, newest first; an expired one can no longer be edited.
 */
export const announcements = pgTable(
  'announcements',
  {
    id: id(),
    title: varchar('title', { length: 255 }).notNull(),
    /** Plain text. */
    text: text('text').notNull(),
    status: announcementStatusEnum('status').notNull().default('active'),
    expired_at: timestamp('expired_at', { withTimezone: true }).notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  // The public query: status = 'active' and expired_at > now().
  (t) => [index('announcements_status_expired_idx').on(t.status, t.expired_at)],
);

/** Contact-us tickets (SPEC §3 "Ticket", §4: read or unread); owned by the support module (tickets-service). */
export const tickets = pgTable(
  'tickets',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 255 }).notNull(),
    text: text('text').notNull(),
    is_read: boolean('is_read').notNull().default(false),
    created_at: createdAt(),
    /** When staff closed the thread (issue 32 item 3): the sender may not reply then; null while open. */
    closed_at: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('tickets_read_created_idx').on(t.is_read, t.created_at)],
);

/**
 * The thread under a ticket (issue 32 item 3), oldest first after the ticket's own text: staff
 * answers from the dashboard (`is_staff`, each mailed to the sender) and the sender's replies from
 * the profile. A deleted author leaves the message with no author; owned by the support module
 * (ticket-threads.ts).
 */
export const ticketReplies = pgTable(
  'ticket_replies',
  {
    id: id(),
    ticket_id: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Written through the dashboard, on the site's behalf (not the sender's own reply). */
    is_staff: boolean('is_staff').notNull(),
    text: text('text').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('ticket_replies_ticket_created_idx').on(t.ticket_id, t.created_at, t.id)],
);
