/**
 * The commerce module's tables: courses and sessions, carts, discount codes, orders and items,
 * payments, receipts, the daily sales roll-up, progress and certificates (issues 6, 24, 25), and the
 * access ledger (issue 36). Declared beside their module (issue 34 item 1): another module reaches
 * them only through its index.ts; lint lets only other tables files (a foreign key) and the seed import this.
 */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, check, date, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { DiscountKind, LessonMediaKind, LessonMediaStatus } from '@shop/contracts';
import { createdAt, updatedAt, id } from '../../db/columns';
import { contentColumns, listIndexes, searchColumns, searchIndexes } from '../engagement/tables';
import { users } from '../users/tables';

export const productStatusEnum = pgEnum('product_status', ['in-progress', 'done', 'expired']);

/** What a session holds (issue 37): a lesson, a quiz (`quizzes` row; done when passed) or an assignment (`assignments` row; done when graded a pass). */
export const sessionKindEnum = pgEnum('session_kind', ['lesson', 'quiz', 'assignment']);

/**
 * Payment state of an order (SPEC §4). `cancelled` (issue 32 item 2): the buyer cancelled it from the
 * profile, a checkout of the same courses replaced it, or staff set it; it holds no discount code,
 * gets no reminder and cannot be paid again, but a gateway payment already under way still wins.
 */
export const paymentStatusEnum = pgEnum('payment_status', ['unpaid', 'paid', 'cancelled']);

/** How an order came to be: bought through checkout, or added to the user by staff (price 0, SPEC §8). */
export const orderSourceEnum = pgEnum('order_source', ['checkout', 'manual', 'instalment']);

/** State of one attempt to pay an order at a gateway. */
export const paymentAttemptStatusEnum = pgEnum('payment_attempt_status', ['pending', 'paid', 'failed', 'cancelled']);

export const products = pgTable(
  'products',
  {
    ...contentColumns(),
    ...searchColumns(),
    /** Whole tomans; 0 = free. */
    price: integer('price').notNull().default(0),
    product_status: productStatusEnum('product_status').notNull().default('in-progress'),
    /** Whether the course's video lessons get B segments for the forensic watermark (issue 38 item 3; modules/forensics). */
    forensic_watermark: boolean('forensic_watermark').notNull().default(true),
  },
  (t) => [...listIndexes('products', t), ...searchIndexes('products', t)],
);

export const productSessions = pgTable(
  'product_sessions',
  {
    ...contentColumns(),
    product_id: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    /** Storage key of the lesson file in the private area (never under /media; served by signed URL). */
    file: text('file'),
    /** Size of the lesson file in bytes and its MIME type, when there is one. */
    file_size: integer('file_size'),
    file_type: varchar('file_type', { length: 100 }),
    /** Order of the session inside its product, 1-based. */
    position: integer('position').notNull().default(1),
    /** Anyone signed in may open a free-preview session; others need to have bought the product. */
    is_free_preview: boolean('is_free_preview').notNull().default(false),
    kind: sessionKindEnum('kind').notNull().default('lesson'),
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
    /** The renditions of the ready lesson (`hls`) with B segments (`360p`, …; issue 38 item 3, routes/commerce/lesson-media.ts); null: none. */
    forensic_renditions: text('forensic_renditions').array(),
    /** Length of the ready lesson, seconds. */
    duration_seconds: integer('duration_seconds'),
    /** Public path of the poster image (staff's, or taken from the video), like `image`. */
    poster: text('poster'),
    /** Storage key of the Persian WebVTT subtitles (private area, served signed like the lesson). */
    subtitles: text('subtitles'),
    /** Schedule (issue 37 item 5, session-schedule.ts): days after the buyer's access began, a Tehran-midnight day, a session to do (a quiz: pass) first. */
    release_days: integer('release_days'),
    release_at: timestamp('release_at', { withTimezone: true }),
    prerequisite_session_id: integer('prerequisite_session_id').references((): AnyPgColumn => productSessions.id, { onDelete: 'set null' }),
    /**
     * Whether the course's certificate waits for this session (issue 37 item 3): false only for an
     * assignment staff made optional (the learning module sets it with the assignment's rules).
     */
    required_for_certificate: boolean('required_for_certificate').notNull().default(true),
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
    user_id: integer('user_id').unique().references(() => users.id, { onDelete: 'cascade' }),
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
    cart_id: integer('cart_id').notNull().references(() => carts.id, { onDelete: 'cascade' }),
    product_id: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
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
    discount_code_id: integer('discount_code_id').notNull().references(() => discountCodes.id, { onDelete: 'cascade' }),
    product_id: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
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
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'restrict' }),
    /** Tomans to pay: the items' purchase prices less `discount_amount`. */
    total_price: integer('total_price').notNull(),
    /** The discount code applied at checkout (issue 25), and the code as it was then. */
    discount_code_id: integer('discount_code_id').references(() => discountCodes.id, { onDelete: 'restrict' }),
    discount_code: varchar('discount_code', { length: 32 }),
    /** Tomans the code took off; the sum of the items' `discount`. */
    discount_amount: integer('discount_amount').notNull().default(0),
    /** Tomans of `total_price` paid from the wallet (issue 36 item 3), taken at checkout; the gateway is asked for the rest. */
    wallet_amount: integer('wallet_amount').notNull().default(0),
    /** Whole percent of VAT `total_price` includes, the site settings' rate when paid (issue 36 item 5); null before. */
    vat_percent: integer('vat_percent'),
    /** The sales agent whose link or code brought the sale (issue 36 item 4), else null. */
    agent_id: integer('agent_id').references((): AnyPgColumn => salesAgents.id, { onDelete: 'set null' }),
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
    index('orders_wallet_paid_idx').on(t.paid_at).where(sql`${t.wallet_amount} > 0 and ${t.payment_status} = 'paid'`),
    index('orders_source_created_idx').on(t.source, t.created_at),
    index('orders_discount_code_idx').on(t.discount_code_id).where(sql`${t.discount_code_id} is not null`),
    check('orders_wallet_amount_range', sql`${t.wallet_amount} between 0 and ${t.total_price}`),
  ],
);

/** Where a refund's money went: back through the gateway, or into the buyer's wallet (issue 36 item 3). */
export const refundDestinationEnum = pgEnum('refund_destination', ['gateway', 'wallet']);

/**
 * A course in an order. `price` is the purchase price in tomans, kept so later price changes
 * never alter a past order. A refund (SPEC §4) sets `refunded_at` and `refund_amount` once.
 */
export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    order_id: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    product_id: integer('product_id').notNull().references(() => products.id, { onDelete: 'restrict' }),
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
    /** Where the refund went (issue 36 item 3), set with `refunded_at`. */
    refunded_to: refundDestinationEnum('refunded_to'),
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
    order_id: integer('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    gateway: varchar('gateway', { length: 32 }).notNull(),
    authority: varchar('authority', { length: 255 }).notNull().unique(),
    /** The gateway's own token of the attempt when it gives one on opening (SnappPay's `paymentToken`, issue 36 item 2), which verify needs. */
    gateway_reference: varchar('gateway_reference', { length: 255 }),
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
    product_id: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
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
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    product_session_id: integer('product_session_id').notNull().references(() => productSessions.id, { onDelete: 'cascade' }),
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
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    product_id: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    holder_name: text('holder_name').notNull(),
    product_title: text('product_title').notNull(),
    issued_at: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [unique('certificates_user_product_unique').on(t.user_id, t.product_id)],
);

/**
 * Where a right to a course comes from (issue 36 item 1): a paid order's item (`order`), or a course
 * staff added by hand (`manual`, a manual order's item).
 */
export const accessGrantSourceEnum = pgEnum('access_grant_source', ['order', 'manual', 'instalment_plan']);

/**
 * Why a grant ended: its item was refunded (`refund`), or its order stopped paying for it (`order_changed`:
 * set unpaid, a manual order deleted or given another course), or staff revoked the account's access
 * because a leaked copy was traced to it (`revoked`, issue 38 item 4: never opened again by a sync).
 */
export const accessGrantEndEnum = pgEnum('access_grant_end', ['refund', 'order_changed', 'plan_cancelled', 'revoked']);

/**
 * The access ledger (issue 36 item 1): every right of a user to a course, with its source and its
 * period. A buyer may open a course while any grant of it is active (not ended, started, not past
 * `ends_at`); ending one source never ends another's grant. Rows are never deleted: an ended grant is
 * the history. One active grant per order item.
 */
export const accessGrants = pgTable(
  'access_grants',
  {
    id: id(),
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    product_id: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    source: accessGrantSourceEnum('source').notNull(),
    /** The order item that pays for it (`order`, `manual`); null once a manual order was deleted. */
    order_item_id: integer('order_item_id').references(() => orderItems.id, { onDelete: 'set null' }),
    /** The course bought in parts that gives it (`instalment_plan`, issue 36 item 2). */
    instalment_purchase_id: integer('instalment_purchase_id').references(() => instalmentPurchases.id, { onDelete: 'cascade' }),
    starts_at: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    /** The end of its period; null: for good. */
    ends_at: timestamp('ends_at', { withTimezone: true }),
    ended_at: timestamp('ended_at', { withTimezone: true }),
    end_reason: accessGrantEndEnum('end_reason'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('access_grants_active_item_key').on(t.order_item_id).where(sql`${t.ended_at} is null`),
    uniqueIndex('access_grants_active_purchase_key').on(t.instalment_purchase_id).where(sql`${t.ended_at} is null`),
    index('access_grants_user_product_idx').on(t.user_id, t.product_id).where(sql`${t.ended_at} is null`),
  ],
);

/** What the daily reconciliation found (issue 36 item 1): a paid item without a grant, or a grant nothing pays for. */
export const accessMismatchKindEnum = pgEnum('access_mismatch_kind', ['missing_grant', 'unpaid_grant']);

/** The last reconciliation's findings, replaced by each run; none while the ledger matches the money. */
export const accessMismatches = pgTable('access_mismatches', {
  id: id(),
  kind: accessMismatchKindEnum('kind').notNull(),
  user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  product_id: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
  order_item_id: integer('order_item_id'),
  grant_id: integer('grant_id'),
  found_at: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
});

/** When the reconciliation last ran (one row), so the dashboard tells «nothing found» from «never ran». */
export const accessReconciliations = pgTable('access_reconciliations', {
  id: integer('id').primaryKey().default(1),
  ran_at: timestamp('ran_at', { withTimezone: true }).notNull(),
  checked_items: integer('checked_items').notNull(),
  mismatches: integer('mismatches').notNull(),
});

/**
 * Why a wallet entry moved money (issue 36 item 3): a gift card, a refund, staff's credit or debit,
 * an order's wallet share taken at checkout or given back when that unpaid order was cancelled.
 */
export const walletEntryKindEnum = pgEnum('wallet_entry_kind', [
  'gift_card',
  'refund',
  'staff_credit',
  'staff_debit',
  'order_payment',
  'order_payment_returned',
  'overpayment',
  'agent_payout',
]);

/**
 * A user's wallet as a ledger (issue 36 item 3): the balance is the sum of `amount`, never negative.
 * Entries are only ever added, one user's at a time (wallet.ts holds an advisory lock per user), each
 * carrying the balance after it, which the check keeps at zero or more.
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: id(),
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    kind: walletEntryKindEnum('kind').notNull(),
    /** Tomans, positive in and negative out. */
    amount: integer('amount').notNull(),
    balance_after: integer('balance_after').notNull(),
    order_id: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    gift_card_id: integer('gift_card_id').references(() => giftCards.id, { onDelete: 'set null' }),
    reason: varchar('reason', { length: 500 }),
    /** Staff who made a credit, debit or refund; null for the user's own entries. */
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [
    index('wallet_entries_user_idx').on(t.user_id, t.id),
    check('wallet_entries_balance_not_negative', sql`${t.balance_after} >= 0`),
    check('wallet_entries_amount_not_zero', sql`${t.amount} <> 0`),
  ],
);

/** A gift card (issue 36 item 3): a code worth `amount` tomans, redeemed once into a wallet. */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: id(),
    /** Upper-case Latin letters and digits. */
    code: varchar('code', { length: 32 }).notNull().unique(),
    amount: integer('amount').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    redeemed_by: integer('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    redeemed_at: timestamp('redeemed_at', { withTimezone: true }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [check('gift_cards_amount_positive', sql`${t.amount} > 0`), index('gift_cards_created_idx').on(t.created_at)],
);

/**
 * A plan to buy a course in parts (issue 36 item 2): `parts` in all, `first_share_percent` of the total
 * due with the first, the rest in equal parts every `days_between` days, `surcharge` tomans added to
 * the price, and `grace_days` after a due date before a missed part pauses access.
 */
export const instalmentPlans = pgTable(
  'instalment_plans',
  {
    id: id(),
    product_id: integer('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    parts: integer('parts').notNull(),
    first_share_percent: integer('first_share_percent').notNull(),
    days_between: integer('days_between').notNull(),
    surcharge: integer('surcharge').notNull().default(0),
    grace_days: integer('grace_days').notNull().default(7),
    is_active: boolean('is_active').notNull().default(true),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('instalment_plans_product_idx').on(t.product_id),
    check('instalment_plans_parts_range', sql`${t.parts} between 2 and 12`),
    check('instalment_plans_share_range', sql`${t.first_share_percent} between 1 and 99`),
    check('instalment_plans_days_range', sql`${t.days_between} between 1 and 365`),
    check('instalment_plans_surcharge_range', sql`${t.surcharge} >= 0`),
    check('instalment_plans_grace_range', sql`${t.grace_days} between 0 and 60`),
  ],
);

/**
 * A course bought in parts by a user (issue 36 item 2), with the plan's terms copied when bought, so a
 * later change of the plan never changes it. Cancelled only by staff; otherwise its state follows its parts.
 */
export const instalmentPurchases = pgTable(
  'instalment_purchases',
  {
    id: id(),
    user_id: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    product_id: integer('product_id').notNull().references(() => products.id, { onDelete: 'restrict' }),
    plan_id: integer('plan_id').references(() => instalmentPlans.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 255 }).notNull(),
    parts: integer('parts').notNull(),
    /** Tomans: the course's price when bought plus the plan's surcharge. */
    total: integer('total').notNull(),
    grace_days: integer('grace_days').notNull(),
    /** The sales agent of the sale (issue 36 item 4), copied to each part's order. */
    agent_id: integer('agent_id').references((): AnyPgColumn => salesAgents.id, { onDelete: 'set null' }),
    cancelled_at: timestamp('cancelled_at', { withTimezone: true }),
    cancelled_by: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('instalment_purchases_user_idx').on(t.user_id, t.created_at)],
);

/**
 * One part of a purchase (issue 36 item 2): its number, tomans and due date, and the order that pays
 * it (made when its payment is first started; one order per part). It is paid while that order is
 * paid and not refunded.
 */
export const instalments = pgTable(
  'instalments',
  {
    id: id(),
    purchase_id: integer('purchase_id').notNull().references(() => instalmentPurchases.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    amount: integer('amount').notNull(),
    due_at: timestamp('due_at', { withTimezone: true }).notNull(),
    order_id: integer('order_id').unique().references(() => orders.id, { onDelete: 'set null' }),
    /** When the reminder before its due date was sent (mail and SMS), else null. */
    reminded_at: timestamp('reminded_at', { withTimezone: true }),
  },
  (t) => [unique('instalments_purchase_number_unique').on(t.purchase_id, t.number), index('instalments_due_idx').on(t.due_at)],
);

/** A sales agent (issue 36 item 4): a user who earns `percent` of the sales their link or code brings. */
export const salesAgents = pgTable(
  'sales_agents',
  {
    id: id(),
    user_id: integer('user_id').notNull().unique().references(() => users.id, { onDelete: 'cascade' }),
    /** Upper-case Latin letters and digits. */
    code: varchar('code', { length: 32 }).notNull().unique(),
    percent: integer('percent').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    created_at: createdAt(),
  },
  (t) => [check('sales_agents_percent_range', sql`${t.percent} between 1 and 50`)],
);

/** Where an agent's payout goes: their bank account, paid by staff's hand, or their wallet. */
export const payoutDestinationEnum = pgEnum('payout_destination', ['bank', 'wallet']);

/**
 * A payout an agent asked for (issue 36 item 4): the commissions it takes name it (`payout_id`); staff
 * mark it paid (`paid_at`), and one `to` the wallet is credited to the agent's wallet then.
 */
export const agentPayouts = pgTable(
  'agent_payouts',
  {
    id: id(),
    agent_id: integer('agent_id').notNull().references(() => salesAgents.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    to: payoutDestinationEnum('to').notNull(),
    requested_at: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    paid_by: integer('paid_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('agent_payouts_agent_idx').on(t.agent_id), check('agent_payouts_amount_positive', sql`${t.amount} > 0`)],
);

/**
 * An agent's commission on one paid order (issue 36 item 4): `amount` tomans, pending until
 * `available_at` (its payment plus the refund window), earned after; a refund within the window lowers
 * it to the share of what stays paid (`reversed_at` once nothing is left); a payout takes it (`payout_id`).
 */
export const agentCommissions = pgTable(
  'agent_commissions',
  {
    id: id(),
    agent_id: integer('agent_id').notNull().references(() => salesAgents.id, { onDelete: 'cascade' }),
    order_id: integer('order_id').notNull().unique().references(() => orders.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    available_at: timestamp('available_at', { withTimezone: true }).notNull(),
    reversed_at: timestamp('reversed_at', { withTimezone: true }),
    payout_id: integer('payout_id').references(() => agentPayouts.id, { onDelete: 'set null' }),
    created_at: createdAt(),
  },
  (t) => [index('agent_commissions_agent_idx').on(t.agent_id, t.id), check('agent_commissions_amount_range', sql`${t.amount} >= 0`)],
);
