/**
 * The site module's own Persian texts (issue 34 item 3: each domain owns its messages); the ones
 * every part shares (errors, fields, limits) are lib/messages.ts's.
 */
import { MAIL_KIND_NAMES } from '@shop/contracts';
import { persianList, persianNumber } from '../../lib/messages';

/** The Persian texts the site module and its routes answer with. */
export const SITE_MESSAGES = {
  notReady: 'سرویس هنوز آماده پاسخ‌گویی نیست؛ پایگاه داده یا Redis در دسترس نیست.',
  liked: 'پسندیدن شما ثبت شد.',
  alreadyLiked: (field: string) => `شما قبلاً این ${field} را پسندیده‌اید.`,
  commentLoginRequired: 'برای ثبت دیدگاه ابتدا وارد حساب خود شوید.',
  commentPending: 'دیدگاه شما ثبت شد و پس از تأیید نمایش داده می‌شود.',
  commentPublished: 'دیدگاه شما ثبت شد.',
  commentsClosed: 'forbidden: دیدگاه‌ها برای این صفحه بسته است.',
  commentBarred: 'forbidden: امکان ثبت دیدگاه برای حساب شما محدود شده است.',
  commentBarredTemporarily: 'forbidden: امکان ثبت دیدگاه برای حساب شما موقتاً محدود شده است.',
  commentEmailNotVerified: 'برای ثبت دیدگاه ابتدا ایمیل خود را تأیید کنید.',
  commentParentInvalid: 'دیدگاهی که به آن پاسخ می‌دهید در این صفحه یافت نشد.',
  commentsBuyersOnly: 'forbidden: دیدگاه‌های این دوره فقط برای خریداران آن باز است.',
  commentsSwitchedOff: 'forbidden: ارسال دیدگاه در حال حاضر بسته است.',
  mailKindLabels: MAIL_KIND_NAMES,
  unsubscribeAsk: (label: string) => `با زدن دکمه زیر، دیگر ایمیل‌های «${label}» برای شما فرستاده نمی‌شود.`,
  unsubscribeButton: 'لغو دریافت',
  unsubscribeDone: (label: string) =>
    `دریافت ایمیل‌های «${label}» لغو شد. هر وقت خواستید، از صفحه پروفایل آن را دوباره روشن کنید.`,
  unsubscribeInvalid: 'این پیوند لغو دریافت ایمیل معتبر نیست. پیوند را کامل از ایمیل کپی کنید یا از صفحه پروفایل تنظیمات ایمیل را تغییر دهید.',
  unsubscribeBodyInvalid: 'درخواست لغو دریافت باید List-Unsubscribe=One-Click را بفرستد.',
  commentsMissing: (ids: number[]) =>
    `دیدگاه‌های شماره ${persianList(ids)} وجود ندارند (شاید پیش‌تر حذف شده‌اند)؛ هیچ تغییری داده نشد.`,
  commentsOfSuper: (ids: number[]) =>
    `forbidden: دیدگاه‌های شماره ${persianList(ids)} از مدیر کل است و فقط مدیر کل می‌تواند آن‌ها را تغییر دهد؛ هیچ تغییری داده نشد.`,
  commentsApproved: (n: number) => `${persianNumber(n)} دیدگاه تأیید شد.`,
  commentsRejected: (n: number) => `${persianNumber(n)} دیدگاه رد شد.`,
  commentsDeleted: (n: number) => `${persianNumber(n)} دیدگاه و پاسخ‌های آن‌ها حذف شد.`,
} as const;
