import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CheckoutAnswer, Order } from '@shop/contracts';
import { orders, payments } from '../../../src/modules/commerce/tables';
import type { Db } from '../../../src/db/client';
import { PaymentGatewayError } from '../../../src/modules/commerce/payments/payment-gateway';
import { addWalletEntry } from '../../../src/modules/commerce/wallet';
import { SnappPayGateway } from '../../../src/modules/commerce/payments/snapppay-gateway';
import { DB_TARGETS, buildTestApp } from '../../helpers/test-app';
import { FAKE_SNAPPPAY_CREDENTIALS, startFakeSnappPay, type FakeSnappPay } from '../../helpers/fake-snapppay';
import { addToCart, callback, checkout, checkoutWith, newBuyer, newCourse, startPaymentForm, type Buyer } from '../../helpers/commerce-fixtures';

describe.each(DB_TARGETS)('SnappPay gateway on %s (issue 36 item 2)', (target) => {
  let app: FastifyInstance;
  let fake: FakeSnappPay;
  beforeAll(async () => {
    fake = await startFakeSnappPay();
    app = await buildTestApp(target, {
      seed: false,
      publicUrl: 'https://shop.example',
      payment: { snapppay: { baseUrl: fake.url, pageOrigin: new URL(fake.url).origin, ...FAKE_SNAPPPAY_CREDENTIALS } },
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
  const attempt = async (token: string) => (await app.db.select().from(payments).where(eq(payments.authority, token)))[0]!;
  const paths = () => fake.calls.map((call) => `${call.method} ${call.path.split('?')[0]}`);
  /** Checkout with SnappPay, then the start form: the attempt's token and SnappPay's payment token. */
  async function openedAtSnappPay(price: number) {
    const { buyer, course } = await cartWith(price);
    const { order, payment } = answerOf(await checkoutWith(app, buyer, { gateway: 'snapppay' }));
    const start = await startPaymentForm(app, payment!.token);
    const paymentToken = (await attempt(payment!.token)).gateway_reference!;
    return { buyer, course, order, token: payment!.token, start, paymentToken };
  }
  /** SnappPay's return: the cross-site form POST to the attempt's returnURL, then the GET it redirects to, as the buyer. */
  async function snapppayReturn(buyer: Buyer, token: string, state: 'OK' | 'FAILED', amount: number) {
    const posted = await app.inject({
      method: 'POST',
      url: `/api/payments/callback?Authority=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `transactionId=${encodeURIComponent(`${token}-x`)}&state=${state}&amount=${amount}`,
    });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(`/api/payments/callback?Authority=${token}&Status=${state === 'OK' ? 'OK' : 'NOK'}`);
    return app.inject({ url: posted.headers.location as string, headers: buyer.headers });
  }

  it('checks eligibility at checkout, registers the cart at start, then verifies and settles on the return', async () => {
    const { buyer, course } = await cartWith(125_000);
    const response = await checkoutWith(app, buyer, { gateway: 'snapppay' });
    expect(response.statusCode).toBe(201);
    const { order, payment } = answerOf(response);
    expect(payment).toEqual({ action: 'https://shop.example/api/payments/start', token: expect.stringMatching(/^SNP[0-9a-f]{24}$/) });
    const basic = `Basic ${Buffer.from(`${FAKE_SNAPPPAY_CREDENTIALS.clientId}:${FAKE_SNAPPPAY_CREDENTIALS.clientSecret}`).toString('base64')}`;
    expect(fake.calls.map((call) => [call.method, call.path, call.authorization])).toEqual([
      ['POST', '/api/online/v1/oauth/token', basic],
      ['GET', '/api/online/offer/v1/eligible?amount=1250000', 'Bearer at-1'],
    ]);
    expect(await attempt(payment!.token)).toMatchObject({ gateway: 'snapppay', status: 'pending', amount: 125_000, ref_id: null });

    const start = await startPaymentForm(app, payment!.token);
    expect(start.statusCode).toBe(303);
    const registered = fake.calls.at(-1)!;
    expect(registered).toMatchObject({ method: 'POST', path: '/api/online/payment/v1/token', authorization: 'Bearer at-1' });
    expect(registered.body).toEqual({
      amount: 1_250_000,
      discountAmount: 0,
      externalSourceAmount: 0,
      paymentMethodTypeDto: 'INSTALLMENT',
      returnURL: `https://shop.example/api/payments/callback?Authority=${payment!.token}`,
      transactionId: expect.stringMatching(new RegExp(`^${payment!.token}-[0-9a-f]{4}$`)),
      cartList: [
        {
          cartId: order.id,
          cartItems: [{ id: course.id, name: order.items[0]!.title, count: 1, amount: 1_250_000, category: 'education' }],
          isShipmentIncluded: false,
          isTaxIncluded: false,
          shippingAmount: 0,
          taxAmount: 0,
          totalAmount: 1_250_000,
        },
      ],
    });
    const paymentToken = (await attempt(payment!.token)).gateway_reference!;
    expect(start.headers.location).toBe(`${fake.url}/pay?paymentToken=${paymentToken}`);

    fake.pay(paymentToken);
    const back = await snapppayReturn(buyer, payment!.token, 'OK', 1_250_000);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/shopping-cart?payment=paid&order_id=${order.id}`);
    expect(paths().slice(-2)).toEqual(['POST /api/online/payment/v1/verify', 'POST /api/online/payment/v1/settle']);
    expect(fake.calls.slice(-2).map((call) => call.body)).toEqual([{ paymentToken }, { paymentToken }]);
    expect(fake.purchases.get(paymentToken)!.status).toBe('SETTLE');
    expect((await orderOf(buyer, order.id)).payment_status).toBe('paid');
    expect(await attempt(payment!.token)).toMatchObject({ status: 'paid', ref_id: fake.purchases.get(paymentToken)!.transactionId });
    // One OAuth token served every call.
    expect(paths().filter((path) => path.includes('oauth'))).toHaveLength(1);
    // A second return of the same attempt is a replay, and SnappPay is not asked again.
    const calls = fake.calls.length;
    expect((await snapppayReturn(buyer, payment!.token, 'OK', 1_250_000)).statusCode).toBe(409);
    expect(fake.calls).toHaveLength(calls);
  });

  it("sends every course and the wallet's share (as SnappPay's external source), and asks only the rest", async () => {
    const { buyer, course } = await cartWith(300_000);
    const other = await newCourse(app, { price: 100_000 });
    await addToCart(app, buyer, other.id);
    await app.db.transaction((tx) => addWalletEntry(tx as unknown as Db, buyer.id, { kind: 'staff_credit', amount: 100_000, reason: 'آزمون' }));
    const { order, payment } = answerOf(await checkoutWith(app, buyer, { use_wallet: true, gateway: 'snapppay' }));
    expect(order).toMatchObject({ total_price: 400_000, payment_status: 'unpaid' });
    expect(fake.calls.at(-1)!.path).toBe('/api/online/offer/v1/eligible?amount=3000000');
    expect((await startPaymentForm(app, payment!.token)).statusCode).toBe(303);
    const body = fake.calls.at(-1)!.body as { amount: number; externalSourceAmount: number; discountAmount: number; cartList: Array<{ totalAmount: number; cartItems: Array<{ id: number; amount: number }> }> };
    expect([body.amount, body.externalSourceAmount, body.discountAmount, body.cartList[0]!.totalAmount]).toEqual([3_000_000, 1_000_000, 0, 4_000_000]);
    expect(body.cartList[0]!.cartItems.map((item) => [item.id, item.amount]).sort()).toEqual([[course.id, 3_000_000], [other.id, 1_000_000]].sort());
    const paymentToken = (await attempt(payment!.token)).gateway_reference!;
    fake.pay(paymentToken);
    expect((await snapppayReturn(buyer, payment!.token, 'OK', 3_000_000)).headers.location).toBe(`/shopping-cart?payment=paid&order_id=${order.id}`);
    expect(await attempt(payment!.token)).toMatchObject({ amount: 300_000, status: 'paid' });
  });

  it('answers 422 on gateway for an amount SnappPay does not take; the order is paid with the default gateway', async () => {
    const { buyer } = await cartWith(15_000);
    const refused = await checkoutWith(app, buyer, { gateway: 'snapppay' }, 'key-small');
    expect(refused.statusCode).toBe(422);
    const message = 'خرید اقساطی با اسنپ‌پی برای این مبلغ در دسترس نیست؛ درگاه دیگری را انتخاب کنید.';
    expect(refused.json()).toEqual({ message, errors: { gateway: [message] } });
    expect(fake.calls.at(-1)!.path).toBe('/api/online/offer/v1/eligible?amount=150000');
    const [order] = await app.db.select().from(orders).where(eq(orders.user_id, buyer.id));
    expect(order!.payment_status).toBe('unpaid');
    expect(await app.db.select().from(payments).where(eq(payments.order_id, order!.id))).toEqual([]);
    // The same cart with the default gateway: the same order, a sandbox attempt that SnappPay never sees.
    const calls = fake.calls.length;
    const retry = await checkout(app, buyer);
    expect(retry.statusCode).toBe(200);
    const { payment } = answerOf(retry);
    expect(payment!.token).toMatch(/^SBX/);
    expect((await callback(app, buyer, payment!.token)).headers.location).toBe(`/shopping-cart?payment=paid&order_id=${order!.id}`);
    expect(await attempt(payment!.token)).toMatchObject({ gateway: 'sandbox', status: 'paid' });
    expect(fake.calls).toHaveLength(calls);
  });

  it('fails the attempt when SnappPay refuses the verify, and settles nothing', async () => {
    const { buyer, order, token, paymentToken } = await openedAtSnappPay(60_000);
    fake.pay(paymentToken);
    fake.behaviour = { verifyRefused: true };
    const back = await snapppayReturn(buyer, token, 'OK', 600_000);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/shopping-cart?payment=failed&order_id=${order.id}`);
    expect(paths().slice(-2)).toEqual(['POST /api/online/payment/v1/verify', 'GET /api/online/payment/v1/status']);
    expect(paths()).not.toContain('POST /api/online/payment/v1/settle');
    expect((await attempt(token)).status).toBe('failed');
    expect((await orderOf(buyer, order.id)).payment_status).toBe('unpaid');
    // Another try at SnappPay is a new attempt of the same order.
    const again = await app.inject({ method: 'POST', url: `/api/orders/${order.id}/pay`, headers: buyer.headers, payload: { gateway: 'snapppay' } });
    expect(again.statusCode).toBe(200);
    expect(answerOf(again).payment!.token).not.toBe(token);
  });

  it('reverts, never settles, a verified amount other than the one asked, and leaves the order unpaid with 422', async () => {
    const { buyer, order, token, paymentToken } = await openedAtSnappPay(90_000);
    fake.pay(paymentToken);
    fake.behaviour = { reportAmount: 100_000 };
    const back = await snapppayReturn(buyer, token, 'OK', 900_000);
    expect(back.statusCode).toBe(422);
    expect(back.json().message).toBe('مبلغ پرداخت‌شده با مبلغ سفارش برابر نیست؛ سفارش پرداخت‌نشده باقی ماند.');
    expect(paths().slice(-2)).toEqual(['POST /api/online/payment/v1/verify', 'POST /api/online/payment/v1/revert']);
    expect(fake.purchases.get(paymentToken)!.status).toBe('REVERT');
    expect((await attempt(token)).status).toBe('failed');
    expect((await orderOf(buyer, order.id)).payment_status).toBe('unpaid');
  });

  it('cancels the attempt without asking SnappPay when it returns state=FAILED', async () => {
    const { buyer, order, token } = await openedAtSnappPay(70_000);
    const calls = fake.calls.length;
    const back = await snapppayReturn(buyer, token, 'FAILED', 700_000);
    expect(back.headers.location).toBe(`/shopping-cart?payment=failed&order_id=${order.id}`);
    expect((await attempt(token)).status).toBe('cancelled');
    expect(fake.calls).toHaveLength(calls);
  });

  it('pays once when the return arrives twice at once: the second verify is looked up, not failed', async () => {
    const { buyer, order, token, paymentToken } = await openedAtSnappPay(80_000);
    fake.pay(paymentToken);
    const both = await Promise.all([snapppayReturn(buyer, token, 'OK', 800_000), snapppayReturn(buyer, token, 'OK', 800_000)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([303, 409]);
    expect(both.find((r) => r.statusCode === 303)!.headers.location).toBe(`/shopping-cart?payment=paid&order_id=${order.id}`);
    expect(fake.purchases.get(paymentToken)!.status).toBe('SETTLE');
    expect((await orderOf(buyer, order.id)).payment_status).toBe('paid');
    expect((await attempt(token)).status).toBe('paid');
  });

  it("sends the browser back to the order when SnappPay refuses the cart at start; the attempt stays for another try", async () => {
    const { buyer } = await cartWith(50_000);
    const { order, payment } = answerOf(await checkoutWith(app, buyer, { gateway: 'snapppay' }));
    fake.behaviour = { tokenRefused: true };
    const start = await startPaymentForm(app, payment!.token);
    expect(start.statusCode).toBe(303);
    expect(start.headers.location).toBe(`/shopping-cart?payment=failed&order_id=${order.id}`);
    expect(await attempt(payment!.token)).toMatchObject({ status: 'pending', ref_id: null });
    fake.reset();
    const again = await startPaymentForm(app, payment!.token);
    expect(again.headers.location).toMatch(new RegExp(`^${fake.url}/pay\\?paymentToken=PT-`));
    // A closed SnappPay attempt is not registered again.
    await callback(app, buyer, payment!.token, 'NOK');
    const closed = await startPaymentForm(app, payment!.token);
    expect(closed.headers.location).toBe(`/shopping-cart?payment=failed&order_id=${order.id}`);
    expect(paths().filter((path) => path === 'POST /api/online/payment/v1/token')).toHaveLength(1);
  });

  it('answers the pending attempt of the gateway picked: a default attempt is not reused for SnappPay', async () => {
    const { buyer } = await cartWith(45_000);
    const first = answerOf(await checkoutWith(app, buyer, {}, 'key-a'));
    expect(first.payment!.token).toMatch(/^SBX/);
    const snapp = answerOf(await checkoutWith(app, buyer, { gateway: 'snapppay' }, 'key-a'));
    expect(snapp.order.id).toBe(first.order.id);
    expect(snapp.payment!.token).toMatch(/^SNP/);
    expect(answerOf(await checkoutWith(app, buyer, {}, 'key-a')).payment!.token).toBe(first.payment!.token);
    expect((await checkoutWith(app, buyer, { gateway: 'other' as 'default' })).statusCode).toBe(422);
  });

  it('names SnappPay without «آزمایشی» in the gateway list when its API is configured', async () => {
    const list = await app.inject({ url: '/api/payments/gateways' });
    expect(list.json().data.map((g: { id: string; name: string }) => [g.id, g.name])).toEqual([
      ['default', 'درگاه پرداخت آزمایشی'],
      ['snapppay', 'اسنپ‌پی'],
    ]);
    // No sandbox page for SnappPay when its API runs.
    expect((await app.inject({ url: '/api/payments/snapppay-sandbox/SNPS1' })).statusCode).toBe(404);
  });

  it('asks a new OAuth token once when SnappPay answers 401, and throws PaymentGatewayError on a timeout or an unreachable API', async () => {
    const gateway = new SnappPayGateway({ baseUrl: fake.url, ...FAKE_SNAPPPAY_CREDENTIALS });
    const request = { orderId: 1, amount: 50_000, description: 'x', callbackUrl: 'https://shop.example/cb', email: 'a@b.c', mobile: null };
    await gateway.requestPayment(request);
    fake.expireTokens();
    fake.reset();
    expect(await gateway.requestPayment(request)).toEqual({ authority: expect.stringMatching(/^SNP/) });
    expect(paths()).toEqual(['GET /api/online/offer/v1/eligible', 'POST /api/online/v1/oauth/token', 'GET /api/online/offer/v1/eligible']);
    // A verify of an attempt never opened at SnappPay fails without a call.
    expect(await gateway.verify({ authority: 'SNP1', amount: 50_000, reference: null })).toEqual({ status: 'failed', amount: 0, refId: null });

    const slow = new SnappPayGateway({ baseUrl: fake.url, ...FAKE_SNAPPPAY_CREDENTIALS, timeoutMs: 200 });
    fake.behaviour = { hang: true };
    await expect(slow.requestPayment(request)).rejects.toBeInstanceOf(PaymentGatewayError);
    fake.reset();
    const closed = new SnappPayGateway({ baseUrl: 'http://127.0.0.1:9', ...FAKE_SNAPPPAY_CREDENTIALS, timeoutMs: 2000 });
    await expect(closed.verify({ authority: 'SNP1', amount: 50_000, reference: 'PT-1' })).rejects.toBeInstanceOf(PaymentGatewayError);
    const wrong = new SnappPayGateway({ baseUrl: fake.url, ...FAKE_SNAPPPAY_CREDENTIALS, password: 'nope' });
    await expect(wrong.requestPayment(request)).rejects.toBeInstanceOf(PaymentGatewayError);
  });
});
