/**
 * The commerce module's mails: the receipt of a paid order, a refund, the reminder of an unpaid order
 * (issues 6 and 25), the access reconciliation's findings and the reminder of a part falling due
 * (issue 36) and a session opened by its date (issue 37 item 5); amounts in tomans.
 */
import { formatJalaliDate, formatToman, toPersianDigits } from '@shop/format';
import { SITE_NAME, escapeHtml, layout, buttonHtml, type MailMessage } from '../../lib/mail';

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

/** «شامل مالیات بر ارزش افزوده (۱۰٪)»: the label of the VAT a total includes. */
const vatLabel = (percent: number) => `شامل مالیات بر ارزش افزوده (${toPersianDigits(percent)}٪)`;

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
  /** Tomans of `total` paid from the wallet (issue 36 item 3); the rest went through the gateway. */
  walletAmount: number;
  /** The VAT rate in whole percent `total` includes (issue 36 item 5), or null / 0 for none. */
  vatPercent: number | null;
  /** Tomans of VAT in `total`. */
  vatAmount: number;
  /** The gateway's reference number, or null (a free order). */
  refId: string | null;
  /** The absolute receipt page link. */
  link: string;
}

/**
 * The receipt mail after a paid checkout order (issue 25 "Receipts"): receipt number and Jalali
 * date-time in Persian digits, each course with its price, the discount (code and amount) when
 * there is one, the total paid with the VAT it includes at the order's rate and, when the wallet paid
 * part, the wallet's and the gateway's shares (issue 36 item 5), the gateway's reference and a link
 * to the receipt page.
 */
export function receiptMail(input: ReceiptMailInput): MailMessage {
  const title = 'رسید خرید';
  const number = input.receiptNumber ? receiptNumberText(input.receiptNumber) : '—';
  const paidAt = formatJalaliDate(input.paidAt, { withTime: true });
  const discount = input.discountAmount > 0 ? `${input.discountCode ?? ''} − ${formatToman(input.discountAmount, { zeroIsFree: false })}`.trim() : null;
  // Persian digits for a number (Zarinpal's), as it is for a code with Latin letters (the sandbox's).
  const refId = input.refId ? (/^\d+$/.test(input.refId) ? toPersianDigits(input.refId) : input.refId) : 'بدون پرداخت در درگاه';
  const shares = input.walletAmount > 0 ? [['از کیف پول', formatToman(input.walletAmount, { zeroIsFree: false })], ['از درگاه پرداخت', formatToman(input.total - input.walletAmount, { zeroIsFree: false })]] : [];
  const vat = input.vatPercent ? [vatLabel(input.vatPercent), formatToman(input.vatAmount, { zeroIsFree: false })] : null;
  const rows = [
    rowHtml('شماره رسید', number, true),
    rowHtml('تاریخ پرداخت', paidAt),
    ...input.items.map((item) => rowHtml(item.title, formatToman(item.price, { zeroIsFree: false }))),
    ...(discount ? [rowHtml('تخفیف', discount)] : []),
    rowHtml('مبلغ پرداخت‌شده', formatToman(input.total, { zeroIsFree: false }), true),
    ...(vat ? [rowHtml(vat[0]!, vat[1]!)] : []),
    ...shares.map(([label, value]) => rowHtml(label!, value!)),
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
${input.items.map((item) => `${item.title}: ${formatToman(item.price, { zeroIsFree: false })}`).join('\n')}
${discount ? `تخفیف: ${discount}\n` : ''}مبلغ پرداخت‌شده: ${formatToman(input.total, { zeroIsFree: false })}
${vat ? `${vat[0]}: ${vat[1]}\n` : ''}${shares.map(([label, value]) => `${label}: ${value}\n`).join('')}شماره پیگیری درگاه: ${refId}

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
    rowHtml('مبلغ بازگشتی', formatToman(input.amount, { zeroIsFree: false }), true),
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
مبلغ بازگشتی: ${formatToman(input.amount, { zeroIsFree: false })}
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
<p style="margin:0 0 16px;">مبلغ: <strong>${escapeHtml(formatToman(input.total, { zeroIsFree: false }))}</strong></p>
${buttonHtml(input.cartLink, 'ادامه خرید')}
<p style="margin:16px 0 0;font-size:13px;"><a href="${escapeHtml(input.unsubscribeLink)}" style="color:#71717a;">دیگر این یادآوری را نمی‌خواهم</a></p>`,
    note,
  );
  const text = `${input.fullName} عزیز، سفارش شما هنوز پرداخت نشده است:

${input.titles.map((t) => `- ${t}`).join('\n')}
مبلغ: ${formatToman(input.total, { zeroIsFree: false })}

ادامه خرید: ${input.cartLink}

${note}
لغو دریافت این یادآوری‌ها: ${input.unsubscribeLink}
${SITE_NAME}`;
  return { to: input.to, subject: `${title} — ${SITE_NAME}`, html, text };
}

/** What {@link accessMismatchMail} says: to whom, and what the reconciliation found. */
export interface AccessMismatchMailInput {
  to: string;
  fullName: string;
  /** Paid items whose buyer cannot open the course. */
  missing: number;
  /** Grants that open a course nothing pays for. */
  unpaid: number;
  /** The dashboard's list of the findings. */
  link: string;
}

/** The mail to a super user when the daily access reconciliation finds the ledger out of step with the money (issue 36 item 1). */
export function accessMismatchMail(input: AccessMismatchMailInput): MailMessage {
  const title = 'دسترسی به دوره‌ها با پرداخت‌ها جور نیست';
  const lines = [
    ...(input.missing ? [`${toPersianDigits(String(input.missing))} خرید پرداخت‌شده که خریدارش به دوره دسترسی ندارد`] : []),
    ...(input.unpaid ? [`${toPersianDigits(String(input.unpaid))} دسترسی که پرداختی پشت آن نیست`] : []),
  ];
  const note = 'این پیام را به این دلیل دریافت کرده‌اید که مدیر کل سایت هستید؛ بررسی روزانه دسترسی‌ها آن را فرستاده است.';
  const html = layout(
    title,
    `<p style="margin:0 0 16px;">${escapeHtml(input.fullName)} عزیز، بررسی روزانه دسترسی‌ها این ناهمخوانی‌ها را یافت:</p>
<ul style="margin:0 0 16px;padding-right:20px;">${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
${buttonHtml(input.link, 'دیدن فهرست')}`,
    note,
  );
  const text = `${input.fullName} عزیز، بررسی روزانه دسترسی‌ها این ناهمخوانی‌ها را یافت:

${lines.map((line) => `- ${line}`).join('\n')}

دیدن فهرست: ${input.link}

${note}
${SITE_NAME}`;
  return { to: input.to, subject: `${title} — ${SITE_NAME}`, html, text };
}

/** What {@link instalmentReminderMail} says: to whom, which part of which course, its tomans and due date. */
export interface InstalmentReminderMailInput {
  to: string;
  fullName: string;
  course: string;
  number: number;
  parts: number;
  amount: number;
  dueAt: Date;
  graceDays: number;
  /** The profile's tab of courses bought in parts, where the part is paid. */
  link: string;
}

/**
 * The reminder of a part of a course bought in parts falling due (issue 36 item 2): the course, the
 * part («قسط ۲ از ۳»), its amount and Jalali due date, that access pauses after the grace days if
 * it is not paid, and a link to pay it. A mail about a payment the buyer owes: sent whatever the mail switches.
 */
export function instalmentReminderMail(input: InstalmentReminderMailInput): MailMessage {
  const title = 'یادآوری سررسید قسط';
  const part = `قسط ${toPersianDigits(input.number)} از ${toPersianDigits(input.parts)}`;
  const due = formatJalaliDate(input.dueAt);
  const grace = `اگر تا ${toPersianDigits(input.graceDays)} روز پس از سررسید پرداخت نشود، دسترسی به دوره تا پرداخت آن متوقف می‌شود.`;
  const note = 'این یادآوری را به این دلیل دریافت کرده‌اید که این دوره را به صورت اقساطی خریده‌اید.';
  const html = layout(
    title,
    `<p style="margin:0 0 16px;">${escapeHtml(input.fullName)} عزیز، ${escapeHtml(part)} دوره «${escapeHtml(input.course)}» به مبلغ <strong>${escapeHtml(formatToman(input.amount, { zeroIsFree: false }))}</strong> در تاریخ ${escapeHtml(due)} سررسید می‌شود.</p>
<p style="margin:0 0 16px;">${escapeHtml(grace)}</p>
${buttonHtml(input.link, 'پرداخت قسط')}`,
    note,
  );
  const text = `${input.fullName} عزیز، ${part} دوره «${input.course}» به مبلغ ${formatToman(input.amount, { zeroIsFree: false })} در تاریخ ${due} سررسید می‌شود.

${grace}

پرداخت قسط: ${input.link}

${note}
${SITE_NAME}`;
  return { to: input.to, subject: `${title}: ${input.course} — ${SITE_NAME}`, html, text };
}

/** Input of {@link sessionOpenedMail}. */
export interface SessionOpenedMailInput {
  to: string;
  fullName: string;
  course: string;
  session: string;
  /** When it opened. */
  openedAt: Date;
  /** The absolute session page link. */
  link: string;
}

/**
 * «A session opened» (issue 37 item 5): a session of a bought course that waited for a date (days
 * after purchase, a day staff set, or a day staff moved it to for this buyer) is open now; the
 * Jalali date it opened and a link to it.
 */
export function sessionOpenedMail(input: SessionOpenedMailInput): MailMessage {
  const title = 'جلسهٔ تازه باز شد';
  const opened = formatJalaliDate(input.openedAt);
  const note = 'این پیام را به این دلیل دریافت کرده‌اید که این دوره را خریده‌اید.';
  const html = layout(
    title,
    `<p style="margin:0 0 16px;">${escapeHtml(input.fullName)} عزیز، جلسهٔ «${escapeHtml(input.session)}» دوره «${escapeHtml(input.course)}» از ${escapeHtml(opened)} برای شما باز است.</p>
${buttonHtml(input.link, 'دیدن جلسه')}`,
    note,
  );
  const text = `${input.fullName} عزیز، جلسهٔ «${input.session}» دوره «${input.course}» از ${opened} برای شما باز است.

دیدن جلسه: ${input.link}

${note}
${SITE_NAME}`;
  return { to: input.to, subject: `${title}: ${input.session} — ${SITE_NAME}`, html, text };
}
