/**
 * The site's mails about comments (issue 26): a comment approved, replies to a comment, and the
 * staff's digest of comments waiting for approval.
 */
import { persianNumber, STAFF_NOTE, noticeMail, type MailMessage } from '../../lib/mail';

/** Why a comment author gets a notification (the footer). */
const COMMENT_NOTE = 'این ایمیل را به این دلیل دریافت کرده‌اید که در سایت دیدگاه نوشته‌اید.';

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
