/**
 * Mail about comments (issue 26 "Notifications by mail"), each a kind of MAIL_KINDS the user may
 * turn off, with its RFC 8058 one-click unsubscribe, each mail and job queued in the transaction of
 * the change that causes it (`app.jobs.send` with `tx`), so it commits or rolls back with it:
 * - `comment-approved`: a comment's author, when staff approve it (not staff approving their own);
 * - `comment-reply`: a comment's author, when a reply by someone else becomes public: the reply
 *   notices written with the change (comments-service `recordReplyNotices`) are mailed by a job of
 *   the queue `comment-reply-mail`, one waiting job per author (the queue's `short` policy and
 *   `singletonKey`), at most one mail an hour per author (mail-throttle.ts): a reply inside the
 *   hour waits for it, and the mail then lists every reply that came meanwhile;
 * - `pending-comments-digest`: staff holding `show-comments` and supers, at most one mail an hour
 *   (one waiting job in all), with how many comments wait for approval.
 * The comments and their reply notices are the engagement module's (comments-service.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ContentType, MailKind } from '@shop/contracts';
import type { Db } from '../../db/client';
import type { MailMessage } from '../../lib/mail';
import { markSent, nextSendAt, peekNextSendAt } from './mail-throttle';
import { commentApprovedMail, commentReplyMail, pendingCommentsDigestMail, type ReplyOfMail } from './mails';
import { getProductSessionRef } from '../commerce';
import { getUserContacts, staffHolding } from '../users';
import {
  commentsForMail,
  commentStatusOf,
  countPendingComments,
  lockUnmailedReplyNotices,
  markFirstApprovals,
  markReplyNoticesMailed,
  replyNoticeRecipients,
} from '../engagement';
import { contentTitles } from './engagement-service';

/** The job queue of the reply mails: one job per author waiting, `{recipientId, origin}`. */
export const COMMENT_REPLY_QUEUE = 'comment-reply-mail';
/** The job queue of the staff digest: one job waiting, `{origin}`. */
export const COMMENTS_DIGEST_QUEUE = 'pending-comments-digest';

/** The throttle key of the reply mails of one author. */
const replyKey = (userId: number) => `comment-reply:${userId}`;
/** The throttle key of the staff digest. */
const DIGEST_KEY = 'pending-comments-digest';

/** A reply-mail job. */
export interface CommentReplyJob {
  recipientId: number;
  /** The origin of the links (PUBLIC_URL, else the request's that published the reply). */
  origin: string;
}

/** A digest job. */
export interface CommentsDigestJob {
  origin: string;
}

/** What a reply-mail or digest job did (logged; tests read it). `throttled` carries when to try again. */
export type NoticeOutcome = { outcome: 'sent' | 'nothing' | 'opted-out' } | { outcome: 'throttled'; nextAt: Date };

/** The public page of an item (`/posts/3`, `/products/2/7` for a session), or null when the item is gone. */
async function itemPath(db: Db, type: ContentType, itemId: number): Promise<string | null> {
  switch (type) {
    case 'post':
      return `/posts/${itemId}`;
    case 'podcast':
      return `/podcasts/${itemId}`;
    case 'product':
      return `/products/${itemId}`;
    case 'product_session': {
      const ref = await getProductSessionRef(db, itemId);
      return ref ? `/products/${ref.product_id}/${itemId}` : null;
    }
  }
}

/** The comments `ids` with what a mail says of them: author, text, item title and anchored link. */
async function describeComments(db: Db, ids: number[], origin: string) {
  const rows = await commentsForMail(db, ids);
  const titles = contentTitles(db);
  const authors = await getUserContacts(db, [...new Set(rows.map((row) => row.userId))]);
  const described = [];
  for (const row of rows) {
    const path = await itemPath(db, row.type, row.itemId);
    const title = (await titles(row.type, [row.itemId])).get(row.itemId);
    const author = authors.get(row.userId);
    if (!path || title === undefined || !author) continue;
    described.push({ ...row, author, itemTitle: title, link: `${origin}${path}#comment-${row.id}` });
  }
  return described;
}

/** Queues on `tx` the mail `build(unsubscribe link)` of `kind` to `userId` (`Mailer.sendToUser`). */
const sendNotice = (app: FastifyInstance, tx: Db, userId: number, kind: MailKind, origin: string, build: (unsubscribe: string) => MailMessage) =>
  app.mailer.sendToUser(tx, { userId, kind, origin }, build);

/**
 * Queues on `tx` one waiting job of `queue` under `singletonKey`, due when the throttle of
 * `throttleKey` allows (or at `at`); rejects with the database's error.
 */
async function queueThrottled(app: FastifyInstance, tx: Db, queue: string, data: object, singletonKey: string, throttleKey: string, at?: Date) {
  const startAfter = at ?? (await peekNextSendAt(tx, throttleKey, new Date())) ?? undefined;
  await app.jobs.send(queue, data, { singletonKey, tx, ...(startAfter ? { startAfter } : {}) });
}

/**
 * In the transaction `tx` in which the comments `ids` became public by `actorId` (issue 26):
 * mails each author other than the actor that their comment is approved (`comment-approved`), once
 * in the comment's life (`approval_noticed_at`: approved again after a rejection or a restore, it
 * mails nothing), and queues the reply mail of each author with a reply notice among or under
 * them, all on `tx`. Rejects with the database's error, failing the change with it.
 */
export async function notifyCommentsPublished(app: FastifyInstance, tx: Db, ids: number[], actorId: number, origin: string): Promise<void> {
  if (ids.length === 0) return;
  // The change already holds these rows' locks.
  const firstApprovals = await markFirstApprovals(tx, ids);
  for (const comment of await describeComments(tx, firstApprovals, origin)) {
    if (comment.userId === actorId || !(await app.mailer.wants(tx, comment.userId, 'comment-approved'))) continue;
    await sendNotice(app, tx, comment.userId, 'comment-approved', origin, (unsubscribe) =>
      commentApprovedMail({
        to: comment.author.email,
        fullName: comment.author.full_name,
        itemTitle: comment.itemTitle,
        text: comment.text,
        link: comment.link,
        unsubscribeLink: unsubscribe,
      }),
    );
  }
  for (const id of await replyNoticeRecipients(tx, ids)) {
    await queueThrottled(app, tx, COMMENT_REPLY_QUEUE, { recipientId: id, origin } satisfies CommentReplyJob, `user:${id}`, replyKey(id));
  }
}

/**
 * In the transaction `tx` in which `actorId` posted the comment `id` (issue 26): a public one
 * (staff) is {@link notifyCommentsPublished}; one waiting for approval queues the staff digest on
 * `tx`. Rejects with the database's error, failing the change with it.
 */
export async function notifyCommentPosted(app: FastifyInstance, tx: Db, id: number, actorId: number, origin: string): Promise<void> {
  const status = await commentStatusOf(tx, id);
  if (status === 'approved') await notifyCommentsPublished(app, tx, [id], actorId, origin);
  else if (status === 'pending') {
    await queueThrottled(app, tx, COMMENTS_DIGEST_QUEUE, { origin } satisfies CommentsDigestJob, 'digest', DIGEST_KEY);
  }
}

/**
 * Runs one reply-mail job at `now`: inside one transaction, with the author's throttle locked,
 * takes the author's reply notices not mailed yet; within an hour of the last mail answers
 * `throttled` (and when to try again); else marks them mailed and, when the author wants
 * `comment-reply`, records the send and queues one mail listing the replies still public, in
 * that same transaction (issue 26: the notices are never marked mailed without their mail).
 */
export async function mailCommentReplies(app: FastifyInstance, job: CommentReplyJob, now = new Date()): Promise<NoticeOutcome> {
  return app.db.transaction(async (transaction): Promise<NoticeOutcome> => {
    const tx = transaction as unknown as Db;
    const key = replyKey(job.recipientId);
    const nextAt = await nextSendAt(tx, key, now);
    const pending = await lockUnmailedReplyNotices(tx, job.recipientId);
    if (pending.length === 0) return { outcome: 'nothing' };
    if (nextAt) return { outcome: 'throttled', nextAt };
    await markReplyNoticesMailed(tx, pending.map((row) => row.replyId), now);
    const replyIds = pending.filter((row) => row.status === 'approved').map((row) => row.replyId);
    if (replyIds.length === 0) return { outcome: 'nothing' };
    if (!(await app.mailer.wants(tx, job.recipientId, 'comment-reply'))) return { outcome: 'opted-out' };
    await markSent(tx, key, now);
    const recipient = (await getUserContacts(tx, [job.recipientId])).get(job.recipientId);
    const replies: ReplyOfMail[] = (await describeComments(tx, replyIds, job.origin)).map((reply) => ({
      author: reply.author.full_name,
      itemTitle: reply.itemTitle,
      text: reply.text,
      link: reply.link,
    }));
    if (!recipient || replies.length === 0) return { outcome: 'nothing' };
    await sendNotice(app, tx, job.recipientId, 'comment-reply', job.origin, (unsubscribe) =>
      commentReplyMail({ to: recipient.email, fullName: recipient.full_name, replies, unsubscribeLink: unsubscribe }),
    );
    return { outcome: 'sent' };
  });
}

/**
 * Runs one digest job at `now`: with the digest's throttle locked, within an hour of the last
 * digest answers `throttled`; with no comment waiting `nothing`; else records the send and mails
 * each staff member holding `show-comments` and each super who wants `pending-comments-digest`,
 * in the transaction that records the send (issue 26: never recorded without its mails).
 */
export async function mailCommentsDigest(app: FastifyInstance, job: CommentsDigestJob, now = new Date()): Promise<NoticeOutcome> {
  return app.db.transaction(async (transaction): Promise<NoticeOutcome> => {
    const tx = transaction as unknown as Db;
    const nextAt = await nextSendAt(tx, DIGEST_KEY, now);
    if (nextAt) return { outcome: 'throttled', nextAt };
    const count = await countPendingComments(tx);
    if (count === 0) return { outcome: 'nothing' };
    await markSent(tx, DIGEST_KEY, now);
    for (const staff of await staffHolding(tx, 'show-comments')) {
      if (!(await app.mailer.wants(tx, staff.id, 'pending-comments-digest'))) continue;
      await sendNotice(app, tx, staff.id, 'pending-comments-digest', job.origin, (unsubscribe) =>
        pendingCommentsDigestMail({
          to: staff.email,
          fullName: staff.full_name,
          count,
          link: `${job.origin}/dashboard/comments`,
          unsubscribeLink: unsubscribe,
        }),
      );
    }
    return { outcome: 'sent' };
  });
}

/**
 * Creates the two queues and starts this process's workers; a throttled job is queued again for
 * its hour (a failure to queue it fails the job, which the queue tries again). Answers a function
 * that stops them.
 */
export async function startCommentNotices(app: FastifyInstance): Promise<() => Promise<void>> {
  for (const name of [COMMENT_REPLY_QUEUE, COMMENTS_DIGEST_QUEUE]) {
    const queue = { name, policy: 'short' as const, retryLimit: 5, retryDelay: 60, retryBackoff: true };
    await app.jobs.declare(queue);
  }
  await app.jobs.work<CommentReplyJob>(COMMENT_REPLY_QUEUE, async (job) => {
    const result = await mailCommentReplies(app, job.data);
    app.log.info({ recipientId: job.data.recipientId, outcome: result.outcome }, 'comment reply mail');
    if (result.outcome === 'throttled') {
      await queueThrottled(app, app.db, COMMENT_REPLY_QUEUE, job.data, `user:${job.data.recipientId}`, replyKey(job.data.recipientId), result.nextAt);
    }
  });
  await app.jobs.work<CommentsDigestJob>(COMMENTS_DIGEST_QUEUE, async (job) => {
    const result = await mailCommentsDigest(app, job.data);
    app.log.info({ outcome: result.outcome }, 'pending comments digest');
    if (result.outcome === 'throttled') await queueThrottled(app, app.db, COMMENTS_DIGEST_QUEUE, job.data, 'digest', DIGEST_KEY, result.nextAt);
  });
  return async () => {
    await app.jobs.stop(COMMENT_REPLY_QUEUE);
    await app.jobs.stop(COMMENTS_DIGEST_QUEUE);
  };
}
