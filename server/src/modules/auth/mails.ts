/**
 * The auth module's mails (issue 7 "Mail"): the verification link and the password-reset code.
 */
import { SITE_NAME, persianNumber, escapeHtml, layout, type MailMessage } from '../../lib/mail';

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
