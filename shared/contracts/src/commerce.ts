/**
 * Wire shapes of the commerce module (issue 6; SPEC §2, §3, §4, §7, §8): cart, checkout,
 * payments, sessions, progress and the dashboard's products, sessions and financial info.
 * Same conventions as entities.ts: snake_case, ISO 8601 UTC dates, money as whole tomans.
 *
 * Endpoints (all under `/api`; browser writes echo the XSRF cookie):
 *
 * Public, signed in (401 otherwise):
 * - `GET    /cart`                          → `Item<Cart>`
 * - `POST   /cart` `{product_id}`           → 201 `{message, data: Cart}`; 422 already in cart /
 *   already bought / unknown or inactive course; 403 `forbidden: …` while selling is off
 * - `DELETE /cart/:productId`               → `{message, data: Cart}`; 404 when not in the cart
 * - `PUT    /cart/discount-code` `{code}`     → `{message, data: Cart}`; 422 with the Persian refusal
 *   on `code` (unknown, inactive, not started, expired, used up, used by you, not for these
 *   courses, under the minimum, empty cart); `DELETE /cart/discount-code` → `{message, data: Cart}`
 * - `POST   /checkout` (header `Idempotency-Key`, body {@link CheckoutBody}; `gateway` `snapppay` pays in 4 parts, 422 on `gateway` for an amount SnappPay does not take) → 201 `Item<CheckoutAnswer>`;
 *   the same key answers the same order (200); 422 empty cart; 403 selling off. The same cart
 *   again (same courses, code and amounts) while its order is unpaid answers that order with a new
 *   attempt (200), and an unpaid order of the same courses at other amounts is cancelled by the new
 *   one (issue 32 item 2). With `use_wallet` the wallet pays as much as it holds at once (issue 36
 *   item 3), the gateway the rest; a cancelled unpaid order gives its wallet share back
 * - `POST   /orders/:orderId/pay`           → `Item<CheckoutAnswer>` a new attempt for an unpaid order;
 *   422 paid, cancelled, a course bought meanwhile, or (on `code`) its discount code lapsed
 * - `POST   /orders/:orderId/cancel`        → `{message, data: Order}` the owner cancels an unpaid
 *   order (issue 32 item 2); 404 not theirs; 422 paid or already cancelled
 * - `GET    /orders/:orderId`               → `Item<Order>` (owner only, else 404)
 * - `GET    /bought-products`               → `{data: BoughtProduct[]}` (same as `buyedProducts`)
 * - `GET    /product-sessions/:sessionId`   → `Item<ProductSessionDetail>`; needs a verified email
 * - `PUT    /product-sessions/:sessionId/progress` `{done?, position_seconds?}` (at least one) →
 *   `Item<SessionProgressAnswer>`; buyers only (403); 422 for a position past the lesson's length
 *
 * Gateway (browser navigation, not XHR):
 * - `POST   /payments/start` form field `token` → 303 to the gateway's pay page (sandbox or Zarinpal)
 * - `GET    /payments/sandbox/:token`       → the sandbox gateway page («پرداخت» / «انصراف»)
 * - `GET    /payments/callback?Authority=&Status=OK|NOK` → verify, then 303 to
 *   `/shopping-cart?payment=paid|failed&order_id=<id>`; 404 unknown authority, 409 replayed,
 *   403 another user's order, 422 amount mismatch (order left unpaid)
 * - `GET    /media/sessions/:sessionId?expires=&signature=` → the lesson file (Range supported)
 *   for the signed-in caller (bearer or cookie) it was signed for, while they may view the session
 *   (issue 31 item 4); 403 otherwise (visitors too), expired or tampered; 404 without a file, and
 *   for a ready lesson's source, which is never served
 * - `GET    /media/lessons/:sessionId/hls/<file>?viewer=&stream=&expires=&signature=` → a ready
 *   lesson's HLS playlist (every URI in it carries the same query) or segment (Range supported),
 *   and `GET /media/lessons/:sessionId/subtitles.vtt?…` its WebVTT subtitles (issue 24), the query
 *   of a {@link LessonPlayback}: the caller must send the credential (cookie or bearer) the query
 *   was signed for and may still view the session; 403 otherwise (visitors too), expired or
 *   tampered; 409 `{message, code: 'stream_superseded'}` once another stream of the account took
 *   over (issue 38 item 2); 404 for any other path
 *
 * Dashboard (DESIGN.md conventions: lists `{data, meta}` with `page`, `per_page`, `q`, `sort`):
 * - `/dashboard/products` (manage-products): multipart create/update (`ProductForm` fields + `image`)
 * - `/dashboard/product-sessions` (manage-product-sessions): multipart (`ProductSessionForm` + `image`,
 *   `file`); list also takes `product_id`; create answers 422 `productsMissing` when no product exists
 * - `/dashboard/financial-info/orders` (show-financial-info): list (`q`, `payment_status`, `source`),
 *   get, `PUT /:id` `{payment_status}`
 * - `/dashboard/financial-info/list-of-products-added-to-users` (show-financial-info): list, get,
 *   `POST` `{user_id, product_id}`, `PUT /:id` `{product_id}`, `DELETE /:id`
 * - `/dashboard/financial-info/money-refund-status` (manage-refunds): list of refunds,
 *   `POST` `{order_item_id, confirmation, to?}` («yes» or «بله»; `to: 'wallet'` credits the buyer's wallet, issue 36)
 * - `/dashboard/discount-codes` (manage-discounts, issue 25): list (`q`, `sort`), get, create and
 *   update (`DiscountCodeForm`), delete (a used code is deactivated instead); `GET /:id/uses` →
 *   `Paginated<DiscountCodeUse>`, newest first
 * - `/dashboard/financial-info/sales?period=` and `/dashboard/financial-info/refunds?period=`
 *   (show-financial-info) → `SalesSummaryAnswer`
 *
 * CSV exports (issue 25): `GET <list or summary path>/export` with the list's own filters (no
 * `page`/`per_page`) and the list's permission answers `text/csv; charset=utf-8` as an attachment
 * (`<name>-<Jalali date>.csv`): UTF-8 with a BOM, Persian headers, every row of the filters, amounts
 * in whole tomans, each instant as a Jalali (Tehran) and an ISO 8601 UTC column; streamed. Browsers
 * download it with a plain same-origin link (the auth cookie goes with it).
 * - `/dashboard/financial-info/orders/export` (`q`, `payment_status`, `source`) → `orders-….csv`
 * - `/dashboard/financial-info/list-of-products-added-to-users/export` (`q`, `payment_status`) →
 *   `products-added-to-users-….csv`
 * - `/dashboard/financial-info/money-refund-status/export` (`q`; manage-refunds) → `refunds-….csv`
 * - `/dashboard/financial-info/sales/export?period=` → `sales-summary-<period>-….csv` (gross,
 *   discount, net and still owed in parts per course) and `/dashboard/financial-info/refunds/export?period=` →
 *   `refund-summary-<period>-….csv`
 */
import type { SessionKind } from './learning';
import type { CommentStatus, CourseProgress, ProductStatus, SessionLock } from './entities';
import type { SessionScheduleForm } from './session-schedule';

/** A course in the cart, priced from the database now (tomans). */
export interface CartItem {
  product_id: number;
  title: string;
  slug: string;
  image: string | null;
  /** Current price in tomans; 0 = free. */
  price: number;
  added_at: string;
}

/** How a discount code takes money off (issue 25): a percent of each course, or tomans off their sum. */
export const DISCOUNT_KINDS = ['percent', 'amount'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

/** The discount code applied in a cart, as priced now (issue 25). */
export interface CartDiscount {
  /** The code, upper-case. */
  code: string;
  kind: DiscountKind;
  /** Percent or tomans, by `kind`. */
  value: number;
  /** Tomans it takes off now (0 when `problem` is set). */
  amount: number;
  /** The cart's courses it applies to. */
  product_ids: number[];
  /**
   * Why it gives nothing now, in Persian (expired meanwhile, the cart fell under its minimum…),
   * else null; checkout refuses with the same message until the code is removed or the cart fixed.
   */
  problem: string | null;
}

/** A cart: the signed-in user's, or a visitor's bound to a cookie (issue 25). */
export interface Cart {
  items: CartItem[];
  /** Sum of the items' prices, tomans. */
  subtotal_price: number;
  /** The applied code, or null. */
  discount: CartDiscount | null;
  /** Tomans to pay: `subtotal_price` less the discount's `amount`. */
  total_price: number;
}

/**
 * The cookie (value `1`, readable by JavaScript) the server sets beside a visitor's httpOnly cart
 * token (issue 25): the visitor holds a cart, so a server-rendered page, which is every visitor's,
 * hydrates its islands at once and they ask for the cart (the header's count, «in the cart»).
 * Cleared when the cart is merged at sign-in.
 */
export const VISITOR_CART_HINT_COOKIE = 'visitor_cart_hint';

/** True when `cookies` (`document.cookie`) say this visitor holds a cart ({@link VISITOR_CART_HINT_COOKIE}). */
export function holdsVisitorCart(cookies: string): boolean {
  return cookies.split(/;\s*/).some((cookie) => cookie.startsWith(`${VISITOR_CART_HINT_COOKIE}=`));
}

/** `POST /api/cart` body. Anything else sent (a price, say) is ignored. */
export interface AddToCartBody {
  product_id: number;
}

/**
 * What the browser posts to open the gateway (SPEC §7: a hidden form POST with a token field,
 * in a new tab): `<form method="post" action={action} target="_blank"><input name="token" value={token}>`.
 */
export interface PaymentForm {
  action: string;
  token: string;
}

/** Answer of checkout and of a new payment attempt. */
/** `POST /api/checkout`'s body (issue 36 item 3): pay from the wallet first; absent or false pays all through the gateway. */
export interface CheckoutBody {
  use_wallet?: boolean;
  /** The gateway of the attempt (issue 36 item 2): the default one, or SnappPay's instalments; default `'default'`. */
  gateway?: 'default' | 'snapppay';
}

export interface CheckoutAnswer {
  order: Order;
  /** The gateway form, or null when nothing is to pay (a free cart is granted at once). */
  payment: PaymentForm | null;
}

/**
 * Payment state of an order (SPEC §4). `cancelled` (issue 32 item 2): cancelled by its buyer
 * (`POST /orders/:id/cancel`), replaced by a checkout of the same courses at other amounts, or set so
 * by staff; it cannot be paid again (check the cart out anew), holds no discount code and gets no
 * reminder. A gateway payment already under way when it was cancelled still wins and pays it.
 */
export type PaymentStatus = 'unpaid' | 'paid' | 'cancelled';

/** `checkout` = bought; `manual` = added to the user by staff at price 0 (SPEC §8); `instalment` = one part of a course bought in parts (issue 36 item 2). */
export type OrderSource = 'checkout' | 'manual' | 'instalment';

/** An item of an order (SPEC §3): purchase price kept, current price read now. */
export interface OrderItem {
  id: number;
  product_id: number;
  title: string;
  /** Tomans of the course's price when bought (before any discount). */
  purchase_price: number;
  /** Tomans of the order's discount that fell on it (issue 25); paid = purchase_price − discount. */
  discount: number;
  quantity: number;
  /** The course's price today, tomans. */
  current_price: number;
  /** Path of the course page, `/products/<id>`. */
  product_page: string;
  /** Set once when refunded. */
  refunded_at: string | null;
  refund_amount: number | null;
}

/** How one attempt to pay at the gateway ended: still open, paid, cancelled by the payer, or refused. */
export type PaymentAttemptStatus = 'pending' | 'paid' | 'failed' | 'cancelled';

/** One attempt to pay an order at a gateway (a retry is a new attempt; issue 22 items 1 and 9). */
export interface PaymentAttempt {
  id: number;
  /** `sandbox` or `zarinpal`. */
  gateway: string;
  /** Tomans asked of the gateway. */
  amount: number;
  status: PaymentAttemptStatus;
  /** The gateway's reference number once paid, else null. */
  ref_id: string | null;
  created_at: string;
  /** When the gateway's answer closed the attempt, else null. */
  verified_at: string | null;
}

/** An order as its owner sees it. */
export interface Order {
  id: number;
  payment_status: PaymentStatus;
  source: OrderSource;
  /** Tomans paid (or to pay): the items' prices less `discount_amount`. */
  total_price: number;
  /** The discount code used at checkout (upper-case), else null (issue 25). */
  discount_code: string | null;
  /** Tomans the code took off. */
  discount_amount: number;
  /**
   * Tomans of `total_price` paid from the wallet (issue 36 item 3), taken at checkout; the gateway is
   * asked for the rest. Given back to the wallet when the unpaid order is cancelled.
   */
  wallet_amount: number;
  /** `<Jalali year>-<6 digits>` once paid («1405-000123»; shown in Persian digits), else null. */
  receipt_number: string | null;
  /**
   * The VAT rate in percent the site settings named when the order was paid (issue 36 item 5), kept
   * with the order; null for an unpaid or manual order, or one paid before the rate was kept.
   */
  vat_percent: number | null;
  /** Tomans of VAT included in `total_price` at `vat_percent` (rounded); 0 without a rate. */
  vat_amount: number;
  items: OrderItem[];
  /** The attempts to pay it, newest first (empty for a free or manual order). */
  payments: PaymentAttempt[];
  paid_at: string | null;
  created_at: string;
  updated_at: string;
}

/** An order as the dashboard lists it (SPEC §3 "Order"): with the buyer. */
export interface DashboardOrder extends Order {
  user: { id: number; full_name: string; email: string; mobile: string | null };
  /** At total 0 only: SPEC §8's note that a zero price may mean the course was added by hand. */
  note?: string;
}

/** `PUT /api/dashboard/financial-info/orders/:id`. */
export interface OrderUpdateBody {
  payment_status: PaymentStatus;
}

/** `POST /api/dashboard/financial-info/list-of-products-added-to-users`. */
export interface AddProductToUserBody {
  user_id: number;
  product_id: number;
}

/** `POST /api/dashboard/financial-info/money-refund-status`: staff type «yes» (or «بله») to confirm. */
export interface RefundBody {
  order_item_id: number;
  confirmation: string;
  /** Where the money goes (issue 36 item 3): back through the gateway (the default) or into the buyer's wallet. */
  to?: RefundDestination;
}

/** Where a refund's money went: the gateway that took it, or the buyer's wallet (issue 36 item 3). */
export type RefundDestination = 'gateway' | 'wallet';

/** A refund as the dashboard lists it. */
export interface Refund {
  order_item_id: number;
  order_id: number;
  product_id: number;
  title: string;
  /** Tomans given back. */
  amount: number;
  user: { id: number; full_name: string; email: string; mobile: string | null };
  refunded_by: { id: number; full_name: string } | null;
  refunded_at: string;
  to: RefundDestination;
}

/**
 * Where a session's latest lesson upload is (issue 24): none yet, waiting in the queue, being
 * transcoded (`media_progress` percent), ready, or failed (`media_error`, Persian). The last
 * ready lesson keeps playing whatever the latest upload's state.
 */
export type LessonMediaStatus = 'none' | 'queued' | 'processing' | 'ready' | 'failed';

/** What a ready lesson holds: video (with an audio-only rendition) or audio alone. */
export type LessonMediaKind = 'video' | 'audio';

/**
 * A ready lesson as the session page shows it (issue 24), for the caller who may view it: its kind,
 * poster, length and the viewer's watermark. Its playable URLs are not here: the player asks for
 * them with `POST /product-sessions/:sessionId/playback` ({@link LessonPlayback}, issue 38), which
 * checks the device and starts a stream.
 */
export interface LessonMedia {
  kind: LessonMediaKind;
  /** The poster image (staff's, or taken from the video), or null for audio without one. */
  poster_url: string | null;
  /** Whether the lesson has Persian WebVTT subtitles (their URL comes with the playback). */
  has_subtitles: boolean;
  /** Length, whole seconds. */
  duration_seconds: number;
  /** Drawn over the video, moving every few seconds: the viewer's masked mobile or email. */
  watermark: string;
}

/** A session page's data (`/products/:productId/:productSessionId`). */
export interface ProductSessionDetail {
  id: number;
  product_id: number;
  product_title: string;
  product_price: number;
  title: string;
  slug: string;
  /** Sanitized HTML. */
  description: string;
  image: string | null;
  position: number;
  is_free_preview: boolean;
  /** A lesson, or a quiz (issue 37): a quiz's page takes it from `GET /product-sessions/:sessionId/quiz`. */
  kind: SessionKind;
  comment_status: CommentStatus;
  likes_count: number;
  comments_count: number;
  liked_by_me: boolean;
  /** The caller may open the file: bought the course, or a free preview. */
  can_view: boolean;
  /** The caller bought the course. */
  is_bought: boolean;
  is_done: boolean;
  /** The caller may comment (comment status and, for `buyers-only`, a purchase). */
  can_comment: boolean;
  /**
   * A URL signed for the caller alone that expires (`file_url_expires_at`): a PDF or ZIP to
   * download, or audio or video not processed to play whole. Null when there is no file, no access,
   * or the lesson is ready (`media`): a streamed lesson's source is never handed out (issue 31 item 4).
   */
  file_url: string | null;
  file_url_expires_at: string | null;
  /** MIME type of the file (audio/*, video/*, application/pdf…), also for callers who may not open it; null without a file and for a ready lesson. */
  file_type: string | null;
  file_size: number | null;
  /** The ready audio or video lesson for the caller who may view it, else null (issue 24). */
  media: LessonMedia | null;
  /** Where the caller stopped in this lesson, whole seconds (0 when never played; issue 24). */
  position_seconds: number;
  /** What still closes it to the buyer (issue 37 item 5), or null when open; while set, `media`, `file_url` are null. */
  lock: SessionLock | null;
  /** Neighbours in the course, for next/previous links. */
  previous_session_id: number | null;
  next_session_id: number | null;
  created_at: string;
  updated_at: string;
}

/**
 * A course finished (issue 24 "Certificate"): public at `/certificates/{code}` for anyone to check;
 * the holder's name and the course's title as they were when it was issued.
 */
export interface Certificate {
  /** The verification code, 10 upper-case letters and digits. */
  code: string;
  holder_name: string;
  product_id: number;
  product_title: string;
  issued_at: string;
  /** When the holder lost the course (a refund) and with it the certificate, or null while valid. */
  revoked_at: string | null;
}

/**
 * `PUT /api/product-sessions/:sessionId/progress` body: at least one field (issues 6 and 24). The
 * player sends the position every ~5 s while playing, on pause and on leaving the page (there with
 * `fetch(…, {keepalive: true})` and the usual XSRF header); the «done» button sends `done`.
 */
export interface SessionProgressBody {
  /** Marks the session done or not done by hand; wins over the 90 % rule in the same request. */
  done?: boolean;
  /**
   * Where the buyer is in the lesson, whole seconds (`Math.floor(currentTime)`), 0 up to the ready
   * lesson's `duration_seconds` (422 past it). At or past 90 % of it the session becomes done.
   */
  position_seconds?: number;
}

/** Answer of a progress change. */
export interface SessionProgressAnswer {
  session_id: number;
  is_done: boolean;
  /** The saved position, whole seconds (kept as it was when only `done` was sent). */
  position_seconds: number;
  progress: CourseProgress;
}

/** Fields of the dashboard product form (multipart; `image` is a file). */
export interface ProductForm {
  title: string;
  slug: string;
  description: string;
  /** Whole tomans, ≥ 0. */
  price: number;
  is_active: boolean;
  product_status: ProductStatus;
  comment_status: CommentStatus;
  /** See {@link Product.forensic_watermark}; true when not sent. */
  forensic_watermark: boolean;
}

/** Fields of the dashboard session form (multipart; `image` and `file` are files), with its schedule (issue 37 item 5). */
export interface ProductSessionForm extends SessionScheduleForm {
  product_id: number;
  title: string;
  slug: string;
  description: string;
  position: number;
  is_free_preview: boolean;
  /** A lesson (default), or a quiz whose rules and questions are set apart (issue 37). */
  kind: SessionKind;
  is_active: boolean;
  comment_status: CommentStatus;
}


/** A session as the dashboard lists and edits it. */
export interface DashboardProductSession extends ProductSessionForm {
  id: number;
  /** The instant of `release_date` (ISO UTC), or null; the server always sends the schedule's fields (issue 37 item 5). */
  release_at?: string | null;
  product_title: string;
  image: string | null;
  /** True when a lesson file is stored. */
  has_file: boolean;
  file_type: string | null;
  file_size: number | null;
  /** The latest upload's processing (issue 24); the ready lesson plays meanwhile. */
  media_status: LessonMediaStatus;
  /** Percent of the running transcode, 0–100. */
  media_progress: number;
  /** Why the latest upload failed (Persian), or null. */
  media_error: string | null;
  /** What the ready lesson holds, or null when none is ready. */
  media_kind: LessonMediaKind | null;
  /** Length of the ready lesson, whole seconds, or null. */
  duration_seconds: number | null;
  /** Public path of the poster image, or null. */
  poster: string | null;
  /** True when Persian WebVTT subtitles are stored. */
  has_subtitles: boolean;
  likes_count: number;
  comments_count: number;
  created_at: string;
  updated_at: string;
}

/** Periods of the sales and refund summaries (SPEC §2): Jalali, ending at Tehran midnight, weeks from Saturday. */
export const SALES_PERIODS = ['all', 'day', 'week', 'month', 'three-months', 'six-months', 'year'] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];

/**
 * One product's line of a summary (SPEC §3 "Sales summary" / "Refund summary"): sales are items
 * of paid checkout orders and the paid parts of courses bought in parts (issue 36 item 5), refunds
 * their refunded items; courses given by hand are in neither.
 */
export interface SalesSummaryRow {
  product_id: number;
  product_name: string;
  /** Items sold (a course bought in parts once, by its first part), or refunded. */
  count: number;
  /** Tomans: sales at list prices (gross), refunds as given back. */
  total: number;
  /** Tomans the discount codes took off these sales (issue 25); 0 in the refund summary. */
  discount: number;
  /** Tomans: `total` − `discount`, what the buyers paid. */
  net: number;
  /** Tomans still owed now on this course's purchases in parts begun in the period (see `meta.total_outstanding`); 0 in the refund summary. */
  outstanding: number;
}

/** `GET /api/dashboard/financial-info/sales|refunds?period=`. */
export interface SalesSummaryAnswer {
  data: SalesSummaryRow[];
  meta: {
    period: SalesPeriod;
    /** Start of the period (inclusive), null for `all`. */
    from: string | null;
    /** End of the period (exclusive). */
    to: string;
    total_count: number;
    /** Tomans: gross sales (list prices), or given back in the refund summary. */
    total_amount: number;
    /** Tomans of discount over the rows (issue 25); 0 in the refund summary. */
    total_discount: number;
    /** Tomans: `total_amount` − `total_discount`. */
    total_net: number;
    /** Items refunded in the period, apart from the sales (issue 25); the totals again in the refund summary. */
    refund_count: number;
    /** Tomans given back in the period. */
    refund_amount: number;
    /**
     * Courses staff added to users by hand in the period (SPEC §8), counted apart from sales and
     * refunds (issue 22 item 10); always 0 in the refund summary.
     */
    given_count: number;
    /** Tomans of `total_net` paid from buyers' wallets (issue 36 item 5); 0 in the refund summary. */
    total_wallet: number;
    /** Tomans of `total_net` paid through the gateways: `total_net` − `total_wallet`. */
    total_gateway: number;
    /**
     * Tomans still owed now on the courses whose first part was paid in the period (the unpaid parts
     * of purchases not cancelled, issue 36 item 5); 0 in the refund summary.
     */
    total_outstanding: number;
    /** Tomans of sales agents' commission on the period's sales, reversed ones left out; 0 in the refund summary. */
    total_commission: number;
  };
  /** Totals per Tehran calendar day inside the period (at most the last 366 days), for the chart. */
  series: Array<{ date: string; count: number; total: number }>;
}

/**
 * Fields of the dashboard's discount code form (issue 25; `POST`/`PUT /api/dashboard/discount-codes`).
 * Money in whole tomans, instants ISO 8601 UTC (the form picks them in Tehran time).
 */
export interface DiscountCodeForm {
  /** Latin letters and digits; stored and matched upper-case. */
  code: string;
  kind: DiscountKind;
  /** 1–100 for `percent`; tomans (> 0) for `amount`. */
  value: number;
  /** True: every course; false: only `product_ids` (at least one). */
  applies_to_all: boolean;
  product_ids: number[];
  /** From when it works, or null for at once. */
  starts_at: string | null;
  /** Until when it works (after `starts_at`), or null for no end. */
  ends_at: string | null;
  /** Uses in all (paid orders, and unpaid ones still held), or null for no cap. */
  total_cap: number | null;
  /** Uses by one buyer, or null for no cap. */
  per_user_cap: number | null;
  /** Least cart subtotal it works on, tomans, or null. */
  min_cart_total: number | null;
  is_active: boolean;
}

/** A discount code as the dashboard lists and edits it (issue 25). */
export interface DiscountCode extends DiscountCodeForm {
  id: number;
  /** The chosen courses (empty when `applies_to_all`). */
  products: Array<{ id: number; title: string }>;
  /** Paid orders that used it. */
  uses: number;
  /** Tomans it gave away: the sum of those orders' `discount_amount`. */
  given_amount: number;
  created_at: string;
  updated_at: string;
}

/** An order that used a discount code (`GET /api/dashboard/discount-codes/:id/uses`; issue 25). */
export interface DiscountCodeUse {
  order_id: number;
  user: { id: number; full_name: string; email: string; mobile: string | null };
  payment_status: PaymentStatus;
  /** Tomans the code took off. */
  discount_amount: number;
  /** Tomans paid (or to pay). */
  total_price: number;
  created_at: string;
  paid_at: string | null;
}

/** `PUT /api/cart/discount-code` body (issue 25). */
export interface ApplyDiscountCodeBody {
  code: string;
}
