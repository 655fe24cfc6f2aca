/**
 * The auth module's one door (issue 34 item 1): signing in by password or SMS code, known devices,
 * email verification and password reset (SPEC §2, §4; issues 26 and 31). Another module, a route, a
 * plugin or the seed imports only this file of the module; lint refuses the others (eslint.config.mjs).
 */
export {
  changePassword,
  login,
  type LoginInput,
  type PasswordChangeInput,
  register,
  type RegisterInput,
} from './auth-service';
export { sendVerificationEmail, verifyEmail } from './email-verification';
export { KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_DAYS, knownDeviceUserId, knownDeviceValue } from './known-devices';
export { type AccountIdentifier, issueResetCode, resetPassword, type ResetPasswordInput, sendResetCode } from './password-reset';
export { issueSmsCode, smsCodeLimitsOf, SmsCodeWaitError, smsLogin, smsResetPassword, verifyMobile } from './sms-codes';
export { AUTH_MESSAGES } from './messages';
