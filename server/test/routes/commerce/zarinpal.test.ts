import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CheckoutAnswer, Order } from '@shop/contracts';
import { orders, payments } from '../../../src/modules/commerce/tables';
import { PaymentGatewayError } from '../../../src/modules/commerce/payments/payment-gateway';
import { ZarinpalGateway } from '../../../src/modules/commerce/payments/zarinpal-gateway';
import { DB_TARGETS, buildTestApp } from '../../helpers/test-app';
import { startFakeZarinpal, type FakeZarinpal } from '../../helpers/fake-zarinpal';
import { addToCart, callback, checkout, newBuyer, newCourse, type Buyer } from '../../helpers/commerce-fixtures';

const MERCHANT_ID = '1344b5d4-0048-11e8-94db-005056a205be';

describe.each(DB_TARGETS)('Zarinpal v4 gateway on %s', (target) => {
  let app: FastifyInstance;
  let fake: FakeZarinpal;
  beforeAll(async () => {
    fake = await startFakeZarinpal();
    app = await buildTestApp(target, {
      seed: false,
      publicUrl: 'https://shop.example',
      payment: { gateway: 'zarinpal', zarinpalMerchantId: MERCHANT_ID, zarinpalBaseUrl: fake.url },
    });
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });
  beforeEach(() => fake.reset());

  async function cartWith(price: number) {
    const buyer = await newBuyer(app);
    const course = await newCourse(app, { price });
    await addToCart(app, buyer, course.id);
    return { buyer, course };
  }
  const answerOf = (response: { json: <T>() => T }) => response.json<{ data: CheckoutAnswer }>().data;
  const orderOf = async (buyer: Buyer, id: number) =>
    (await app.inject({ url: `/api/orders/${id}`, headers: buyer.headers })).json<{ data: Order }>().data;

  it('requests in rials, redirects to StartPay, verifies with the stored amount and pays the order', async () => {
    const { buyer } = await cartWith(125_000);
    const { order, payment } = answerOf(await checkout(app, buyer));
    expect(fake.calls).toEqual([
      {
        path: '/pg/v4/payment/request.json',
        body: {
          merchant_id: MERCHANT_ID,
          amount: 1_250_000,
          description: `پرداخت سفارش شماره ${order.id}`,
          callback_url: 'https://shop.example/api/payments/callback',
          metadata: { email: expect.stringMatching(/@example\.com$/) },
        },
      },
    ]);
    expect(payment).toEqual({ action: 'https://shop.example/api/payments/start', token: expect.stringMatching(/^A0+\d+$/) });
    const start = await app.inject({
      method: 'POST',
      url: '/api/payments/start',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${payment!.token}`,
    });
    expect(start.statusCode).toBe(303);
    expect(start.headers.location).toBe(`${fake.url}/pg/StartPay/${payment!.token}`);
    // No sandbox page when Zarinpal is the gateway.
    expect((await app.inject({ url: `/api/payments/sandbox/${payment!.token}` })).statusCode).toBe(404);

    const back = await callback(app, buyer, payment!.token);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/shopping-cart?payment=paid&order_id=${order.id}`);
    expect(fake.calls.at(-1)).toEqual({
      path: '/pg/v4/payment/verify.json',
      body: { merchant_id: MERCHANT_ID, amount: 1_250_000, authority: payment!.token },
    });
    expect((await orderOf(buyer, order.id)).payment_status).toBe('paid');
    const [row] = await app.db.select().from(payments).where(eq(payments.authority, payment!.token));
    expect(row).toMatchObject({ gateway: 'zarinpal', status: 'paid', amount: 125_000, ref_id: expect.stringMatching(/^\d+$/) });
  });

  it('counts code 101 (already verified) as paid', async () => {
    const { buyer } = await cartWith(40_000);
    const { order, payment } = answerOf(await checkout(app, buyer));
    fake.behaviour = { alreadyVerified: true };
    expect((await callback(app, buyer, payment!.token)).headers.location).toBe(`/shopping-cart?payment=paid&order_id=${order.id}`);
    expect((await orderOf(buyer, order.id)).payment_status).toBe('paid');
  });

  it('answers 422 when the payment request is refused (-51), leaving the order unpaid for a retry', async () => {
    const { buyer } = await cartWith(70_000);
    fake.behaviour = { requestError: -51 };
    const refused = await checkout(app, buyer, 'retry-key');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('ارتباط با درگاه پرداخت برقرار نشد؛ لطفاً دوباره تلاش کنید.');
    const rows = await app.db.select().from(orders).where(eq(orders.user_id, buyer.id));
    expect(rows.map((r) => r.payment_status)).toEqual(['unpaid']);
    expect(await app.db.select().from(payments).where(eq(payments.order_id, rows[0]!.id))).toEqual([]);
    fake.reset();
    const retry = await checkout(app, buyer, 'retry-key');
    expect(retry.statusCode).toBe(200);
    expect(answerOf(retry)).toMatchObject({ order: { id: rows[0]!.id }, payment: { token: expect.stringMatching(/^A/) } });
  });

  it('fails the attempt when verify answers an error code (-51) and sends the browser back with payment=failed', async () => {
    const { buyer } = await cartWith(55_000);
    const { order, payment } = answerOf(await checkout(app, buyer));
    fake.behaviour = { verifyError: -51 };
    const back = await callback(app, buyer, payment!.token);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/shopping-cart?payment=failed&order_id=${order.id}`);
    expect((await orderOf(buyer, order.id)).payment_status).toBe('unpaid');
    const [row] = await app.db.select().from(payments).where(eq(payments.authority, payment!.token));
    expect(row!.status).toBe('failed');
  });

  it('leaves the order unpaid with 422 when Zarinpal reports another amount', async () => {
    const { buyer } = await cartWith(90_000);
    const { order, payment } = answerOf(await checkout(app, buyer));
    fake.behaviour = { reportAmount: 10_000 };
    const back = await callback(app, buyer, payment!.token);
    expect(back.statusCode).toBe(422);
    expect(back.json().message).toBe('مبلغ پرداخت‌شده با مبلغ سفارش برابر نیست؛ سفارش پرداخت‌نشده باقی ماند.');
    expect((await orderOf(buyer, order.id)).payment_status).toBe('unpaid');
  });

  it('throws PaymentGatewayError on a timeout, an unreachable server and a refused verify of an unknown authority', async () => {
    const slow = new ZarinpalGateway({ merchantId: MERCHANT_ID, baseUrl: fake.url, timeoutMs: 200 });
    fake.behaviour = { hang: true };
    const request = { orderId: 1, amount: 1000, description: 'x', callbackUrl: 'https://shop.example/cb', email: 'a@b.c', mobile: null };
    await expect(slow.requestPayment(request)).rejects.toBeInstanceOf(PaymentGatewayError);
    fake.reset();
    const closed = new ZarinpalGateway({ merchantId: MERCHANT_ID, baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
    await expect(closed.verify({ authority: 'A1', amount: 1000 })).rejects.toBeInstanceOf(PaymentGatewayError);
    // Its own bound: on a busy machine the fake's answer may take longer than the 200 ms above.
    const answering = new ZarinpalGateway({ merchantId: MERCHANT_ID, baseUrl: fake.url, timeoutMs: 10_000 });
    expect(await answering.verify({ authority: 'A-unknown', amount: 1000 })).toEqual({ status: 'failed', amount: 0, refId: null });
  });
});
