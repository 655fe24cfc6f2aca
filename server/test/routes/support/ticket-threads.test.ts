/**
 * Tickets answered (issue 32 item 3): staff answer a ticket in the dashboard, close it and open it
 * again; its sender reads the whole thread in the profile and replies until it is closed, each
 * reply making the ticket unread for staff; staff's writes are in the audit log. (The answer's
 * mail to the sender: test/modules/mail/notifications.test.ts.)
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AuditEntry, Paginated, PermissionName, Ticket, TicketThread } from '@shop/contracts';
import { issueToken } from '../../../src/modules/users/access-tokens';
import { getSiteInformation, saveSiteInformation } from '../../../src/modules/support/support-service';
import { createUser, grantPermissions } from '../../../src/modules/users/users-service';
import { headersOf, newStaff, type AuthHeaders } from '../../helpers/dashboard-actors';
import { DB_TARGETS, buildTestApp, csrfHeaders } from '../../helpers/test-app';

/** Replies one user may write an hour in this file's app. */
const REPLIES_PER_HOUR = 4;

interface Person {
  id: number;
  name: string;
  headers: AuthHeaders;
}

describe.each(DB_TARGETS)('ticket threads on %s', (target) => {
  let app: FastifyInstance;
  let superHeaders: AuthHeaders;
  let desk: Person;
  beforeAll(async () => {
    app = await buildTestApp(target, { rateLimit: { ticketReplies: REPLIES_PER_HOUR } });
    superHeaders = await headersOf(app, 'super@example.com');
    desk = await person('کارمند پشتیبانی', ['show-tickets']);
  });
  afterAll(() => app.close());

  /** A verified user (staff holding `permissions` when given), with bearer headers. */
  async function person(name = 'فرستنده پیام', permissions?: PermissionName[], verified = true): Promise<Person> {
    const user = await createUser(app.db, {
      full_name: name,
      email: `thread-${randomBytes(6).toString('hex')}@example.com`,
      password_hash: 'unused',
      status: permissions ? 'staff' : 'ordinary',
      email_verified_at: verified ? new Date() : null,
    });
    if (permissions) await grantPermissions(app.db, user.id, permissions);
    return { id: user.id, name, headers: { authorization: `Bearer ${(await issueToken(app.db, user.id)).token}` } };
  }
  async function sendTicket(sender: Person, title = 'پرسش درباره دوره'): Promise<Ticket> {
    const response = await app.inject({ method: 'POST', url: '/api/tickets', headers: sender.headers, payload: { title, text: 'آیا این دوره گواهی پایان دوره دارد؟' } });
    expect(response.statusCode).toBe(201);
    return response.json<{ data: Ticket }>().data;
  }
  const answer = (headers: AuthHeaders, id: number | string, payload: unknown) =>
    app.inject({ method: 'POST', url: `/api/dashboard/contact-us/${id}/replies`, headers, payload: payload as object });
  const reply = (who: Person, id: number | string, payload: unknown) =>
    app.inject({ method: 'POST', url: `/api/tickets/${id}/replies`, headers: who.headers, payload: payload as object });
  const act = (headers: AuthHeaders, id: number | string, action: 'close' | 'reopen') =>
    app.inject({ method: 'POST', url: `/api/dashboard/contact-us/${id}/${action}`, headers });
  const threadOf = async (url: string, headers: AuthHeaders) => {
    const response = await app.inject({ url, headers });
    expect(response.statusCode).toBe(200);
    return response.json<{ data: TicketThread }>().data;
  };
  const auditOf = async (id: number) => {
    const response = await app.inject({ url: `/api/dashboard/audit-log?entity_type=ticket&entity_id=${id}&per_page=50`, headers: superHeaders });
    return response.json<Paginated<AuditEntry>>().data;
  };

  it('staff answer a ticket: 201 with the thread, the ticket read and answered, the answer audited', async () => {
    const sender = await person();
    const ticket = await sendTicket(sender);
    expect(ticket).toMatchObject({ is_read: false, closed_at: null, replies_count: 0, state: 'waiting' });
    const response = await answer(desk.headers, ticket.id, { text: '  بله، پس از پایان همه جلسه‌ها گواهی صادر می‌شود.  ' });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ message: string; data: TicketThread }>();
    expect(body.message).toBe('پاسخ ثبت شد و برای فرستنده ایمیل می‌شود.');
    expect(body.data).toEqual({
      ...ticket,
      is_read: true,
      replies_count: 1,
      state: 'answered',
      replies: [
        {
          id: expect.any(Number),
          ticket_id: ticket.id,
          user_id: desk.id,
          user_name: 'کارمند پشتیبانی',
          is_staff: true,
          text: 'بله، پس از پایان همه جلسه‌ها گواهی صادر می‌شود.',
          created_at: expect.any(String),
        },
      ],
    });
    expect(await threadOf(`/api/dashboard/contact-us/${ticket.id}`, desk.headers)).toEqual(body.data);
    const [entry, ...others] = await auditOf(ticket.id);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({
      actor: { id: desk.id, full_name: 'کارمند پشتیبانی' },
      entity_type: 'ticket',
      entity_id: ticket.id,
      action: 'reply',
      before: { is_read: false },
      after: { reply_id: body.data.replies[0]!.id, text: 'بله، پس از پایان همه جلسه‌ها گواهی صادر می‌شود.', is_read: true },
    });
  });

  it('the sender lists their own tickets and reads the whole thread; another user and a visitor do not', async () => {
    const sender = await person();
    const first = await sendTicket(sender, 'پیام یکم');
    const second = await sendTicket(sender, 'پیام دوم');
    expect((await answer(desk.headers, first.id, { text: 'پاسخ پیام یکم' })).statusCode).toBe(201);

    const list = await app.inject({ url: '/api/tickets', headers: sender.headers });
    expect(list.statusCode).toBe(200);
    const mine = list.json<Paginated<Ticket>>();
    expect(mine.data.map((t) => [t.title, t.state, t.replies_count])).toEqual([
      ['پیام دوم', 'waiting', 0],
      ['پیام یکم', 'answered', 1],
    ]);
    expect(mine.meta).toMatchObject({ current_page: 1, total: 2 });
    const thread = await threadOf(`/api/tickets/${first.id}`, sender.headers);
    expect(thread.replies.map((r) => [r.text, r.is_staff])).toEqual([['پاسخ پیام یکم', true]]);
    expect((await threadOf(`/api/tickets/${second.id}`, sender.headers)).replies).toEqual([]);

    const other = await person('کاربر دیگر');
    expect((await app.inject({ url: '/api/tickets', headers: other.headers })).json<Paginated<Ticket>>().data).toEqual([]);
    const peek = await app.inject({ url: `/api/tickets/${first.id}`, headers: other.headers });
    expect(peek.statusCode).toBe(404);
    expect(peek.body).not.toContain('پاسخ پیام یکم');
    const intrude = await reply(other, first.id, { text: 'پاسخ کسی که فرستنده نیست' });
    expect(intrude.statusCode).toBe(404);
    expect(intrude.json<{ message: string }>().message).toMatch(/[\u0600-\u06FF]/);
    expect((await threadOf(`/api/tickets/${first.id}`, sender.headers)).replies).toHaveLength(1);
    expect((await app.inject({ url: '/api/tickets/abc', headers: sender.headers })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/tickets/99999999', headers: sender.headers })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/tickets' })).statusCode).toBe(401);
    expect((await app.inject({ url: `/api/tickets/${first.id}` })).statusCode).toBe(401);
    const visitor = await app.inject({ method: 'POST', url: `/api/tickets/${first.id}/replies`, headers: await csrfHeaders(app), payload: { text: 'سلام' } });
    expect(visitor.statusCode).toBe(401);
  });

  it('the sender replies until staff close the ticket, each reply making it unread; close and reopen are audited', async () => {
    const sender = await person();
    const ticket = await sendTicket(sender);
    await answer(desk.headers, ticket.id, { text: 'لطفاً شماره سفارش را بفرستید.' });
    const replied = await reply(sender, ticket.id, { text: '  شماره سفارش ۱۲۳ است.  ' });
    expect(replied.statusCode).toBe(201);
    const afterReply = replied.json<{ message: string; data: TicketThread }>();
    expect(afterReply.message).toBe('پاسخ شما ثبت شد؛ به‌زودی بررسی می‌کنیم.');
    expect(afterReply.data).toMatchObject({ is_read: false, state: 'waiting', replies_count: 2 });
    expect(afterReply.data.replies.map((r) => [r.user_id, r.user_name, r.is_staff, r.text])).toEqual([
      [desk.id, 'کارمند پشتیبانی', true, 'لطفاً شماره سفارش را بفرستید.'],
      [sender.id, 'فرستنده پیام', false, 'شماره سفارش ۱۲۳ است.'],
    ]);
    const unread = await app.inject({ url: '/api/dashboard/contact-us?status=unread&per_page=50', headers: desk.headers });
    expect(unread.json<Paginated<Ticket>>().data.map((t) => t.id)).toContain(ticket.id);

    const closed = await act(desk.headers, ticket.id, 'close');
    expect(closed.statusCode).toBe(200);
    const closedBody = closed.json<{ message: string; data: Ticket }>();
    expect(closedBody.message).toBe('تیکت بسته شد.');
    expect(closedBody.data).toMatchObject({ id: ticket.id, state: 'closed', replies_count: 2 });
    expect(new Date(closedBody.data.closed_at!).toISOString()).toBe(closedBody.data.closed_at);
    // Closed again: nothing changes, and no second entry.
    expect((await act(desk.headers, ticket.id, 'close')).json<{ data: Ticket }>().data.closed_at).toBe(closedBody.data.closed_at);

    const refused = await reply(sender, ticket.id, { text: 'یک پرسش دیگر' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'این گفت‌وگو بسته شده است و پاسخ تازه نمی‌پذیرد؛ برای پرسش تازه از صفحه تماس با ما پیام بفرستید.' });
    const staffRefused = await answer(desk.headers, ticket.id, { text: 'پاسخ پس از بستن' });
    expect(staffRefused.statusCode).toBe(409);
    expect(staffRefused.json()).toEqual({ message: 'این تیکت بسته است؛ برای پاسخ دادن، نخست آن را دوباره باز کنید.' });
    expect((await threadOf(`/api/tickets/${ticket.id}`, sender.headers)).replies).toHaveLength(2);

    const reopened = await act(superHeaders, ticket.id, 'reopen');
    expect(reopened.json<{ message: string; data: Ticket }>()).toMatchObject({
      message: 'تیکت دوباره باز شد.',
      data: { closed_at: null, state: 'waiting' },
    });
    expect((await reply(sender, ticket.id, { text: 'یک پرسش دیگر' })).statusCode).toBe(201);
    expect((await auditOf(ticket.id)).map((entry) => [entry.action, entry.actor.id === desk.id])).toEqual([
      ['reopen', false],
      ['close', true],
      ['reply', true],
    ]);
    const [reopen, close] = await auditOf(ticket.id);
    expect(close).toMatchObject({ before: { closed_at: null }, after: { closed_at: closedBody.data.closed_at } });
    expect(reopen).toMatchObject({ before: { closed_at: closedBody.data.closed_at }, after: { closed_at: null } });
  });

  it('answers 422 with Persian field errors for a bad reply, the sender’s and staff’s alike', async () => {
    const sender = await person();
    const ticket = await sendTicket(sender);
    for (const send of [(payload: unknown) => reply(sender, ticket.id, payload), (payload: unknown) => answer(desk.headers, ticket.id, payload)]) {
      const empty = await send({ text: '   ' });
      expect(empty.statusCode).toBe(422);
      expect(empty.json()).toEqual({ message: 'اطلاعات وارد شده معتبر نیست.', errors: { text: ['متن پاسخ الزامی است'] } });
      expect((await send({ text: 'a' })).json()).toMatchObject({ errors: { text: ['متن پاسخ باید دست‌کم ۲ نویسه باشد'] } });
      expect((await send({ text: 'b'.repeat(5001) })).json()).toMatchObject({ errors: { text: ['متن پاسخ باید حداکثر ۵۰۰۰ نویسه باشد'] } });
      expect((await send({})).json()).toMatchObject({ errors: { text: ['متن پاسخ الزامی است'] } });
      expect((await send([1, 2])).statusCode).toBe(422);
    }
    expect((await threadOf(`/api/tickets/${ticket.id}`, sender.headers)).replies).toEqual([]);
  });

  it('limits a sender’s replies per hour, counting only replies that passed validation', async () => {
    const sender = await person();
    const ticket = await sendTicket(sender);
    expect((await reply(sender, ticket.id, { text: '' })).statusCode).toBe(422);
    for (let i = 0; i < REPLIES_PER_HOUR; i += 1) expect((await reply(sender, ticket.id, { text: `پاسخ شماره ${i}` })).statusCode).toBe(201);
    const limited = await reply(sender, ticket.id, { text: 'یک پاسخ بیش از اندازه' });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(limited.json<{ message: string }>().message).toMatch(/[\u0600-\u06FF]/);
    // Another sender has a budget of their own; staff answers are not limited by it.
    const other = await person();
    expect((await reply(other, (await sendTicket(other)).id, { text: 'پاسخ دیگری' })).statusCode).toBe(201);
    expect((await answer(desk.headers, ticket.id, { text: 'پاسخ پشتیبانی' })).statusCode).toBe(201);
  });

  it('refuses a reply as a new ticket is refused: an unverified email, tickets switched off', async () => {
    const sender = await person();
    const ticket = await sendTicket(sender);
    const info = await getSiteInformation(app.db);
    await saveSiteInformation(app.db, { ...info, tickets_enabled: false });
    try {
      const off = await reply(sender, ticket.id, { text: 'پاسخ در زمان بسته بودن' });
      expect(off.statusCode).toBe(403);
      expect(off.json()).toEqual({ message: 'forbidden: ارسال تیکت در حال حاضر بسته است.' });
    } finally {
      await saveSiteInformation(app.db, info);
    }
    const unverified = await person('کاربر تأییدنشده', undefined, false);
    const refused = await reply(unverified, ticket.id, { text: 'پاسخ بی‌ایمیل' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ message: string }>().message).not.toMatch(/forbidden|unauthorized/i);
  });

  it('needs show-tickets for a thread, an answer, close and reopen; unknown tickets are 404', async () => {
    const sender = await person();
    const ticket = await sendTicket(sender);
    const without = await newStaff(app, ['show-comments']);
    for (const headers of [without, sender.headers]) {
      expect((await app.inject({ url: `/api/dashboard/contact-us/${ticket.id}`, headers })).statusCode).toBe(403);
      expect((await answer(headers, ticket.id, { text: 'پاسخ بی‌اجازه' })).statusCode).toBe(403);
      expect((await act(headers, ticket.id, 'close')).statusCode).toBe(403);
      expect((await act(headers, ticket.id, 'reopen')).statusCode).toBe(403);
    }
    expect((await app.inject({ url: `/api/dashboard/contact-us/${ticket.id}` })).statusCode).toBe(401);
    expect(await auditOf(ticket.id)).toEqual([]);
    expect((await threadOf(`/api/tickets/${ticket.id}`, sender.headers)).replies).toEqual([]);
    for (const id of ['99999999', 'abc']) {
      expect((await app.inject({ url: `/api/dashboard/contact-us/${id}`, headers: desk.headers })).statusCode).toBe(404);
      expect((await answer(desk.headers, id, { text: 'پاسخ به هیچ' })).statusCode).toBe(404);
      expect((await act(desk.headers, id, 'close')).statusCode).toBe(404);
    }
  });
});
