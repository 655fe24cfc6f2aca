/**
 * The dashboard's bulk actions (issue 26 "Bulk moderation"): comments approved, rejected or
 * deleted many at once and tickets marked read or unread, all or nothing.
 */
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BULK_MAX_IDS, type BulkActionAnswer, type CommentBulkAction, type TicketBulkAction } from '@shop/contracts';
import { posts } from '../../../src/modules/content/tables';
import { comments } from '../../../src/modules/engagement/tables';
import { tickets } from '../../../src/modules/support/tables';
import { users } from '../../../src/modules/users/tables';
import { addComment } from '../../../src/modules/engagement/comments-service';
import { createTicket } from '../../../src/modules/support/tickets-service';
import { counterMismatches } from '../../helpers/counters';
import { headersOf, newStaff, type AuthHeaders } from '../../helpers/dashboard-actors';
import { DB_TARGETS, buildTestApp, csrfHeaders } from '../../helpers/test-app';

describe.each(DB_TARGETS)('dashboard bulk actions on %s', (target) => {
  let app: FastifyInstance;
  let staff: AuthHeaders;
  let superUser: AuthHeaders;
  let ordinary: AuthHeaders;
  let ordinaryId: number;
  let superId: number;
  beforeAll(async () => {
    app = await buildTestApp(target);
    [staff, superUser, ordinary] = await Promise.all([
      headersOf(app, 'staff@example.com'),
      headersOf(app, 'super@example.com'),
      headersOf(app, 'user@example.com'),
    ]);
    const idOf = async (email: string) => (await app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
    [ordinaryId, superId] = await Promise.all([idOf('user@example.com'), idOf('super@example.com')]);
  });
  afterAll(() => app.close());

  const bulk = (url: string, headers: Record<string, string>, payload: unknown) =>
    app.inject({ method: 'POST', url, headers, payload: payload as object });
  const commentsBulk = (headers: AuthHeaders, action: CommentBulkAction | string, ids: unknown) =>
    bulk('/api/dashboard/comments/bulk', headers, { action, ids });
  const ticketsBulk = (headers: AuthHeaders, action: TicketBulkAction | string, ids: unknown) =>
    bulk('/api/dashboard/contact-us/bulk', headers, { action, ids });
  const newComment = async (text: string, options: { userId?: number; parentId?: number; status?: 'pending' | 'approved' } = {}) =>
    (
      await addComment(app.db, {
        userId: options.userId ?? ordinaryId,
        type: 'post',
        itemId: 3,
        text,
        parentId: options.parentId,
        status: options.status ?? 'pending',
      })
    ).id;
  const statusesOf = async (ids: number[]) =>
    Object.fromEntries(
      (await app.db.select({ id: comments.id, status: comments.status }).from(comments).where(inArray(comments.id, ids))).map((row) => [
        row.id,
        row.status,
      ]),
    );
  // Read from the table: the public answer is cached, and comments added by the service do not clear it.
  const commentsCount = async () => (await app.db.select({ n: posts.comments_count }).from(posts).where(eq(posts.id, 3)))[0]!.n;

  describe('POST /api/dashboard/comments/bulk', () => {
    it('approves and rejects many comments at once, duplicates counted once, and keeps the counters right', async () => {
      const before = await commentsCount();
      const ids = [await newComment('انبوه یک'), await newComment('انبوه دو'), await newComment('انبوه سه')];
      const already = await newComment('از پیش تأییدشده', { status: 'approved' });

      const approved = await commentsBulk(staff, 'approve', [...ids, ids[0], already]);
      expect(approved.statusCode).toBe(200);
      expect(approved.json<BulkActionAnswer<CommentBulkAction>>()).toEqual({
        message: '۴ دیدگاه تأیید شد.',
        data: { action: 'approve', ids: [...ids, already], changed: ids },
      });
      expect(await statusesOf(ids)).toEqual(Object.fromEntries(ids.map((id) => [id, 'approved'])));
      expect(await commentsCount()).toBe(before + 4);
      expect(await counterMismatches(app.db)).toEqual([]);

      const rejected = await commentsBulk(staff, 'reject', [ids[0], ids[1]]);
      expect(rejected.statusCode).toBe(200);
      expect(rejected.json<BulkActionAnswer<CommentBulkAction>>().data.changed).toEqual([ids[0], ids[1]]);
      expect(rejected.json<BulkActionAnswer<CommentBulkAction>>().message).toBe('۲ دیدگاه رد شد.');
      expect(await commentsCount()).toBe(before + 2);
      expect(await counterMismatches(app.db)).toEqual([]);
    });

    it('deletes many comments with their replies, and the counters follow', async () => {
      const before = await commentsCount();
      const parent = await newComment('پدر برای حذف', { status: 'approved' });
      const reply = await newComment('پاسخ برای حذف', { parentId: parent, status: 'approved' });
      const deeper = await newComment('پاسخ پاسخ', { parentId: reply, status: 'approved' });
      const alone = await newComment('تنها برای حذف');
      expect(await commentsCount()).toBe(before + 3);

      const deleted = await commentsBulk(staff, 'delete', [alone, parent, reply]);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json<BulkActionAnswer<CommentBulkAction>>().data).toEqual({
        action: 'delete',
        ids: [parent, reply, alone],
        changed: [parent, reply, deeper, alone],
      });
      expect(await statusesOf([parent, reply, deeper, alone])).toEqual({});
      expect(await commentsCount()).toBe(before);
      expect(await counterMismatches(app.db)).toEqual([]);
    });

    it('refuses the whole request when one id does not exist, and changes nothing', async () => {
      const before = await commentsCount();
      const ids = [await newComment('در انتظار یک'), await newComment('در انتظار دو')];
      for (const action of ['approve', 'reject', 'delete'] as const) {
        const response = await commentsBulk(staff, action, [...ids, 987654]);
        expect(response.statusCode).toBe(404);
        expect(response.json<{ message: string }>().message).toBe(
          'دیدگاه‌های شماره ۹۸۷۶۵۴ وجود ندارند (شاید پیش‌تر حذف شده‌اند)؛ هیچ تغییری داده نشد.',
        );
        expect(await statusesOf(ids)).toEqual({ [ids[0]!]: 'pending', [ids[1]!]: 'pending' });
      }
      expect(await commentsCount()).toBe(before);
    });

    it("refuses a staff member the whole request when it names a super's comment; super may", async () => {
      const mine = await newComment('دیدگاه مدیر کل', { userId: superId, status: 'approved' });
      const pending = await newComment('دیدگاه در انتظار کنار دیدگاه مدیر کل');
      for (const action of ['reject', 'delete'] as const) {
        const response = await commentsBulk(staff, action, [pending, mine]);
        expect(response.statusCode).toBe(403);
        expect(response.json<{ message: string }>().message).toContain(`دیدگاه‌های شماره ${mine.toLocaleString('fa-IR', { useGrouping: false })} از مدیر کل است`);
        expect(await statusesOf([pending, mine])).toEqual({ [pending]: 'pending', [mine]: 'approved' });
      }
      // The single actions keep the same rule.
      expect((await app.inject({ method: 'DELETE', url: `/api/dashboard/comments/${mine}`, headers: staff })).statusCode).toBe(403);
      expect((await app.inject({ method: 'POST', url: `/api/dashboard/comments/${mine}/reject`, headers: staff })).statusCode).toBe(403);

      const bySuper = await commentsBulk(superUser, 'reject', [pending, mine]);
      expect(bySuper.statusCode).toBe(200);
      expect(await statusesOf([pending, mine])).toEqual({ [pending]: 'rejected', [mine]: 'rejected' });
      expect(await counterMismatches(app.db)).toEqual([]);
    });

    it('answers 422 with a Persian field error for too many ids, none, or an unknown action', async () => {
      const over = await commentsBulk(staff, 'approve', Array.from({ length: BULK_MAX_IDS + 1 }, (_, i) => i + 1));
      expect(over.statusCode).toBe(422);
      expect(over.json()).toEqual({ message: 'اطلاعات وارد شده معتبر نیست.', errors: { ids: ['در یک درخواست حداکثر ۱۰۰ مورد را می‌توان فرستاد.'] } });
      const none = await commentsBulk(staff, 'approve', []);
      expect(none.statusCode).toBe(422);
      expect(none.json<{ errors: Record<string, string[]> }>().errors).toEqual({ ids: ['دست‌کم یک مورد را انتخاب کنید.'] });
      expect((await commentsBulk(staff, 'publish', [1])).statusCode).toBe(422);
      expect((await commentsBulk(staff, 'approve', ['یک'])).statusCode).toBe(422);
    });

    it('needs show-comments: 401 signed out, 403 for an ordinary user and for staff without it', async () => {
      const id = await newComment('دیدگاهی که دست نمی‌خورد');
      expect((await bulk('/api/dashboard/comments/bulk', await csrfHeaders(app), { action: 'approve', ids: [id] })).statusCode).toBe(401);
      expect((await commentsBulk(ordinary, 'approve', [id])).statusCode).toBe(403);
      expect((await commentsBulk(await newStaff(app, ['manage-posts', 'show-tickets']), 'approve', [id])).statusCode).toBe(403);
      expect((await commentsBulk(await newStaff(app, ['show-comments']), 'approve', [id])).statusCode).toBe(200);
    });
  });

  describe('POST /api/dashboard/contact-us/bulk', () => {
    const readOf = async (ids: number[]) =>
      Object.fromEntries(
        (await app.db.select({ id: tickets.id, is_read: tickets.is_read }).from(tickets).where(inArray(tickets.id, ids))).map((row) => [
          row.id,
          row.is_read,
        ]),
      );

    it('marks many tickets read and unread at once; an unknown id refuses the whole request', async () => {
      const ids = await Promise.all(
        ['اول', 'دوم', 'سوم'].map(async (title) => (await createTicket(app.db, { userId: ordinaryId, title: `پیام ${title}`, text: 'متن پیام' })).id),
      );
      const reader = await newStaff(app, ['show-tickets']);
      const read = await ticketsBulk(reader, 'read', [...ids, ids[2]]);
      expect(read.statusCode).toBe(200);
      expect(read.json<BulkActionAnswer<TicketBulkAction>>()).toEqual({
        message: '۳ پیام خوانده‌شده علامت خورد.',
        data: { action: 'read', ids: [...ids].sort((a, b) => a - b), changed: [...ids].sort((a, b) => a - b) },
      });
      expect(await readOf(ids)).toEqual(Object.fromEntries(ids.map((id) => [id, true])));

      const unread = await ticketsBulk(reader, 'unread', [ids[0]]);
      expect(unread.json<BulkActionAnswer<TicketBulkAction>>()).toEqual({
        message: '۱ پیام خوانده‌نشده علامت خورد.',
        data: { action: 'unread', ids: [ids[0]], changed: [ids[0]] },
      });

      const missing = await ticketsBulk(reader, 'unread', [ids[1], ids[2], 876543]);
      expect(missing.statusCode).toBe(404);
      expect(missing.json<{ message: string }>().message).toBe('پیام‌های شماره ۸۷۶۵۴۳ وجود ندارند؛ هیچ تغییری داده نشد.');
      expect(await readOf(ids)).toEqual({ [ids[0]!]: false, [ids[1]!]: true, [ids[2]!]: true });

      // The single action answers the ticket as before.
      const single = await app.inject({ method: 'POST', url: `/api/dashboard/contact-us/${ids[1]}/unread`, headers: reader });
      expect(single.json<{ data: { id: number; is_read: boolean } }>().data).toMatchObject({ id: ids[1], is_read: false });
      expect((await app.inject({ method: 'POST', url: '/api/dashboard/contact-us/876543/read', headers: reader })).statusCode).toBe(404);
    });

    it('needs show-tickets and takes at most BULK_MAX_IDS ids', async () => {
      const { id } = await createTicket(app.db, { userId: ordinaryId, title: 'پیام دست‌نخورده', text: 'متن' });
      expect((await ticketsBulk(staff, 'read', [id])).statusCode).toBe(403);
      expect((await ticketsBulk(ordinary, 'read', [id])).statusCode).toBe(403);
      const over = await ticketsBulk(superUser, 'read', Array.from({ length: BULK_MAX_IDS + 1 }, (_, i) => i + 1));
      expect(over.statusCode).toBe(422);
      expect(over.json<{ errors: Record<string, string[]> }>().errors.ids).toEqual(['در یک درخواست حداکثر ۱۰۰ مورد را می‌توان فرستاد.']);
      expect((await ticketsBulk(superUser, 'archive', [id])).statusCode).toBe(422);
      expect((await readOf([id]))[id]).toBe(false);
    });
  });
});
