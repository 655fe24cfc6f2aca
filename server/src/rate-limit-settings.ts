/**
 * The rate limits of the server (issue 10 "Hardening"): each one's environment variable, default
 * and window, read by settings.ts into `app.settings.rateLimit`.
 */
/**
 * Requests allowed per window, per key (issue 10 "Hardening": every limit from the environment).
 * Windows, keys and variables are in {@link RATE_LIMITS}.
 */
export interface RateLimits {
  /** Every /api and /sanctum request, per IP. */
  global: number;
  /** Login tries per account identifier + IP. */
  loginPerAccount: number;
  /** Login tries per IP, any account. */
  loginPerIp: number;
  /**
   * Password sign-in tries on one account identifier from every address together, by devices it
   * never signed in on (issue 31 item 1: guessing spread over many addresses); known devices pass.
   */
  loginPerAccountNewDevice: number;
  /** New accounts (each mails a verification link) per IP. */
  register: number;
  /** Verification mails a signed-in user may ask for per minute (issue 7: 1). */
  verificationEmailPerMinute: number;
  /** Verification mails a signed-in user may ask for per hour (issue 7: 5). */
  verificationEmailPerHour: number;
  /** Password-reset codes asked for one account identifier (issue 7: 3). */
  passwordResetPerAccount: number;
  /** Password-reset codes asked for from one IP, any account (issue 7: 10). */
  passwordResetPerIp: number;
  /** Comments and replies a signed-in user may post. */
  comments: number;
  /** Contact-us tickets a signed-in user may send. */
  tickets: number;
  /** Replies a signed-in user may write in the threads of their own tickets (issue 32 item 3). */
  ticketReplies: number;
  /** Orders created (`POST /api/checkout`) and payments opened (`POST /api/orders/:id/pay`) by a signed-in user, together. */
  checkout: number;
  /** SMS codes asked for from one IP, any number (issue 26; each may cost an SMS). */
  smsCodePerIp: number;
  /** SMS codes one IP may have sent to one number per minute (issue 26: 1). */
  smsCodeIpNumberPerMinute: number;
  /** SMS codes one IP may have sent to one number per hour (issue 26: 5). */
  smsCodeIpNumberPerHour: number;
  /** SMS codes one number may be sent per hour from every IP together, but to its account's known devices (issue 31 item 7: 10). */
  smsCodeNumberPerHour: number;
  /** Discount codes tried on one cart owner's cart: a signed-in user, else a visitor's cart cookie (issue 31 item 2: codes can be guessed). */
  discountPerVisitor: number;
  /** Discount codes tried from one IP, any cart (issue 31 item 2; a guesser with a new cookie each try). */
  discountPerIp: number;
  /** Gift card codes a signed-in user may try to redeem (issue 36 item 3: codes can be guessed). */
  giftCardRedeem: number;
}

/** One rate limit's environment variable, default and window. */
export interface RateLimitSetting {
  env: string;
  default: number;
  windowMs: number;
}

const MINUTE_MS = 60_000;


/**
 * Every rate limit (issue 10): variables are `RATE_LIMIT_<WHAT>[_<KEY>]_PER_<WINDOW>`, the key named
 * only where one endpoint has two limits. A benchmark or a trusted gateway raises them.
 */
export const RATE_LIMITS: Record<keyof RateLimits, RateLimitSetting> = {
  global: { env: 'RATE_LIMIT_GLOBAL_PER_MINUTE', default: 600, windowMs: MINUTE_MS },
  loginPerIp: { env: 'RATE_LIMIT_LOGIN_IP_PER_MINUTE', default: 30, windowMs: MINUTE_MS },
  loginPerAccount: { env: 'RATE_LIMIT_LOGIN_ACCOUNT_PER_MINUTE', default: 5, windowMs: MINUTE_MS },
  loginPerAccountNewDevice: { env: 'RATE_LIMIT_LOGIN_ACCOUNT_NEW_DEVICE_PER_15_MINUTES', default: 10, windowMs: 15 * MINUTE_MS },
  register: { env: 'RATE_LIMIT_REGISTER_PER_HOUR', default: 20, windowMs: 60 * MINUTE_MS },
  verificationEmailPerMinute: { env: 'RATE_LIMIT_VERIFICATION_EMAIL_PER_MINUTE', default: 1, windowMs: MINUTE_MS },
  verificationEmailPerHour: { env: 'RATE_LIMIT_VERIFICATION_EMAIL_PER_HOUR', default: 5, windowMs: 60 * MINUTE_MS },
  passwordResetPerIp: { env: 'RATE_LIMIT_PASSWORD_RESET_IP_PER_15_MINUTES', default: 10, windowMs: 15 * MINUTE_MS },
  passwordResetPerAccount: { env: 'RATE_LIMIT_PASSWORD_RESET_ACCOUNT_PER_15_MINUTES', default: 3, windowMs: 15 * MINUTE_MS },
  comments: { env: 'RATE_LIMIT_COMMENTS_PER_MINUTE', default: 5, windowMs: MINUTE_MS },
  tickets: { env: 'RATE_LIMIT_TICKETS_PER_HOUR', default: 5, windowMs: 60 * MINUTE_MS },
  ticketReplies: { env: 'RATE_LIMIT_TICKET_REPLIES_PER_HOUR', default: 20, windowMs: 60 * MINUTE_MS },
  checkout: { env: 'RATE_LIMIT_CHECKOUT_PER_MINUTE', default: 10, windowMs: MINUTE_MS },
  giftCardRedeem: { env: 'RATE_LIMIT_GIFT_CARD_REDEEM_PER_15_MINUTES', default: 10, windowMs: 15 * MINUTE_MS },
  smsCodePerIp: { env: 'RATE_LIMIT_SMS_CODE_IP_PER_HOUR', default: 20, windowMs: 60 * MINUTE_MS },
  smsCodeIpNumberPerMinute: { env: 'RATE_LIMIT_SMS_CODE_IP_NUMBER_PER_MINUTE', default: 1, windowMs: MINUTE_MS },
  smsCodeIpNumberPerHour: { env: 'RATE_LIMIT_SMS_CODE_IP_NUMBER_PER_HOUR', default: 5, windowMs: 60 * MINUTE_MS },
  smsCodeNumberPerHour: { env: 'RATE_LIMIT_SMS_CODE_NUMBER_PER_HOUR', default: 10, windowMs: 60 * MINUTE_MS },
  discountPerVisitor: { env: 'RATE_LIMIT_DISCOUNT_VISITOR_PER_15_MINUTES', default: 10, windowMs: 15 * MINUTE_MS },
  discountPerIp: { env: 'RATE_LIMIT_DISCOUNT_IP_PER_15_MINUTES', default: 30, windowMs: 15 * MINUTE_MS },
};

/**
 * The rate limits of the environment, defaults for the variables not set.
 * @throws Error naming the variable when a value is not a whole number from 1 to 2^53 − 1
 */
export function rateLimitsFromEnv(env: NodeJS.ProcessEnv): RateLimits {
  const entries = Object.entries(RATE_LIMITS).map(([name, setting]) => {
    const raw = env[setting.env]?.trim();
    if (!raw) return [name, setting.default];
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < 1 || !Number.isSafeInteger(value)) {
      throw new Error(`${setting.env}="${raw}" is not a valid rate limit: give a whole number of requests, 1 or more.`);
    }
    return [name, value];
  });
  return Object.fromEntries(entries) as RateLimits;
}
