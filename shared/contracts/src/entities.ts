/**
 * The API's wire shapes (DESIGN.md "API server"): snake_case fields as in SPEC.md §3,
 * dates as ISO 8601 UTC strings, money as whole tomans.
 */
import type { InstalmentPlanOffer } from './instalments';
import type { SessionKind } from './learning';
import type { PermissionName, UserStatus } from './permissions';

/** Pagination block of every list answer. */
export interface PageMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
}

/** A list answer: `{ data: [...], meta }`. */
export interface Paginated<T> {
  data: T[];
  meta: PageMeta;
}

/** A single-item answer: `{ data: {...} }`. */
export interface Item<T> {
  data: T;
}

/** Every error answer: a Persian message and, for 422, Persian messages per field. */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string[]>;
}

/** List order of SPEC §2 for posts, podcasts and products. */
export const LIST_FILTERS = ['all', 'most-liked', 'newest', 'oldest'] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

/** Query of a public list endpoint. */
export interface ListQuery {
  page?: number;
  per_page?: number;
  filter?: ListFilter;
}

/** Likeable and commentable types (DESIGN.md). */
export const CONTENT_TYPES = ['post', 'podcast', 'product', 'product_session'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/**
 * Comment status of an item (SPEC §4, §6): open, closed, or `buyers-only` (products and their
 * sessions: only buyers of the course may comment).
 */
export type CommentStatus = 'open' | 'closed' | 'buyers-only';

/** Fields that posts, podcasts, products and sessions share. */
export interface ContentBase {
  id: number;
  title: string;
  slug: string;
  /** Sanitized HTML. */
  description: string;
  /** Absolute path of the image under `/media`, or null. */
  image: string | null;
  is_active: boolean;
  comment_status: CommentStatus;
  likes_count: number;
  comments_count: number;
  created_at: string;
  updated_at: string;
}

export type Post = ContentBase;

export interface Podcast extends ContentBase {
  /** Path of the audio file under `/media`. */
  file: string | null;
  /** Length in seconds, when known. */
  duration_seconds: number | null;
}

/** Product status of SPEC §4. */
export type ProductStatus = 'in-progress' | 'done' | 'expired';

export interface Product extends ContentBase {
  /** Price in tomans; 0 means free. */
  price: number;
  sessions_count: number;
  product_status: ProductStatus;
  /**
   * Whether the course's video lessons carry the forensic watermark (issue 38 item 3): each buyer's
   * stream names them, at the cost of a second transcode of every upload. On by default.
   */
  forensic_watermark: boolean;
}

/** A product session (SPEC §3) as the public pages list it, without its file. */
export interface ProductSession extends ContentBase {
  product_id: number;
  product_title: string;
  /** Order inside the product, 1-based. */
  position: number;
  /** Anyone signed in may open a free-preview session; others must have bought the course. */
  is_free_preview: boolean;
}

/** One session in a product's list, with what the caller may do with it. */
export interface ProductSessionSummary {
  id: number;
  title: string;
  slug: string;
  position: number;
  is_free_preview: boolean;
  /** A lesson, a quiz or an assignment (issue 37). */
  kind: SessionKind;
  /** Whether the course's certificate waits for it: false only for an assignment staff made optional (issue 37 item 3). */
  required_for_certificate: boolean;
  created_at: string;
  /** True when the caller may open it (bought the course, or a free preview); false for visitors on paid sessions. */
  can_view: boolean;
  /** True when the caller marked it done; false for visitors. */
  is_done: boolean;
  /** Why the session is still closed to the buyer, or null when open (issue 37 item 5; null for visitors, non-buyers and free previews). */
  lock: SessionLock | null;
}

/**
 * How a session opens (issue 37 item 5): at once (`none`), a number of days after the buyer's
 * access to the course began (`days_after_purchase`), or on a Jalali day at 00:00 Tehran time (`on_date`).
 */
export type SessionRelease = 'none' | 'days_after_purchase' | 'on_date';

/**
 * What still closes a session to a buyer (issue 37 item 5); at least one of `opens_at` and
 * `prerequisite` is set. Its content (lesson, file, quiz) is refused (423) until both clear.
 */
export interface SessionLock {
  /** When its date opens it for this buyer (ISO UTC), or null when no date holds it back. */
  opens_at: string | null;
  /** The rule's days when the date is «N days after purchase» (for «۷ روز پس از خرید»), else null. */
  days_after_purchase: number | null;
  /** The session to do first (a quiz: to pass), or null when none holds it back. */
  prerequisite: { id: number; title: string; kind: SessionKind } | null;
}

/** An active session of a course a buyer has not done yet: what stands between them and the certificate (issue 37 item 4). */
export interface SessionLeft {
  session_id: number;
  title: string;
  /** A quiz is done only once its standing score passes, so a quiz left is one not passed yet. */
  kind: SessionKind;
}

/** How far a buyer is through a course: «۳ از ۸ جلسه». */
export interface CourseProgress {
  /** Sessions done (a quiz: passed). */
  done: number;
  /** Active sessions of the course. */
  total: number;
  /**
   * The session «ادامه یادگیری» opens (issue 24): the first of `left`; null when nothing is left
   * (or the course has no session).
   */
  resume_session_id: number | null;
  /**
   * The active sessions the certificate waits for (every one but an optional assignment) not done
   * yet, in the course's order (position, then id); for a quiz «not done» means «not passed», for
   * an assignment «not graded a pass». The certificate is issued when this empties; one already
   * issued stays valid if a quiz comes back here (a failed retake under the «last» score policy).
   */
  left: SessionLeft[];
}

/** A product with its sessions and the caller's relation to it, as the detail page shows it. */
export interface ProductDetail extends Product {
  sessions: ProductSessionSummary[];
  /** The caller has it in the cart (false for visitors). */
  in_cart: boolean;
  /** The caller owns it: paid (or added by staff) and not refunded (false for visitors). */
  is_bought: boolean;
  /** The caller's progress when bought, else null. */
  progress: CourseProgress | null;
  /** The code of the caller's valid certificate of this course (`/certificates/{code}`), once finished; else null (issue 32 item 7). */
  certificate_code: string | null;
  /** The course's active plans to buy it in parts, each with its schedule if bought now (issue 36 item 2). */
  instalment_plans: InstalmentPlanOffer[];
}

/** A public comment with its replies (DESIGN.md: comments come as a tree). */
export interface CommentNode {
  id: number;
  parent_id: number;
  text: string;
  user: { id: number; full_name: string; is_staff: boolean };
  created_at: string;
  replies: CommentNode[];
}

/** Comment permission of a user (SPEC §4). */
export type WriteCommentStatus = 'allowed' | 'temporarily-barred' | 'barred';

/** A user as the API shows it to the user itself or to staff. */
export interface User {
  id: number;
  full_name: string;
  email: string;
  mobile: string | null;
  way_of_knowing_our_website: string | null;
  /**
   * Effective comment permission (SPEC §4): a temporary bar whose end has passed reads `allowed`.
   */
  write_comment_status: WriteCommentStatus;
  /** End of a temporary bar (ISO 8601), else null. */
  comment_barred_until: string | null;
  status: UserStatus;
  is_email_verified: boolean;
  email_verified_at: string | null;
  /** True when the mobile was proved by an SMS code (issue 26); false without a mobile, and again after it changes. */
  is_mobile_verified: boolean;
  /** Catalogue names (DESIGN.md) and any names super users created. */
  permissions: Array<{ id: number; name: PermissionName | (string & {}) }>;
  created_at: string;
  updated_at: string;
}

/** A product the user bought, as `buyedProducts` lists it (SPEC §3). */
export interface BoughtProduct {
  id: number;
  title: string;
  slug: string;
  image: string | null;
  bought_at: string;
  progress: CourseProgress;
}

/** Answer of `POST /api/auth/logged-in-user-info` (SPEC §7). */
export interface LoggedInUserInfo {
  data: { user: User; buyedProducts: BoughtProduct[] };
}

/** Answer of login and register (SPEC §7: returns token). */
export interface AuthTokenAnswer {
  token: string;
  message: string;
  data: { user: User };
}

/**
 * Where a ticket's thread stands (issue 32 item 3): `waiting` for the site (no answer yet, or the
 * sender wrote last), `answered` (staff wrote last), `closed` (staff closed it; no more replies
 * from the sender).
 */
export type TicketState = 'waiting' | 'answered' | 'closed';

/**
 * A contact-us ticket (SPEC §3 "Ticket", §4: read or unread), as the dashboard lists it and, for
 * its sender, the profile (`GET /api/tickets`, issue 32 item 3).
 */
export interface Ticket {
  id: number;
  user_id: number;
  user_name: string;
  user_email: string;
  user_mobile: string | null;
  title: string;
  /** Read by staff; a reply of the sender makes it unread again (issue 32 item 3). */
  is_read: boolean;
  text: string;
  /** ISO 8601, UTC. */
  created_at: string;
  /** When staff closed the thread (ISO 8601, UTC), or null while it is open (issue 32 item 3). */
  closed_at: string | null;
  /** How many messages the thread has after the ticket's own text. */
  replies_count: number;
  state: TicketState;
}

/** One message of a ticket's thread after its first (issue 32 item 3). */
export interface TicketReply {
  id: number;
  ticket_id: number;
  /** The author, or null when the account was deleted since. */
  user_id: number | null;
  /** The author's name ('' when the account was deleted). */
  user_name: string;
  /** Written by staff through the dashboard, on the site's behalf. */
  is_staff: boolean;
  text: string;
  /** ISO 8601, UTC. */
  created_at: string;
}

/**
 * A ticket with its whole thread, oldest reply first (issue 32 item 3): `GET /api/tickets/:ticketId`
 * for its sender, `GET /api/dashboard/contact-us/:id` for staff holding show-tickets.
 */
export interface TicketThread extends Ticket {
  replies: TicketReply[];
}

/** Body of a reply to a ticket, the sender's or staff's (`ticketReplySchema` of @shop/validation). */
export interface TicketReplyBody {
  text: string;
}

/** Read-state filter of the dashboard tickets list. */
export type TicketStatusFilter = 'all' | 'unread' | 'read';
