/**
 * The dashboard's comments and tickets lists as CSV (issue 26 "Exports"), on every database
 * target: BOM and file names, Persian text intact (commas, quotes and line breaks in a cell), the
 * list's filters applied (the same rows in the same order as the list), Jalali and ISO dates, the
 * formula guard, and the lists' permissions (show-comments, show-tickets).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { DashboardComment, Ticket } from '@shop/contracts';
import { hashPassword } from '../../../src/lib/passwords';
import { addComment } from '../../../src/modules/engagement/comments-service';
import { createTicket } from '../../../src/modules/support/tickets-service';
import { createUser } from '../../../src/modules/users/users-service';
import { csvRows, jalaliToday, listAll } from '../../helpers/csv';
import { headersOf, newStaff, type AuthHeaders } from '../../helpers/dashboard-actors';
import { DB_TARGETS, buildTestApp } from '../../helpers/test-app';

const COMMENTS = '/api/dashboard/comments';
const TICKETS = '/api/dashboard/contact-us';
/** A cell a CSV must quote: a comma, quotes and a line break, in Persian. */
const TRICKY_TEXT = 'سلام، این دوره «عالی» بود.\nفقط صدای "جلسه دوم" کم است.';

describe.each(DB_TARGETS)('comments and tickets CSV exports on %s', (target) => {
  let app: FastifyInstance;
  let superHeaders: AuthHeaders;
  const tag = randomBytes(4).toString('hex');
  let author: { id: number; email: string };

  beforeAll(async () => {
    app = await buildTestApp(target);
    superHeaders = await headersOf(app, 'super@example.com');
    const user = await createUser(app.db, {
      full_name: `نرگس صادقی ${tag}`,
      email: `exporter-${tag}@example.com`,
      mobile: '+989351112233',
      password_hash: await hashPassword('Reader12345'),
      email_verified_at: new Date(),
    });
    author = { id: user.id, email: user.email };
  }, 120_000);
  afterAll(() => app.close());

  const get = (url: string, headers: Record<string, string> = superHeaders) => app.inject({ url, headers });
  const exportRows = async (url: string) => {
    const response = await get(url);
    expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
    return csvRows(response.rawPayload);
  };

  describe('comments', () => {
    let parentId: number;
    let replyId: number;

    beforeAll(async () => {
      // 5 Azar 1405, 03:02:05 in Tehran, and an hour later.
      const parent = await addComment(app.db, { userId: author.id, type: 'post', itemId: 1, text: `${TRICKY_TEXT} ${tag}`, createdAt: new Date('2026-11-25T23:32:05Z') });
      const reply = await addComment(app.db, {
        userId: author.id,
        type: 'post',
        itemId: 1,
        parentId: parent.id,
        text: `=1+2 پاسخ ${tag}`,
        status: 'approved',
        createdAt: new Date('2026-11-26T00:32:05Z'),
      });
      [parentId, replyId] = [parent.id, reply.id];
    });

    it('answers a CSV download: BOM, Persian headers and text intact, the item and the parent, Jalali and ISO dates', async () => {
      const response = await get(`${COMMENTS}/export?q=${tag}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toContain(`filename="comments-${jalaliToday()}.csv"`);
      expect(response.rawPayload.subarray(3).toString('utf8').split('\r\n')[0]).toBe(
        'شناسه دیدگاه,وضعیت,نوع محتوا,شناسه محتوا,عنوان محتوا,پاسخ به دیدگاه,نویسنده,ایمیل نویسنده,متن دیدگاه,' +
          'تاریخ ثبت (شمسی، تهران),تاریخ ثبت (ISO 8601، UTC)',
      );
      const [listed] = await listAll<DashboardComment>(app, superHeaders, COMMENTS, `&q=${tag}&status=pending`);
      const rows = csvRows(response.rawPayload);
      // Newest first, as the list: the reply came an hour later.
      expect(rows.map((row) => Number(row['شناسه دیدگاه']))).toEqual([replyId, parentId]);
      expect(rows[1]).toEqual({
        'شناسه دیدگاه': String(parentId),
        'وضعیت': 'در انتظار تأیید',
        'نوع محتوا': 'نوشته',
        'شناسه محتوا': '1',
        'عنوان محتوا': listed!.commentable.title,
        'پاسخ به دیدگاه': '',
        'نویسنده': `نرگس صادقی ${tag}`,
        'ایمیل نویسنده': author.email,
        'متن دیدگاه': `${TRICKY_TEXT} ${tag}`,
        'تاریخ ثبت (شمسی، تهران)': '1405/09/05 03:02:05',
        'تاریخ ثبت (ISO 8601، UTC)': '2026-11-25T23:32:05.000Z',
      });
      expect(listed!.commentable.title).toMatch(/[\u0600-\u06FF]/);
      expect(rows[0]).toMatchObject({ 'وضعیت': 'تأییدشده', 'پاسخ به دیدگاه': String(parentId), 'متن دیدگاه': `'=1+2 پاسخ ${tag}` });
    });

    it("exports the rows of the list's filters, in the list's order", async () => {
      for (const query of ['', 'status=pending', 'status=approved&type=post', 'type=podcast', `q=${tag}&status=approved`, 'q=nothing-like-this']) {
        const listed = await listAll<DashboardComment>(app, superHeaders, COMMENTS, `&${query}`);
        const rows = await exportRows(`${COMMENTS}/export?${query}`);
        expect({ query, ids: rows.map((row) => Number(row['شناسه دیدگاه'])) }).toEqual({ query, ids: listed.map((comment) => comment.id) });
      }
      expect((await get(`${COMMENTS}/export?status=hidden`)).statusCode).toBe(422);
    });

    it('answers 401 to visitors, 403 without show-comments, and the file with it', async () => {
      const url = `${COMMENTS}/export`;
      expect((await get(url, {})).statusCode).toBe(401);
      for (const headers of [await headersOf(app, 'user@example.com'), await newStaff(app, ['show-tickets'])]) {
        expect((await get(url, headers)).statusCode).toBe(403);
      }
      // The demo staff member moderates comments (README "Demo accounts").
      expect((await get(url, await headersOf(app, 'staff@example.com'))).statusCode).toBe(200);
    });
  });

  describe('tickets', () => {
    let unreadId: number;
    let readId: number;

    beforeAll(async () => {
      unreadId = (await createTicket(app.db, { userId: author.id, title: `پرسش درباره دوره ${tag}`, text: TRICKY_TEXT, createdAt: new Date('2026-11-25T23:32:05Z') })).id;
      readId = (await createTicket(app.db, { userId: author.id, title: '+مشکل پرداخت', text: `پرداخت انجام نشد ${tag}`, isRead: true, createdAt: new Date('2026-11-26T06:00:00Z') })).id;
    });

    it('answers a CSV download: BOM, Persian headers and text intact, the sender, read or not, Jalali and ISO dates', async () => {
      const response = await get(`${TICKETS}/export?q=${tag}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toContain(`filename="tickets-${jalaliToday()}.csv"`);
      expect(response.rawPayload.subarray(3).toString('utf8').split('\r\n')[0]).toBe(
        'شماره تیکت,نام فرستنده,ایمیل فرستنده,موبایل فرستنده,موضوع,متن,خوانده‌شده,تاریخ ثبت (شمسی، تهران),تاریخ ثبت (ISO 8601، UTC)',
      );
      const rows = csvRows(response.rawPayload);
      expect(rows.map((row) => Number(row['شماره تیکت']))).toEqual([readId, unreadId]);
      expect(rows[1]).toEqual({
        'شماره تیکت': String(unreadId),
        'نام فرستنده': `نرگس صادقی ${tag}`,
        'ایمیل فرستنده': author.email,
        'موبایل فرستنده': '0935 111 2233',
        'موضوع': `پرسش درباره دوره ${tag}`,
        'متن': TRICKY_TEXT,
        'خوانده‌شده': 'خیر',
        'تاریخ ثبت (شمسی، تهران)': '1405/09/05 03:02:05',
        'تاریخ ثبت (ISO 8601، UTC)': '2026-11-25T23:32:05.000Z',
      });
      expect(rows[0]).toMatchObject({ 'موضوع': "'+مشکل پرداخت", 'خوانده‌شده': 'بله', 'تاریخ ثبت (شمسی، تهران)': '1405/09/05 09:30:00' });
    });

    it("exports the rows of the list's filters, in the list's order", async () => {
      for (const query of ['', 'status=unread', 'status=read', `q=${tag}&status=unread`, `q=${encodeURIComponent(author.email)}`]) {
        const listed = await listAll<Ticket>(app, superHeaders, TICKETS, `&${query}`);
        const rows = await exportRows(`${TICKETS}/export?${query}`);
        expect({ query, ids: rows.map((row) => Number(row['شماره تیکت'])) }).toEqual({ query, ids: listed.map((ticket) => ticket.id) });
      }
      expect((await exportRows(`${TICKETS}/export?q=${encodeURIComponent(author.email)}&status=read`)).map((row) => Number(row['شماره تیکت']))).toEqual([readId]);
      expect((await get(`${TICKETS}/export?status=archived`)).statusCode).toBe(422);
    });

    it('answers 401 to visitors, 403 without show-tickets, and the file with it', async () => {
      const url = `${TICKETS}/export`;
      expect((await get(url, {})).statusCode).toBe(401);
      for (const headers of [await headersOf(app, 'user@example.com'), await headersOf(app, 'staff@example.com')]) {
        expect((await get(url, headers)).statusCode).toBe(403);
      }
      expect((await get(url, await newStaff(app, ['show-tickets']))).statusCode).toBe(200);
    });
  });
});
