/**
 * The access ledger (issue 36 item 1): every right to a course is a grant with its source, and a
 * buyer may open a course while any grant of it is active; ending one source never ends another's
 * (Tutor LMS #2346). Existing purchases become grants by the migration; a reconciliation compares
 * the paid items with the grants, lists the differences for super users and mails them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Client } from 'pg';
import type { AccessMismatches } from '@shop/contracts';
import { accessGrants, orderItems } from '../../../src/modules/commerce/tables';
import { users } from '../../../src/modules/users/tables';
import { reconcileAccess } from '../../../src/modules/commerce';
import { SERVER_ROOT } from '../../../src/settings';
import { headersOf, newStaff } from '../../helpers/dashboard-actors';
import { insertDiscountedOrder, newBuyer, newCourse, type Buyer } from '../../helpers/commerce-fixtures';
import { startSmtpServer, type TestSmtpServer } from '../../helpers/smtp';
import { DB_TARGETS, buildTestApp, csrfHeaders } from '../../helpers/test-app';

const FINANCIAL = '/api/dashboard/financial-info';

/** The active grants of a user's course, oldest first. */
const activeGrantsOf = (app: FastifyInstance, userId: number, productId: number) =>
  app.db
    .select()
    .from(accessGrants)
    .where(and(eq(accessGrants.user_id, userId), eq(accessGrants.product_id, productId), isNull(accessGrants.ended_at)))
    .orderBy(accessGrants.id);
const MISMATCHES = '/api/dashboard/access-mismatches';

describe.each(DB_TARGETS)('the access ledger on %s', (target) => {
  let app: FastifyInstance;
  let smtp: TestSmtpServer;
  let superHeaders: { authorization: string };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildTestApp(target, { smtpUrl: smtp.url, publicUrl: 'https://shop.example', rateLimit: { register: 1_000 } });
    superHeaders = await headersOf(app, 'super@example.com');
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  const owns = async (buyer: Buyer, productId: number) => {
    const response = await app.inject({ url: `/api/products/${productId}`, headers: buyer.headers });
    return response.json<{ data: { is_bought: boolean } }>().data.is_bought;
  };
  const paidOrder = async (buyer: Buyer, product: { id: number; title: string; price: number }) =>
    insertDiscountedOrder(app, { userId: buyer.id, code: 'TEST', paidAt: new Date(), items: [{ product, discount: 0 }] });
  const itemOf = async (orderId: number) => (await app.db.select().from(orderItems).where(eq(orderItems.order_id, orderId)))[0]!;
  const refund = async (orderItemId: number) => {
    const csrf = await csrfHeaders(app);
    return app.inject({ method: 'POST', url: `${FINANCIAL}/money-refund-status`, headers: { ...superHeaders, ...csrf }, payload: { order_item_id: orderItemId, confirmation: 'بله' } });
  };

  it('keeps a course open while another paid order still pays for it, when one is refunded', async () => {
    const buyer = await newBuyer(app);
    const course = await newCourse(app, { price: 30_000 });
    const product = { id: course.id, title: 'دو بار خریده', price: 30_000 };
    const first = await itemOf(await paidOrder(buyer, product));
    const second = await itemOf(await paidOrder(buyer, product));
    expect((await activeGrantsOf(app, buyer.id, course.id)).map((grant) => [grant.source, grant.order_item_id])).toEqual([
      ['order', first.id],
      ['order', second.id],
    ]);
    expect((await refund(first.id)).statusCode).toBe(201);
    expect(await owns(buyer, course.id)).toBe(true);
    const [ended] = await app.db.select().from(accessGrants).where(eq(accessGrants.order_item_id, first.id));
    expect([ended!.end_reason, ended!.ended_at]).toEqual(['refund', expect.any(Date)]);
    expect((await refund(second.id)).statusCode).toBe(201);
    expect(await owns(buyer, course.id)).toBe(false);
    expect(await activeGrantsOf(app, buyer.id, course.id)).toEqual([]);
  });

  it("opens a course at once when its payment's time is ahead of the database's clock (the app's clock, or a transaction begun earlier)", async () => {
    const buyer = await newBuyer(app);
    const course = await newCourse(app, { price: 8_000 });
    await insertDiscountedOrder(app, { userId: buyer.id, code: 'TEST', paidAt: new Date(Date.now() + 60_000), items: [{ product: { id: course.id, title: 'زودتر', price: 8_000 }, discount: 0 }] });
    expect(await owns(buyer, course.id)).toBe(true);
  });

  it('grants a course added by hand as `manual`, moves it with the order and ends it when the order goes', async () => {
    const buyer = await newBuyer(app);
    const [one, two] = [await newCourse(app, { price: 10_000 }), await newCourse(app, { price: 20_000 })];
    const csrf = await csrfHeaders(app);
    const headers = { ...superHeaders, ...csrf };
    const added = await app.inject({ method: 'POST', url: `${FINANCIAL}/list-of-products-added-to-users`, headers, payload: { user_id: buyer.id, product_id: one.id } });
    expect(added.statusCode).toBe(201);
    const orderId = added.json<{ data: { id: number } }>().data.id;
    expect((await activeGrantsOf(app, buyer.id, one.id)).map((grant) => grant.source)).toEqual(['manual']);
    const moved = await app.inject({ method: 'PUT', url: `${FINANCIAL}/list-of-products-added-to-users/${orderId}`, headers, payload: { product_id: two.id } });
    expect(moved.statusCode).toBe(200);
    expect([await owns(buyer, one.id), await owns(buyer, two.id)]).toEqual([false, true]);
    const [old] = await app.db.select().from(accessGrants).where(and(eq(accessGrants.user_id, buyer.id), eq(accessGrants.product_id, one.id)));
    expect(old!.end_reason).toBe('order_changed');
    expect((await app.inject({ method: 'DELETE', url: `${FINANCIAL}/list-of-products-added-to-users/${orderId}`, headers })).statusCode).toBe(200);
    expect(await owns(buyer, two.id)).toBe(false);
  });

  it('turns every existing purchase into a grant by the migration, a refunded one ended at its refund', async () => {
    const buyer = await newBuyer(app);
    const course = await newCourse(app, { price: 40_000 });
    const kept = await itemOf(await paidOrder(buyer, { id: course.id, title: 'پیش از دفتر', price: 40_000 }));
    const refunded = await insertDiscountedOrder(app, {
      userId: buyer.id,
      code: 'TEST',
      paidAt: new Date(),
      items: [{ product: { id: (await newCourse(app, { price: 5_000 })).id, title: 'پس‌داده', price: 5_000 }, discount: 0, refundedAt: new Date() }],
    });
    // As before the ledger: no grants at all; then the migration's own statement.
    await app.db.delete(accessGrants);
    const migration = fs.readFileSync(path.join(SERVER_ROOT, 'drizzle', '0022_create_access_grants.sql'), 'utf8');
    const insert = migration.slice(migration.indexOf('INSERT INTO "access_grants"'));
    await app.db.execute(sql.raw(insert));
    expect(await owns(buyer, course.id)).toBe(true);
    const [refundedGrant] = await app.db.select().from(accessGrants).where(eq(accessGrants.order_item_id, (await itemOf(refunded)).id));
    expect(refundedGrant!.end_reason).toBe('refund');
    expect((await activeGrantsOf(app, buyer.id, course.id)).map((grant) => grant.order_item_id)).toEqual([kept.id]);
    // The seeded demo's purchases too: the ledger matches the money again.
    expect((await reconcileAccess(app.db)).mismatches).toBe(0);
  });

  it('lists what the reconciliation finds for super users alone, and mails them', async () => {
    const staff = await newStaff(app, ['show-financial-info', 'manage-refunds']);
    expect((await app.inject({ url: MISMATCHES, headers: staff })).statusCode).toBe(403);
    const check = async () => {
      const csrf = await csrfHeaders(app);
      const response = await app.inject({ method: 'POST', url: `${MISMATCHES}/check`, headers: { ...superHeaders, ...csrf } });
      expect(response.statusCode).toBe(200);
      return response.json<AccessMismatches>();
    };
    const clean = await check();
    expect(clean).toMatchObject({ checked_at: expect.any(String), data: [] });
    expect(clean.checked_items).toBeGreaterThan(0);

    // Break the ledger both ways: a paid item's grant deleted, and a grant nothing pays for.
    const buyer = await newBuyer(app);
    const paid = await newCourse(app, { price: 12_000 });
    const item = await itemOf(await paidOrder(buyer, { id: paid.id, title: 'پرداخت‌شده', price: 12_000 }));
    await app.db.delete(accessGrants).where(eq(accessGrants.order_item_id, item.id));
    const free = await newCourse(app, { price: 15_000 });
    const [bogus] = await app.db.insert(accessGrants).values({ user_id: buyer.id, product_id: free.id, source: 'order' }).returning({ id: accessGrants.id });
    const sent = smtp.messages.length;
    const found = await check();
    const [buyerRow] = await app.db.select({ full_name: users.full_name, email: users.email }).from(users).where(eq(users.id, buyer.id));
    expect(found.data).toEqual([
      { kind: 'missing_grant', user: { id: buyer.id, ...buyerRow }, product: { id: paid.id, title: expect.any(String) }, order_item_id: item.id, grant_id: null },
      { kind: 'unpaid_grant', user: { id: buyer.id, ...buyerRow }, product: { id: free.id, title: expect.any(String) }, order_item_id: null, grant_id: bogus!.id },
    ]);
    expect((await app.inject({ url: MISMATCHES, headers: superHeaders })).json<AccessMismatches>().data).toHaveLength(2);
    if (app.settings.databaseUrl) {
      // Another run writing its findings meanwhile (the daily job beside a «check now», on another
      // replica): this run waits for it and then replaces its rows, never keeping both runs'.
      const other = new Client({ connectionString: app.settings.databaseUrl });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('select pg_advisory_xact_lock(6006, 0)');
        await other.query('delete from access_mismatches');
        await other.query(`insert into access_mismatches (kind, user_id, product_id) values ('unpaid_grant', $1, $2)`, [buyer.id, free.id]);
        const run = reconcileAccess(app.db);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await other.query('commit');
        expect((await run).mismatches).toBe(2);
      } finally {
        await other.end();
      }
      expect((await app.inject({ url: MISMATCHES, headers: superHeaders })).json<AccessMismatches>().data).toHaveLength(2);
    }
    const mail = await smtp.waitForMail((message) => message.to.includes('super@example.com') && smtp.messages.indexOf(message) >= sent);
    expect(mail.subject).toContain('دسترسی به دوره‌ها با پرداخت‌ها جور نیست');
    expect(mail.text).toContain('۱ خرید پرداخت‌شده که خریدارش به دوره دسترسی ندارد');
    expect(mail.text).toContain('https://shop.example/dashboard/financial-info/access');
    await app.mailer.idle();
    // One mail, to the one super user: nobody else hears of it.
    expect(smtp.messages.filter((message) => message.subject.includes('جور نیست')).map((message) => message.to)).toEqual([['super@example.com']]);
  });
});
