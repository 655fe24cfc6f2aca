/**
 * The support module's mails: a new contact-us ticket to staff (issue 26) and staff's answer to
 * its sender (issue 32 item 3).
 */
import { SITE_NAME, escapeHtml, layout, buttonHtml, STAFF_NOTE, noticeMail, type MailMessage } from '../../lib/mail';

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
