/**
 * The files module's own Persian texts (issue 34 item 3: each domain owns its messages); the ones
 * every part shares (errors, fields, limits) are lib/messages.ts's.
 */

/** The Persian texts the files module and its routes answer with. */
export const FILES_MESSAGES = {
  /** 503 when a sweep removed the files of a write in progress (its server lost the database for a moment; issue 10). */
  fileWriteLost: 'ذخیره فایل کامل نشد؛ لطفاً دوباره تلاش کنید.',
} as const;
