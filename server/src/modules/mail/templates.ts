/**
 * Persian mail templates (issue 7 "Mail"): right-to-left HTML with inline styles (mail clients
 * drop style sheets) and the same words as a plain-text part.
 */
import { formatJalaliDate, formatToman, toPersianDigits } from '@shop/format';
import type { MailMessage } from './mailer';

/** The site's name in mail subjects and signatures. */
const SITE_NAME = 'آکادمی نوشتار';

const persianNumber = new Intl.NumberFormat('fa-IR', { useGrouping: false });

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The footer of account mails: they answer a request the reader may not have made. */
const NOT_YOU = 'اگر این درخواست را شما نفرستاده‌اید، این ایمیل را نادیده بگیرید.';

/** Wraps body HTML in an RTL document with the site's font stack and a footer (`note`, then the site's name). */
function layout(title: string, body: string, note = NOT_YOU): string {
  return `<!doctype html>
<html dir="rtl" lang="fa">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Vazirmatn,Tahoma,'Segoe UI',sans-serif;direction:rtl;text-align:right;color:#18181b;">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px;line-height:2;">
<h1 style="margin:0 0 16px;font-size:20px;">${escapeHtml(title)}</h1>
${body}
<p style="margin:24px 0 0;font-size:13px;color:#71717a;">${escapeHtml(note)}<br>${SITE_NAME}</p>
</div>
</body>
</html>`;
}

/** Input of {@link verificationMail}. */
export interface VerificationMailInput {
  to: string;
  fullName: string;
  /** The absolute `/verification?token=…` link. */
  link: string;
  ttlMinutes: number;
}

/** The email-verification mail (issue 7 "Email verification"): a button and the bare link. */
export function verificationMail({ to, fullName, link, ttlMinutes }: VerificationMailInput): MailMessage {
  const title = 'تأیید ایمیل';
  const minutes = persianNumber.format(ttlMinutes);
  const html = layout(
    title,
    `<p style="margin:0 0 16px;">${escapeHtml(fullName)} عزیز، برای تأیید ایمیل حساب خود در ${SITE_NAME} روی دکمه زیر بزنید.</p>
<p style="margin:0 0 16px;text-align:center;"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 28px;background:#2563eb;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:bold;">تأیید ایمیل</a></p>
<p style="margin:0 0 8px;">این پیوند تا ${minutes} دقیقه معتبر است. اگر دکمه کار نکرد، این نشانی را در مرورگر باز کنید:</p>
<p dir="ltr" style="margin:0;text-align:left;word-break:break-all;font-size:13px;"><a href="${escapeHtml(link)}" style="color:#2563eb;">${escapeHtml(link)}</a></p>`,
  );
  const text = `${fullName} عزیز،
برای تأیید ایمیل حساب خود در ${SITE_NAME} این پیوند را باز کنید (تا ${minutes} دقیقه معتبر است):

${link}

اگر این درخواست را شما نفرستاده‌اید، این ایمیل را نادیده بگیرید.
${SITE_NAME}`;
  return { to, subject: `${title} — ${SITE_NAME}`, html, text };
}

/** Input of {@link resetCodeMail}. */
export interface ResetCodeMailInput {
  to: string;
  fullName: string;
  /** The one-time code, Latin digits. */
  code: string;
  ttlMinutes: number;
}

/** The password-reset mail (issue 7 "Password reset"): the code in big digits and its lifetime. */
export function resetCodeMail({ to, fullName, code, ttlMinutes }: ResetCodeMailInput): MailMessage {
  const title = 'کد بازیابی رمز عبور';
  const minutes = persianNumber.format(ttlMinutes);
  const html = layout(
    title,
    `<p style="margin:0 0 16px;">${escapeHtml(fullName)} عزیز، کد زیر را در صفحه بازیابی رمز عبور وارد کنید.</p>
<p dir="ltr" style="margin:0 0 16px;text-align:center;font-size:36px;font-weight:bold;letter-spacing:10px;font-family:'Courier New',monospace;">${escapeHtml(code)}</p>
<p style="margin:0;">این کد تا ${minutes} دقیقه معتبر است و فقط یک بار به کار می‌رود.</p>`,
  );
  const text = `${fullName} عزیز،
کد بازیابی رمز عبور شما در ${SITE_NAME}:

${code}

این کد تا ${minutes} دقیقه معتبر است و فقط یک بار به کار می‌رود.
اگر این درخواست را شما نفرستاده‌اید، این ایمیل را نادیده بگیرید.
${SITE_NAME}`;
  return { to, subject: `${title} — ${SITE_NAME}`, html, text };
}

/** Tomans as the receipt shows them: zero is «۰ تومان», not «رایگان» (a line of a bill). */
const tomans = (amount: number) => (amount === 0 ? `${toPersianDigits(0)} تومان` : formatToman(amount));

/** A button link and the bare link under it (HTML). */
const buttonHtml = (link: string, label: string) =>
  `<p style="margin:16px 0;text-align:center;"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 28px;background:#2563eb;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:bold;">${escapeHtml(label)}</a></p>
<p dir="ltr" style="margin:0;text-align:left;word-break:break-all;font-size:13px;"><a href="${escapeHtml(link)}" style="color:#2563eb;">${escapeHtml(link)}</a></p>`;

/** One label–value row of a receipt table (HTML). */
const rowHtml = (label: string, value: string, bold = false) =>
  `<tr><td style="padding:6px 0;border-bottom:1px solid #e4e4e7;">${escapeHtml(label)}</td><td style="padding:6px 0;border-bottom:1px solid #e4e4e7;text-align:left;${bold ? 'font-weight:bold;' : ''}">${escapeHtml(value)}</td></tr>`;

/**
 * A receipt number in Persian digits that reads left to right inside Persian text: after Persian
 * letters the digits would count as Arabic numbers and the hyphen would split «۱۴۰۵-۰۰۰۱۲۳» into two
 * runs shown in reverse; a left-to-right mark before it keeps it one number.
 */
const receiptNumberText = (receiptNumber: string) => `\u200E${toPersianDigits(receiptNumber)}`;

const RECEIPT_NOTE = 'این رسید پس از پرداخت سفارش شما فرستاده شد.';

/** Input of {@link receiptMail}; amounts in tomans. */
export interface ReceiptMailInput {
  to: string;
  fullName: string;
  /** `1405-000123`, or null (shown as «—»). */
  receiptNumber: string | null;
  paidAt: Date;
  items: Array<{ title: string; price: number }>;
  /** The discount code used, or null. */
  discountCode: string | null;
  discountAmount: number;
  /** Tomans paid. */
  total: number;
  /** The gateway's reference number, or null (a free order). */
  refId: string | null;
  /** The absolute receipt page link. */
  link: string;
}

/**
 * The receipt mail after a paid checkout order (issue 25 "Receipts"): receipt number and Jalali
 * date-time in Persian digits, each course with its price, the discount (code and amount) when
 * there is one, the total paid, the gateway's reference and a link to the receipt page.
 */
export function receiptMail(input: ReceiptMailInput): MailMessage {
  const title = 'رسید خرید';
  const number = input.receiptNumber ? receiptNumberText(input.receiptNumber) : '—';
  const paidAt = formatJalaliDate(input.paidAt, { withTime: true });
  const discount = input.discountAmount > 0 ? `${input.discountCode ?? ''} − ${tomans(input.discountAmount)}`.trim() : null;
  // Persian digits for a number (Zarinpal's), as it is for a code with Latin letters (the sandbox's).
  const refId = input.refId ? (/^\d+$/.test(input.refId) ? toPersianDigits(input.refId) : input.refId) : 'بدون پرداخت در درگاه';
  const rows = [
    rowHtml('شماره رسید', number, true),
    rowHtml('تاریخ پرداخت', paidAt),
    ...input.items.map((item) => rowHtml(item.title, tomans(item.price))),
    ...(discount ? [rowHtml('تخفیف', discount)] : []),
    rowHtml('مبلغ پرداخت‌شده', tomans(input.total), true),
    rowHtml('شماره پیگیری درگاه', refId),
  ];
  const html = layout(
    title,
    `<p style="margin:0 0 16px;">${escapeHtml(input.fullName)} عزیز، پرداخت شما انجام شد. رسید خرید شما:</p>
<table style="width:100%;border-collapse:collapse;margin:0 0 16px;">${rows.join('')}</table>
${buttonHtml(input.link, 'مشاهده رسید')}`,
    RECEIPT_NOTE,
  );
  const text = `${input.fullName} عزیز، پرداخت شما انجام شد. رسید خرید شما:

شماره رسید: ${number}
تاریخ پرداخت: ${paidAt}
${input.items.map((item) => `${item.title}: ${tomans(item.price)}`).join('\n')}
${discount ? `تخفیف: ${discount}\n` : ''}مبلغ پرداخت‌شده: ${tomans(input.total)}
شماره پیگیری درگاه: ${refId}

مشاهده رسید: ${input.link}

${RECEIPT_NOTE}
${SITE_NAME}`;
  return { to: input.to, subject: `${title} ${number} — ${SITE_NAME}`, html, text };
}

/** Input of {@link refundMail}; the amount in tomans. */
export interface RefundMailInput {
  to: string;
  fullName: string;
  /** The refunded course. */
  title: string;
  amount: number;
  refundedAt: Date;
  receiptNumber: string | null;
  link: string;
}

/** The refund mail when staff refund an item (issue 25): course, amount given back, receipt number, link. */
export function refundMail(input: RefundMailInput): MailMessage {
  const title = 'بازگشت وجه';
  const number = input.receiptNumber ? receiptNumberText(input.receiptNumber) : '—';
  const when = formatJalaliDate(input.refundedAt, { withTime: true });
  const rows = [
    rowHtml('دوره', input.title),
    rowHtml('مبلغ بازگشتی', tomans(input.amount), true),
    rowHtml('تاریخ', when),
    rowHtml('شماره رسید', number),
  ];
  const html = layout(
    title,
    `<p style="margin:0 0 16px;">${escapeHtml(input.fullName)} عزیز، وجه دوره «${escapeHtml(input.title)}» به شما بازگردانده شد و دسترسی به آن برداشته شد.</p>
<table style="width:100%;border-collapse:collapse;margin:0 0 16px;">${rows.join('')}</table>
${buttonHtml(input.link, 'مشاهده رسید')}`,
    RECEIPT_NOTE,
  );
  const text = `${input.fullName} عزیز، وجه دوره «${input.title}» به شما بازگردانده شد و دسترسی به آن برداشته شد.

دوره: ${input.title}
مبلغ بازگشتی: ${tomans(input.amount)}
تاریخ: ${when}
شماره رسید: ${number}

مشاهده رسید: ${input.link}

${SITE_NAME}`;
  return { to: input.to, subject: `${title} — ${SITE_NAME}`, html, text };
}

/** Input of {@link unpaidReminderMail}; the total in tomans. */
export interface UnpaidReminderMailInput {
  to: string;
  fullName: string;
  titles: string[];
  total: number;
  /** The absolute `/shopping-cart` link. */
  cartLink: string;
  /** The absolute one-click unsubscribe link (`/api/mail/unsubscribe?token=…`). */
  unsubscribeLink: string;
}

/**
 * The win-back mail of an order left unpaid (issue 25): its courses and total, a link back to the
 * cart, and a link that turns such mails off. A marketing mail: the caller adds the RFC 8058
 * headers (mail-preferences.ts).
 */
export function unpaidReminderMail(input: UnpaidReminderMailInput): MailMessage {
  const title = 'سفارش شما در انتظار پرداخت است';
  const note = 'این یادآوری را به این دلیل دریافت کرده‌اید که سفارشی را نیمه‌کاره رها کرده‌اید.';
  const html = layout(
    title,
    `<p style="margin:0 0 16px;">${escapeHtml(input.fullName)} عزیز، سفارش شما هنوز پرداخت نشده است:</p>
<ul style="margin:0 0 16px;padding-right:20px;">${input.titles.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ul>
<p style="margin:0 0 16px;">مبلغ: <strong>${escapeHtml(tomans(input.total))}</strong></p>
${buttonHtml(input.cartLink, 'ادامه خرید')}
<p style="margin:16px 0 0;font-size:13px;"><a href="${escapeHtml(input.unsubscribeLink)}" style="color:#71717a;">دیگر این یادآوری را نمی‌خواهم</a></p>`,
    note,
  );
  const text = `${input.fullName} عزیز، سفارش شما هنوز پرداخت نشده است:

${input.titles.map((t) => `- ${t}`).join('\n')}
مبلغ: ${tomans(input.total)}

ادامه خرید: ${input.cartLink}

${note}
لغو دریافت این یادآوری‌ها: ${input.unsubscribeLink}
${SITE_NAME}`;
  return { to: input.to, subject: `${title} — ${SITE_NAME}`, html, text };
}

/** The link under each notification (issue 26) that turns its kind off. */
const unsubscribeHtml = (link: string) =>
  `<p style="margin:16px 0 0;font-size:13px;"><a href="${escapeHtml(link)}" style="color:#71717a;">دیگر این ایمیل‌ها را نمی‌خواهم</a></p>`;

/** A comment or ticket text cut to `max` characters for a mail (whole text when shorter). */
const excerpt = (text: string, max = 200) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max).trimEnd()}…` : flat;
};

/** A quoted text (HTML). */
const quoteHtml = (text: string) =>
  `<blockquote style="margin:0 0 16px;padding:8px 12px;border-right:4px solid #d4d4d8;background:#fafafa;border-radius:4px;">${escapeHtml(excerpt(text))}</blockquote>`;

/** Why a comment author gets a notification (the footer). */
const COMMENT_NOTE = 'این ایمیل را به این دلیل دریافت کرده‌اید که در سایت دیدگاه نوشته‌اید.';
/** Why staff get a notification (the footer). */
const STAFF_NOTE = 'این ایمیل برای کارکنان سایت فرستاده می‌شود.';

/** One part of a notification: an optional lead line, an optional quoted text, and a button to the place. */
interface NoticePart {
  lead?: string;
  quote?: string;
  link: string;
  label: string;
}

/**
 * A notification mail (issue 26): `greeting`, then each part (lead, quoted text cut to a few
 * lines, button and bare link), the link that turns the kind off, and `note` saying why it came.
 */
function noticeMail(input: {
  to: string;
  title: string;
  subject?: string;
  greeting: string;
  parts: NoticePart[];
  note: string;
  unsubscribeLink: string;
}): MailMessage {
  const partHtml = (part: NoticePart) =>
    [
      part.lead ? `<p style="margin:0 0 8px;">${escapeHtml(part.lead)}</p>` : '',
      part.quote ? quoteHtml(part.quote) : '',
      buttonHtml(part.link, part.label),
    ].join('');
  const partText = (part: NoticePart) =>
    [part.lead, part.quote ? excerpt(part.quote) : undefined, `${part.label}: ${part.link}`].filter(Boolean).join('\n');
  const html = layout(
    input.title,
    `<p style="margin:0 0 16px;">${escapeHtml(input.greeting)}</p>
${input.parts.map(partHtml).join('\n')}
${unsubscribeHtml(input.unsubscribeLink)}`,
    input.note,
  );
  const text = `${input.greeting}

${input.parts.map(partText).join('\n\n')}

${input.note}
لغو دریافت این ایمیل‌ها: ${input.unsubscribeLink}
${SITE_NAME}`;
  return { to: input.to, subject: `${input.subject ?? input.title} — ${SITE_NAME}`, html, text };
}

/** Input of {@link commentApprovedMail}. */
export interface CommentApprovedMailInput {
  to: string;
  fullName: string;
  /** The title of the post, podcast, course or session the comment is on. */
  itemTitle: string;
  /** The comment's text (cut in the mail). */
  text: string;
  /** The absolute link of the page with `#comment-<id>` (SPEC §2: it scrolls to the comment). */
  link: string;
  /** The absolute one-click unsubscribe link of `comment-approved`. */
  unsubscribeLink: string;
}

/** The mail to a comment's author when staff approve it (issue 26): the item, the text, a link to it. */
export function commentApprovedMail(input: CommentApprovedMailInput): MailMessage {
  return noticeMail({
    to: input.to,
    title: 'دیدگاه شما تأیید شد',
    greeting: `${input.fullName} عزیز، دیدگاه شما دربارهٔ «${input.itemTitle}» تأیید شد و اکنون برای همه نمایش داده می‌شود:`,
    parts: [{ quote: input.text, link: input.link, label: 'دیدن دیدگاه' }],
    note: COMMENT_NOTE,
    unsubscribeLink: input.unsubscribeLink,
  });
}

/** One reply of {@link commentReplyMail}. */
export interface ReplyOfMail {
  author: string;
  itemTitle: string;
  text: string;
  /** The absolute link of the page with `#comment-<reply id>`. */
  link: string;
}

/** Input of {@link commentReplyMail}: one reply, or the several of the last hour. */
export interface CommentReplyMailInput {
  to: string;
  fullName: string;
  replies: ReplyOfMail[];
  /** The absolute one-click unsubscribe link of `comment-reply`. */
  unsubscribeLink: string;
}

/**
 * The mail to a comment's author when replies to it became public (issue 26): one reply, or at
 * most one mail an hour listing the replies that came meanwhile; each with its author, item,
 * text and a link to the reply.
 */
export function commentReplyMail(input: CommentReplyMailInput): MailMessage {
  const several = input.replies.length > 1;
  return noticeMail({
    to: input.to,
    title: several ? `${persianNumber.format(input.replies.length)} پاسخ تازه به دیدگاه‌های شما` : 'پاسخ تازه به دیدگاه شما',
    greeting: `${input.fullName} عزیز، ${several ? 'به دیدگاه‌های شما این پاسخ‌ها رسیده است:' : 'به دیدگاه شما پاسخی رسیده است:'}`,
    parts: input.replies.map((reply) => ({
      lead: `${reply.author} دربارهٔ «${reply.itemTitle}»:`,
      quote: reply.text,
      link: reply.link,
      label: 'دیدن پاسخ',
    })),
    note: COMMENT_NOTE,
    unsubscribeLink: input.unsubscribeLink,
  });
}

/** Input of {@link pendingCommentsDigestMail}. */
export interface PendingCommentsDigestMailInput {
  to: string;
  fullName: string;
  /** How many comments wait for approval. */
  count: number;
  /** The absolute `/dashboard/comments` link. */
  link: string;
  /** The absolute one-click unsubscribe link of `pending-comments-digest`. */
  unsubscribeLink: string;
}

/** The staff digest of comments waiting for approval (issue 26), at most one an hour: how many, and the moderation page. */
export function pendingCommentsDigestMail(input: PendingCommentsDigestMailInput): MailMessage {
  return noticeMail({
    to: input.to,
    title: 'دیدگاه‌های در انتظار تأیید',
    greeting: `${input.fullName} عزیز، ${persianNumber.format(input.count)} دیدگاه در انتظار تأیید است.`,
    parts: [{ link: input.link, label: 'بررسی دیدگاه‌ها' }],
    note: STAFF_NOTE,
    unsubscribeLink: input.unsubscribeLink,
  });
}

/** Input of {@link newTicketMail}. */
export interface NewTicketMailInput {
  to: string;
  fullName: string;
  ticketTitle: string;
  senderName: string;
  text: string;
  /** The absolute link of the ticket's thread in the dashboard (`/dashboard/contact-us?ticket=<id>`). */
  link: string;
  /** The absolute one-click unsubscribe link of `new-ticket`. */
  unsubscribeLink: string;
}

/** The mail to staff for each new contact-us ticket (issue 26): title, sender, text and the tickets page. */
export function newTicketMail(input: NewTicketMailInput): MailMessage {
  const title = 'پیام تازه در تماس با ما';
  return noticeMail({
    to: input.to,
    title,
    subject: `${title}: ${input.ticketTitle}`,
    greeting: `${input.fullName} عزیز، ${input.senderName} پیامی با عنوان «${input.ticketTitle}» فرستاده است:`,
    parts: [{ quote: input.text, link: input.link, label: 'دیدن پیام‌ها' }],
    note: STAFF_NOTE,
    unsubscribeLink: input.unsubscribeLink,
  });
}

/** Why the sender of a ticket gets its answer (the footer). */
const TICKET_NOTE = 'این ایمیل پاسخ پیامی است که از صفحه تماس با ما فرستاده‌اید. به این ایمیل پاسخ ندهید؛ پاسخ خود را در سایت بنویسید.';

/** Input of {@link ticketAnswerMail}. */
export interface TicketAnswerMailInput {
  to: string;
  fullName: string;
  ticketTitle: string;
  /** Staff's answer, whole (not cut: it is the reply the contact page promises by mail). */
  answer: string;
  /** The absolute link of the thread in the profile (`/profile?ticket=<id>#tickets`). */
  link: string;
}

/**
 * The mail to a ticket's sender when staff answer it (issue 32 item 3): the ticket's title, the
 * whole answer, and a button to the thread in the profile, where the sender may reply. The answer
 * to the sender's own request, so it has no unsubscribe link (like receipts and account mails).
 */
export function ticketAnswerMail(input: TicketAnswerMailInput): MailMessage {
  const title = 'پاسخ به پیام شما';
  const lead = `${input.fullName} عزیز، به پیام شما با عنوان «${input.ticketTitle}» پاسخ داده شد:`;
  const more = 'برای دیدن همه گفت‌وگو یا نوشتن پاسخ، به بخش «پیام‌های من» در پروفایل خود بروید.';
  const html = layout(
    title,
    `<p style="margin:0 0 16px;">${escapeHtml(lead)}</p>
<blockquote style="margin:0 0 16px;padding:8px 12px;border-right:4px solid #2563eb;background:#fafafa;border-radius:4px;white-space:pre-line;">${escapeHtml(input.answer.trim())}</blockquote>
<p style="margin:0 0 8px;">${escapeHtml(more)}</p>
${buttonHtml(input.link, 'دیدن گفت‌وگو')}`,
    TICKET_NOTE,
  );
  const text = `${lead}

${input.answer.trim()}

${more}
دیدن گفت‌وگو: ${input.link}

${TICKET_NOTE}
${SITE_NAME}`;
  return { to: input.to, subject: `${title}: ${input.ticketTitle} — ${SITE_NAME}`, html, text };
}
