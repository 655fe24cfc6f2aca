/**
 * The mails of assignments (issue 37 item 3): a new submission to staff, and its grade to the buyer.
 */
import { toPersianDigits } from '@shop/format';
import { SITE_NAME, buttonHtml, escapeHtml, layout, quoteHtml, excerpt, STAFF_NOTE, type MailMessage } from '../../lib/mail';

/** Input of {@link newSubmissionMail}. */
export interface NewSubmissionMailInput {
  to: string;
  fullName: string;
  buyerName: string;
  courseTitle: string;
  sessionTitle: string;
  /** The buyer's text (cut to a few lines in the mail). */
  text: string;
  filesCount: number;
  /** The absolute link of the grading page (`/dashboard/assignments/<id>`). */
  link: string;
}

/**
 * The mail to staff (every holder of `manage-product-sessions` and every super) for each
 * submission: who sent what for which assignment, and a button to grade it. A work mail of the
 * permission they hold, so it has no unsubscribe link.
 */
export function newSubmissionMail(input: NewSubmissionMailInput): MailMessage {
  const title = 'پاسخ تازه به تکلیف';
  const lead = `${input.fullName} عزیز، ${input.buyerName} پاسخ تکلیف «${input.sessionTitle}» از دوره «${input.courseTitle}» را فرستاده است (${toPersianDigits(input.filesCount)} فایل).`;
  const html = layout(
    title,
    `<p style="margin:0 0 16px;">${escapeHtml(lead)}</p>
${input.text.trim() ? quoteHtml(input.text) : ''}
${buttonHtml(input.link, 'بررسی و نمره‌دادن')}`,
    STAFF_NOTE,
  );
  const text = `${lead}\n\n${input.text.trim() ? `${excerpt(input.text)}\n\n` : ''}بررسی و نمره‌دادن: ${input.link}\n\n${STAFF_NOTE}\n${SITE_NAME}`;
  return { to: input.to, subject: `${title}: ${input.sessionTitle}`, html, text };
}

/** Input of {@link submissionGradedMail}. */
export interface SubmissionGradedMailInput {
  to: string;
  fullName: string;
  courseTitle: string;
  sessionTitle: string;
  /** Out of 100. */
  score: number;
  passScore: number;
  passed: boolean;
  feedback: string;
  /** Whether the buyer may send again now. */
  canResubmit: boolean;
  /** The absolute link of the session page. */
  link: string;
}

/** Why the buyer gets the grade (the footer): the answer to their own submission, so no unsubscribe link. */
const GRADE_NOTE = 'این ایمیل نمرهٔ پاسخی است که به تکلیف دوره فرستاده‌اید.';

/** The mail to the buyer when staff grade their submission: the score out of 100, passed or not, the feedback, and whether they may send again. */
export function submissionGradedMail(input: SubmissionGradedMailInput): MailMessage {
  const title = 'نمرهٔ تکلیف شما';
  const score = `${toPersianDigits(input.score)} از ${toPersianDigits(100)}`;
  const verdict = input.passed
    ? 'قبول شدید و این جلسه برای شما کامل شد.'
    : `نمرهٔ قبولی ${toPersianDigits(input.passScore)} است. ${input.canResubmit ? 'می‌توانید پاسخ تازه‌ای بفرستید.' : ''}`.trim();
  const lead = `${input.fullName} عزیز، پاسخ شما به تکلیف «${input.sessionTitle}» از دوره «${input.courseTitle}» نمره گرفت: ${score}. ${verdict}`;
  const feedback = input.feedback.trim();
  const html = layout(
    title,
    `<p style="margin:0 0 16px;">${escapeHtml(lead)}</p>
${feedback ? `<p style="margin:0 0 8px;">بازخورد:</p><blockquote style="margin:0 0 16px;padding:8px 12px;border-right:4px solid #2563eb;background:#fafafa;border-radius:4px;white-space:pre-line;">${escapeHtml(feedback)}</blockquote>` : ''}
${buttonHtml(input.link, 'دیدن تکلیف')}`,
    GRADE_NOTE,
  );
  const text = `${lead}\n\n${feedback ? `بازخورد:\n${feedback}\n\n` : ''}دیدن تکلیف: ${input.link}\n\n${GRADE_NOTE}\n${SITE_NAME}`;
  return { to: input.to, subject: `${title}: ${input.sessionTitle}`, html, text };
}
