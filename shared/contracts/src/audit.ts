/**
 * Wire shapes of the audit log (issue 26 "Audit log"): who changed what through the dashboard, when
 * and from which address, with the fields before and after (secrets left out). Same conventions as
 * entities.ts: snake_case, ISO 8601 UTC dates.
 *
 * Endpoints (super users only, `requirePermission(SUPER_ONLY)`: 403 for staff):
 * - `GET /api/dashboard/audit-log` `AuditLogQuery` → `Paginated<AuditEntry>`, newest first; 422 on
 *   `from`/`to` for a date that is not a Jalali date or a range upside down
 * - `GET /api/dashboard/audit-log/export` (the same filters, no page) → CSV, UTF-8 with a BOM
 * There is no way to edit or delete an entry; entries are kept `AUDIT_RETENTION_DAYS` (≥ 365).
 */

/** What an entry is about: the dashboard's entities (a refund is of an `order_item`). */
export const AUDIT_ENTITIES = [
  'post',
  'podcast',
  'product',
  'product_session',
  'user',
  'permission',
  'order',
  'order_item',
  'comment',
  'ticket',
  'announcement',
  'link',
  'discount_code',
  'site_information',
  'terms',
  'remote_release',
  'wallet_entry',
  'gift_card',
  'instalment_plan',
  'instalment_purchase',
  'sales_agent',
  'agent_payout',
  'quiz_question',
  'quiz',
  'assignment',
  'assignment_submission',
  'user_device',
  'forensic_identification',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/**
 * What was done. `assign`/`unassign`: a permission given to or taken from a user; `upload`: a
 * session's lesson file uploaded (queued for processing, or a document stored); `retry`: a failed
 * lesson processed again; `login_failed`: a sign-in refused (wrong password or code, unknown
 * identifier; the actor is nobody, id 0); `lockout`: an account's guessing limit reached (issue 31);
 * `reply`, `close`, `reopen`: a ticket answered, closed or opened again by staff (issue 32 item 3);
 * `release`, `promote`, `rollback`, `canary`, `prune`, `preview`: a remote's version published, made
 * active, rolled back from, tried on a share of visitors (or its canary ended), its files removed,
 * previewed by a super user for themselves (or the preview ended) (issue 35); `regrade`: a quiz
 * question's earlier answers scored again by its current version, `grade`: an assignment's submission given its score (issue 37); `revoke`: a
 * buyer's access to a course ended from a forensic identification of a leaked copy (issue 38 item 4).
 */
export const AUDIT_ACTIONS = [
  'create', 'update', 'delete', 'refund', 'approve', 'reject', 'assign', 'unassign', 'read', 'unread', 'upload', 'retry', 'login_failed', 'lockout',
  'reply', 'close', 'reopen',
  'release', 'promote', 'rollback', 'canary', 'prune', 'preview',
  'regrade',
  'grade',
  'revoke',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The Persian name of each entity type, as the audit log page and its CSV show it (one source for both). */
export const AUDIT_ENTITY_NAMES: Record<AuditEntity, string> = {
  post: 'نوشته',
  podcast: 'پادکست',
  product: 'دوره',
  product_session: 'جلسه دوره',
  user: 'کاربر',
  permission: 'دسترسی',
  order: 'سفارش',
  order_item: 'مورد سفارش',
  comment: 'دیدگاه',
  ticket: 'پیام تماس',
  announcement: 'اطلاعیه',
  link: 'پیوند',
  discount_code: 'کد تخفیف',
  site_information: 'اطلاعات سایت',
  terms: 'قوانین و مقررات',
  remote_release: 'انتشار ریموت',
  wallet_entry: 'تراکنش کیف پول',
  gift_card: 'کارت هدیه',
  instalment_plan: 'طرح اقساط',
  quiz_question: 'پرسش آزمون',
  quiz: 'آزمون',
  assignment: 'تکلیف',
  assignment_submission: 'پاسخ تکلیف',
  user_device: 'دستگاه کاربر',
  forensic_identification: 'شناسایی نسخه نشت‌کرده',
  instalment_purchase: 'خرید اقساطی',
  sales_agent: 'همکار فروش',
  agent_payout: 'تسویه همکار فروش',
};

/** The Persian name of each action, as the audit log page and its CSV show it. */
export const AUDIT_ACTION_NAMES: Record<AuditAction, string> = {
  create: 'افزودن',
  update: 'ویرایش',
  delete: 'حذف',
  refund: 'بازگشت وجه',
  approve: 'تأیید',
  reject: 'رد',
  assign: 'دادن دسترسی',
  unassign: 'گرفتن دسترسی',
  read: 'خوانده‌شده',
  unread: 'خوانده‌نشده',
  upload: 'بارگذاری فایل',
  retry: 'پردازش دوباره',
  login_failed: 'ورود ناموفق',
  lockout: 'توقف ورود از دستگاه‌های تازه',
  reply: 'پاسخ',
  close: 'بستن',
  reopen: 'بازگشایی',
  release: 'انتشار',
  promote: 'فعال‌سازی نسخه',
  rollback: 'بازگشت به نسخه پیشین',
  canary: 'آزمایش روی سهمی از بازدیدکنندگان',
  prune: 'پاک‌کردن نسخه قدیمی',
  preview: 'پیش‌نمایش نسخه برای خود',
  regrade: 'بازنمره‌دهی',
  grade: 'نمره‌دادن',
  revoke: 'لغو دسترسی',
};

/** Field values of an entity at one moment (only the fields that changed, for an update). */
export type AuditFields = Record<string, unknown>;

/** One entry of the audit log. */
export interface AuditEntry {
  id: number;
  /** Who: the account's id (it may have been deleted since) and its name at the time. */
  actor: { id: number; full_name: string };
  /** The request's address as the app's `trustProxy` gives it. */
  ip: string;
  entity_type: AuditEntity;
  /** Null for a single record (site information, terms). */
  entity_id: number | null;
  action: AuditAction;
  /** Null on create. */
  before: AuditFields | null;
  /** Null on delete. */
  after: AuditFields | null;
  created_at: string;
}

/**
 * Filters of the audit log. `from` and `to` are Jalali dates `1405-09-05` (Latin or Persian
 * digits, `-` or `/`), days in Tehran, both included.
 */
export interface AuditLogQuery {
  page?: number;
  per_page?: number;
  /** Searched in the actor's name. */
  actor?: string;
  actor_id?: number;
  entity_type?: AuditEntity;
  entity_id?: number;
  action?: AuditAction;
  from?: string;
  to?: string;
}
