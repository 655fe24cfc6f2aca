/**
 * The support module's own Persian texts (issue 34 item 3: each domain owns its messages); the ones
 * every part shares (errors, fields, limits) are lib/messages.ts's.
 */
import { persianList, persianNumber } from '../../lib/messages';

/** The Persian texts the support module and its routes answer with. */
export const SUPPORT_MESSAGES = {
  ticketCreated: 'پیام شما ثبت شد؛ به‌زودی پاسخ می‌دهیم.',
  /** SPEC §8 "tickets closed"; `forbidden:` so the client does not take it for an unverified email. */
  ticketsSwitchedOff: 'forbidden: ارسال تیکت در حال حاضر بسته است.',
  /** No `forbidden`/`unauthorized`: SPEC §8 sends the client to /resend-verification-email. */
  ticketEmailNotVerified: 'برای ارسال پیام ابتدا ایمیل خود را تأیید کنید.',
  /** Issue 32 item 3: a reply in a ticket's thread, and a ticket closed or opened again. */
  ticketAnswered: 'پاسخ ثبت شد و برای فرستنده ایمیل می‌شود.',
  ticketReplied: 'پاسخ شما ثبت شد؛ به‌زودی بررسی می‌کنیم.',
  threadClosedForSender: 'این گفت‌وگو بسته شده است و پاسخ تازه نمی‌پذیرد؛ برای پرسش تازه از صفحه تماس با ما پیام بفرستید.',
  threadClosedForStaff: 'این تیکت بسته است؛ برای پاسخ دادن، نخست آن را دوباره باز کنید.',
  ticketClosed: 'تیکت بسته شد.',
  ticketReopened: 'تیکت دوباره باز شد.',
  commentDeleted: 'دیدگاه و پاسخ‌های آن حذف شد.',
  sellingClosed: 'forbidden: فروش دوره‌ها در حال حاضر بسته است.',
  announcementExpired: 'اطلاعیه منقضی‌شده قابل ویرایش نیست.',
  announcementCreated: 'اطلاعیه افزوده شد.',
  announcementUpdated: 'اطلاعیه ذخیره شد.',
  announcementDeleted: 'اطلاعیه حذف شد.',
  linkCreated: 'پیوند افزوده شد.',
  linkUpdated: 'پیوند ذخیره شد.',
  linkDeleted: 'پیوند حذف شد.',
  termsSaved: 'قوانین و مقررات ذخیره شد.',
  siteInformationSaved: 'اطلاعات سایت ذخیره شد.',
  richTextUnsafe: 'این متن نباید اسکریپت، رویداد (مانند onerror) یا پیوند javascript: داشته باشد.',
  ticketsMissing: (ids: number[]) => `پیام‌های شماره ${persianList(ids)} وجود ندارند؛ هیچ تغییری داده نشد.`,
  ticketsMarkedRead: (n: number) => `${persianNumber(n)} پیام خوانده‌شده علامت خورد.`,
  ticketsMarkedUnread: (n: number) => `${persianNumber(n)} پیام خوانده‌نشده علامت خورد.`,
} as const;

/** The Persian headers and values of the support module's CSV exports (issue 25 "Exports"; lib/csv-export.ts). */
export const SUPPORT_CSV_TEXT = {
  ticketColumns: {
    id: 'شماره تیکت',
    sender: 'نام فرستنده',
    email: 'ایمیل فرستنده',
    mobile: 'موبایل فرستنده',
    title: 'موضوع',
    text: 'متن',
    read: 'خوانده‌شده',
    createdAt: 'تاریخ ثبت',
  },

} as const;
