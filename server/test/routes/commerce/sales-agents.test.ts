/**
 * Sales agents (issue 36 item 4): a sale through the agent's link (a 30-day cookie) or typed code
 * earns the agent their percent of what was paid, each part of a course bought in parts included;
 * pending through the refund window, then earned; a refund within the window takes it back, one after
 * it does not; the agent asks for a payout and staff mark it paid, to the wallet if asked.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AgentDashboard, CheckoutAnswer, InstalmentCheckoutAnswer, InstalmentPlan, SalesAgent, WalletPage } from '@shop/contracts';
import { agentCommissions, orderItems, orders } from '../../../src/modules/commerce/tables';
import { headersOf, newStaff } from '../../helpers/dashboard-actors';
import { addToCart, callback, newBuyer, newCourse, type Buyer } from '../../helpers/commerce-fixtures';
import { DB_TARGETS, buildTestApp } from '../../helpers/test-app';

const REF = 'agent_ref=STAFF10';

describe.each(DB_TARGETS)('sales agents on %s', (target) => {
  let app: FastifyInstance;
  let staffAgent: { authorization: string };
  let superHeaders: { authorization: string };
  let refunds: { authorization: string };

  beforeAll(async () => {
    app = await buildTestApp(target, { publicUrl: 'https://shop.example', rateLimit: { register: 1_000, checkout: 1_000 } });
    staffAgent = await headersOf(app, 'staff@example.com');
    superHeaders = await headersOf(app, 'super@example.com');
    refunds = await newStaff(app, ['manage-refunds', 'manage-products']);
  }, 120_000);
  afterAll(() => app?.close());

  const dashboard = async () => (await app.inject({ url: '/api/agent', headers: staffAgent })).json<{ data: AgentDashboard }>().data;
  /** Buys a course at `price` through checkout with the agent's cookie and pays it at the sandbox; answers the order. */
  const soldByAgent = async (price: number, buyer?: Buyer) => {
    const who = buyer ?? (await newBuyer(app));
    const course = await newCourse(app, { price });
    await addToCart(app, who, course.id);
    const answer = (await app.inject({ method: 'POST', url: '/api/checkout', headers: { ...who.headers, cookie: REF } })).json<{ data: CheckoutAnswer }>().data;
    await callback(app, who, answer.payment!.token);
    return { buyer: who, course, order: answer.order };
  };
  const refundItemsOf = async (orderId: number) => {
    for (const item of await app.db.select().from(orderItems).where(eq(orderItems.order_id, orderId))) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/dashboard/financial-info/money-refund-status',
        headers: refunds,
        payload: { order_item_id: item.id, confirmation: 'بله' },
      });
      expect(response.statusCode).toBe(201);
    }
  };
  /** Lets the refund window of the order's commission pass. */
  const windowPasses = (orderId: number) =>
    app.db.update(agentCommissions).set({ available_at: sql`now() - interval '1 minute'` }).where(eq(agentCommissions.order_id, orderId));

  it('makes the demo staff user the agent STAFF10 (10 %) with a link, and answers 404 to a user who is not one', async () => {
    const mine = await dashboard();
    expect(mine).toMatchObject({ code: 'STAFF10', percent: 10, link: 'https://shop.example/?ref=STAFF10' });
    const stranger = await newBuyer(app);
    expect((await app.inject({ url: '/api/agent', headers: stranger.headers })).json()).toEqual({ message: 'شما همکار فروش نیستید.' });
  });

  it('leaves the 30-day cookie from the link, and takes a typed code in any case and digits', async () => {
    const link = await app.inject({ url: '/api/products?ref=staff10' });
    expect(String(link.headers['set-cookie'])).toMatch(/agent_ref=STAFF10;.*Max-Age=2592000/);
    const buyer = await newBuyer(app);
    const typed = await app.inject({ method: 'PUT', url: '/api/cart/agent-code', headers: buyer.headers, payload: { code: 'staff۱۰' } });
    expect([typed.statusCode, typed.json().data, String(typed.headers['set-cookie'])]).toEqual([200, { code: 'STAFF10' }, expect.stringMatching(/^agent_ref=STAFF10/)]);
    const unknown = await app.inject({ method: 'PUT', url: '/api/cart/agent-code', headers: buyer.headers, payload: { code: 'NOBODY1' } });
    expect([unknown.statusCode, unknown.json().errors]).toEqual([422, { code: ['همکار فروشی با این کد یافت نشد.'] }]);
    const own = await app.inject({ method: 'PUT', url: '/api/cart/agent-code', headers: staffAgent, payload: { code: 'STAFF10' } });
    expect(own.json().errors).toEqual({ code: ['کد همکاری خودتان را نمی‌توانید برای خرید خود به کار ببرید.'] });
    expect((await app.inject({ url: '/api/cart/agent-code', headers: { ...buyer.headers, cookie: REF } })).json().data).toEqual({ code: 'STAFF10' });
    expect((await app.inject({ url: '/api/cart/agent-code', headers: { ...staffAgent, cookie: REF } })).json().data).toBeNull();
  });

  it('earns 10 % of a sale, pending through the refund window, then available', async () => {
    const { order } = await soldByAgent(250_000);
    const [row] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.agent_id).not.toBeNull();
    const commission = (await dashboard()).commissions.find((one) => one.order_id === order.id)!;
    expect(commission).toMatchObject({ amount: 25_000, paid: 250_000, status: 'pending' });
    expect(Date.parse(commission.available_at) - Date.parse(row!.paid_at!.toISOString())).toBe(7 * 86_400_000);
    await windowPasses(order.id);
    expect((await dashboard()).commissions.find((one) => one.order_id === order.id)!.status).toBe('earned');
  });

  it('takes a commission back with a refund within the window, and leaves it after the window', async () => {
    const inside = await soldByAgent(100_000);
    await refundItemsOf(inside.order.id);
    expect((await dashboard()).commissions.find((one) => one.order_id === inside.order.id)).toMatchObject({ status: 'reversed', amount: 0 });
    const after = await soldByAgent(120_000);
    await windowPasses(after.order.id);
    await refundItemsOf(after.order.id);
    expect((await dashboard()).commissions.find((one) => one.order_id === after.order.id)).toMatchObject({ status: 'earned', amount: 12_000 });
  });

  it('pays out what was earned once, to the wallet when asked, even with a refund racing the request', async () => {
    const before = await dashboard();
    const sale = await soldByAgent(300_000);
    await windowPasses(sale.order.id);
    const earned = (await dashboard()).available;
    expect(earned).toBe(before.available + 30_000);
    // The request and a refund of the sale (after its window) at once: the payout holds the whole commission.
    const [asked, second] = await Promise.all([
      app.inject({ method: 'POST', url: '/api/agent/payouts', headers: staffAgent, payload: { to: 'wallet' } }),
      refundItemsOf(sale.order.id).then(() => app.inject({ method: 'POST', url: '/api/agent/payouts', headers: staffAgent, payload: { to: 'wallet' } })),
    ]);
    const payouts = [asked, second].filter((response) => response.statusCode === 201).map((response) => response.json().data);
    expect(payouts.map((payout) => payout.amount)).toEqual([earned]);
    expect([asked, second].map((response) => response.statusCode).sort()).toEqual([201, 422]);
    const wallet = async () => (await app.inject({ url: '/api/wallet', headers: staffAgent })).json<WalletPage>().balance;
    const walletBefore = await wallet();
    const paid = await app.inject({ method: 'POST', url: `/api/dashboard/financial-info/agent-payouts/${payouts[0].id}/pay`, headers: refunds });
    expect(paid.json()).toMatchObject({ message: 'تسویه پرداخت‌شده ثبت شد.', data: { status: 'paid', to: 'wallet' } });
    expect(await wallet()).toBe(walletBefore + earned);
    expect((await app.inject({ method: 'POST', url: `/api/dashboard/financial-info/agent-payouts/${payouts[0].id}/pay`, headers: refunds })).statusCode).toBe(422);
    expect(await dashboard()).toMatchObject({ available: 0, requested: 0, paid_out: before.paid_out + earned });
  });

  it('earns on each part of a course bought in parts through the link', async () => {
    const course = await newCourse(app, { price: 200_000 });
    const plan = (
      await app.inject({ method: 'POST', url: `/api/dashboard/products/${course.id}/instalment-plans`, headers: refunds, payload: { parts: 2, first_share_percent: 50, days_between: 30 } })
    ).json<{ data: InstalmentPlan }>().data;
    const buyer = await newBuyer(app);
    const first = (
      await app.inject({ method: 'POST', url: `/api/products/${course.id}/instalment-purchases`, headers: { ...buyer.headers, cookie: REF }, payload: { plan_id: plan.id } })
    ).json<{ data: InstalmentCheckoutAnswer }>().data;
    await callback(app, buyer, first.payment!.token);
    const second = (await app.inject({ method: 'POST', url: `/api/instalments/${first.purchase.instalments[1]!.id}/pay`, headers: buyer.headers })).json<{ data: InstalmentCheckoutAnswer }>().data;
    await callback(app, buyer, second.payment!.token);
    const mine = (await dashboard()).commissions.filter((one) => one.order_id === first.order.id || one.order_id === second.order.id);
    expect(mine.map((one) => one.amount)).toEqual([10_000, 10_000]);
  });

  it('lets super make and change agents, refusing a taken code in Persian; staff get 403', async () => {
    const buyer = await newBuyer(app);
    const made = await app.inject({ method: 'POST', url: '/api/dashboard/sales-agents', headers: superHeaders, payload: { user_id: buyer.id, code: 'sara۵', percent: '۱۵' } });
    expect(made.statusCode).toBe(201);
    const agent = made.json<{ data: SalesAgent }>().data;
    expect(agent).toMatchObject({ code: 'SARA5', percent: 15, is_active: true, user: { id: buyer.id } });
    const taken = await app.inject({ method: 'PUT', url: `/api/dashboard/sales-agents/${agent.id}`, headers: superHeaders, payload: { code: 'STAFF10', percent: 15 } });
    expect([taken.statusCode, taken.json().errors]).toEqual([422, { code: ['این کد همکاری از قبل وجود دارد.'] }]);
    const bad = await app.inject({ method: 'POST', url: '/api/dashboard/sales-agents', headers: superHeaders, payload: { user_id: buyer.id, code: 'x', percent: 90 } });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['code', 'percent']);
    expect((await app.inject({ url: '/api/dashboard/sales-agents', headers: refunds })).statusCode).toBe(403);
    const off = await app.inject({ method: 'PUT', url: `/api/dashboard/sales-agents/${agent.id}`, headers: superHeaders, payload: { code: 'SARA5', percent: 15, is_active: false } });
    expect(off.json().data.is_active).toBe(false);
    const other = await newBuyer(app);
    expect((await app.inject({ method: 'PUT', url: '/api/cart/agent-code', headers: other.headers, payload: { code: 'SARA5' } })).statusCode).toBe(422);
  });
});
