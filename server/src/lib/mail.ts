/**
 * What a module needs to write and send a mail (issue 34 item 3: each domain owns its templates,
 * in its own `mails.ts`): the message, the mailer's interface (`app.mailer`, made by the mail
 * module), and the pieces every Persian mail is made of (issue 7 "Mail"): right-to-left HTML with
 * inline styles (mail clients drop style sheets) and the same words as a plain-text part.
 */
import type { MailKind } from '@shop/contracts';
import type { Db } from '../db/client';

/** One message: recipient, subject, and the same words as RTL HTML and as plain text. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Extra headers, e.g. RFC 8058 `List-Unsubscribe` of a marketing mail (mail-preferences.ts). */
  headers?: Record<string, string>;
}

/** Sends mail in the background; available as `app.mailer`. */
export interface Mailer {
  /**
   * Queues `message` as a row of the job queue written on `db`: the transaction `tx` of the change
   * that causes the mail (issue 26), so that the mail job commits or rolls back with the change and
   * no restart between a commit and a queueing loses it; `app.db` where there is no change to join
   * (a resent verification link; a reset code, queued after its code is saved).
   * Wakes the mail workers once the job can be seen: on PostgreSQL every replica's, by a
   * notification delivered at the commit; on PGlite this process's, whose fetch waits for the
   * transaction to end (one connection). A worker that missed the wake takes the job at its next
   * 2 s poll. Resolves once written; rejects with the database's error when
   * the row cannot be written, so that the caller's transaction fails with it. A queued mail that
   * cannot be sent is logged and tried again.
   */
  sendLater(db: Db, message: MailMessage): Promise<void>;
  /** True unless user `userId` turned mail of `kind` off (their mail preferences, issue 26). */
  wants(db: Db, userId: number, kind: MailKind): Promise<boolean>;
  /**
   * Queues on `tx` (as {@link Mailer.sendLater}) the mail `build(link)` of `kind` to `userId`,
   * where `link` is its absolute one-click unsubscribe link from `origin`, with the RFC 8058
   * headers (issue 26).
   */
  sendToUser(tx: Db, recipient: { userId: number; kind: MailKind; origin: string }, build: (unsubscribeLink: string) => MailMessage): Promise<void>;
  /** Resolves when no queued mail is waiting or being sent (tests). */
  idle(): Promise<void>;
  /** `failing` while this process's last try to deliver a mail failed (readiness: issue 23), else `ok`. */
  deliveryState(): 'ok' | 'failing';
  /** Stops taking queued mail, then closes the transport (the queue keeps what is left). */
  close(): Promise<void>;
}

/** The site's name in mail subjects and signatures. */
export const SITE_NAME = 'آکادمی نوشتار';

export const persianNumber = new Intl.NumberFormat('fa-IR', { useGrouping: false });

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The footer of account mails: they answer a request the reader may not have made. */
export const NOT_YOU = 'اگر این درخواست را شما نفرستاده‌اید، این ایمیل را نادیده بگیرید.';

/** Wraps body HTML in an RTL document with the site's font stack and a footer (`note`, then the site's name). */
export function layout(title: string, body: string, note = NOT_YOU): string {
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

/** A button link and the bare link under it (HTML). */
export const buttonHtml = (link: string, label: string) =>
  `<p style="margin:16px 0;text-align:center;"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 28px;background:#2563eb;color:#ffffff;border-radius:8px;text-decoration:none;font-weight:bold;">${escapeHtml(label)}</a></p>
<p dir="ltr" style="margin:0;text-align:left;word-break:break-all;font-size:13px;"><a href="${escapeHtml(link)}" style="color:#2563eb;">${escapeHtml(link)}</a></p>`;

/** The link under each notification (issue 26) that turns its kind off. */
export const unsubscribeHtml = (link: string) =>
  `<p style="margin:16px 0 0;font-size:13px;"><a href="${escapeHtml(link)}" style="color:#71717a;">دیگر این ایمیل‌ها را نمی‌خواهم</a></p>`;

/** A comment or ticket text cut to `max` characters for a mail (whole text when shorter). */
export const excerpt = (text: string, max = 200) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max).trimEnd()}…` : flat;
};

/** A quoted text (HTML). */
export const quoteHtml = (text: string) =>
  `<blockquote style="margin:0 0 16px;padding:8px 12px;border-right:4px solid #d4d4d8;background:#fafafa;border-radius:4px;">${escapeHtml(excerpt(text))}</blockquote>`;

/** Why staff get a notification (the footer). */
export const STAFF_NOTE = 'این ایمیل برای کارکنان سایت فرستاده می‌شود.';

/** One part of a notification: an optional lead line, an optional quoted text, and a button to the place. */
export interface NoticePart {
  lead?: string;
  quote?: string;
  link: string;
  label: string;
}

/**
 * A notification mail (issue 26): `greeting`, then each part (lead, quoted text cut to a few
 * lines, button and bare link), the link that turns the kind off, and `note` saying why it came.
 */
export function noticeMail(input: {
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
