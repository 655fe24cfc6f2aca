/**
 * Buying a course in parts (issue 36 item 2): staff give a course plans; the buyer sees the schedule
 * before paying; the first part opens the course; later parts are paid in order from the profile; a
 * missed part pauses access after the grace days and paying it restores access; staff see parts due and
 * cancel a purchase; a part paid twice loses no toman (issue 36 item 6); the reconciliation checks plans.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type {
  CheckoutAnswer,
  DashboardInstalment,
  InstalmentCheckoutAnswer,
  InstalmentPlan,
  InstalmentPlanOffer,
  InstalmentPurchase,
  Paginated,
  SalesSummaryAnswer,
  WalletPage,
} from '@shop/contracts';
import { accessGrants, instalments, orders } from '../../../src/modules/commerce/tables';
import { reconcileAccess, remindInstalmentsDue } from '../../../src/modules/commerce';
import { users } from '../../../src/modules/users/tables';
import { startSmtpServer, type TestSmtpServer } from '../../helpers/smtp';
import { headersOf, newStaff } from '../../helpers/dashboard-actors';
import { addToCart, callback, newBuyer, newCourse, type Buyer } from '../../helpers/commerce-fixtures';
import { addWalletEntry } from '../../../src/modules/commerce/wallet';
import type { Db } from '../../../src/db/client';
import { DB_TARGETS, buildTestApp } from '../../helpers/test-app';

const DAY_MS = 86_400_000;

describe.each(DB_TARGETS)('buying in parts on %s', (target) => {
  let app: FastifyInstance;
  let products: { authorization: string };
  let finance: { authorization: string };
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await buildTestApp(target, { smtpUrl: smtp.url, publicUrl: 'https://shop.example', rateLimit: { register: 1_000, checkout: 1_000 } });
    products = await newStaff(app, ['manage-products']);
    finance = await newStaff(app, ['show-financial-info', 'manage-refunds']);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  const plansUrl = (productId: number) => `/api/dashboard/products/${productId}/instalment-plans`;
  const newPlan = async (productId: number, body: Record<string, unknown> = { parts: 3, first_share_percent: 40, days_between: 30 }) => {
    const response = await app.inject({ method: 'POST', url: plansUrl(productId), headers: products, payload: body });
    expect(response.statusCode).toBe(201);
    return response.json<{ data: InstalmentPlan }>().data;
  };
  const detail = async (buyer: Buyer | null, productId: number) =>
    (await app.inject({ url: `/api/products/${productId}`, headers: buyer?.headers ?? {} })).json<{ data: { is_bought: boolean; instalment_plans: InstalmentPlanOffer[] } }>().data;
  const buyInParts = (buyer: Buyer, productId: number, planId: number) =>
    app.inject({ method: 'POST', url: `/api/products/${productId}/instalment-purchases`, headers: buyer.headers, payload: { plan_id: planId } });
  const payPart = (buyer: Buyer, instalmentId: number) => app.inject({ method: 'POST', url: `/api/instalments/${instalmentId}/pay`, headers: buyer.headers });
  const mine = async (buyer: Buyer) => (await app.inject({ url: '/api/instalment-purchases', headers: buyer.headers })).json<{ data: InstalmentPurchase[] }>().data;
  const grantOf = async (purchaseId: number) =>
    (await app.db.select().from(accessGrants).where(and(eq(accessGrants.instalment_purchase_id, purchaseId), isNull(accessGrants.ended_at))))[0];
  /** Starts a purchase and pays its first part at the sandbox. */
  const boughtInParts = async (price = 300_000) => {
    const buyer = await newBuyer(app);
    const course = await newCourse(app, { price });
    const plan = await newPlan(course.id);
    const answer = (await buyInParts(buyer, course.id, plan.id)).json<{ data: InstalmentCheckoutAnswer }>().data;
    expect((await callback(app, buyer, answer.payment!.token)).headers.location).toBe(`/shopping-cart?payment=paid&order_id=${answer.order.id}`);
    return { buyer, course, plan, purchase: (await mine(buyer))[0]! };
  };
  /** Lets `days` days pass for a purchase: its due dates and its grant's period move that much into the past. */
  const daysPass = async (purchaseId: number, days: number) => {
    const shift = sql`${days} * interval '1 day'`;
    await app.db.update(instalments).set({ due_at: sql`${instalments.due_at} - ${shift}` }).where(eq(instalments.purchase_id, purchaseId));
    await app.db
      .update(accessGrants)
      .set({ starts_at: sql`${accessGrants.starts_at} - ${shift}`, ends_at: sql`${accessGrants.ends_at} - ${shift}` })
      .where(eq(accessGrants.instalment_purchase_id, purchaseId));
  };

  it('shows the demo course\'s 3-part plan with its whole schedule before paying', async () => {
    const [javascript] = (await app.inject({ url: '/api/products?per_page=50&filter=oldest' })).json<{ data: { id: number; title: string; price: number }[] }>().data
      .filter((product) => product.title === 'دوره مقدماتی جاوااسکریپت');
    const [offer] = (await detail(null, javascript!.id)).instalment_plans;
    expect(offer).toMatchObject({ parts: 3, first_share_percent: 40, days_between: 30, surcharge: 0, total: javascript!.price });
    const first = Math.round(javascript!.price * 0.4);
    expect(offer!.schedule.map((part) => part.amount)).toEqual([first, (javascript!.price - first) / 2, (javascript!.price - first) / 2]);
    const gaps = offer!.schedule.map((part) => Date.parse(part.due_at)).map((at, i, all) => (i === 0 ? 0 : at - all[i - 1]!));
    expect(gaps).toEqual([0, 30 * DAY_MS, 30 * DAY_MS]);
  });

  it('refuses a plan with bad terms in Persian, and lets staff change and delete one', async () => {
    const course = await newCourse(app, { price: 100_000 });
    const bad = await app.inject({ method: 'POST', url: plansUrl(course.id), headers: products, payload: { parts: 1, first_share_percent: 100, days_between: 0 } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['days_between', 'first_share_percent', 'parts']);
    expect(bad.json().errors.parts[0]).toMatch(/تعداد قسط‌ها/);
    const plan = await newPlan(course.id, { parts: 4, first_share_percent: 25, days_between: 10, surcharge: '۲۰٬۰۰۰' });
    expect(plan).toMatchObject({ surcharge: 20_000, grace_days: 7, is_active: true });
    const offer = (await detail(null, course.id)).instalment_plans[0]!;
    expect([offer.total, offer.schedule.map((part) => part.amount)]).toEqual([120_000, [30_000, 30_000, 30_000, 30_000]]);
    const off = await app.inject({ method: 'PUT', url: `${plansUrl(course.id)}/${plan.id}`, headers: products, payload: { ...plan, is_active: false } });
    expect(off.json().data.is_active).toBe(false);
    expect((await detail(null, course.id)).instalment_plans).toEqual([]);
    const buyer = await newBuyer(app);
    expect((await buyInParts(buyer, course.id, plan.id)).json().errors).toEqual({ plan_id: ['این طرح اقساط برای این دوره در دسترس نیست.'] });
    expect((await app.inject({ method: 'DELETE', url: `${plansUrl(course.id)}/${plan.id}`, headers: products })).statusCode).toBe(200);
    expect((await app.inject({ url: plansUrl(course.id), headers: finance })).statusCode).toBe(403);
  });

  it('opens the course with the first part, until the second part\'s due date and the grace days', async () => {
    const { buyer, course, purchase } = await boughtInParts();
    expect(purchase).toMatchObject({ status: 'active', total: 300_000, paid: 120_000, has_access: true });
    expect(purchase.instalments.map((part) => part.state)).toEqual(['paid', 'upcoming', 'upcoming']);
    expect((await detail(buyer, course.id)).is_bought).toBe(true);
    const grant = await grantOf(purchase.id);
    expect(grant!.ends_at!.getTime()).toBe(Date.parse(purchase.instalments[1]!.due_at) + 7 * DAY_MS);
    // The same course cannot be bought again while this purchase opens it.
    expect((await buyInParts(buyer, course.id, (await detail(null, course.id)).instalment_plans[0]!.id)).statusCode).toBe(422);
  });

  it('takes the parts in order, pauses access after the grace days, and restores it when the part is paid', async () => {
    const { buyer, course, purchase } = await boughtInParts();
    const [, second, third] = purchase.instalments;
    const early = await payPart(buyer, third!.id);
    expect([early.statusCode, early.json().message]).toEqual([422, 'قسط‌ها به ترتیب پرداخت می‌شوند؛ ابتدا قسط ۲ را بپردازید.']);
    await daysPass(purchase.id, 33);
    expect((await mine(buyer))[0]!.instalments[1]!.state).toBe('overdue');
    expect((await detail(buyer, course.id)).is_bought).toBe(true);
    await daysPass(purchase.id, 5);
    expect((await detail(buyer, course.id)).is_bought).toBe(false);
    expect((await mine(buyer))[0]).toMatchObject({ has_access: false, status: 'active' });
    const paused = (await app.inject({ url: '/api/dashboard/financial-info/instalments?state=paused&per_page=50', headers: finance })).json<Paginated<DashboardInstalment>>();
    expect(paused.data.find((part) => part.id === second!.id)).toMatchObject({ state: 'paused', purchase_id: purchase.id, user: { id: buyer.id } });
    const paying = (await payPart(buyer, second!.id)).json<{ data: InstalmentCheckoutAnswer }>().data;
    expect(paying.order).toMatchObject({ source: 'instalment', total_price: 90_000 });
    expect(paying.order.items[0]!.title).toMatch(/قسط ۲ از ۳$/);
    await callback(app, buyer, paying.payment!.token);
    // Each part paid has a receipt of its own (issue 25's numbers).
    const [partOrder] = await app.db.select().from(orders).where(eq(orders.id, paying.order.id));
    expect(partOrder!.receipt_number).toMatch(/^\d{4}-\d{6}$/);
    expect((await detail(buyer, course.id)).is_bought).toBe(true);
    const last = (await payPart(buyer, third!.id)).json<{ data: InstalmentCheckoutAnswer }>().data;
    await callback(app, buyer, last.payment!.token);
    expect((await mine(buyer))[0]).toMatchObject({ status: 'completed', paid: 300_000, has_access: true });
    expect((await grantOf(purchase.id))!.ends_at).toBeNull();
    expect((await payPart(buyer, third!.id)).json().message).toBe('همه قسط‌های این خرید پرداخت شده است.');
    expect((await payPart(await newBuyer(app), third!.id)).statusCode).toBe(404);
  });

  it('keeps a part paid twice in the wallet: two attempts of one part, both verified', async () => {
    const { buyer, purchase } = await boughtInParts();
    const second = purchase.instalments[1]!;
    const one = (await payPart(buyer, second.id)).json<{ data: InstalmentCheckoutAnswer }>().data;
    const two = (await payPart(buyer, second.id)).json<{ data: InstalmentCheckoutAnswer }>().data;
    expect(one.order.id).toBe(two.order.id);
    const answers = await Promise.all([callback(app, buyer, one.payment!.token), callback(app, buyer, two.payment!.token)]);
    expect(answers.map((answer) => answer.headers.location)).toEqual([
      `/shopping-cart?payment=paid&order_id=${one.order.id}`,
      `/shopping-cart?payment=paid&order_id=${one.order.id}`,
    ]);
    const wallet = (await app.inject({ url: '/api/wallet', headers: buyer.headers })).json<WalletPage>();
    expect([wallet.balance, wallet.data[0]!.kind, wallet.data[0]!.order_id]).toEqual([90_000, 'overpayment', one.order.id]);
    expect((await mine(buyer))[0]!.paid).toBe(210_000);
  });

  it('reminds a part due within three days once, by mail and by SMS to a verified mobile', async () => {
    const { buyer, purchase } = await boughtInParts();
    const mobile = `+98912${String(buyer.id).padStart(7, '0').slice(-7)}`;
    await app.db.update(users).set({ mobile, mobile_verified_at: new Date() }).where(eq(users.id, buyer.id));
    const [email] = (await app.db.select({ email: users.email }).from(users).where(eq(users.id, buyer.id))).map((row) => row.email);
    expect(await remindInstalmentsDue(app)).toBe(0);
    await daysPass(purchase.id, 28);
    expect(await remindInstalmentsDue(app)).toBeGreaterThanOrEqual(1);
    const mail = await smtp.waitForMail((message) => message.to.includes(email!) && message.subject.includes('یادآوری سررسید قسط'));
    expect(mail.subject).toContain('یادآوری سررسید قسط');
    expect(mail.text).toContain('قسط ۲ از ۳');
    expect(mail.text).toContain('۹۰٬۰۰۰ تومان');
    expect(mail.text).toContain('https://shop.example/profile#instalments');
    await app.sms.idle();
    const outbox = app.settings.sms.outboxDir;
    const sms = fs.readdirSync(outbox).map((file) => JSON.parse(fs.readFileSync(path.join(outbox, file), 'utf8')) as { to: string; template: string; parameters: Record<string, string> });
    expect(sms.filter((message) => message.to === mobile)).toEqual([
      expect.objectContaining({ template: 'instalment-reminder', parameters: expect.objectContaining({ AMOUNT: '۹۰٬۰۰۰ تومان' }) }),
    ]);
    await remindInstalmentsDue(app);
    expect(smtp.messages.filter((message) => message.to.includes(email!) && message.subject.includes('یادآوری سررسید قسط'))).toHaveLength(1);
  });

  it('lets staff cancel a purchase: access ends at once, the unpaid part\'s order is cancelled, paid parts stay paid', async () => {
    const { buyer, course, purchase } = await boughtInParts();
    const pending = (await payPart(buyer, purchase.instalments[1]!.id)).json<{ data: InstalmentCheckoutAnswer }>().data;
    const cancel = () => app.inject({ method: 'POST', url: `/api/dashboard/financial-info/instalment-purchases/${purchase.id}/cancel`, headers: finance });
    const response = await cancel();
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ status: 'cancelled', has_access: false, paid: 120_000 });
    expect((await detail(buyer, course.id)).is_bought).toBe(false);
    const [order] = await app.db.select().from(orders).where(eq(orders.id, pending.order.id));
    expect(order!.payment_status).toBe('cancelled');
    const [ended] = await app.db.select().from(accessGrants).where(eq(accessGrants.instalment_purchase_id, purchase.id));
    expect(ended!.end_reason).toBe('plan_cancelled');
    expect((await cancel()).statusCode).toBe(422);
    expect((await payPart(buyer, purchase.instalments[1]!.id)).json().message).toBe('این خرید اقساطی لغو شده است.');
  });

  it('reconciles plans with their grants: a missing grant is found, and none when they match', async () => {
    const { purchase } = await boughtInParts();
    expect((await reconcileAccess(app.db)).mismatches).toBe(0);
    await app.db.delete(accessGrants).where(eq(accessGrants.instalment_purchase_id, purchase.id));
    const superHeaders = await headersOf(app, 'super@example.com');
    await reconcileAccess(app.db);
    const found = (await app.inject({ url: '/api/dashboard/access-mismatches', headers: superHeaders })).json<{ data: { kind: string; product: { id: number } }[] }>().data;
    expect(found).toEqual([expect.objectContaining({ kind: 'missing_grant' })]);
  });

  it("counts a course bought in parts once in the sales summary, with each paid part's tomans and what is still owed; the net splits into wallet and gateway, beside the agents' commission (item 5)", async () => {
    const summary = async (kind: 'sales' | 'refunds' = 'sales') =>
      (await app.inject({ url: `/api/dashboard/financial-info/${kind}?period=day`, headers: finance })).json<SalesSummaryAnswer>();
    const before = (await summary()).meta;
    // A course bought in parts through the agent STAFF10 (10 %): 120 000 now, then two parts of 90 000.
    const buyer = await newBuyer(app);
    const course = await newCourse(app, { price: 300_000 });
    const plan = await newPlan(course.id);
    const started = await app.inject({
      method: 'POST',
      url: `/api/products/${course.id}/instalment-purchases`,
      headers: { ...buyer.headers, cookie: 'agent_ref=STAFF10' },
      payload: { plan_id: plan.id },
    });
    await callback(app, buyer, started.json<{ data: InstalmentCheckoutAnswer }>().data.payment!.token);
    const rowOf = async () => (await summary()).data.find((row) => row.product_id === course.id);
    expect(await rowOf()).toMatchObject({ count: 1, total: 120_000, discount: 0, net: 120_000, outstanding: 180_000 });
    const second = (await mine(buyer))[0]!.instalments[1]!;
    await callback(app, buyer, (await payPart(buyer, second.id)).json<{ data: InstalmentCheckoutAnswer }>().data.payment!.token);
    expect(await rowOf()).toMatchObject({ count: 1, total: 210_000, net: 210_000, outstanding: 90_000 });
    // A checkout of 80 000 that the wallet paid 50 000 of.
    const walletBuyer = await newBuyer(app);
    await app.db.transaction(async (tx) => addWalletEntry(tx as unknown as Db, walletBuyer.id, { kind: 'staff_credit', amount: 50_000, reason: 'آزمون' }));
    await addToCart(app, walletBuyer, (await newCourse(app, { price: 80_000 })).id);
    const checkedOut = await app.inject({ method: 'POST', url: '/api/checkout', headers: walletBuyer.headers, payload: { use_wallet: true } });
    await callback(app, walletBuyer, checkedOut.json<{ data: CheckoutAnswer }>().data.payment!.token);
    const after = (await summary()).meta;
    const added = (figure: keyof SalesSummaryAnswer['meta']) => Number(after[figure]) - Number(before[figure]);
    expect(['total_count', 'total_amount', 'total_net', 'total_wallet', 'total_gateway', 'total_outstanding', 'total_commission'].map((figure) => added(figure as keyof SalesSummaryAnswer['meta']))).toEqual([
      2, 290_000, 290_000, 50_000, 240_000, 90_000, 21_000,
    ]);
    // The refund summary carries none of the sales' split.
    expect((await summary('refunds')).meta).toMatchObject({ total_wallet: 0, total_gateway: 0, total_outstanding: 0, total_commission: 0 });
  });
});
