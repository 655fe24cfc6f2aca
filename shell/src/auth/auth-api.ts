import { api } from '@shop/api-client';
import type {
  AuthTokenAnswer,
  ForgotPasswordBody,
  LoggedInUserInfo,
  MessageAnswer,
  ResetPasswordBody,
  SmsCodeBody,
  SmsLoginBody,
  SmsResetPasswordBody,
  VerifyEmailAnswer,
} from '@shop/contracts';
import { withRetryAfter } from './retry-after';

/** Body of `POST /api/auth/login` (DESIGN.md "Auth"): password with email or mobile. */
export type LoginBody = { password: string } & ({ email: string } | { mobile: string });

/** Body of `POST /api/auth/register`. */
export interface RegisterBody {
  full_name: string;
  email: string;
  password: string;
  password_confirmation: string;
  mobile?: string;
  way_of_knowing_our_website?: string;
}

/**
 * What signing in, registering or out changes: the cart (a visitor's merged into the user's at
 * sign-in, issue 25; the header's count follows without a reload) and each course's `in_cart`.
 */
const WHOSE_TAGS = ['Cart', 'Product'] as const;

/**
 * The auth calls of SPEC §7 and the account calls of issue 7 (contract in
 * `@shop/contracts` accounts.ts). 429 answers of the resend and forgot-password calls keep
 * their Retry-After seconds (see `retry-after.ts`).
 */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthTokenAnswer, LoginBody>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [...WHOSE_TAGS] : []),
    }),
    register: build.mutation<AuthTokenAnswer, RegisterBody>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [...WHOSE_TAGS] : []),
    }),
    logout: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
      invalidatesTags: (result) => (result ? [...WHOSE_TAGS] : []),
    }),
    loggedInUserInfo: build.mutation<LoggedInUserInfo, void>({
      query: () => ({ url: '/auth/logged-in-user-info', method: 'POST' }),
    }),
    /** `POST /api/auth/verify-email {token}`: `verified` or `already-verified`; 422 for a tampered or expired link. */
    verifyEmail: build.mutation<VerifyEmailAnswer, { token: string }>({
      query: (body) => ({ url: '/auth/verify-email', method: 'POST', body }),
      invalidatesTags: ['Me'],
    }),
    /** `POST /api/auth/resend-verification-email` (signed in): 422 already verified; 429 too soon. */
    resendVerificationEmail: build.mutation<MessageAnswer, void>({
      query: () => ({ url: '/auth/resend-verification-email', method: 'POST' }),
      transformErrorResponse: withRetryAfter,
    }),
    /** `POST /api/auth/forgot-password {email|mobile}`: the same answer whether or not the account exists; 429 too many. */
    forgotPassword: build.mutation<MessageAnswer, ForgotPasswordBody>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
      transformErrorResponse: withRetryAfter,
    }),
    /** `POST /api/auth/reset-password`: 422 for a wrong, expired or used code; every token of the user is revoked. */
    resetPassword: build.mutation<MessageAnswer, ResetPasswordBody>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
      transformErrorResponse: withRetryAfter,
    }),
    /** `POST /api/auth/sms-code {mobile, purpose}` (issue 26): the same answer for any number; 429 with when to try again. */
    smsCode: build.mutation<MessageAnswer, SmsCodeBody>({
      query: (body) => ({ url: '/auth/sms-code', method: 'POST', body }),
      transformErrorResponse: withRetryAfter,
    }),
    /** `POST /api/auth/sms-login {mobile, code}` (issue 26): signs in like the password login; 422 for a wrong, expired or used code. */
    smsLogin: build.mutation<AuthTokenAnswer, SmsLoginBody>({
      query: (body) => ({ url: '/auth/sms-login', method: 'POST', body }),
      invalidatesTags: (result) => (result ? [...WHOSE_TAGS] : []),
    }),
    /** `POST /api/auth/verify-mobile {code}` (issue 26, signed in): the user's mobile is verified; 422 for a wrong, expired or used code. */
    verifyMobile: build.mutation<MessageAnswer, { code: string }>({
      query: (body) => ({ url: '/auth/verify-mobile', method: 'POST', body }),
      transformErrorResponse: withRetryAfter,
    }),
    /** `POST /api/auth/sms-reset-password` (issue 26): a new password by a code to a verified mobile; every token of the user is revoked. */
    smsResetPassword: build.mutation<MessageAnswer, SmsResetPasswordBody>({
      query: (body) => ({ url: '/auth/sms-reset-password', method: 'POST', body }),
      transformErrorResponse: withRetryAfter,
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useLogoutMutation,
  useLoggedInUserInfoMutation,
  useVerifyEmailMutation,
  useResendVerificationEmailMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useSmsCodeMutation,
  useSmsLoginMutation,
  useVerifyMobileMutation,
  useSmsResetPasswordMutation,
} = authApi;
