/**
 * The order workflow (issue 34 item 3): every way an order is paid (the gateway's return, a free
 * checkout, staff setting it paid, a course given by hand) raises one `order.paid` in the
 * transaction of the change, the other changes of ownership and refunds raise theirs, and a step
 * that fails undoes the change it follows.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CheckoutAnswer } from '@shop/contracts';
import { orderItems, orders } from '../../../src/modules/commerce/tables';
import { createOrderWorkflow, setOrderPaymentStatus, type OrderEvents } from '../../../src/modules/commerce';
import { auditActor } from '../../../src/modules/audit';
import { headersOf } from '../../helpers/dashboard-actors';
import { addToCart, buy, checkout, newBuyer, newCourse } from '../../helpers/commerce-fixtures';
import { DB_TARGETS, buildTestApp } from '../../helpers/test-app';

const BASE = '/api/dashboard/financial-info';

/** An event the recording step saw, with whether the change's own rows were visible to it. */
type Seen = { [E in keyof OrderEvents]: { event: E; payload: OrderEvents[E]; paidInside?: boolean } }[keyof OrderEvents];

describe.each(DB_TARGETS)('order workflow on %s', (target) => {
  let app: FastifyInstance;
  let staff: { authorization: string };
  const seen: Seen[] = [];
  const seenOf = (orderId: number) => seen.filter((entry) => 'orderId' in entry.payload && entry.payload.orderId === orderId);

  beforeAll(async () => {
    app = await buildTestApp(target, { publicUrl: 'https://shop.example', rateLimit: { register: 1_000, checkout: 1_000 } });
    staff = await headersOf(app, 'super@example.com');
    // A step added after the shop's own: it sees the order paid inside the change's transaction.
    app.orderWorkflow
      .on('order.paid', 'test records', async (tx, payload) => {
        const [row] = await tx.select({ status: orders.payment_status }).from(orders).where(eq(orders.id, payload.orderId));
        seen.push({ event: 'order.paid', payload, paidInside: row?.status === 'paid' });
      })
      .on('ownership.changed', 'test records', async (_tx, payload) => void seen.push({ event: 'ownership.changed', payload }))
      .on('item.refunded', 'test records', async (_tx, payload) => void seen.push({ event: 'item.refunded', payload }));
  });
  afterAll(() => app.close());

  it('raises order.paid once, by the buyer, when the gateway verifies a payment', async () => {
    const buyer = await newBuyer(app);
    const course = await newCourse(app, { price: 120_000 });
    const orderId = await buy(app, buyer, course.id);
    expect(seenOf(orderId)).toEqual([
      { event: 'order.paid', payload: expect.objectContaining({ orderId, userId: buyer.id, productIds: [course.id], source: 'checkout', by: 'buyer' }), paidInside: true },
    ]);
  });

  it('raises order.paid by the buyer for a free checkout', async () => {
    const buyer = await newBuyer(app);
    const course = await newCourse(app, { price: 0 });
    await addToCart(app, buyer, course.id);
    const response = await checkout(app, buyer);
    const { order, payment } = response.json<{ data: CheckoutAnswer }>().data;
    expect({ status: response.statusCode, payment }).toEqual({ status: 201, payment: null });
    expect(seenOf(order.id)).toEqual([
      { event: 'order.paid', payload: expect.objectContaining({ userId: buyer.id, productIds: [course.id], source: 'checkout', by: 'buyer' }), paidInside: true },
    ]);
  });

  it('raises order.paid by staff when staff set an order paid, and ownership.changed when they set it unpaid', async () => {
    const buyer = await newBuyer(app);
    const course = await newCourse(app, { price: 90_000 });
    await addToCart(app, buyer, course.id);
    const { order } = (await checkout(app, buyer)).json<{ data: CheckoutAnswer }>().data;
    const setStatus = (payment_status: string) =>
      app.inject({ method: 'PUT', url: `${BASE}/orders/${order.id}`, headers: staff, payload: { payment_status } });
    expect((await setStatus('paid')).statusCode).toBe(200);
    expect((await setStatus('paid')).statusCode).toBe(200);
    expect(seenOf(order.id)).toEqual([
      { event: 'order.paid', payload: expect.objectContaining({ userId: buyer.id, productIds: [course.id], source: 'checkout', by: 'staff' }), paidInside: true },
    ]);
    const before = seen.length;
    expect((await setStatus('unpaid')).statusCode).toBe(200);
    expect(seen.slice(before)).toEqual([{ event: 'ownership.changed', payload: { userId: buyer.id, productIds: [course.id] } }]);
  });

  it('raises order.paid by staff for a course given by hand, ownership.changed when it is taken back, item.refunded for a refund', async () => {
    const buyer = await newBuyer(app);
    const given = await newCourse(app, { price: 50_000 });
    const added = await app.inject({
      method: 'POST',
      url: `${BASE}/list-of-products-added-to-users`,
      headers: staff,
      payload: { user_id: buyer.id, product_id: given.id },
    });
    const manualId = added.json<{ data: { id: number } }>().data.id;
    expect(seenOf(manualId)).toEqual([
      { event: 'order.paid', payload: expect.objectContaining({ userId: buyer.id, productIds: [given.id], source: 'manual', by: 'staff' }), paidInside: true },
    ]);
    let before = seen.length;
    await app.inject({ method: 'DELETE', url: `${BASE}/list-of-products-added-to-users/${manualId}`, headers: staff });
    expect(seen.slice(before)).toEqual([{ event: 'ownership.changed', payload: { userId: buyer.id, productIds: [given.id] } }]);

    const bought = await newCourse(app, { price: 70_000 });
    const orderId = await buy(app, buyer, bought.id);
    const [item] = await app.db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.order_id, orderId));
    before = seen.length;
    const refund = await app.inject({
      method: 'POST',
      url: `${BASE}/money-refund-status`,
      headers: staff,
      payload: { order_item_id: item!.id, confirmation: 'بله' },
    });
    expect(refund.statusCode).toBe(201);
    expect(seen.slice(before)).toEqual([
      { event: 'item.refunded', payload: { orderId, orderItemId: item!.id, userId: buyer.id, productId: bought.id } },
    ]);
  });

  it('undoes the change when a step fails: the order stays unpaid, without a receipt number', async () => {
    const buyer = await newBuyer(app);
    const course = await newCourse(app, { price: 40_000 });
    await addToCart(app, buyer, course.id);
    const { order } = (await checkout(app, buyer)).json<{ data: CheckoutAnswer }>().data;
    const failing = createOrderWorkflow({ mailer: app.mailer, origin: app.settings.publicUrl }, { refundWindowDays: app.settings.refundWindowDays }).on('order.paid', 'fails', async () => {
      throw new Error('a later step failed');
    });
    const audit = auditActor({ id: buyer.id, full_name: 'خریدار آزمایشی' }, '127.0.0.1');
    await expect(setOrderPaymentStatus(app.db, failing, order.id, 'paid', audit)).rejects.toThrow('a later step failed');
    const [row] = await app.db
      .select({ status: orders.payment_status, paid_at: orders.paid_at, receipt_number: orders.receipt_number })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row).toEqual({ status: 'unpaid', paid_at: null, receipt_number: null });
  });
});
