/**
 * Wire shapes of running the site (issue 8; SPEC §1, §2, §3, §4, §8, §9): announcements, links
 * and FAQ, terms, site information with the three switches, and the dashboard home. Same
 * conventions as entities.ts: snake_case, ISO 8601 UTC dates, money in tomans.
 *
 * Endpoints (all under `/api`; browser writes echo the XSRF cookie):
 *
 * Public:
 * - `GET /site-information` → `Item<SiteInformation>`
 * - `GET /links?type=` → `{ data: Link[] }` (FAQ tabs read the two question types, the footer `link`)
 * - `GET /announcements` → `{ data: PublicAnnouncement[] }`: active and not expired, newest first
 *
 * Dashboard (`/dashboard/<section>`, the named permission checked on the server):
 * - `manage-announcements`: `GET /dashboard/announcements` (`page`, `per_page`) → `Paginated<Announcement>`;
 *   `POST` `AnnouncementInput` → 201 `Item<Announcement>` (422 when `expired_at` is not in the future);
 *   `GET|PUT|DELETE /dashboard/announcements/:id`; PUT of an expired announcement → 422
 *   `announcementExpired` («expired announcement cannot be edited», SPEC §4, §8)
 * - `manage-links`: `GET /dashboard/links` (`page`, `per_page`, `type`) → `Paginated<Link>`;
 *   `POST` `LinkInput` → 201; `GET|PUT|DELETE /dashboard/links/:id`
 * - `manage-terms`: `GET|PUT /dashboard/terms-and-conditions` `TermsInput` → `Item<TermsInput>`;
 *   the HTML is stored sanitized
 * - `manage-site-information`: `GET|PUT /dashboard/site-information` `SiteInformationInput` →
 *   `Item<SiteInformation>`; `about_me` is stored sanitized; the switches act at once
 * - any dashboard user: `GET /dashboard/overview` → `Item<DashboardOverview>`: only the figures the
 *   user's permissions allow
 */

/** Link type of SPEC §3/§4. */
export const LINK_TYPES = ['question', 'product-related-question', 'link'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/** A link (SPEC §3 "Link"): an FAQ entry (question types: title = question, text = answer) or a footer link (text = URL). */
export interface Link {
  id: number;
  title: string;
  text: string;
  type: LinkType;
}

/** Body of `POST|PUT /dashboard/links`. A `link` item's text is an http(s) URL. */
export interface LinkInput {
  title: string;
  text: string;
  type: LinkType;
}

/** Activity of an announcement (SPEC §4 "Activity"). */
export const ANNOUNCEMENT_STATUSES = ['active', 'inactive'] as const;
export type AnnouncementStatus = (typeof ANNOUNCEMENT_STATUSES)[number];

/** An announcement as the dashboard lists it (SPEC §3 "Announcement"). */
export interface Announcement {
  id: number;
  title: string;
  /** Plain text, shown in the public banner. */
  text: string;
  status: AnnouncementStatus;
  /** When it stops showing and becomes read only. ISO 8601, UTC. */
  expired_at: string;
  /** `expired_at` has passed (SPEC §4: an expired announcement cannot be edited). */
  is_expired: boolean;
  created_at: string;
  updated_at: string;
}

/** What a visitor's banner needs; closing it is remembered per `id` on the device. */
export type PublicAnnouncement = Pick<Announcement, 'id' | 'title' | 'text' | 'expired_at'>;

/** Body of `POST|PUT /dashboard/announcements`; `expired_at` must be in the future. */
export interface AnnouncementInput {
  title: string;
  text: string;
  status: AnnouncementStatus;
  expired_at: string;
}

/** The social networks the site information may link to, in display order. */
export const SOCIAL_NETWORKS = ['telegram', 'instagram', 'x', 'youtube', 'aparat', 'linkedin', 'github'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** http(s) URL per network; a missing key means no link. */
export type SocialLinks = Partial<Record<SocialNetwork, string>>;

/** The site information record (one per site): texts, contact details and the switches of SPEC §1. */
export interface SiteInformation {
  /** Shown in the header, the footer and page titles. */
  site_name: string;
  /** One or two sentences: the home page's lead and the pages' meta description. */
  short_description: string;
  /** Sanitized HTML: the home page's about-me section and `/about-me`. */
  about_me: string;
  /** Sanitized HTML of `/terms-and-conditions`. */
  terms_and_conditions: string;
  contact_email: string | null;
  /** In E.164 (`+98…`); shown in Persian digits. */
  contact_phone: string | null;
  address: string | null;
  social_links: SocialLinks;
  comments_enabled: boolean;
  tickets_enabled: boolean;
  selling_enabled: boolean;
  /**
   * The VAT rate in whole percent that prices include (issue 36 item 5): 0–100, 0 for a seller
   * who charges none. Kept with each order as it is paid and shown on its receipt.
   */
  vat_percent: number;
  /** Devices a buyer's paid lessons play on (issue 38 item 1): 1–20, default 3. */
  max_devices: number;
  /** Devices a buyer may remove themselves in 30 days (issue 38 item 1): 0–10, default 2. */
  device_removals_per_month: number;
  /** Lessons one account plays at once (issue 38 item 2): 1–10, default 1; a new stream takes over the oldest. */
  max_concurrent_streams: number;
}

/** Body of `PUT /dashboard/site-information`: everything but the terms, which `manage-terms` edits. */
export type SiteInformationInput = Omit<SiteInformation, 'terms_and_conditions'>;

/** Body and answer of `GET|PUT /dashboard/terms-and-conditions`. */
export interface TermsInput {
  terms_and_conditions: string;
}

/** One day of the dashboard's sales chart: the Tehran day's start (ISO 8601), items sold and tomans. */
export interface DailySales {
  date: string;
  count: number;
  total: number;
}

/**
 * The dashboard home's figures (issue 8 "Dashboard home"). A key is present only when the user's
 * permissions allow its section: `unread_tickets` (`show-tickets`), `pending_comments`
 * (`show-comments`), `sales` (`show-financial-info`), `new_users_this_week` (`show-users`).
 */
export interface DashboardOverview {
  unread_tickets?: number;
  pending_comments?: number;
  sales?: {
    /** Tomans sold today (Tehran day), gross: list prices (issue 32 item 6). */
    today: number;
    /** Tomans sold today after discounts: gross − discount, as the financial page's «خالص». */
    today_net: number;
    /** Tomans sold this Jalali month, gross. */
    this_month: number;
    /** Tomans sold this Jalali month after discounts. */
    this_month_net: number;
    /** The last 30 Tehran days, oldest first, zero-filled. */
    last_30_days: DailySales[];
  };
  /** Users registered in the last 7 days. */
  new_users_this_week?: number;
}

/** The most ids one bulk action of the dashboard may name; more answer 422 (issue 26 "Bulk moderation"). */
export const BULK_MAX_IDS = 100;

/** The actions of `POST /api/dashboard/comments/bulk` (issue 26). */
export type CommentBulkAction = 'approve' | 'reject' | 'delete';

/** The actions of `POST /api/dashboard/contact-us/bulk` (issue 26). */
export type TicketBulkAction = 'read' | 'unread';

/** Body of a dashboard bulk action: 1 to {@link BULK_MAX_IDS} ids (duplicates ignored). */
export interface BulkActionBody<A extends string> {
  action: A;
  ids: number[];
}

/**
 * Answer of a dashboard bulk action (issue 26), done all or nothing: `ids`, the distinct ids acted
 * on; `changed`, the rows whose state changed (an approve of an approved comment changes nothing;
 * a delete lists every comment removed, the replies below the named ones too).
 */
export interface BulkActionAnswer<A extends string> {
  message: string;
  data: { action: A; ids: number[]; changed: number[] };
}
