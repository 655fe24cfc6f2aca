// Schemas of sign-in by SMS code (issue 26 "Sign-in by SMS code"): asking for a code, signing in
// with it, verifying the signed-in user's mobile, and resetting a password by a code sent to a
// verified mobile. Forms (formik) and the server (yupBody) use these same schemas and messages.
import { object, string, type InferType } from 'yup';
import type { SmsCodePurpose } from '@shop/contracts';
import { mobileField, passwordConfirmationField, passwordField, requiredString } from './fields';
import { fieldLabels, messages } from './messages';
import { normalizeDigits } from './normalize-digits';

/** Digits of an SMS code (issue 26: 5). */
export const SMS_CODE_LENGTH = 6;

/** What an SMS code is asked for (issue 26). */
export const SMS_CODE_PURPOSES = ['login', 'verify-mobile', 'reset-password'] as const satisfies readonly SmsCodePurpose[];

/** The 6-digit SMS code, in Persian, Arabic-Indic or Latin digits (cast to Latin). */
export function smsCodeField() {
  return requiredString(fieldLabels.code)
    .transform((value: unknown) => (typeof value === 'string' ? normalizeDigits(value).replace(/\s+/g, '') : value))
    .matches(new RegExp(`^[0-9]{${SMS_CODE_LENGTH}}$`), { message: messages.smsCode });
}

/** POST /api/auth/sms-code: the mobile (any Iranian form and digits, cast to E.164) and the purpose. */
export const smsCodeRequestSchema = object({
  mobile: mobileField({ required: true }),
  purpose: string<SmsCodePurpose>()
    .label('نوع کد')
    .typeError(messages.invalid)
    .oneOf([...SMS_CODE_PURPOSES], messages.invalid)
    .required(messages.required),
});

/** Valid body of POST /api/auth/sms-code after casting. */
export type SmsCodeRequestInput = InferType<typeof smsCodeRequestSchema>;

/** POST /api/auth/sms-login: mobile and code. */
export const smsLoginSchema = object({
  mobile: mobileField({ required: true }),
  code: smsCodeField(),
});

/** Valid body of POST /api/auth/sms-login after casting. */
export type SmsLoginInput = InferType<typeof smsLoginSchema>;

/** POST /api/auth/verify-mobile: the code sent to the signed-in user's mobile. */
export const verifyMobileSchema = object({
  code: smsCodeField(),
});

/** POST /api/auth/sms-reset-password: mobile, code and the new password (SPEC §5). */
export const smsResetPasswordSchema = object({
  mobile: mobileField({ required: true }),
  code: smsCodeField(),
  password: passwordField(),
  password_confirmation: passwordConfirmationField('password'),
});

/** Valid body of POST /api/auth/sms-reset-password after casting. */
export type SmsResetPasswordInput = InferType<typeof smsResetPasswordSchema>;
