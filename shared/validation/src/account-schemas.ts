// Schemas of the account and people forms (issue 7; SPEC §2, §3, §4, §5): email verification,
// password reset, the profile, the dashboard's user and permission forms, comment restrictions.
// Forms (formik) and the server (yupBody) use these same schemas and messages.
import { array, mixed, object, string, type InferType } from 'yup';
import { emailOrMobileTest } from './email-or-mobile';
import {
  emailField,
  futureInstantField,
  idField,
  mobileField,
  noSpecialCharsField,
  optionalPasswordField,
  passwordConfirmationField,
  passwordField,
  requiredString,
} from './fields';
import { fieldLabels, messages } from './messages';
import { normalizeDigits } from './normalize-digits';

/** Digits of a password-reset code (issue 7: a 6-digit one-time code). */
export const RESET_CODE_LENGTH = 6;

/** User types a dashboard form may choose (SPEC §4: super, staff, ordinary). */
export const USER_STATUSES = ['ordinary', 'staff', 'super'] as const;

/** Comment permissions of SPEC §4: allowed, temporarily not allowed, not allowed. */
export const WRITE_COMMENT_STATUSES = ['allowed', 'temporarily-barred', 'barred'] as const;

/** SPEC §5 "slug"-like permission names: lowercase English letters and digits joined by single hyphens. */
const PERMISSION_NAME_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Body of POST /api/auth/verify-email: the signed token of the link in the verification email. */
export const verifyEmailSchema = object({
  token: requiredString('پیوند').max(1000, messages.max),
});

/** Step 1 of /reset-password (POST /api/auth/forgot-password): an email or a mobile. */
export const forgotPasswordSchema = object({
  email: emailField(),
  mobile: mobileField(),
}).test(emailOrMobileTest);

/** Valid step-1 body after casting (email trimmed, mobile E.164). */
export type ForgotPasswordInput = InferType<typeof forgotPasswordSchema>;

/** The 6-digit code, in Persian, Arabic-Indic or Latin digits (cast to Latin). */
export function resetCodeField() {
  return requiredString(fieldLabels.code)
    .transform((value: unknown) => (typeof value === 'string' ? normalizeDigits(value).replace(/\s+/g, '') : value))
    .matches(new RegExp(`^[0-9]{${RESET_CODE_LENGTH}}$`), { message: messages.resetCode });
}

/** Step 2 of /reset-password (POST /api/auth/reset-password): identifier, code and new password (SPEC §5). */
export const resetPasswordSchema = object({
  email: emailField(),
  mobile: mobileField(),
  code: resetCodeField(),
  password: passwordField(),
  password_confirmation: passwordConfirmationField('password'),
}).test(emailOrMobileTest);

/** Valid step-2 body after casting. */
export type ResetPasswordInput = InferType<typeof resetPasswordSchema>;

function fullNameField() {
  return noSpecialCharsField(fieldLabels.full_name, { required: true }).min(3, messages.min).max(100, messages.max);
}

/** Profile #home (PUT /api/profile): full name, email and mobile (Iran by default; empty clears it). */
export const profileSchema = object({
  full_name: fullNameField(),
  email: emailField({ required: true }),
  mobile: mobileField(),
});

/** Valid profile body after casting (mobile E.164 or undefined = none). */
export type ProfileInput = InferType<typeof profileSchema>;

/** Password change in the profile (PUT /api/profile/password): the current password, then the new one twice. */
export const passwordChangeSchema = object({
  current_password: requiredString(fieldLabels.current_password, { trim: false }),
  password: passwordField(fieldLabels.new_password),
  password_confirmation: passwordConfirmationField('password'),
});

/** Valid password-change body. */
export type PasswordChangeInput = InferType<typeof passwordChangeSchema>;

const userStatusField = () =>
  string()
    .label(fieldLabels.status)
    .oneOf([...USER_STATUSES], messages.invalid)
    .required(messages.required);

const permissionIdsField = () =>
  array(idField().required(messages.required))
    .label(fieldLabels.permission_ids)
    .max(100)
    .default([]);

/**
 * The dashboard's add-user form (POST /api/dashboard/users): full name, email, mobile, password
 * (SPEC §5), type and permission ids (staff only; the server refuses them for other types).
 */
export const dashboardUserCreateSchema = object({
  full_name: fullNameField(),
  email: emailField({ required: true }),
  mobile: mobileField(),
  password: passwordField(),
  status: userStatusField(),
  permission_ids: permissionIdsField(),
});

/** The dashboard's edit-user form (PUT /api/dashboard/users/:id): as create, but an empty password keeps the old one. */
export const dashboardUserUpdateSchema = object({
  full_name: fullNameField(),
  email: emailField({ required: true }),
  mobile: mobileField(),
  password: optionalPasswordField(),
  status: userStatusField(),
  permission_ids: permissionIdsField(),
});

/** Valid add-user body after casting. */
export type DashboardUserCreateInput = InferType<typeof dashboardUserCreateSchema>;
/** Valid edit-user body after casting. */
export type DashboardUserUpdateInput = InferType<typeof dashboardUserUpdateSchema>;

/**
 * A comment restriction (POST /api/dashboard/users/:id/comment-status; SPEC §4): `allowed` frees the
 * user, `barred` is permanent, `temporarily-barred` needs `barred_until` (ISO 8601) in the future.
 */
export const commentRestrictionSchema = object({
  write_comment_status: string()
    .label(fieldLabels.write_comment_status)
    .oneOf([...WRITE_COMMENT_STATUSES], messages.invalid)
    .required(messages.required),
  barred_until: mixed<string>()
    .label(fieldLabels.barred_until)
    .when('write_comment_status', {
      is: 'temporarily-barred',
      then: () => futureInstantField(fieldLabels.barred_until),
      otherwise: (s) => s.strip(),
    }),
});

/** Valid comment-restriction body after casting. */
export type CommentRestrictionInput = InferType<typeof commentRestrictionSchema>;

/** A permission name (POST/PUT /api/dashboard/permissions): lowercase English words joined by hyphens, ≤ 100. */
export const permissionSchema = object({
  name: requiredString(fieldLabels.permission_name)
    .max(100, messages.max)
    .matches(PERMISSION_NAME_PATTERN, { message: messages.slug }),
});

/** Valid permission body. */
export type PermissionInput = InferType<typeof permissionSchema>;

/** Assigning a user to a permission (POST /api/dashboard/permissions/:id/users). */
export const permissionUserSchema = object({
  user_id: idField(fieldLabels.user_id).required(messages.required),
});
