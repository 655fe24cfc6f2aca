import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import type { CheckoutAnswer, Order, Paginated } from '@shop/contracts';
import { orders, receiptCounters } from '../../../src/modules/commerce/tables';
import { users } from '../../../src/modules/users/tables';
import { assignReceiptNumber, jalaliYearOf } from '../../../src/modules/commerce/receipts';
import { addWalletEntry } from '../../../src/modules/commerce/wallet';
import { getSiteInformation, saveSiteInformation } from '../../../src/modules/support';
import type { Db } from '../../../src/db/client';
import { remindUnpaidOrder } from '../../../src/modules/commerce/unpaid-reminder';
import { DB_TARGETS, buildTestApp, tempDir } from '../../helpers/test-app';
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../helpers/smtp';
import { addToCart, buy, callback, checkout, newCourse, type Buyer } from '../../helpers/commerce-fixtures';
import { headersOf, newStaff } from '../../helpers/dashboard-actors';
import { issueToken } from '../../../src/modules/users/access-tokens';
import { createUser } from '../../../src/modules/users/users-service';

const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';
const persian = (text: string) => text.replace(/\d/g, (d) => PERSIAN_DIGITS[Number(d)]!);
const FINANCIAL = '/api/dashboard/financial-info';

let buyers = 0;
/**
 * A verified buyer made with the users module (no verification mail: the mail queue sends one
 * message at a time, and these tests wait for their receipts and reminders behind it).
 */
async function newBuyer(app: FastifyInstance): Promise<Buyer> {
  const user = await createUser(app.db, {
    full_name: 'خریدار رسید',
    email: `receipt-buyer-${++buyers}-${Date.now()}@example.com`,
    password_hash: 'unused',
    status: 'ordinary',
    email_verified_at: new Date(),
  });
  return { id: user.id, headers: { authorization: `Bearer ${(await issueToken(app.db, user.id)).token}` } };
}

describe.each(DB_TARGETS)('receipts, refund mail and unpaid-order reminders on %s', (target) => {
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    // Reminders due about a second after checkout.
    app = await buildTestApp(target, {
      smtpUrl: smtp.url,
      publicUrl: 'https://shop.example',
      unpaidReminderHours: 0.0003,
    });
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
  });

  const emailOf = async (buyer: Buyer) =>
    (await app.db.select({ email: users.email }).from(users).where(eq(users.id, buyer.id)))[0]!.email;
  const orderOf = async (buyer: Buyer, id: number) =>
    (await app.inject({ url: `/api/orders/${id}`, headers: buyer.headers })).json<{ data: Order }>().data;
  const lastOf = async (year: number) =>
    (await app.db.select({ last: receiptCounters.last }).from(receiptCounters).where(eq(receiptCounters.jalali_year, year)))[0]?.last ?? 0;
  /** The buyer's next mail whose subject matches; the queue sends one at a time, and every new buyer gets a verification mail first. */
  const mailTo = async (buyer: Buyer, subject?: RegExp, timeoutMs = 60_000) => {
    const email = await emailOf(buyer);
    return smtp.waitForMail((m) => m.to.includes(email) && (!subject || subject.test(m.subject)), timeoutMs);
  };
  /** A buyer with an unpaid order of a new course at `price`; answers the payment token. */
  async function unpaidOrder(price = 200_000) {
    const buyer = await newBuyer(app);
    const course = await newCourse(app, { price });
    await addToCart(app, buyer, course.id);
    const { order, payment } = (await checkout(app, buyer)).json<{ data: CheckoutAnswer }>().data;
    return { buyer, course, order, token: payment!.token };
  }
  /** A header line of the mail, unfolded. */
  const header = (mail: ReceivedMail, name: string) => mail.parsed.headerLines.find((h) => h.key === name)?.line.replace(/\r?\n\s+/g, ' ');

  it('numbers the demo\'s paid checkout orders through the same counter; its course given by hand has none', async () => {
    const demo = (await app.inject({ url: '/api/orders', headers: await headersOf(app, 'user@example.com') })).json<Paginated<Order>>();
    expect(demo.data.length).toBeGreaterThan(0);
    for (const order of demo.data) expect(order.receipt_number).toMatch(/^\d{4}-\d{6}$/);
    const unnumbered = await app.db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.source, 'checkout'), eq(orders.payment_status, 'paid'), isNull(orders.receipt_number)));
    expect(unnumbered[0]!.n).toBe(0);
    const numberedManual = await app.db.select({ n: count() }).from(orders).where(and(eq(orders.source, 'manual'), isNotNull(orders.receipt_number)));
    expect(numberedManual[0]!.n).toBe(0);
  });

  it('leaves no gap for a cancelled payment or a rolled-back transaction, and none for a manual order', async () => {
    const year = jalaliYearOf(new Date());
    const first = await unpaidOrder();
    expect((await callback(app, first.buyer, first.token, 'NOK')).statusCode).toBe(303);
    expect((await orderOf(first.buyer, first.order.id)).receipt_number).toBeNull();
    const before = await lastOf(year);
    // A payment whose transaction fails after taking a number gives it back.
    await expect(
      app.db.transaction(async (tx) => {
        await assignReceiptNumber(tx as never, first.order.id, new Date());
        throw new Error('the payment failed');
      }),
    ).rejects.toThrow('the payment failed');
    expect(await lastOf(year)).toBe(before);
    const second = await unpaidOrder();
    await callback(app, second.buyer, second.token);
    expect((await orderOf(second.buyer, second.order.id)).receipt_number).toBe(`${year}-${String(before + 1).padStart(6, '0')}`);

    const buyer = await newBuyer(app);
    const course = await newCourse(app, { price: 90_000 });
    const staff = await newStaff(app, ['show-financial-info']);
    const manual = await app.inject({
      method: 'POST',
      url: `${FINANCIAL}/list-of-products-added-to-users`,
      headers: staff,
      payload: { user_id: buyer.id, product_id: course.id },
    });
    expect(manual.statusCode).toBe(201);
    expect(manual.json<{ data: Order }>().data.receipt_number).toBeNull();
    expect(await lastOf(year)).toBe(before + 1);
  });

  it('numbers by the Jalali year of the paid moment in Tehran time: Nowruz 1405 is 2026-03-20T20:30Z', async () => {
    expect(jalaliYearOf(new Date('2026-03-20T20:29:59Z'))).toBe(1404);
    expect(jalaliYearOf(new Date('2026-03-20T20:30:00Z'))).toBe(1405);
    const { order: late } = await unpaidOrder();
    const { order: early } = await unpaidOrder();
    const [lastYear, thisYear] = await app.db.transaction(async (tx) => [
      await assignReceiptNumber(tx as never, late.id, new Date('2026-03-20T20:29:59Z')),
      await assignReceiptNumber(tx as never, early.id, new Date('2026-03-20T20:30:00Z')),
    ]);
    expect(lastYear).toMatch(/^1404-\d{6}$/);
    expect(thisYear).toMatch(/^1405-\d{6}$/);
    expect(lastYear).toBe(`1404-${String(await lastOf(1404)).padStart(6, '0')}`);
  });

  it('mails a Persian RTL receipt after the gateway: number, Jalali date, each course, total, reference, link', async () => {
    const { buyer, course, order, token } = await unpaidOrder(1_250_000);
    await callback(app, buyer, token);
    const paid = await orderOf(buyer, order.id);
    const mail = await mailTo(buyer, /رسید/);
    const number = persian(paid.receipt_number!);
    const refId = paid.payments.find((p) => p.status === 'paid')!.ref_id!;
    expect(mail.subject).toContain(number);
    expect(mail.html).toContain('<html dir="rtl" lang="fa">');
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain(number);
      expect(body).toContain(`دوره آزمایشی`);
      expect(body).toContain('۱٬۲۵۰٬۰۰۰ تومان');
      // The sandbox's reference has Latin letters: shown as it is.
      expect(body).toContain(refId);
      expect(body).toMatch(/[۰-۹]+ [آ-ی]+ ۱۴۰[۰-۹]، ساعت [۰-۹]{2}:[۰-۹]{2}/);
    }
    expect(mail.text).toContain(`https://shop.example/orders/${order.id}/receipt`);
    expect(mail.text).toContain((await orderOf(buyer, order.id)).items[0]!.title);
    expect(course.id).toBe(paid.items[0]!.product_id);
    // A receipt is not a marketing mail.
    expect(header(mail, 'list-unsubscribe')).toBeUndefined();
  });

  it('mails the wallet\'s and the gateway\'s shares of an order the wallet paid in part (issue 36)', async () => {
    const buyer = await newBuyer(app);
    await app.db.transaction(async (tx) => addWalletEntry(tx as unknown as Db, buyer.id, { kind: 'staff_credit', amount: 50_000, reason: 'آزمون' }));
    const course = await newCourse(app, { price: 200_000 });
    await addToCart(app, buyer, course.id);
    const answer = (await app.inject({ method: 'POST', url: '/api/checkout', headers: buyer.headers, payload: { use_wallet: true } })).json<{ data: CheckoutAnswer }>().data;
    await callback(app, buyer, answer.payment!.token);
    const mail = await mailTo(buyer, /رسید/);
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain('از کیف پول');
      expect(body).toContain('۵۰٬۰۰۰ تومان');
      expect(body).toContain('۱۵۰٬۰۰۰ تومان');
    }
  });

  it('keeps the site settings\' VAT rate with each order as it is paid, and shows the VAT the total includes (issue 36 item 5)', async () => {
    const setVat = async (percent: number) => saveSiteInformation(app.db, { ...(await getSiteInformation(app.db)), vat_percent: percent });
    await setVat(10);
    try {
      const first = await unpaidOrder(1_100_000);
      // The rate of the moment of payment, not of checkout.
      expect(first.order).toMatchObject({ vat_percent: null, vat_amount: 0 });
      await callback(app, first.buyer, first.token);
      expect(await orderOf(first.buyer, first.order.id)).toMatchObject({ vat_percent: 10, vat_amount: 100_000 });
      const mail = await mailTo(first.buyer, /رسید/);
      for (const body of [mail.html, mail.text]) expect(body).toMatch(/شامل مالیات بر ارزش افزوده \(۱۰٪\)(<[^>]+>)*:? ?(<[^>]+>)*۱۰۰٬۰۰۰ تومان/);
      // A new rate leaves the receipt issued as it was; the next payment takes it.
      await setVat(9);
      expect(await orderOf(first.buyer, first.order.id)).toMatchObject({ vat_percent: 10, vat_amount: 100_000 });
      const second = await unpaidOrder(1_090_000);
      await callback(app, second.buyer, second.token);
      expect(await orderOf(second.buyer, second.order.id)).toMatchObject({ vat_percent: 9, vat_amount: 90_000 });
      // Without a rate, no VAT line.
      await setVat(0);
      const third = await unpaidOrder(300_000);
      await callback(app, third.buyer, third.token);
      expect(await orderOf(third.buyer, third.order.id)).toMatchObject({ vat_percent: 0, vat_amount: 0 });
      expect((await mailTo(third.buyer, /رسید/)).text).not.toContain('مالیات');
    } finally {
      await setVat(0);
    }
  });

  it('numbers and mails a free order paid at checkout, and a checkout order staff set paid', async () => {
    const buyer = await newBuyer(app);
    const free = await newCourse(app, { price: 0 });
    await addToCart(app, buyer, free.id);
    const { order } = (await checkout(app, buyer)).json<{ data: CheckoutAnswer }>().data;
    expect(order.payment_status).toBe('paid');
    expect(order.receipt_number).toMatch(/^\d{4}-\d{6}$/);
    const freeMail = await mailTo(buyer, /رسید/);
    expect(freeMail.text).toContain(persian(order.receipt_number!));
    expect(freeMail.text).toContain('بدون پرداخت در درگاه');

    const staff = await newStaff(app, ['show-financial-info']);
    const pending = await unpaidOrder(300_000);
    const set = (status: 'paid' | 'unpaid') =>
      app.inject({ method: 'PUT', url: `${FINANCIAL}/orders/${pending.order.id}`, headers: staff, payload: { payment_status: status } });
    const paid = (await set('paid')).json<{ data: Order }>().data;
    expect(paid.receipt_number).toMatch(/^\d{4}-\d{6}$/);
    expect((await mailTo(pending.buyer, /رسید/)).text).toContain(persian(paid.receipt_number!));
    // Unpaid and paid again: the same number.
    await set('unpaid');
    expect((await set('paid')).json<{ data: Order }>().data.receipt_number).toBe(paid.receipt_number);
  });

  it('mails the buyer when staff refund an item: course, amount, receipt number, link', async () => {
    const buyer = await newBuyer(app);
    const course = await newCourse(app, { price: 480_000 });
    const orderId = await buy(app, buyer, course.id);
    await mailTo(buyer, /رسید/);
    const order = await orderOf(buyer, orderId);
    const staff = await newStaff(app, ['manage-refunds']);
    const refund = await app.inject({
      method: 'POST',
      url: `${FINANCIAL}/money-refund-status`,
      headers: staff,
      payload: { order_item_id: order.items[0]!.id, confirmation: 'بله' },
    });
    expect(refund.statusCode).toBe(201);
    const mail = await mailTo(buyer, /بازگشت وجه/);
    for (const body of [mail.html, mail.text]) {
      expect(body).toContain(order.items[0]!.title);
      expect(body).toContain('۴۸۰٬۰۰۰ تومان');
      expect(body).toContain(persian(order.receipt_number!));
    }
    expect(mail.text).toContain(`https://shop.example/orders/${orderId}/receipt`);
    const after = await orderOf(buyer, orderId);
    expect(after.items[0]!.refund_amount).toBe(480_000);
  });

  it('lists the caller\'s own orders, newest first, paginated', async () => {
    const buyer = await newBuyer(app);
    const [a, b] = [await newCourse(app, { price: 10_000 }), await newCourse(app, { price: 20_000 })];
    const first = await buy(app, buyer, a.id);
    const second = await buy(app, buyer, b.id);
    const page = await app.inject({ url: '/api/orders?per_page=1', headers: buyer.headers });
    expect(page.statusCode).toBe(200);
    const body = page.json<Paginated<Order>>();
    expect(body.meta).toMatchObject({ current_page: 1, per_page: 1, total: 2, last_page: 2 });
    expect(body.data.map((o) => o.id)).toEqual([second]);
    const rest = (await app.inject({ url: '/api/orders?page=2&per_page=1', headers: buyer.headers })).json<Paginated<Order>>();
    expect(rest.data.map((o) => o.id)).toEqual([first]);
    expect(rest.data[0]!.receipt_number).toMatch(/^\d{4}-\d{6}$/);
    expect((await app.inject({ url: '/api/orders' })).statusCode).toBe(401);
  });

  it('sends one reminder of an unpaid order, with RFC 8058 headers and a link back to the cart', async () => {
    const { buyer, order } = await unpaidOrder(750_000);
    const mail = await mailTo(buyer, /انتظار پرداخت/);
    expect(mail.html).toContain('<html dir="rtl" lang="fa">');
    expect(mail.text).toContain('https://shop.example/shopping-cart');
    expect(mail.text).toContain('۷۵۰٬۰۰۰ تومان');
    expect(header(mail, 'list-unsubscribe')).toMatch(/^List-Unsubscribe: <https:\/\/shop\.example\/api\/mail\/unsubscribe\?token=[^>]+>$/);
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const [row] = await app.db.select({ reminded_at: orders.reminded_at }).from(orders).where(eq(orders.id, order.id));
    expect(row!.reminded_at).not.toBeNull();
    // A retried job, or another replica's, sends nothing more.
    const job = { orderId: order.id, origin: 'https://shop.example' };
    expect(await remindUnpaidOrder(app.db, app.mailer, job)).toBe('reminded');
    await app.mailer.idle();
    const email = await emailOf(buyer);
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('sends no reminder for a paid order, an opted-out user, courses already owned, or a cancelled order', async () => {
    const remind = (orderId: number) => remindUnpaidOrder(app.db, app.mailer, { orderId, origin: 'https://shop.example' });
    const paid = await unpaidOrder();
    await callback(app, paid.buyer, paid.token);
    expect(await remind(paid.order.id)).toBe('paid');

    const optedOut = await unpaidOrder();
    const off = await app.inject({
      method: 'PUT',
      url: '/api/profile/mail-preferences',
      headers: optedOut.buyer.headers,
      payload: { 'unpaid-order-reminder': false },
    });
    expect(off.statusCode).toBe(200);
    expect(await remind(optedOut.order.id)).toBe('opted-out');

    // The course given by hand meanwhile: the order's courses are all owned.
    const owner = await unpaidOrder();
    const staff = await newStaff(app, ['show-financial-info']);
    const given = await app.inject({
      method: 'POST',
      url: `${FINANCIAL}/list-of-products-added-to-users`,
      headers: staff,
      payload: { user_id: owner.buyer.id, product_id: owner.course.id },
    });
    expect(given.statusCode).toBe(201);
    expect(await remind(owner.order.id)).toBe('owned');

    // Cancelled by its buyer (issue 32 item 2).
    const cancelled = await unpaidOrder();
    const cancel = await app.inject({ method: 'POST', url: `/api/orders/${cancelled.order.id}/cancel`, headers: cancelled.buyer.headers });
    expect(cancel.statusCode).toBe(200);
    expect(await remind(cancelled.order.id)).toBe('cancelled');
  });

  describe('mail preferences and one-click unsubscribe', () => {
    async function reminderLink(): Promise<{ buyer: Buyer; link: string }> {
      const { buyer } = await unpaidOrder();
      const mail = await mailTo(buyer, /انتظار پرداخت/);
      const link = /<(https:\/\/shop\.example\/api\/mail\/unsubscribe\?token=[^>]+)>/.exec(header(mail, 'list-unsubscribe')!)![1]!;
      expect(mail.text).toContain(link);
      return { buyer, link };
    }
    const prefs = async (buyer: Buyer) =>
      (await app.inject({ url: '/api/profile/mail-preferences', headers: buyer.headers })).json<{ data: Record<string, boolean> }>().data;
    const pathOf = (link: string) => link.replace('https://shop.example', '');
    const form = { 'content-type': 'application/x-www-form-urlencoded' };

    it('GET answers a Persian page whose button POSTs, and changes nothing; POST unsubscribes, twice the same', async () => {
      const { buyer, link } = await reminderLink();
      const page = await app.inject({ url: pathOf(link) });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('<html lang="fa" dir="rtl">');
      expect(page.body).toContain('یادآوری سفارش‌های پرداخت‌نشده');
      expect(page.body).toMatch(/<form method="post" action="\/api\/mail\/unsubscribe\?token=[^"]+"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">لغو دریافت<\/button>/);
      expect((await prefs(buyer))['unpaid-order-reminder']).toBe(true);

      for (let i = 0; i < 2; i++) {
        const done = await app.inject({ method: 'POST', url: pathOf(link), headers: form, payload: 'List-Unsubscribe=One-Click' });
        expect(done.statusCode).toBe(200);
        expect(done.body).toContain('لغو شد');
      }
      expect((await prefs(buyer))['unpaid-order-reminder']).toBe(false);
    });

    it('refuses a tampered token and a POST without List-Unsubscribe=One-Click with 400 in Persian', async () => {
      const { buyer, link } = await reminderLink();
      const token = new URL(link).searchParams.get('token')!;
      const other = await newBuyer(app);
      const forged = token.replace(/^\d+\./, `${other.id}.`);
      const invalid = 'این پیوند لغو دریافت ایمیل معتبر نیست.';
      for (const bad of [forged, `${token}x`, 'nonsense']) {
        const url = `/api/mail/unsubscribe?token=${encodeURIComponent(bad)}`;
        // A browser gets the Persian page, a mail client (or any other caller) the API's Persian error.
        const get = await app.inject({ url, headers: { accept: 'text/html,application/xhtml+xml' } });
        expect(get.statusCode).toBe(400);
        expect(get.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(get.body).toContain(invalid);
        const post = await app.inject({ method: 'POST', url, headers: form, payload: 'List-Unsubscribe=One-Click' });
        expect(post.statusCode).toBe(400);
        expect(post.json()).toEqual({ message: expect.stringContaining(invalid) });
      }
      const noBody = await app.inject({ method: 'POST', url: pathOf(link), headers: form, payload: 'something=else' });
      expect(noBody.statusCode).toBe(400);
      expect(noBody.json().message).toContain('List-Unsubscribe=One-Click');
      expect((await prefs(buyer))['unpaid-order-reminder']).toBe(true);
      expect((await prefs(other))['unpaid-order-reminder']).toBe(true);
    });

    it('reads and saves the profile switches; refuses a visitor and a value that is not a boolean', async () => {
      const buyer = await newBuyer(app);
      expect((await prefs(buyer))['unpaid-order-reminder']).toBe(true);
      const put = (payload: object) => app.inject({ method: 'PUT', url: '/api/profile/mail-preferences', headers: buyer.headers, payload });
      const off = await put({ 'unpaid-order-reminder': false });
      expect(off.json()).toEqual({
        message: 'تنظیمات ایمیل ذخیره شد.',
        data: { 'unpaid-order-reminder': false, 'comment-approved': true, 'comment-reply': true, 'pending-comments-digest': true, 'new-ticket': true },
      });
      expect((await put({})).json().data['unpaid-order-reminder']).toBe(false);
      expect((await put({ 'unpaid-order-reminder': true })).json().data['unpaid-order-reminder']).toBe(true);
      const bad = await put({ 'unpaid-order-reminder': 'maybe' });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().message).toMatch(/[\u0600-\u06FF]/);
      expect((await app.inject({ url: '/api/profile/mail-preferences' })).statusCode).toBe(401);
    });
  });

  it('gives 30 concurrent payments 30 distinct numbers, one after another in the Jalali year', async () => {
    const year = jalaliYearOf(new Date());
    const pending = await Promise.all(Array.from({ length: 30 }, () => unpaidOrder(100_000)));
    const before = await lastOf(year);
    const answers = await Promise.all(pending.map(({ buyer, token }) => callback(app, buyer, token)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(30).fill(303));
    const numbers = await Promise.all(pending.map(async ({ buyer, order }) => (await orderOf(buyer, order.id)).receipt_number!));
    const expected = Array.from({ length: 30 }, (_, i) => `${year}-${String(before + i + 1).padStart(6, '0')}`);
    expect([...numbers].sort()).toEqual(expected);
    expect(await lastOf(year)).toBe(before + 30);
  });
});

describe.each(DB_TARGETS)('receipt mail in the outbox (the embedded default) on %s', (target) => {
  it('writes the receipt as an .eml file with its number and total', async () => {
    const dataDir = tempDir();
    const app = await buildTestApp(target, { seed: false, dataDir, publicUrl: 'https://shop.example', unpaidReminderHours: 1 });
    try {
      const buyer = await newBuyer(app);
      const outbox = path.join(dataDir, 'outbox');
      const before = new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
      const course = await newCourse(app, { price: 650_000 });
      const orderId = await buy(app, buyer, course.id);
      await app.mailer.idle();
      const files = fs.readdirSync(outbox).filter((f) => !before.has(f));
      expect(files).toHaveLength(1);
      const parsed = await simpleParser(fs.readFileSync(path.join(outbox, files[0]!)));
      const order = (await app.inject({ url: `/api/orders/${orderId}`, headers: buyer.headers })).json<{ data: Order }>().data;
      expect(parsed.subject).toContain(persian(order.receipt_number!));
      expect(parsed.html).toContain('<html dir="rtl" lang="fa">');
      expect(parsed.text).toContain('۶۵۰٬۰۰۰ تومان');
      expect(parsed.text).toContain(`https://shop.example/orders/${orderId}/receipt`);
    } finally {
      await app.close();
    }
  });
});
