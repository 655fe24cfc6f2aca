/**
 * Wire shapes of accounts, people and permissions (issue 7; SPEC §2, §3, §4, §6, §8). Same
 * conventions as entities.ts: snake_case, ISO 8601 UTC dates.
 *
 * Endpoints (all under `/api`; browser writes echo the XSRF cookie):
 *
 * Auth (public unless marked):
 * - `POST /auth/verify-email` `{token}` → `VerifyEmailAnswer` (200 `verified` or `already-verified`);
 *   422 `{message}` when the link's token is tampered, expired, or for an email the account no longer has
 * - `POST /auth/resend-verification-email` (signed in) → `{message}`; 422 already verified; 429 too soon
 * - `POST /auth/forgot-password` `{email}` or `{mobile}` → `{message}`, the same whether or not the
 *   account exists; 429 per account and per address
 * - `POST /auth/reset-password` `{email|mobile, code, password, password_confirmation}` → `{message}`;
 *   422 wrong / expired / used code (the 6th try burns the code); every token of the user is revoked
 * - `POST /auth/sms-code` `{mobile, purpose: 'login'|'verify-mobile'|'reset-password'}` → `{message}`,
 *   the same whether or not the number has an account (issue 26); a 6-digit code valid 2 minutes is
 *   sent by SMS for an account (`login`), a verified mobile (`reset-password`) or the signed-in
 *   user's own mobile (`verify-mobile`); 429 with Retry-After and when to try again after one code
 *   a minute or five an hour per number
 * - `POST /auth/sms-login` `{mobile, code}` → `AuthTokenAnswer` + cookie, like the password login;
 *   422 on `code`: wrong (five end it), expired, used, another number's
 * - `POST /auth/verify-mobile` (signed in) `{code}` → `{message}`; the mobile is verified
 * - `POST /auth/sms-reset-password` `{mobile, code, password, password_confirmation}` → `{message}`;
 *   for a verified mobile; every token of the user is revoked
 * - A request with an expired or revoked token answers 401 `MESSAGES.tokenExpired` («token expired»)
 *
 * Profile (signed in):
 * - `PUT /profile` `{full_name, email, mobile?}` → `Item<User>`; a new email is unverified and gets a link
 * - `PUT /profile/password` `{current_password, password, password_confirmation}` → `{message}`;
 *   422 wrong current password; the user's other tokens are revoked
 *
 * Dashboard users (`show-users`; lists `{data, meta}`):
 * - `GET /dashboard/users` `DashboardUserListQuery` → `Paginated<User>`
 * - `POST /dashboard/users` `{full_name, email, mobile?, password, status, permission_ids}` → 201 `Item<User>`
 * - `GET|PUT|DELETE /dashboard/users/:id` (PUT: password optional) → `Item<User>` / `{message}`;
 *   only super changes the type or assigns permissions (403 `forbidden`), permissions only for staff (422);
 *   DELETE of a buyer → 405 «operation is not valid»; of oneself or the last super → 422
 * - `POST /dashboard/users/:id/comment-status` `{write_comment_status, barred_until?}` → `Item<User>`;
 *   422 when `barred_until` is not in the future
 *
 * Dashboard permissions (`manage-permissions`):
 * - `GET /dashboard/permissions` (`page`, `per_page`, `q`) → `Paginated<PermissionDetail>`
 * - `POST /dashboard/permissions` `{name}` → 201 `Item<PermissionDetail>`; 422 name taken
 * - `GET|PUT|DELETE /dashboard/permissions/:id` → `Item<PermissionDetail>` / `{message}`;
 *   a permission the code checks (`is_builtin`) cannot be renamed or deleted (422, with why)
 * - `POST /dashboard/permissions/:id/users` `{user_id}` → `Item<PermissionDetail>`; 422 not a staff user
 * - `DELETE /dashboard/permissions/:id/users/:userId` → `Item<PermissionDetail>`
 */
import type { UserStatus } from './permissions';
import type { WriteCommentStatus } from './entities';

/** What opening the verification link did (SPEC §8 "email already verified"). */
export type EmailVerificationState = 'verified' | 'already-verified';

/** Answer of `POST /api/auth/verify-email`. */
export interface VerifyEmailAnswer {
  status: EmailVerificationState;
  message: string;
}

/** Body of `POST /api/auth/forgot-password`: exactly one identifier. */
export type ForgotPasswordBody = { email: string } | { mobile: string };

/** Body of `POST /api/auth/reset-password`. */
export type ResetPasswordBody = ForgotPasswordBody & {
  code: string;
  password: string;
  password_confirmation: string;
};

/** What an SMS code is for (issue 26); `SMS_CODE_PURPOSES` of @shop/validation. */
export type SmsCodePurpose = 'login' | 'verify-mobile' | 'reset-password';

/** Body of `POST /api/auth/sms-code`: a mobile in any Iranian form and digits. */
export interface SmsCodeBody {
  mobile: string;
  purpose: SmsCodePurpose;
}

/** Body of `POST /api/auth/sms-login`: the code in any digits. */
export interface SmsLoginBody {
  mobile: string;
  code: string;
}

/** Body of `POST /api/auth/sms-reset-password`: the code in any digits and the new password (issue 26). */
export interface SmsResetPasswordBody extends SmsLoginBody {
  password: string;
  password_confirmation: string;
}

/** Body of `PUT /api/profile`; an empty mobile removes it. */
export interface ProfileBody {
  full_name: string;
  email: string;
  mobile?: string;
}

/** Body of `PUT /api/profile/password`. */
export interface PasswordChangeBody {
  current_password: string;
  password: string;
  password_confirmation: string;
}

/** A message-only answer (`{message}`). */
export interface MessageAnswer {
  message: string;
}

/** Query of `GET /api/dashboard/users`. */
export interface DashboardUserListQuery {
  page?: number;
  per_page?: number;
  /** Name, email or any part of the mobile, in Persian, Arabic-Indic or Latin digits. */
  q?: string;
  /** `id`, `created_at`, `full_name`, `email`, with a leading `-` for descending. */
  sort?: string;
  status?: UserStatus;
  verified?: 'yes' | 'no';
  /** The effective status: a temporary bar whose time has passed counts as `allowed`. */
  write_comment_status?: WriteCommentStatus;
}

/** Body of `POST /api/dashboard/users` (PUT: `password` may be left out to keep it). */
export interface DashboardUserBody {
  full_name: string;
  email: string;
  mobile?: string;
  password?: string;
  status: UserStatus;
  /** Ids of the permissions a staff user holds (ignored for others when empty, 422 otherwise). */
  permission_ids: number[];
}

/** Body of `POST /api/dashboard/users/:id/comment-status` (SPEC §4). */
export interface CommentRestrictionBody {
  write_comment_status: WriteCommentStatus;
  /** ISO 8601 end of a temporary bar; required and in the future for `temporarily-barred`. */
  barred_until?: string;
}

/** A user assigned to a permission (SPEC §3 "Permission": id, full name, email). */
export interface PermissionHolder {
  id: number;
  full_name: string;
  email: string;
}

/** A permission as the dashboard shows it. */
export interface PermissionDetail {
  id: number;
  name: string;
  /** True when the code checks this name (the DESIGN.md catalogue): it cannot be renamed or deleted. */
  is_builtin: boolean;
  users: PermissionHolder[];
}

/** Body of `POST|PUT /api/dashboard/permissions`. */
export interface PermissionBody {
  name: string;
}

/** The login page's query parameter naming where to go once signed in (issue 22 item 12). */
export const LOGIN_RETURN_PARAM = 'redirect';

/**
 * `raw` when it is a path of this site (`/…`, not `//host` nor `/\host`, no control characters),
 * else null: the login page follows only these, so a crafted link cannot send a user elsewhere.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  return raw;
}

/**
 * The login page that, once signed in, returns to `returnTo` (a path of this site, query
 * included), e.g. `/login?redirect=%2Fproducts%2F3%3Fadd-to-cart%3D1` (issue 22 item 12).
 */
export function loginPathReturningTo(returnTo: string): string {
  return pageReturningTo('/login', returnTo);
}

/**
 * The register page that, once the account is made, returns to `returnTo` like
 * {@link loginPathReturningTo} (issue 25: a visitor who pays for their cart comes back to it).
 */
export function registerPathReturningTo(returnTo: string): string {
  return pageReturningTo('/register', returnTo);
}

function pageReturningTo(page: '/login' | '/register', returnTo: string): string {
  const path = safeReturnPath(returnTo);
  return path ? `${page}?${new URLSearchParams({ [LOGIN_RETURN_PARAM]: path })}` : page;
}

/**
 * Kinds of mail a user may turn off (issue 25 win-back; issue 26 adds its notifications): the
 * profile's switches and each such mail's one-click unsubscribe (RFC 8058) write them. Account
 * mails (verification, password reset) and receipts are always sent.
 */
export const MAIL_KINDS = [
  'unpaid-order-reminder',
  'comment-approved',
  'comment-reply',
  'pending-comments-digest',
  'new-ticket',
] as const;

/** One name of {@link MAIL_KINDS}. */
export type MailKind = (typeof MAIL_KINDS)[number];

/** The Persian name of each mail kind: the profile's switches and the unsubscribe page (one source for both). */
export const MAIL_KIND_NAMES: Record<MailKind, string> = {
  'unpaid-order-reminder': 'یادآوری سفارش‌های پرداخت‌نشده',
  'comment-approved': 'تأیید دیدگاه‌های من',
  'comment-reply': 'پاسخ به دیدگاه‌های من',
  'pending-comments-digest': 'خلاصه دیدگاه‌های در انتظار تأیید',
  'new-ticket': 'پیام‌های تازه تماس با ما',
};

/**
 * The kinds only staff and super receive (issue 26: the digest of comments waiting for approval,
 * a new ticket); the profile shows their switches to staff and super only.
 */
export const STAFF_MAIL_KINDS = ['pending-comments-digest', 'new-ticket'] as const satisfies readonly MailKind[];
