/**
 * The one PostgreSQL schema (DESIGN.md "Data"). Column keys are snake_case like the wire
 * format of SPEC.md §3, so rows map to contracts without renaming. Each table belongs to one
 * module (noted per block); other modules reach it only through that module's functions.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ExtraConfigColumn } from 'drizzle-orm/pg-core';
import type { DiscountKind, LessonMediaKind, LessonMediaStatus, MailKind, SocialLinks } from '@shop/contracts';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();

export const writeCommentStatusEnum = pgEnum('write_comment_status', [
  'allowed',
  'temporarily-barred',
  'barred',
]);
export const userStatusEnum = pgEnum('user_status', ['ordinary', 'staff', 'super']);
/** Comment status of an item (SPEC §4, §6): open, closed, or open to the course's buyers only. */
export const commentStatusEnum = pgEnum('comment_status', ['open', 'closed', 'buyers-only']);
export const productStatusEnum = pgEnum('product_status', ['in-progress', 'done', 'expired']);
export const contentTypeEnum = pgEnum('content_type', [
  'post',
  'podcast',
  'product',
  'product_session',
]);
/** Moderation state of a comment (issue 3): only `approved` ones are public. */
export const commentModerationStatusEnum = pgEnum('comment_moderation_status', ['pending', 'approved', 'rejected']);
/**
 * Payment state of an order (SPEC §4). `cancelled` (issue 32 item 2): the buyer cancelled it from the
 * profile, a checkout of the same courses replaced it, or staff set it; it holds no discount code,
 * gets no reminder and cannot be paid again, but a gateway payment already under way still wins.
 */
export const paymentStatusEnum = pgEnum('payment_status', ['unpaid', 'paid', 'cancelled']);
/** How an order came to be: bought through checkout, or added to the user by staff (price 0, SPEC §8). */
export const orderSourceEnum = pgEnum('order_source', ['checkout', 'manual']);
/** State of one attempt to pay an order at a gateway. */
export const paymentAttemptStatusEnum = pgEnum('payment_attempt_status', ['pending', 'paid', 'failed', 'cancelled']);
export const linkTypeEnum = pgEnum('link_type', ['question', 'product-related-question', 'link']);
/** Activity of an announcement (SPEC §4): only `active` ones that have not expired are shown. */
export const announcementStatusEnum = pgEnum('announcement_status', ['active', 'inactive']);

// ── users module ────────────────────────────────────────────────────────────────────────
export const users = pgTable(
  'users',
  {
    id: id(),
    full_name: varchar('full_name', { length: 255 }).notNull(),
    /** Stored lowercased. */
    email: varchar('email', { length: 255 }).notNull().unique(),
    /** E.164, as @shop/validation normalizes it. */
    mobile: varchar('mobile', { length: 32 }).unique(),
    password_hash: text('password_hash').notNull(),
    way_of_knowing_our_website: text('way_of_knowing_our_website'),
    write_comment_status: writeCommentStatusEnum('write_comment_status').notNull().default('allowed'),
    /** End of a `temporarily-barred` status (SPEC §4); after it the user reads as `allowed`. */
    comment_barred_until: timestamp('comment_barred_until', { withTimezone: true }),
    status: userStatusEnum('status').notNull().default('ordinary'),
    email_verified_at: timestamp('email_verified_at', { withTimezone: true }),
    /** When the mobile was proved by an SMS code (issue 26); cleared when the mobile changes. */
    mobile_verified_at: timestamp('mobile_verified_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    // Substring search of buyers in the financial dashboard (issue 6 "Performance"): ILIKE '%q%' via pg_trgm.
    index('users_full_name_trgm_idx').using('gin', t.full_name.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('users_mobile_trgm_idx').using('gin', t.mobile.op('gin_trgm_ops')),
    // The dashboard users list (newest first) and the dashboard home's new users (issue 8).
    index('users_created_idx').on(t.created_at),
  ],
);

export const permissions = pgTable('permissions', {
  id: id(),
  name: varchar('name', { length: 100 }).notNull().unique(),
});

export const permissionUser = pgTable(
  'permission_user',
  {
    permission_id: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.permission_id, t.user_id] })],
);

// ── auth module ─────────────────────────────────────────────────────────────────────────
export const personalAccessTokens = pgTable('personal_access_tokens', {
  id: id(),
  user_id: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** sha256 of the token, hex; the token itself is never stored. */
  token_hash: varchar('token_hash', { length: 64 }).notNull().unique(),
  last_used_at: timestamp('last_used_at', { withTimezone: true }),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  created_at: createdAt(),
});

/**
 * One-time password-reset codes (issue 7): at most one live code per user, stored as an HMAC,
 * valid 10 minutes, 5 tries, used once.
 */
export const passwordResetCodes = pgTable('password_reset_codes', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** HMAC-SHA256 (app key) of the code, hex; the code itself is only in the mail. */
  code_hash: varchar('code_hash', { length: 64 }).notNull(),
  /** Wrong tries so far; the code is burnt at the fifth. */
  attempts: integer('attempts').notNull().default(0),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  created_at: createdAt(),
});

/**
 * One-time SMS codes (issue 26 "Sign-in by SMS code"; module auth, sms-codes.ts): one row per code
 * asked for a number, kept a day for the per-number limits (one a minute, five an hour), whether or
 * not an SMS went out. `used_at` marks a code used, replaced by a newer one, or burnt by its fifth
 * wrong try.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: id(),
    /** E.164. */
    mobile: varchar('mobile', { length: 32 }).notNull(),
    /** `SmsCodePurpose` of @shop/validation: login, verify-mobile, reset-password. */
    purpose: varchar('purpose', { length: 32 }).notNull(),
    /** HMAC-SHA256 (app key) of the code, hex; the code itself is only in the SMS. */
    code_hash: varchar('code_hash', { length: 64 }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    /** Who asked for it: the requester's IP, so one requester cannot use up a number's codes (issue 31 item 7); null before. */
    requester: varchar('requester', { length: 64 }),
    created_at: createdAt(),
  },
  (t) => [index('sms_codes_mobile_created_idx').on(t.mobile, t.created_at)],
);

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

/**
 * The last send of a mail that goes at most once an hour (issue 26): `comment-reply:<user id>`
 * (the replies to a user's comments) and `pending-comments-digest` (the staff digest). Owned by
 * the mail module (mail-throttle.ts); a row is locked while its mail is decided.
 */
export const mailThrottles = pgTable('mail_throttles', {
  key: varchar('key', { length: 80 }).primaryKey(),
  sent_at: timestamp('sent_at', { withTimezone: true }).notNull(),
});

// ── content module ──────────────────────────────────────────────────────────────────────
const contentColumns = () => ({
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
const searchColumns = () => ({
  search_title: text('search_title').notNull().default(''),
  search_text: text('search_text').notNull().default(''),
});

/**
 * B-tree indexes of the public list orders (lib/list-order.ts) over active rows: `newest`/`oldest`
 * read `(created_at, id)` forwards or backwards, `most-liked` reads `(likes_count, created_at, id)`
 * backwards, so a page stops after its rows instead of sorting the table.
 */
const listIndexes = (name: string, t: { is_active: ExtraConfigColumn; created_at: ExtraConfigColumn; id: ExtraConfigColumn; likes_count: ExtraConfigColumn }) => [
  index(`${name}_active_created_idx`).on(t.is_active, t.created_at, t.id),
  index(`${name}_active_liked_idx`).on(t.is_active, t.likes_count, t.created_at, t.id),
];

/** GIN trigram indexes of {@link searchColumns} (pg_trgm, created by migration 0001). */
const searchIndexes = (name: string, t: { search_title: ExtraConfigColumn; search_text: ExtraConfigColumn }) => [
  index(`${name}_search_title_trgm_idx`).using('gin', t.search_title.op('gin_trgm_ops')),
  index(`${name}_search_text_trgm_idx`).using('gin', t.search_text.op('gin_trgm_ops')),
];

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

// ── commerce module ─────────────────────────────────────────────────────────────────────
export const products = pgTable(
  'products',
  {
    ...contentColumns(),
    ...searchColumns(),
    /** Whole tomans; 0 = free. */
    price: integer('price').notNull().default(0),
    product_status: productStatusEnum('product_status').notNull().default('in-progress'),
  },
  (t) => [...listIndexes('products', t), ...searchIndexes('products', t)],
);

export const productSessions = pgTable(
  'product_sessions',
  {
    ...contentColumns(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Storage key of the lesson file in the private area (never under /media; served by signed URL). */
    file: text('file'),
    /** Size of the lesson file in bytes and its MIME type, when there is one. */
    file_size: integer('file_size'),
    file_type: varchar('file_type', { length: 100 }),
    /** Order of the session inside its product, 1-based. */
    position: integer('position').notNull().default(1),
    /** Anyone signed in may open a free-preview session; others need to have bought the product. */
    is_free_preview: boolean('is_free_preview').notNull().default(false),
    /**
     * The lesson's processing (issue 24): `none` (no upload), `queued`, `processing` (with
     * `media_progress` in percent), `ready`, or `failed` (with the Persian `media_error`). It tells
     * of the latest upload; the last good lesson (`hls`) keeps playing until a new one is ready.
     */
    media_status: varchar('media_status', { length: 20 }).$type<LessonMediaStatus>().notNull().default('none'),
    media_progress: integer('media_progress').notNull().default(0),
    media_error: text('media_error'),
    /** Storage key of an uploaded source waiting for or under processing (private area). */
    media_source: text('media_source'),
    /** `video` or `audio`: what the ready lesson (`hls`) holds. */
    media_kind: varchar('media_kind', { length: 10 }).$type<LessonMediaKind>(),
    /** Storage prefix of the ready lesson's HLS (master playlist `master.m3u8` under it). */
    hls: text('hls'),
    /** Length of the ready lesson, seconds. */
    duration_seconds: integer('duration_seconds'),
    /** Public path of the poster image (staff's, or taken from the video), like `image`. */
    poster: text('poster'),
    /** Storage key of the Persian WebVTT subtitles (private area, served signed like the lesson). */
    subtitles: text('subtitles'),
  },
  (t) => [index('product_sessions_product_idx').on(t.product_id, t.position)],
);

/**
 * A cart (issue 25): a signed-in user's (`user_id`, one each) or a visitor's, found by the sha256
 * of the random token in its cookie (`visitor_token_hash`); exactly one of the two is set. Signing
 * in merges a visitor's cart into the user's. `discount_code_id` is the code applied in the cart,
 * checked again at checkout.
 */
export const carts = pgTable(
  'carts',
  {
    id: id(),
    user_id: integer('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha256 of the visitor's cookie token, hex; the token itself is never stored. */
    visitor_token_hash: varchar('visitor_token_hash', { length: 64 }).unique(),
    discount_code_id: integer('discount_code_id').references(() => discountCodes.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    check('carts_one_owner', sql`(${t.user_id} is null) <> (${t.visitor_token_hash} is null)`),
    // Visitors' carts left alone are deleted after a while (oldest first).
    index('carts_visitor_updated_idx').on(t.updated_at).where(sql`${t.user_id} is null`),
  ],
);

/** One row per course in a cart; a course is in a cart at most once. */
export const cartItems = pgTable(
  'cart_items',
  {
    cart_id: integer('cart_id')
      .notNull()
      .references(() => carts.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.cart_id, t.product_id] })],
);

/**
 * A discount code (issue 25): `code` is Latin letters and digits, stored upper-case, unique
 * (codes are typed case-insensitively). `kind` `percent` takes 1–100 % of each course it applies
 * to; `amount` takes `value` tomans off those courses' sum. It applies to every course
 * (`applies_to_all`) or to the courses of `discount_code_products`, between `starts_at` and
 * `ends_at` (null = open), at most `total_cap` paid uses in all and `per_user_cap` per buyer
 * (null = no cap), on a cart of at least `min_cart_total` tomans. A used code is deactivated,
 * never deleted (orders keep it).
 */
export const discountCodes = pgTable('discount_codes', {
  id: id(),
  code: varchar('code', { length: 32 }).notNull().unique(),
  kind: varchar('kind', { length: 10 }).$type<DiscountKind>().notNull(),
  /** Percent (1–100) or tomans, by `kind`. */
  value: integer('value').notNull(),
  applies_to_all: boolean('applies_to_all').notNull().default(true),
  starts_at: timestamp('starts_at', { withTimezone: true }),
  ends_at: timestamp('ends_at', { withTimezone: true }),
  total_cap: integer('total_cap'),
  per_user_cap: integer('per_user_cap'),
  /** Tomans; the cart's total before the discount must reach it. */
  min_cart_total: integer('min_cart_total'),
  is_active: boolean('is_active').notNull().default(true),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

/** The courses a discount code is limited to, when it does not apply to all. */
export const discountCodeProducts = pgTable(
  'discount_code_products',
  {
    discount_code_id: integer('discount_code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.discount_code_id, t.product_id] })],
);

/**
 * The last receipt number given in each Jalali year (issue 25): a paid order takes
 * `last + 1` of its year in the transaction that marks it paid, so numbers run without gaps.
 */
export const receiptCounters = pgTable('receipt_counters', {
  jalali_year: integer('jalali_year').primaryKey(),
  last: integer('last').notNull(),
});

/**
 * An order: priced from the database at checkout (whole tomans), paid once. `manual` orders are
 * courses staff added to a user, at price 0. `idempotency_key` makes a repeated checkout answer
 * the same order.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Tomans to pay: the items' purchase prices less `discount_amount`. */
    total_price: integer('total_price').notNull(),
    /** The discount code applied at checkout (issue 25), and the code as it was then. */
    discount_code_id: integer('discount_code_id').references(() => discountCodes.id, { onDelete: 'restrict' }),
    discount_code: varchar('discount_code', { length: 32 }),
    /** Tomans the code took off; the sum of the items' `discount`. */
    discount_amount: integer('discount_amount').notNull().default(0),
    /** `<Jalali year>-<number>` («1405-000123»), given when the order is paid (receipt_counters). */
    receipt_number: varchar('receipt_number', { length: 20 }).unique(),
    /** When the one unpaid-order reminder (issue 25 win-back) was sent, else null. */
    reminded_at: timestamp('reminded_at', { withTimezone: true }),
    payment_status: paymentStatusEnum('payment_status').notNull().default('unpaid'),
    source: orderSourceEnum('source').notNull().default('checkout'),
    idempotency_key: varchar('idempotency_key', { length: 255 }),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    unique('orders_user_idempotency_unique').on(t.user_id, t.idempotency_key),
    index('orders_user_idx').on(t.user_id, t.created_at),
    index('orders_created_idx').on(t.created_at),
    index('orders_status_paid_idx').on(t.payment_status, t.paid_at),
    index('orders_source_created_idx').on(t.source, t.created_at),
    index('orders_discount_code_idx').on(t.discount_code_id).where(sql`${t.discount_code_id} is not null`),
  ],
);

/**
 * A course in an order. `price` is the purchase price in tomans, kept so later price changes
 * never alter a past order. A refund (SPEC §4) sets `refunded_at` and `refund_amount` once.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /** Title when bought, so the history reads the same after a rename. */
    title: varchar('title', { length: 255 }).notNull(),
    price: integer('price').notNull(),
    /** Tomans of the order's discount that fell on this item; paid = price − discount. */
    discount: integer('discount').notNull().default(0),
    quantity: integer('quantity').notNull().default(1),
    refunded_at: timestamp('refunded_at', { withTimezone: true }),
    /** Tomans given back, set with `refunded_at`. */
    refund_amount: integer('refund_amount'),
    refunded_by: integer('refunded_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('order_items_order_idx').on(t.order_id),
    index('order_items_product_idx').on(t.product_id),
    index('order_items_refunded_idx').on(t.refunded_at),
  ],
);

/**
 * One attempt to pay an order at a gateway (a retry is a new attempt). `authority` is the
 * gateway's token; verify flips `pending` → `paid` in one conditional update, so it runs once.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    gateway: varchar('gateway', { length: 32 }).notNull(),
    authority: varchar('authority', { length: 255 }).notNull().unique(),
    /** Tomans asked of the gateway; must equal the order's total when verified. */
    amount: integer('amount').notNull(),
    status: paymentAttemptStatusEnum('status').notNull().default('pending'),
    ref_id: varchar('ref_id', { length: 255 }),
    created_at: createdAt(),
    verified_at: timestamp('verified_at', { withTimezone: true }),
  },
  (t) => [index('payments_order_idx').on(t.order_id)],
);

/**
 * Sales and refunds per Tehran calendar day and product (issue 6 "Performance": a daily rollup
 * for the dashboard summaries). Holds only days up to `sales_daily_state.through`; newer days are
 * read live. sales-summary-service.ts fills it on demand and refreshes a day a staff edit changes.
 */
export const salesDaily = pgTable(
  'sales_daily',
  {
    /** `sales` (items of paid checkout orders by paid_at), `refunds` (by refunded_at) or `given` (manual orders by paid_at). */
    kind: varchar('kind', { length: 16 }).notNull(),
    /** Tehran calendar day. */
    day: date('day', { mode: 'string' }).notNull(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    /** Tomans: list prices for `sales` (gross), given back for `refunds`. */
    total: bigint('total', { mode: 'number' }).notNull(),
    /** Tomans of discount on those `sales` (net = total − discount); 0 for the other kinds. */
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.day, t.product_id] })],
);

/** The last Tehran day `sales_daily` holds (one row, id 1; absent = nothing rolled up). */
export const salesDailyState = pgTable('sales_daily_state', {
  id: integer('id').primaryKey(),
  through: date('through', { mode: 'string' }).notNull(),
});

/**
 * A buyer's place in a session (issue 24): where they stopped, seconds, saved every few seconds
 * and on pause or leaving, and when the session was done (90 % watched, or marked by hand),
 * counted in the course's progress «۳ از ۸ جلسه».
 */
export const sessionProgress = pgTable(
  'session_progress',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    product_session_id: integer('product_session_id')
      .notNull()
      .references(() => productSessions.id, { onDelete: 'cascade' }),
    position_seconds: integer('position_seconds').notNull().default(0),
    completed_at: timestamp('completed_at', { withTimezone: true }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.product_session_id] })],
);

/**
 * A course finished (issue 24): issued when every session of the product is done, public at
 * `/certificates/{code}`; the holder's name and the course's title are kept as they were then.
 * A refund revokes it (`revoked_at`), the page then says so.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: id(),
    /** The verification code: upper-case letters and digits, unique. */
    code: varchar('code', { length: 20 }).notNull().unique(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    holder_name: text('holder_name').notNull(),
    product_title: text('product_title').notNull(),
    issued_at: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [unique('certificates_user_product_unique').on(t.user_id, t.product_id)],
);

// ── site module (likes and comments on any content type) ───────────────────────────────
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

// ── support module ──────────────────────────────────────────────────────────────────────
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

// ── files module (issue 10 "Load and faults") ───────────────────────────────────────────
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

/**
 * The audit log (issue 26; modules/audit/audit-log.ts): one row per dashboard write, refund, manual
 * order, permission change and switch change, inserted in the transaction of the change. Rows are
 * never updated; they are deleted only by the retention job, `AUDIT_RETENTION_DAYS` (≥ 365) after.
 * `actor_id` has no foreign key: an entry outlives the account, and keeps its name as it was.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actor_id: integer('actor_id').notNull(),
    actor_name: text('actor_name').notNull(),
    /** `request.ip` as the app's `trustProxy` gives it. */
    ip: varchar('ip', { length: 64 }).notNull(),
    /** `AuditEntity` of @shop/contracts. */
    entity_type: varchar('entity_type', { length: 32 }).notNull(),
    entity_id: integer('entity_id'),
    /** `AuditAction` of @shop/contracts. */
    action: varchar('action', { length: 16 }).notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    created_at: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.created_at, t.id),
    index('audit_log_entity_idx').on(t.entity_type, t.entity_id),
    index('audit_log_actor_idx').on(t.actor_id),
  ],
);
