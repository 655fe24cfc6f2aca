/**
 * Mails queued in the transaction of the change that causes them (issue 26 "Mails go through a
 * job queue … never lost by a restart"): `app.jobs.send` with `tx` (lib/job-queues.ts) runs
 * pg-boss's INSERT on the change's transaction, on PGlite and on PostgreSQL. A change that fails
 * after its mail was queued leaves no mail job and no mail; a committed change has its mail job
 * from the commit on, without any step after it. Mails are read from the `.eml` outbox.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import type { Db } from '../../../src/db/client';
import { comments } from '../../../src/modules/engagement/tables';
import { tickets } from '../../../src/modules/support/tables';
import { users } from '../../../src/modules/users/tables';
import { auditActor } from '../../../src/modules/audit/audit-log';
import { UNPAID_REMINDER_QUEUE } from '../../../src/modules/commerce/unpaid-reminder';
import { MAIL_QUEUE } from '../../../src/modules/mail/mailer';
import { notifyCommentsPublished } from '../../../src/modules/site/comment-notifications';
import { moderateComment } from '../../../src/modules/site/engagement-service';
import { notifyNewTicket } from '../../../src/modules/support/ticket-notifications';
import { createTicket } from '../../../src/modules/support/tickets-service';
import { getUserById } from '../../../src/modules/users/users-service';
import { headersOf } from '../../helpers/dashboard-actors';
import { DB_TARGETS, buildTestApp } from '../../helpers/test-app';

const ORIGIN = 'https://shop.example';
/** A demo post whose comments are open. */
const POST_ID = 3;

/** Thrown by a change after it queued its mail, to roll it back. */
class LaterStepFailed extends Error {}

describe.each(DB_TARGETS)('mails queued in the change’s transaction on %s', (target) => {
  let app: FastifyInstance;
  let senderId: number;
  beforeAll(async () => {
    app = await buildTestApp(target, { publicUrl: ORIGIN });
    const [sender] = await app.db.select({ id: users.id }).from(users).where(eq(users.email, 'user@example.com'));
    senderId = sender!.id;
  });
  afterAll(() => app.close());

  /** Mail jobs (any state) whose plain text contains `tag`, looked up in `tx` (a transaction), or on a connection of its own. */
  async function mailJobs(tx: Db | undefined, tag: string): Promise<number> {
    const jobs = await app.jobs.find<{ text?: string }>(MAIL_QUEUE, { tx });
    return jobs.filter((job) => job.data.text?.includes(tag)).length;
  }
  /** Mail jobs of `tag` seen from the app's own connections, outside any transaction of the test. */
  const committedMailJobs = (tag: string) => mailJobs(undefined, tag);

  /** The outbox's mails whose plain text contains `tag`, once the mail queue is empty. */
  async function outboxMails(tag: string): Promise<string[]> {
    await app.mailer.idle();
    const dir = app.settings.outboxDir;
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    const texts = await Promise.all(names.map(async (name) => (await simpleParser(await fs.readFile(path.join(dir, name)))).text ?? ''));
    return texts.filter((text) => text.includes(tag));
  }

  it('a ticket whose transaction fails after its staff mails were queued leaves no ticket, no mail job and no mail', async () => {
    const tag = `rolled-back-ticket-${target}-${Date.now()}`;
    let queuedInside = 0;
    const saving = createTicket(app.db, { userId: senderId, title: tag, text: `متن ${tag}` }, async (tx, ticket) => {
      await notifyNewTicket(app, tx, ticket, ORIGIN);
      queuedInside = await mailJobs(tx, tag);
      throw new LaterStepFailed('a later step of the change failed');
    });
    await expect(saving).rejects.toBeInstanceOf(LaterStepFailed);
    // The mails were queued (at least the super's) before the change failed…
    expect(queuedInside).toBeGreaterThan(0);
    // …and went with it.
    expect(await app.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.title, tag))).toEqual([]);
    expect(await committedMailJobs(tag)).toBe(0);
    expect(await outboxMails(tag)).toEqual([]);
  });

  it('a committed ticket has its staff mails queued in its own transaction, there from the commit on', async () => {
    const tag = `committed-ticket-${target}-${Date.now()}`;
    let seenInside = -1;
    let seenOutsideBeforeCommit = -1;
    await createTicket(app.db, { userId: senderId, title: tag, text: `متن ${tag}` }, async (tx, ticket) => {
      await notifyNewTicket(app, tx, ticket, ORIGIN);
      seenInside = await mailJobs(tx, tag);
      // Another connection does not see the uncommitted job. (PGlite has one connection: a
      // second query would wait for this transaction.)
      if (app.dbKind === 'postgres') seenOutsideBeforeCommit = await committedMailJobs(tag);
    });
    expect(seenInside).toBeGreaterThan(0);
    if (app.dbKind === 'postgres') expect(seenOutsideBeforeCommit).toBe(0);
    // Right after the commit, with no step after it.
    expect(await committedMailJobs(tag)).toBe(seenInside);
    expect(await outboxMails(tag)).toHaveLength(seenInside);
  });

  it('an approval whose transaction fails after the approval mail was queued leaves the comment pending and no mail', async () => {
    const tag = `rolled-back-approval-${target}-${Date.now()}`;
    const posted = await app.inject({
      method: 'POST',
      url: '/api/comments',
      headers: await headersOf(app, 'user@example.com'),
      payload: { user_id: senderId, parent_id: 0, text: `دیدگاه ${tag}`, commentable_id: POST_ID, commentable_type: 'post' },
    });
    expect(posted.statusCode).toBe(201);
    const { id } = posted.json<{ data: { id: number } }>().data;
    const staff = (await getUserById(app.db, (await app.db.select({ id: users.id }).from(users).where(eq(users.email, 'staff@example.com')))[0]!.id))!;
    let queuedInside = 0;
    const approving = moderateComment(app.db, staff, id, 'approve', auditActor(staff, '127.0.0.1'), async (tx: Db, ids) => {
      await notifyCommentsPublished(app, tx, ids, staff.id, ORIGIN);
      queuedInside = await mailJobs(tx, tag);
      throw new LaterStepFailed('a later step of the change failed');
    });
    await expect(approving).rejects.toBeInstanceOf(LaterStepFailed);
    expect(queuedInside).toBe(1);
    expect(await app.db.select({ status: comments.status }).from(comments).where(like(comments.text, `%${tag}%`))).toEqual([{ status: 'pending' }]);
    expect(await committedMailJobs(tag)).toBe(0);
    expect(await outboxMails(tag)).toEqual([]);
  });

  it('queues a job delayed by seconds (pg-boss reads its `$5` twice) in a transaction, and drops it with a rollback', async () => {
    const key = `in-transaction-${target}-${Date.now()}`;
    const send = (tx: Db) =>
      app.jobs.send(UNPAID_REMINDER_QUEUE, { orderId: 0, origin: ORIGIN }, { startAfter: 3600, singletonKey: key, tx });
    /** The jobs of `key`, each with how long it waits from now, seconds. */
    const waiting = async () =>
      (await app.jobs.find(UNPAID_REMINDER_QUEUE, { singletonKey: key })).map((job) => ({ wait: Math.round((job.startAfter.getTime() - Date.now()) / 1000) }));
    await expect(
      app.db.transaction(async (tx) => {
        await send(tx as unknown as Db);
        throw new LaterStepFailed('a later step of the change failed');
      }),
    ).rejects.toBeInstanceOf(LaterStepFailed);
    expect(await waiting()).toEqual([]);
    await app.db.transaction(async (tx) => {
      expect(await send(tx as unknown as Db)).toEqual(expect.any(String));
    });
    const [job] = await waiting();
    expect(job!.wait).toBeGreaterThan(3590);
  });
});
