/**
 * The mail module's own Persian texts (issue 34 item 3: each domain owns its messages); the ones
 * every part shares (errors, fields, limits) are lib/messages.ts's.
 */

/** The Persian texts the mail module and its routes answer with. */
export const MAIL_MESSAGES = {
  unsubscribeTitle: 'لغو دریافت ایمیل',
} as const;
