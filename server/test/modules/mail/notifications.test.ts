/**
 * Mail notifications (issue 26): a comment approved, replies to a comment (one mail, then at most
 * one an hour listing them), the staff digest of comments waiting (at most one an hour) and a new
 * ticket; each with its switch and its RFC 8058 one-click unsubscribe. And staff's answer to a
 * ticket (issue 32 item 3), which has no switch. Mails are read from a real
 * SMTP server; the hour is moved by setting the last send back in the database.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CommentNode, MailKind, PermissionName } from '@shop/contracts';
import { toPersianDigits } from '@shop/format';
import { commentReplyNotices } from '../../../src/modules/engagement/tables';
import { mailThrottles } from '../../../src/modules/site/tables';
import { issueToken } from '../../../src/modules/users/access-tokens';
import { mailCommentReplies, mailCommentsDigest } from '../../../src/modules/site/comment-notifications';
import { countPendingComments } from '../../../src/modules/engagement/comments-service';
import { createUser, grantPermissions } from '../../../src/modules/users/users-service';
import { headersOf } from '../../helpers/dashboard-actors';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../helpers/smtp';
import { DB_TARGETS, buildTestApp } from '../../helpers/test-app';

const ORIGIN = 'https://shop.example';
/** A demo post whose comments are open. */
const POST_ID = 3;

interface Person {
  id: number;
  email: string;
  headers: { authorization: string };
}

describe.each(DB_TARGETS)('comment and ticket notifications on %s', (target) => {
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let staffHeaders: { authorization: string };
  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildTestApp(target, { smtpUrl: smtp.url, publicUrl: ORIGIN });
    staffHeaders = await headersOf(app, 'staff@example.com');
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  let people = 0;
  /** A verified user made with the users module (no verification mail); staff when given permissions. */
  async function person(permissions?: PermissionName[]): Promise<Person> {
    const email = `notified-${++people}-${Date.now()}@example.com`;
    const user = await createUser(app.db, {
      full_name: `کاربر ${people}`,
      email,
      password_hash: 'unused',
      status: permissions ? 'staff' : 'ordinary',
      email_verified_at: new Date(),
    });
    if (permissions) await grantPermissions(app.db, user.id, permissions);
    return { id: user.id, email, headers: { authorization: `Bearer ${(await issueToken(app.db, user.id)).token}` } };
  }
  async function comment(author: Person, text: string, parentId = 0): Promise<CommentNode> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: author.headers,
      payload: { user_id: author.id, parent_id: parentId, text, commentable_id: POST_ID, commentable_type: 'post' },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ data: CommentNode }>().data;
  }
  const approve = (id: number) => app.inject({ method: 'POST', url: `/api/dashboard/comments/${id}/approve`, headers: staffHeaders });
  async function optOut(who: Person, kind: MailKind) {
    const response = await app.inject({ method: 'PUT', url: '/api/profile/mail-preferences', headers: who.headers, payload: { [kind]: false } });
    expect(response.statusCode).toBe(200);
  }
  const mailTo = (who: Person, subject: RegExp) => smtp.waitForMail((m) => m.to.includes(who.email) && subject.test(m.subject), 60_000);
  /** The mails `who` got so far whose subject matches, once the queue is empty. */
  async function mailsTo(who: Person, subject: RegExp): Promise<ReceivedMail[]> {
    await app.mailer.idle();
    return smtp.messages.filter((m) => m.to.includes(who.email) && subject.test(m.subject));
  }
  const header = (mail: ReceivedMail, name: string) => mail.parsed.headerLines.find((h) => h.key === name)?.line.replace(/\r?\n\s+/g, ' ');
  /** Moves the last send of a throttled mail back by `minutes`. */
  const moveBack = (key: string, minutes: number) =>
    app.db.update(mailThrottles).set({ sent_at: sql`${mailThrottles.sent_at} - make_interval(mins => ${minutes}::int)` }).where(eq(mailThrottles.key, key));
  const APPROVED = /دیدگاه شما تأیید شد/;
  const REPLY = /پاسخ تازه/;
  const DIGEST = /دیدگاه‌های در انتظار تأیید/;
  const ANSWERED = /پاسخ به پیام شما/;

  it('mails the author of an approved comment a link to it, with RFC 8058 headers; once; not when opted out', async () => {
    const author = await person();
    const mine = await comment(author, 'دیدگاهی که تأیید می‌شود.');
    expect((await approve(mine.id)).statusCode).toBe(200);
    const mail = await mailTo(author, APPROVED);
    expect(mail.html).toContain('<html dir="rtl" lang="fa">');
    expect(mail.text).toContain(`${ORIGIN}/posts/${POST_ID}#comment-${mine.id}`);
    expect(mail.text).toContain('دیدگاهی که تأیید می‌شود.');
    expect(header(mail, 'list-unsubscribe')).toMatch(/^List-Unsubscribe: <https:\/\/shop\.example\/api\/mail\/unsubscribe\?token=[^>]+>$/);
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // Approved again: no change, no second mail. Rejected, then approved again: still one mail.
    expect((await approve(mine.id)).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: `/api/dashboard/comments/${mine.id}/reject`, headers: staffHeaders })).statusCode).toBe(200);
    expect((await approve(mine.id)).statusCode).toBe(200);
    expect(await mailsTo(author, APPROVED)).toHaveLength(1);

    const quiet = await person();
    await optOut(quiet, 'comment-approved');
    expect((await approve((await comment(quiet, 'دیدگاه بی‌خبر.')).id)).statusCode).toBe(200);
    expect(await mailsTo(quiet, APPROVED)).toHaveLength(0);
  });

  it('mails each author of a bulk approval; a refused bulk request changes nothing and mails no one', async () => {
    const author = await person();
    const first = await comment(author, 'دیدگاه گروهی یکم.');
    const second = await comment(author, 'دیدگاه گروهی دوم.');
    const bulk = (ids: number[]) =>
      app.inject({ method: 'POST', url: '/api/dashboard/comments/bulk', headers: staffHeaders, payload: { action: 'approve', ids } });
    expect((await bulk([first.id, second.id, 99_999_999])).statusCode).toBe(404);
    expect(await mailsTo(author, APPROVED)).toHaveLength(0);
    expect((await bulk([first.id, second.id])).statusCode).toBe(200);
    await mailTo(author, APPROVED);
    await mailTo(author, APPROVED);
    expect((await mailsTo(author, APPROVED)).map((m) => /#comment-(\d+)/.exec(m.text)![1]).sort()).toEqual(
      [String(first.id), String(second.id)].sort(),
    );
  });

  it('mails a reply at once, then at most one mail an hour listing the replies that came meanwhile', async () => {
    const author = await person();
    const parent = await comment(author, 'پرسش من درباره این نوشته.');
    await approve(parent.id);
    await mailTo(author, APPROVED);

    const replier = await person();
    const reply = await comment(replier, 'پاسخ یکم به پرسش.', parent.id);
    expect(await mailsTo(author, REPLY)).toHaveLength(0);
    await approve(reply.id);
    const mail = await mailTo(author, REPLY);
    expect(mail.subject).toContain('پاسخ تازه به دیدگاه شما');
    expect(mail.text).toContain(`${ORIGIN}/posts/${POST_ID}#comment-${reply.id}`);
    expect(mail.text).toContain('پاسخ یکم به پرسش.');
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    await mailTo(replier, APPROVED);

    // Two more replies inside the hour: no mail now; the author's own reply is no notice at all.
    const second = await comment(await person(), 'پاسخ دوم.', parent.id);
    const third = await comment(await person(), 'پاسخ سوم.', parent.id);
    const own = await comment(author, 'پاسخ خودم.', parent.id);
    for (const id of [second.id, third.id, own.id]) expect((await approve(id)).statusCode).toBe(200);
    expect(await mailsTo(author, REPLY)).toHaveLength(1);
    const notices = await app.db.select().from(commentReplyNotices).where(eq(commentReplyNotices.recipient_id, author.id));
    expect(notices.map((n) => [n.reply_id, n.mailed_at === null]).sort()).toEqual(
      [
        [reply.id, false],
        [second.id, true],
        [third.id, true],
      ].sort(),
    );
    const early = await mailCommentReplies(app, { recipientId: author.id, origin: ORIGIN });
    expect(early.outcome).toBe('throttled');
    if (early.outcome === 'throttled') expect(early.nextAt.getTime() - Date.now()).toBeGreaterThan(55 * 60_000);

    await moveBack(`comment-reply:${author.id}`, 61);
    expect(await mailCommentReplies(app, { recipientId: author.id, origin: ORIGIN })).toEqual({ outcome: 'sent' });
    const batch = await mailTo(author, REPLY);
    expect(batch.subject).toContain('۲ پاسخ تازه به دیدگاه‌های شما');
    expect(batch.text).toContain(`#comment-${second.id}`);
    expect(batch.text).toContain(`#comment-${third.id}`);
    expect(batch.text).not.toContain(`#comment-${own.id}`);
    // Nothing is left to send.
    await moveBack(`comment-reply:${author.id}`, 61);
    expect(await mailCommentReplies(app, { recipientId: author.id, origin: ORIGIN })).toEqual({ outcome: 'nothing' });
  });

  it('sends no reply mail to an author who turned it off, and a staff reply from the dashboard mails at once', async () => {
    const quiet = await person();
    await optOut(quiet, 'comment-reply');
    const parent = await comment(quiet, 'دیدگاه کسی که پاسخ‌ها را نمی‌خواهد.');
    await approve(parent.id);
    const reply = await comment(await person(), 'پاسخی که خبرش نمی‌رسد.', parent.id);
    await approve(reply.id);
    for (let i = 0; i < 100; i++) {
      const [notice] = await app.db.select().from(commentReplyNotices).where(eq(commentReplyNotices.reply_id, reply.id));
      if (notice?.mailed_at) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const [notice] = await app.db.select().from(commentReplyNotices).where(eq(commentReplyNotices.reply_id, reply.id));
    expect(notice!.mailed_at).not.toBeNull();
    expect(await mailsTo(quiet, REPLY)).toHaveLength(0);

    const author = await person();
    const pending = await comment(author, 'دیدگاهی که کارمند به آن پاسخ می‌دهد.');
    const answer = await app.inject({
      method: 'POST',
      url: `/api/dashboard/comments/${pending.id}/reply`,
      headers: staffHeaders,
      payload: { text: 'پاسخ کارمند سایت.' },
    });
    expect(answer.statusCode).toBe(201);
    const staffReplyId = answer.json<{ data: { id: number } }>().data.id;
    expect((await mailTo(author, APPROVED)).text).toContain(`#comment-${pending.id}`);
    expect((await mailTo(author, REPLY)).text).toContain(`#comment-${staffReplyId}`);
  });

  it('unsubscribes from a notification kind by its one-click link', async () => {
    const author = await person();
    await approve((await comment(author, 'دیدگاه برای لغو دریافت.')).id);
    const mail = await mailTo(author, APPROVED);
    const link = /<(https:\/\/shop\.example\/api\/mail\/unsubscribe\?token=[^>]+)>/.exec(header(mail, 'list-unsubscribe')!)![1]!;
    expect(mail.text).toContain(link);
    const page = await app.inject({ url: link.replace(ORIGIN, '') });
    expect(page.body).toContain('تأیید دیدگاه‌های من');
    const done = await app.inject({
      method: 'POST',
      url: link.replace(ORIGIN, ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    const prefs = (await app.inject({ url: '/api/profile/mail-preferences', headers: author.headers })).json<{ data: Record<MailKind, boolean> }>().data;
    expect(prefs).toEqual({
      'unpaid-order-reminder': true,
      'comment-approved': false,
      'comment-reply': true,
      'pending-comments-digest': true,
      'new-ticket': true,
    });
  });

  it('mails staff with show-comments and supers one digest an hour of the comments waiting', async () => {
    const moderator = await person(['show-comments']);
    const quietModerator = await person(['show-comments']);
    await optOut(quietModerator, 'pending-comments-digest');
    const other = await person(['show-tickets']);
    const reader = await person();
    // The last digest long ago: a pending comment may have one sent now (by its job, if no job
    // waits for the hour of an earlier digest, or by this call; the other finds it sent).
    const longAgo = new Date(Date.now() - 2 * 3600_000);
    await app.db.insert(mailThrottles).values({ key: 'pending-comments-digest', sent_at: longAgo }).onConflictDoUpdate({ target: mailThrottles.key, set: { sent_at: longAgo } });
    await comment(reader, 'دیدگاهی در انتظار تأیید.');
    expect(['sent', 'throttled']).toContain((await mailCommentsDigest(app, { origin: ORIGIN })).outcome);
    const digest = await mailTo(moderator, DIGEST);
    expect(digest.text).toContain(`${toPersianDigits(await countPendingComments(app.db))} دیدگاه در انتظار تأیید است.`);
    expect(digest.text).toContain(`${ORIGIN}/dashboard/comments`);
    expect(header(digest, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    // A second pending comment inside the hour: no digest until the hour has passed.
    await comment(reader, 'دیدگاه دوم در انتظار.');
    const early = await mailCommentsDigest(app, { origin: ORIGIN });
    expect(early.outcome).toBe('throttled');
    expect(await mailsTo(moderator, DIGEST)).toHaveLength(1);
    await moveBack('pending-comments-digest', 61);
    expect(await mailCommentsDigest(app, { origin: ORIGIN })).toEqual({ outcome: 'sent' });
    await mailTo(moderator, DIGEST);
    expect(await mailsTo(quietModerator, DIGEST)).toHaveLength(0);
    expect(await mailsTo(other, DIGEST)).toHaveLength(0);
    expect(await mailsTo(reader, DIGEST)).toHaveLength(0);
    expect(smtp.messages.filter((m) => m.to.includes('super@example.com') && DIGEST.test(m.subject)).length).toBeGreaterThanOrEqual(2);
  });

  it('mails staff with show-tickets and supers about each new ticket, not the opted out nor other staff', async () => {
    const desk = await person(['show-tickets']);
    const quietDesk = await person(['show-tickets']);
    await optOut(quietDesk, 'new-ticket');
    const moderator = await person(['show-comments']);
    const sender = await person();
    const send = () =>
      app.inject({ method: 'POST', url: '/api/tickets', headers: sender.headers, payload: { title: 'پرسش درباره دوره', text: 'آیا گواهی پایان دوره دارد؟' } });
    expect((await send()).statusCode).toBe(201);
    const mail = await mailTo(desk, /پیام تازه در تماس با ما/);
    expect(mail.subject).toContain('پرسش درباره دوره');
    expect(mail.text).toContain('آیا گواهی پایان دوره دارد؟');
    // The ticket's thread in the dashboard, where staff answer it (issue 32 item 3).
    expect(mail.text).toMatch(/https:\/\/shop\.example\/dashboard\/contact-us\?ticket=\d+/);
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect((await send()).statusCode).toBe(201);
    await mailTo(desk, /پیام تازه در تماس با ما/);
    expect(await mailsTo(quietDesk, /پیام تازه/)).toHaveLength(0);
    expect(await mailsTo(moderator, /پیام تازه/)).toHaveLength(0);
    expect(await mailsTo(sender, /پیام تازه/)).toHaveLength(0);
  });

  it('mails the sender staff’s whole answer to their ticket with a link to the thread, whatever their switches; nothing else does (issue 32 item 3)', async () => {
    const desk = await person(['show-tickets']);
    const sender = await person();
    for (const kind of ['unpaid-order-reminder', 'comment-approved', 'comment-reply', 'new-ticket'] as const) await optOut(sender, kind);
    const sent = await app.inject({
      method: 'POST',
      url: '/api/tickets',
      headers: sender.headers,
      payload: { title: 'پرسش درباره گواهی', text: 'آیا این دوره گواهی پایان دوره دارد؟' },
    });
    const ticketId = sent.json<{ data: { id: number } }>().data.id;
    const answer = (text: string) =>
      app.inject({ method: 'POST', url: `/api/dashboard/contact-us/${ticketId}/replies`, headers: desk.headers, payload: { text } });
    // Longer than a notification's excerpt, on two lines: the mail carries it whole.
    const text = `بله، دارد.\n${'پس از دیدن همه جلسه‌ها گواهی در پروفایل شما صادر می‌شود. '.repeat(5).trim()}`;
    expect((await answer(text)).statusCode).toBe(201);
    const mail = await mailTo(sender, ANSWERED);
    expect(mail.subject).toBe('پاسخ به پیام شما: پرسش درباره گواهی — آکادمی نوشتار');
    expect(mail.html).toContain('<html dir="rtl" lang="fa">');
    expect(mail.html).toContain('به پیام شما با عنوان «پرسش درباره گواهی» پاسخ داده شد');
    expect(mail.text).toContain(text);
    expect(mail.text).toContain(`${ORIGIN}/profile?ticket=${ticketId}#tickets`);
    expect(mail.html).toContain(`href="${ORIGIN}/profile?ticket=${ticketId}#tickets"`);
    expect(header(mail, 'list-unsubscribe')).toBeUndefined();

    // The sender's own reply mails no one; an answer to a closed ticket is refused and mails nothing.
    const reply = await app.inject({ method: 'POST', url: `/api/tickets/${ticketId}/replies`, headers: sender.headers, payload: { text: 'ممنون از پاسخ شما.' } });
    expect(reply.statusCode).toBe(201);
    expect((await app.inject({ method: 'POST', url: `/api/dashboard/contact-us/${ticketId}/close`, headers: desk.headers })).statusCode).toBe(200);
    expect((await answer('پاسخی که پس از بستن فرستاده نمی‌شود.')).statusCode).toBe(409);
    expect(await mailsTo(sender, ANSWERED)).toHaveLength(1);
    expect(await mailsTo(desk, ANSWERED)).toHaveLength(0);
  });
});
