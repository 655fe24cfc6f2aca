/**
 * The forensics module's mail (issue 38 item 4: «the buyer is told by mail»): a buyer whose access to
 * a course was revoked because a leaked copy of its lessons was traced to their account.
 */
import { SITE_NAME, escapeHtml, layout, type MailMessage } from '../../lib/mail';

/** What {@link accessRevokedMail} says: to whom, which course, and staff's reason (quoted as written). */
export interface AccessRevokedMailInput {
  to: string;
  fullName: string;
  courseTitle: string;
  reason: string;
  /** The site's contact page, for an objection. */
  contactLink: string;
}

/**
 * The mail to a buyer whose access to a course staff revoked from a forensic identification: which
 * course, that access ended because a copy of its lessons was traced to their account, and staff's
 * reason quoted.
 */
export function accessRevokedMail(input: AccessRevokedMailInput): MailMessage {
  const title = 'دسترسی شما به دوره لغو شد';
  const lead = `${input.fullName} عزیز، دسترسی حساب شما به دوره «${input.courseTitle}» پایان یافت، چون نسخه‌ای از درس‌های این دوره که بیرون از سایت پخش شده بود به حساب شما ردیابی شد.`;
  const reasonLabel = 'توضیح پشتیبانی:';
  const objection = 'اگر فکر می‌کنید اشتباهی رخ داده است، از راه صفحه تماس با ما در میان بگذارید.';
  const note = 'این پیام را به این دلیل دریافت کرده‌اید که خریدار این دوره بوده‌اید.';
  const html = layout(
    title,
    `<p style="margin:0 0 16px;">${escapeHtml(lead)}</p>
<p style="margin:0 0 8px;">${escapeHtml(reasonLabel)}</p>
<blockquote style="margin:0 0 16px;padding:8px 12px;border-right:3px solid #a1a1aa;background:#f4f4f5;">${escapeHtml(input.reason)}</blockquote>
<p style="margin:0 0 16px;">${escapeHtml(objection)} <a href="${escapeHtml(input.contactLink)}">${escapeHtml(input.contactLink)}</a></p>`,
    note,
  );
  const text = `${lead}

${reasonLabel}
«${input.reason}»

${objection}
${input.contactLink}

${note}
${SITE_NAME}`;
  return { to: input.to, subject: `${title} — ${SITE_NAME}`, html, text };
}
